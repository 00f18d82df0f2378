import { useQueryClient } from '@tanstack/react-query';
import {
  PROVIDERS_LIST_KEY,
  PUBLIC_PROFILE_KEY,
  REVIEWS_KEY,
  SEARCH_RESULTS_KEY,
} from '#web/lib/query-keys.ts';

/** One provider's reviews: the list and the viewer's eligibility. */
export const reviewsKey = (providerId: string) => [...REVIEWS_KEY, providerId] as const;

/** After any change: the list, the viewer's state and the profile's average. */
export function useInvalidateReviews(providerId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKey(providerId) }),
      queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_KEY }),
      // Cards show the average too.
      queryClient.invalidateQueries({ queryKey: SEARCH_RESULTS_KEY }),
      queryClient.invalidateQueries({ queryKey: PROVIDERS_LIST_KEY }),
    ]);
}
