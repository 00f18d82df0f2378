import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsReply } from '#domain/insights.ts';
import type { InsightPeriod } from '#domain/insights-options.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/insights?provider_id=&days=: the provider's own figures, on the provider's days. */
export const getProviderInsights = (providerId: string, days: InsightPeriod) =>
  api<InsightsReply>(`/api/insights?provider_id=${encodeURIComponent(providerId)}&days=${days}`, {
    auth: true,
  });

export const providerInsightsQuery = (providerId: string, days: InsightPeriod) =>
  queryOptions({
    queryKey: ['provider-insights', providerId, days] as const,
    queryFn: async () => (await getProviderInsights(providerId, days)).insights,
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useProviderInsights(providerId: string, days: InsightPeriod) {
  return useQuery(providerInsightsQuery(providerId, days));
}
