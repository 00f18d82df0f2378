import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProvidersReply } from '#domain/search.ts';
import { SEARCH_LIMITS } from '#domain/search-options.ts';
import { api } from '#web/lib/api-client.ts';
import { PROVIDERS_LIST_KEY } from '#web/lib/query-keys.ts';

/** GET /api/providers: one page of 'Beauty Professionals', newest first. */
export async function listProviders(cursor: string | null, signal?: AbortSignal): Promise<ProvidersReply> {
  const params = new URLSearchParams({ limit: String(SEARCH_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return api<ProvidersReply>(`/api/providers?${params}`, signal ? { signal } : {});
}

export function providersListQuery() {
  return infiniteQueryOptions({
    queryKey: PROVIDERS_LIST_KEY,
    queryFn: ({ pageParam, signal }) => listProviders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useProvidersList(enabled: boolean) {
  return useInfiniteQuery({ ...providersListQuery(), enabled });
}
