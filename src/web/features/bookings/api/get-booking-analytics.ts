import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingLogsReply } from '#domain/bookings.ts';
import { BOOKING_LIMITS } from '#domain/bookings-options.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/booking-logs?provider_id=: the 10 most recent clicks and the stats, for the provider. */
export const getBookingAnalytics = (providerId: string) =>
  api<BookingLogsReply>(
    `/api/booking-logs?provider_id=${encodeURIComponent(providerId)}&limit=${BOOKING_LIMITS.recentRows}&tz_offset=${-new Date().getTimezoneOffset()}`,
    { auth: true },
  );

export const bookingAnalyticsQuery = (providerId: string) =>
  queryOptions({
    queryKey: ['booking-analytics', providerId] as const,
    queryFn: async () => (await getBookingAnalytics(providerId)).data,
  });

export function useBookingAnalytics(providerId: string) {
  return useQuery(bookingAnalyticsQuery(providerId));
}
