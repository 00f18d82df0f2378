import type { QueryClient } from '@tanstack/react-query';
import { PROVIDERS_LIST_KEY, PUBLIC_PROFILE_KEY, SEARCH_RESULTS_KEY } from '#web/lib/query-keys.ts';

/**
 * After a new avatar or a portfolio change: the views that show a provider's pictures (public
 * profiles, result cards, the providers list) are fetched again when next shown, so this session
 * never asks for a picture that was replaced or deleted.
 */
export function refreshProviderViews(queryClient: QueryClient) {
  return Promise.all(
    [PUBLIC_PROFILE_KEY, SEARCH_RESULTS_KEY, PROVIDERS_LIST_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
