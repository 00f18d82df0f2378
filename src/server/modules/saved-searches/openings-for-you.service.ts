import { NEW_FOR_YOU_LIMITS } from '#domain/new-for-you-options.ts';
import type { OpeningForYou } from '#domain/openings.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { withClickTokens } from '#server/lib/click-tokens.ts';
import { upcomingOpeningsSql } from '../openings/openings.service';
import { findOpeningsForYouCandidates, type OpeningForYouRow } from './saved-search-alerts.queries';
import { openingPrice, savedDays } from './saved-search-alerts.service';

/**
 * Pairs read to find NEW_FOR_YOU_LIMITS.count openings: an opening matches at most 20 saved
 * searches, so this holds them even when the price rule turns most pairs away.
 */
const CANDIDATES = 400;

/** The saved search's price rule on one pair: the opening's own price, or its provider's (in SQL). */
function priceMatches(row: OpeningForYouRow): boolean {
  if (row.match_price_min === null) return true;
  const own = openingPrice(row.price);
  if (!own) return row.provider_price_matches;
  const max = row.match_price_max === null ? Number.POSITIVE_INFINITY : Number(row.match_price_max);
  return own[0] <= max && own[1] >= Number(row.match_price_min);
}

/**
 * 'New for you': the upcoming openings (the public list's 5-day window) that
 * match the viewer's saved searches by the alerts' rules, soonest first, each with the saved search
 * it matches (the newest, when several do) and the viewer's click token for Book.
 */
export async function listOpeningsForYou(ctx: AppContext, viewer: UserRow): Promise<OpeningForYou[]> {
  const now = ctx.now();
  const rows = await findOpeningsForYouCandidates(ctx.db, {
    userId: viewer.id,
    upcoming: upcomingOpeningsSql(ctx),
    ...savedDays(now),
    limit: CANDIDATES,
  });
  const picked = new Map<string, OpeningForYou>();
  for (const row of rows) {
    if (picked.size === NEW_FOR_YOU_LIMITS.count) break;
    if (picked.has(row.id) || !priceMatches(row)) continue;
    const {
      saved_search_id: id,
      saved_search_name: name,
      match_price_min: _min,
      match_price_max: _max,
      provider_price_matches: _provider,
      ...opening
    } = row;
    picked.set(row.id, { ...opening, saved_search: { id, name } });
  }
  return withClickTokens(ctx, viewer, [...picked.values()]);
}
