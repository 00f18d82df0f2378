import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchLogsReply } from '#domain/admin.ts';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** GET /api/search?limit=&cursor= (admins): one page of search logs, newest first, and the total. */
export async function getSearchLogs(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchLogsReply['data']> {
  const params = new URLSearchParams({ limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return (await adminGet<SearchLogsReply>(`/api/search?${params}`, signal)).data;
}

export const searchLogsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'search', userId] as const;

export function searchLogsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: searchLogsKey(userId),
    queryFn: ({ pageParam, signal }) => getSearchLogs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSearchLogs(userId: string) {
  return useInfiniteQuery(searchLogsQuery(userId));
}
