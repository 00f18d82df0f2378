import { INSIGHT_BEACON_PATH, INSIGHT_LIMITS } from '#domain/insights-options.ts';

/**
 * Tells the server what this browser rendered, for provider insights (ADR 019): the cards of a
 * results page, or a profile page. navigator.sendBeacon posts a string as text/plain, outlives the
 * page and never delays it; a browser without it simply is not counted. Only this script sends it,
 * so a visit without JavaScript never counts.
 */
export function sendInsightBeacon(
  body:
    | { kind: 'view'; provider_id: string }
    | { kind: 'impressions'; provider_ids: string[]; query: string },
): void {
  try {
    if (body.kind === 'view') {
      navigator.sendBeacon(INSIGHT_BEACON_PATH, JSON.stringify(body));
      return;
    }
    const max = INSIGHT_LIMITS.beaconIdsMax;
    for (let i = 0; i < body.provider_ids.length; i += max) {
      const page = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      const ids = body.provider_ids.slice(i, i + max);
      const query = body.query.slice(0, INSIGHT_LIMITS.beaconQueryMax);
      navigator.sendBeacon(
        INSIGHT_BEACON_PATH,
        JSON.stringify({ kind: 'impressions', page, provider_ids: ids, query }),
      );
    }
  } catch {
    // Not counting is the only consequence.
  }
}
