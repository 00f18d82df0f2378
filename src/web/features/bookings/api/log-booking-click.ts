import type { LogBookingBody } from '#domain/bookings.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/booking-logs {url, provider_id, click_token}. Sent with keepalive and not awaited by the
 * click handler, so the browser opens the provider's page in a new tab from the click itself (a tab
 * opened after an await is blocked as a pop-up) and the request still completes. The click token
 * is the one the profile or opening came with (signed-in viewers only): without it, or once it has
 * expired, the click still counts in the provider's analytics but opens no review (ADR 008).
 */
export function logBookingClick(body: LogBookingBody): void {
  api('/api/booking-logs', { body, auth: true, keepalive: true }).catch(() => {
    // Counting the click must never stand between a client and the booking page.
  });
}
