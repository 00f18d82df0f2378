import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningsForYouReply } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { openingsForYouKey } from '#web/lib/query-keys.ts';
import { refetchForClickToken } from './get-upcoming-openings';

/**
 * GET /api/saved-searches/openings: 'New for you', the openings of the next 5 days that match the
 * account's saved searches, soonest first, each with the saved search it matches and the account's
 * click token for Book.
 */
export const getOpeningsForYou = (signal?: AbortSignal) =>
  api<OpeningsForYouReply>('/api/saved-searches/openings', { auth: true, ...(signal ? { signal } : {}) });

export const openingsForYouQuery = (userId: string) =>
  queryOptions({
    queryKey: openingsForYouKey(userId),
    queryFn: async ({ signal }) => (await getOpeningsForYou(signal)).openings,
    // Short-notice, as the public list.
    staleTime: 60_000,
    refetchOnWindowFocus: refetchForClickToken,
  });

export function useOpeningsForYou(userId: string) {
  return useQuery(openingsForYouQuery(userId));
}
