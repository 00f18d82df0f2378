import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminDateRange, SearchLogsReply } from '#domain/admin.ts';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import { filterParams } from './admin-filters';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/**
 * GET /api/search?limit=&cursor=&from=&to= (admins): one page of search logs in a date range,
 * newest first, and the total.
 */
export async function getSearchLogs(
  range: AdminDateRange,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchLogsReply['data']> {
  const params = filterParams(range, { limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return (await adminGet<SearchLogsReply>(`/api/search?${params}`, signal)).data;
}

export const searchLogsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'search', userId] as const;

export function searchLogsQuery(userId: string, range: AdminDateRange = {}) {
  return infiniteQueryOptions({
    queryKey: [...searchLogsKey(userId), range.from ?? '', range.to ?? ''] as const,
    queryFn: ({ pageParam, signal }) => getSearchLogs(range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSearchLogs(userId: string, range: AdminDateRange = {}) {
  return useInfiniteQuery(searchLogsQuery(userId, range));
}
