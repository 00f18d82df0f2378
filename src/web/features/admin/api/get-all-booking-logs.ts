import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminBookingLogsReply, AdminDateRange } from '#domain/admin.ts';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import { filterParams } from './admin-filters';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/**
 * GET /api/admin/booking-logs?limit=&cursor=&from=&to= (admins): every booking click, newest first,
 * with the provider's and the client's names.
 */
export async function getAllBookingLogs(
  range: AdminDateRange,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminBookingLogsReply['data']> {
  const params = filterParams(range, { limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return (await adminGet<AdminBookingLogsReply>(`/api/admin/booking-logs?${params}`, signal)).data;
}

export const allBookingLogsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'bookings', userId] as const;

export function allBookingLogsQuery(userId: string, range: AdminDateRange = {}) {
  return infiniteQueryOptions({
    queryKey: [...allBookingLogsKey(userId), range.from ?? '', range.to ?? ''] as const,
    queryFn: ({ pageParam, signal }) => getAllBookingLogs(range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAllBookingLogs(userId: string, range: AdminDateRange = {}) {
  return useInfiniteQuery(allBookingLogsQuery(userId, range));
}
