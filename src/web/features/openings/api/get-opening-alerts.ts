import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OpeningAlertsReplySchema } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/opening-alerts: does this user get an email when a saved provider posts openings? */
export const getOpeningAlerts = () =>
  api<z.infer<typeof OpeningAlertsReplySchema>>('/api/opening-alerts', { auth: true });

export const openingAlertsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['opening-alerts', userId] as const,
    queryFn: async () => (await getOpeningAlerts()).enabled,
  });

export function useOpeningAlerts(userId: string) {
  return useQuery(openingAlertsQuery(userId));
}
