import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import type { BookingLogsReply } from '#domain/bookings.ts';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** GET /api/booking-logs?limit=&cursor= without provider_id (admins): every booking click, newest first. */
export async function getAllBookingLogs(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BookingLogsReply['data']> {
  const params = new URLSearchParams({ limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  return (await adminGet<BookingLogsReply>(`/api/booking-logs?${params}`, signal)).data;
}

export const allBookingLogsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'bookings', userId] as const;

export function allBookingLogsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: allBookingLogsKey(userId),
    queryFn: ({ pageParam, signal }) => getAllBookingLogs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAllBookingLogs(userId: string) {
  return useInfiniteQuery(allBookingLogsQuery(userId));
}
