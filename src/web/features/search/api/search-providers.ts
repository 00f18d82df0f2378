import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchBody, SearchReply } from '#domain/search.ts';
import { api } from '#web/lib/api-client.ts';
import { SEARCH_RESULTS_KEY } from '#web/lib/query-keys.ts';
import { searchSessionId } from '../session-id';

/** POST /api/search: one page of results; the first page of a search is written to the search log. */
export async function searchProviders(
  body: SearchBody,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchReply> {
  return api<SearchReply>('/api/search', {
    body: { ...body, sessionId: searchSessionId(), ...(cursor ? { cursor } : {}) },
    ...(signal ? { signal } : {}),
  });
}

export function providerSearchQuery(body: SearchBody) {
  return infiniteQueryOptions({
    // The session id stays out of the key: the same filters are the same results.
    queryKey: [...SEARCH_RESULTS_KEY, body],
    queryFn: ({ pageParam, signal }) => searchProviders(body, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Results for the filters; while new filters load, the previous results stay (dimmed by the caller). */
export function useProviderSearch(body: SearchBody, enabled: boolean) {
  return useInfiniteQuery({ ...providerSearchQuery(body), enabled, placeholderData: keepPreviousData });
}
