import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EligibilityReply } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { reviewsKey } from './review-keys';

/** GET /api/reviews/eligibility?provider_id=: may the signed-in viewer review now, and their review. */
export const getEligibility = (providerId: string) =>
  api<EligibilityReply>(`/api/reviews/eligibility?provider_id=${encodeURIComponent(providerId)}`, {
    auth: true,
  });

export const reviewEligibilityQuery = (providerId: string, userId: string | null) =>
  queryOptions({
    queryKey: [...reviewsKey(providerId), 'eligibility', userId] as const,
    queryFn: () => getEligibility(providerId),
    enabled: userId !== null,
  });

export function useReviewEligibility(providerId: string, userId: string | null) {
  return useQuery(reviewEligibilityQuery(providerId, userId));
}
