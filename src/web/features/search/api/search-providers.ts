import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchReply } from '#domain/search.ts';
import { api } from '#web/lib/api-client.ts';
import { SEARCH_RESULTS_KEY } from '#web/lib/query-keys.ts';
import { type SearchState, searchKey } from '../url-state';

/** POST /api/search: one page of results; the first page of a search is written to the search log. */
export async function searchProviders(
  state: SearchState,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchReply> {
  // The body's rules and the session id load with the first search: the home page's first load
  // (the full list, within 120 KB: docs/performance.md 'Budgets') needs neither.
  const [{ toSearchBody }, { searchSessionId }] = await Promise.all([
    import('../search-body'),
    import('../session-id'),
  ]);
  return api<SearchReply>('/api/search', {
    body: { ...toSearchBody(state), sessionId: searchSessionId(), ...(cursor ? { cursor } : {}) },
    // A search only reads, and a refused one did nothing (not even its log line): a busy 503 may be resent.
    read: true,
    ...(signal ? { signal } : {}),
  });
}

export function providerSearchQuery(state: SearchState) {
  return infiniteQueryOptions({
    // The filters as the URL writes them: the same search is the same key (the session id stays out).
    queryKey: [...SEARCH_RESULTS_KEY, searchKey(state)],
    queryFn: ({ pageParam, signal }) => searchProviders(state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Results for the filters; while new filters load, the previous results stay (dimmed by the caller). */
export function useProviderSearch(state: SearchState, enabled: boolean) {
  return useInfiniteQuery({ ...providerSearchQuery(state), enabled, placeholderData: keepPreviousData });
}
