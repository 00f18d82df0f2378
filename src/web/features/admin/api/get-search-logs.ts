import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchLogsReply } from '#domain/admin.ts';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import { type AdminTableFilters, filterParams } from './admin-filters';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** The search log's filters: a date range, and all searches or only those that found nobody. */
export type SearchLogFilters = Pick<AdminTableFilters, 'from' | 'to' | 'results'>;

/**
 * GET /api/search?limit=&cursor=&from=&to=&results= (admins): one page of search logs in a date range
 * (only the zero-result ones with results=zero), newest first, and the total.
 */
export async function getSearchLogs(
  filters: SearchLogFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchLogsReply['data']> {
  const params = filterParams(filters, { limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return (await adminGet<SearchLogsReply>(`/api/search?${params}`, signal)).data;
}

export const searchLogsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'search', userId] as const;

export function searchLogsQuery(userId: string, filters: SearchLogFilters = {}) {
  return infiniteQueryOptions({
    queryKey: [
      ...searchLogsKey(userId),
      filters.from ?? '',
      filters.to ?? '',
      filters.results ?? 'all',
    ] as const,
    queryFn: ({ pageParam, signal }) => getSearchLogs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSearchLogs(userId: string, filters: SearchLogFilters = {}) {
  return useInfiniteQuery(searchLogsQuery(userId, filters));
}
