import { INSIGHT_BEACON_PATH, INSIGHT_VIEW_TOKEN_PATH } from '#domain/insights-beacon.ts';

// Tells the server what this browser rendered, for provider insights (ADR 019). The server counts
// only what it issued a token for: each search reply carries one naming the cards it returned, and a
// profile view asks for one. navigator.sendBeacon posts the token as text/plain, outlives the page
// and never delays it; a browser without it is simply not counted. Only this script sends it, so a
// visit without JavaScript never counts. Pages import this module lazily, when there is something
// to send: the home page's first load carries none of it.

function send(token: string): void {
  try {
    navigator.sendBeacon(INSIGHT_BEACON_PATH, JSON.stringify({ token }));
  } catch {
    // Not counting is the only consequence.
  }
}

/** The tokens sent from this page so far (a re-render of the same results sends nothing). */
const sent = new Set<string>();
const SENT_REMEMBERED = 500;

/**
 * Search impressions: the token of each rendered page of a search's results not sent yet (Load more
 * sends the next page's). Each reply's token names the cards that reply returned.
 */
export function sendImpressions(pages: readonly { insight_token?: string | undefined }[]): void {
  for (const { insight_token: token } of pages) {
    if (!token || sent.has(token)) continue;
    if (sent.size >= SENT_REMEMBERED) sent.clear();
    sent.add(token);
    send(token);
  }
}

/** A profile page rendered in this browser (not the provider's own look at it). */
export async function sendProfileView(providerId: string): Promise<void> {
  try {
    const response = await fetch(`${INSIGHT_VIEW_TOKEN_PATH}?provider_id=${encodeURIComponent(providerId)}`, {
      cache: 'no-store',
    });
    if (!response.ok) return;
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token === 'string') send(token);
  } catch {
    // Not counting is the only consequence.
  }
}
