import { INSIGHT_BEACON_LIMITS, INSIGHT_BEACON_PATH } from '#domain/insights-beacon.ts';

// Tells the server what this browser rendered, for provider insights (ADR 019): the cards of a
// search's results, or a profile page. navigator.sendBeacon posts a string as text/plain, outlives
// the page and never delays it; a browser without it is simply not counted. Only this script sends
// it, so a visit without JavaScript never counts. Pages import this module lazily, when there is
// something to send: the home page's first load carries none of it (DESIGN.md §7).

function send(body: object): void {
  try {
    navigator.sendBeacon(INSIGHT_BEACON_PATH, JSON.stringify(body));
  } catch {
    // Not counting is the only consequence.
  }
}

/** The search whose cards were sent last, and the providers sent for it. */
let shownFor = '';
let shown = new Set<string>();

/**
 * Search impressions: the cards of a search's rendered results not sent for that search yet (Load
 * more sends the next page's), in beacons of at most INSIGHT_BEACON_LIMITS.idsMax ids. `search` is
 * what was searched (the home page's state: its `query` is the words typed).
 */
export function sendImpressions(search: { query: string }, cards: readonly { id: string }[]): void {
  const searchKey = JSON.stringify(search);
  if (searchKey !== shownFor) {
    shownFor = searchKey;
    shown = new Set();
  }
  const query = search.query;
  const fresh = cards.map((c) => c.id).filter((id) => !shown.has(id));
  for (const id of fresh) shown.add(id);
  for (let i = 0; i < fresh.length; i += INSIGHT_BEACON_LIMITS.idsMax) {
    send({
      kind: 'impressions',
      page: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
      provider_ids: fresh.slice(i, i + INSIGHT_BEACON_LIMITS.idsMax),
      query: query.slice(0, INSIGHT_BEACON_LIMITS.queryMax),
    });
  }
}

/** A profile page rendered in this browser (not the provider's own look at it). */
export function sendProfileView(providerId: string): void {
  send({ kind: 'view', provider_id: providerId });
}
