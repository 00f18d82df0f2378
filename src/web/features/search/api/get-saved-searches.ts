import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionedSavedSearchesReply } from '#domain/saved-search-versions.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/saved-searches: the account's saved searches, newest first, each with its version. */
export const getSavedSearches = () => api<VersionedSavedSearchesReply>('/api/saved-searches', { auth: true });

export const savedSearchesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['saved-searches', userId] as const,
    queryFn: async () => (await getSavedSearches()).savedSearches,
  });

export function useSavedSearches(userId: string) {
  return useQuery(savedSearchesQuery(userId));
}
