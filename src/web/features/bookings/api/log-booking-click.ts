import type { LogBookingBody } from '../../../../domain/bookings';
import { api } from '../../../lib/api-client';

/**
 * POST /api/booking-logs {url, provider_id}. Sent with keepalive and not awaited by the click
 * handler, so the browser opens the provider's page in a new tab from the click itself (a tab opened
 * after an await is blocked as a pop-up) and the request still completes.
 */
export function logBookingClick(body: LogBookingBody): void {
  api('/api/booking-logs', { body, auth: true, keepalive: true }).catch(() => {
    // Counting the click must never stand between a client and the booking page.
  });
}
