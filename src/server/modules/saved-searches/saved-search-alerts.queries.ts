import { type SQL, sql } from 'drizzle-orm';
import type { Opening } from '#domain/openings.ts';
import type { Policies } from '#domain/policies-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import { pgArray } from '#server/db/sql-array.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);
const iso = (d: Date) => d.toISOString();

/** What a new opening is matched with: its provider's search row (words, point, prices) and the opening. */
export interface OpeningToMatch {
  providerId: string;
  /** The keys of the saved searches that may match (grid.ts providerKeys): the index lookup. */
  keys: string[];
  /** The lexemes of the provider's search document: a saved search's stems must all be among them. */
  stems: string[];
  /** The opening's own price, [min, max]; null when it has none (then its provider's services count). */
  price: readonly [number, number] | null;
  /** The service it is for ('Cut & Style'): words naming another of the provider's services do not match it. */
  serviceType: string;
  /** At a reduced price: saved searches for reduced openings only (reducedOnly) may match it. */
  reduced: boolean;
  /** Weekday (Monday 0) * 24 + hour of its start, and its date, on the provider's clocks. */
  hour: number;
  date: string;
  /** The server's calendar dates that a saved 'today' and 'tomorrow' mean now. */
  today: string;
  tomorrow: string;
}

/** The service a stored opening is for (the 'opening.posted' event names the opening by id). */
export async function findOpeningServiceType(db: Db, openingId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ service_type: string }>(
    await db.execute(sql`SELECT service_type FROM openings WHERE id = ${openingId}`),
  );
  return row?.service_type;
}

/** The provider's search row for matching: its lexemes, categories and zip; undefined when not listed. */
export async function findProviderToMatch(db: Db, providerId: string) {
  const [row] = rowsOf<{ stems: string[]; categories: string[]; zip: string | null }>(
    await db.execute(sql`
      SELECT tsvector_to_array(d.document) AS stems, d.categories, p.zip
      FROM provider_search d JOIN provider_profiles p ON p.user_id = d.provider_id
      WHERE d.provider_id = ${providerId}`),
  );
  return row;
}

/**
 * An opening as the rules read it: its service, weekly hour and date (SQL), and what 'today' and
 * 'tomorrow' mean now.
 */
interface OpeningSide {
  service: SQL;
  /** Whether the opening is at a reduced price. */
  reduced: SQL;
  hour: SQL;
  date: SQL;
  today: string;
  tomorrow: string;
}

/**
 * Search's rules, except price, on a saved search `ss`, a provider's search row `d` and one of its
 * openings (the columns derived when the search was saved: tsqueries stored parsed, the zip's centre
 * as a cube): the words' tsquery or the category; the service: when the words name some of the
 * provider's priced services (search's named service, SearchPlan.serviceTsquery), the opening is
 * for one of those, its name matched as a service's is (Maya's 'Cut & Style' opening is not one
 * for 'balayage', though she offers balayage); the distance from the zip as a chord (as search
 * measures it), the opening's weekly hour or date, the amenities and the minimum rating; and a
 * search kept for reduced openings only (its params' reducedOnly) matches only those.
 */
function savedSearchRules(o: OpeningSide): SQL {
  return sql`(ss.match_tsquery IS NULL OR d.document @@ ss.match_tsquery)
      AND (ss.match_category IS NULL OR d.categories && ARRAY[ss.match_category])
      AND (ss.match_service_tsquery IS NULL
        OR to_tsvector('english', btrim(${o.service})) @@ ss.match_service_tsquery
        OR NOT EXISTS (
          SELECT 1 FROM provider_search_services s
          WHERE s.provider_id = d.provider_id AND s.document @@ ss.match_service_tsquery))
      AND (ss.match_point IS NULL OR (d.earth_point <-> ss.match_point) <= ss.match_chord)
      AND (ss.match_hours IS NULL OR ${o.hour} = ANY (ss.match_hours))
      AND (ss.match_date IS NULL OR ss.match_date = ${o.date}
        OR (ss.match_date = 'today' AND ${o.date} = ${o.today})
        OR (ss.match_date = 'tomorrow' AND ${o.date} = ${o.tomorrow}))
      AND (ss.match_amenities IS NULL OR d.amenities @> ss.match_amenities)
      AND (ss.match_min_rating IS NULL OR EXISTS (
        SELECT 1 FROM provider_ratings r WHERE r.provider_id = d.provider_id AND r.rating >= ss.match_min_rating))
      AND (coalesce((ss.params->>'reducedOnly')::boolean, FALSE) IS FALSE OR ${o.reduced})`;
}

const SAVED_PRICE_RANGE = sql`numrange(ss.match_price_min, ss.match_price_max, '[]')`;

/**
 * The price rule for an opening without a price of its own: its provider's prices, and the service
 * the words name, as search does. (An opening's own price is a range compared with the saved one.)
 */
const PROVIDER_PRICE_MATCHES = sql`d.prices && ${SAVED_PRICE_RANGE} AND (ss.match_service_tsquery IS NULL OR coalesce((
        SELECT bool_or(s.price && ${SAVED_PRICE_RANGE}) FROM provider_search_services s
        WHERE s.provider_id = d.provider_id AND s.document @@ ss.match_service_tsquery), TRUE))`;

/**
 * The saved searches (alert on, not the provider's own) that an opening matches, by search's rules:
 * first by index (grid.ts keys: in the provider's grid cell, about one of its words or categories),
 * then the stems all in the provider's document, then exactly
 * (savedSearchRules and the price: the opening's own, or PROVIDER_PRICE_MATCHES without one).
 */
export function matchingSavedSearchesSql(o: OpeningToMatch): SQL {
  const price = o.price
    ? sql`numrange(${o.price[0]}::numeric, ${o.price[1]}::numeric, '[]') && ${SAVED_PRICE_RANGE}`
    : PROVIDER_PRICE_MATCHES;
  const opening: OpeningSide = {
    ...o,
    service: sql`${o.serviceType}::text`,
    reduced: sql`${o.reduced}::boolean`,
    hour: sql`${o.hour}::int`,
    date: sql`${o.date}`,
  };
  return sql`
    SELECT ss.id FROM saved_searches ss
    JOIN provider_search d ON d.provider_id = ${o.providerId}
    WHERE ss.alert
      AND ss.match_keys && ${pgArray(o.keys)}::text[]
      AND ss.match_stems <@ ${pgArray(o.stems)}::text[]
      AND ss.user_id <> ${o.providerId}
      AND ${savedSearchRules(opening)}
      AND (ss.match_price_min IS NULL OR (${price}))`;
}

/** A 'New for you' candidate: an opening, the saved search it matches but for price, and the price rule's inputs. */
export interface OpeningForYouRow extends Opening {
  saved_search_id: string;
  saved_search_name: string;
  /** The saved search's price range; null without a price filter. */
  match_price_min: string | null;
  match_price_max: string | null;
  /** PROVIDER_PRICE_MATCHES: what decides when the opening has no price of its own. */
  provider_price_matches: boolean;
}

/**
 * 'New for you': the account's saved searches (alert on or off) paired with the
 * upcoming openings (of providers it has not blocked) that match them by savedSearchRules, the opening's weekly hour and date on its
 * own clocks, soonest first, each opening's pairs newest search first, at most `limit` pairs. The
 * price rule needs the opening's price parsed (openingPrice), so the caller applies it. The
 * providers to test: for a search with a zip, those within its radius (the GiST index on
 * provider_search.earth_point; the chord's cube is earth_box's); without one, those with an opening
 * in the window. Their openings in the window are then read by provider, and tested.
 */
export async function findOpeningsForYouCandidates(
  db: Db,
  p: {
    userId: string;
    /** The public list's columns and window (openings.service upcomingOpeningsSql). */
    upcoming: { columns: SQL; window: SQL };
    today: string;
    tomorrow: string;
    limit: number;
  },
) {
  const local = sql`(o.start_time AT TIME ZONE o.time_zone)`;
  const opening: OpeningSide = {
    service: sql`o.service_type`,
    reduced: sql`(o.regular_price IS NOT NULL)`,
    hour: sql`((extract(isodow FROM ${local})::int - 1) * 24 + extract(hour FROM ${local})::int)`,
    date: sql`to_char(${local}, 'YYYY-MM-DD')`,
    today: p.today,
    tomorrow: p.tomorrow,
  };
  return rowsOf<OpeningForYouRow>(
    await db.execute(sql`
      WITH ss AS MATERIALIZED (SELECT * FROM saved_searches WHERE user_id = ${p.userId}),
      candidates AS MATERIALIZED (
        SELECT ss.id AS saved_search_id, d.provider_id FROM ss
        JOIN provider_search d ON cube_enlarge(ss.match_point, ss.match_chord, 3) @> d.earth_point
        WHERE ss.match_point IS NOT NULL
        UNION ALL
        SELECT ss.id, o.provider_id FROM ss
        CROSS JOIN (SELECT DISTINCT o.provider_id FROM openings o WHERE ${p.upcoming.window}) o
        WHERE ss.match_point IS NULL)
      ${p.upcoming.columns},
             ss.id AS saved_search_id, ss.name AS saved_search_name,
             ss.match_price_min::text AS match_price_min, ss.match_price_max::text AS match_price_max,
             m.provider_price_matches
      FROM (
        SELECT o.id AS opening_id, ss.id AS saved_search_id, o.start_time, ss.created_at,
               coalesce(${PROVIDER_PRICE_MATCHES}, FALSE) AS provider_price_matches
        FROM candidates c
        JOIN ss ON ss.id = c.saved_search_id
        JOIN openings o ON o.provider_id = c.provider_id
        JOIN provider_search d ON d.provider_id = o.provider_id
        WHERE o.provider_id <> ${p.userId}
          AND NOT EXISTS (
            SELECT 1 FROM blocked_providers b WHERE b.user_id = ${p.userId} AND b.provider_id = o.provider_id)
          AND ${p.upcoming.window}
          AND ${savedSearchRules(opening)}
        ORDER BY o.start_time, o.id, ss.created_at DESC, ss.id
        LIMIT ${p.limit}) m
      JOIN ss ON ss.id = m.saved_search_id
      JOIN openings o ON o.id = m.opening_id
      JOIN users u ON u.id = o.provider_id AND u.listed
      LEFT JOIN provider_profiles p ON p.user_id = o.provider_id
      ORDER BY m.start_time, m.opening_id, m.created_at DESC, m.saved_search_id`),
  );
}

/** Records the opening against every saved search it matches; returns how many. */
export async function insertMatches(db: Db, openingId: string, o: OpeningToMatch, now: Date) {
  const rows = rowsOf<{ saved_search_id: string }>(
    await db.execute(sql`
      INSERT INTO saved_search_matches (saved_search_id, opening_id, created_at)
      SELECT m.id, ${openingId}, ${iso(now)}::timestamptz FROM (${matchingSavedSearchesSql(o)}) m
      ON CONFLICT DO NOTHING
      RETURNING saved_search_id`),
  );
  return rows.length;
}

/** Pending matches nobody will be told of: the search's alert is off, or the opening is gone or started. */
export async function deleteStaleMatches(db: Db, now: Date) {
  await db.execute(sql`
    DELETE FROM saved_search_matches m
    USING saved_searches ss, openings o
    WHERE ss.id = m.saved_search_id AND o.id = m.opening_id
      AND (NOT ss.alert OR NOT o.is_active OR o.start_time <= ${iso(now)}::timestamptz)`);
}

/** How long a sent saved-search alert is remembered (the privacy page says so; the daily cap looks back a day). */
export const ALERT_HISTORY_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Alert history past what the rules need: sends older than ALERT_HISTORY_KEPT_MS, and the openings an
 * account was told of once they have ended (an ended opening matches nothing again).
 */
export async function purgeAlertHistory(db: Db, now: Date) {
  await db.execute(sql`
    DELETE FROM saved_search_alert_sends
    WHERE sent_at < ${iso(new Date(now.getTime() - ALERT_HISTORY_KEPT_MS))}::timestamptz`);
  await db.execute(sql`
    DELETE FROM saved_search_alerted_openings a
    USING openings o
    WHERE o.id = a.opening_id AND o.end_time <= ${iso(now)}::timestamptz`);
}

/**
 * An account's saved-search alert history, at its owner's request: the alerts it was sent and the
 * openings they named. The daily cap then counts from zero, and an opening already announced may be
 * announced once more by another matching search.
 */
export async function deleteAlertHistory(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM saved_search_alert_sends WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM saved_search_alerted_openings WHERE user_id = ${userId}`);
  });
}

export interface DueSavedSearch {
  id: string;
  user_id: string;
  name: string;
  email: string;
  daily_cap: number;
}

/**
 * Saved searches with matches older than the grouping delay, whose last email is an hour old and
 * whose account has not had its day's emails (the last 24 hours): locked for this pass.
 */
export async function claimDueSavedSearches(
  db: Db,
  params: { cutoff: Date; hourAgo: Date; dayAgo: Date; defaultCap: number; limit: number },
) {
  return rowsOf<DueSavedSearch>(
    await db.execute(sql`
      SELECT ss.id, ss.user_id, ss.name, u.email, coalesce(st.daily_cap, ${params.defaultCap})::int AS daily_cap
      FROM saved_searches ss
      JOIN users u ON u.id = ss.user_id AND u.email_verified_at IS NOT NULL
      LEFT JOIN saved_search_settings st ON st.user_id = ss.user_id
      WHERE ss.id IN (
          SELECT m.saved_search_id FROM saved_search_matches m WHERE m.created_at <= ${iso(params.cutoff)}::timestamptz)
        AND ss.alert
        AND (ss.last_alert_at IS NULL OR ss.last_alert_at <= ${iso(params.hourAgo)}::timestamptz)
        AND (SELECT count(*) FROM saved_search_alert_sends s
             WHERE s.user_id = ss.user_id AND s.sent_at > ${iso(params.dayAgo)}::timestamptz)
          < coalesce(st.daily_cap, ${params.defaultCap})
      ORDER BY ss.id
      LIMIT ${params.limit}
      FOR UPDATE OF ss SKIP LOCKED`),
  );
}

export async function countSendsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM saved_search_alert_sends
      WHERE user_id = ${userId} AND sent_at > ${iso(since)}::timestamptz`),
  );
  return row?.n ?? 0;
}

export interface MatchedOpeningRow {
  opening_id: string;
  provider_id: string;
  provider_name: string;
  routing_slug: string;
  service_type: string;
  time_zone: string;
  start_time: string;
  end_time: string;
  price: string | null;
  regular_price: number | null;
  note: string | null;
  display_location: string;
  display_booking_link: string;
  policies: Policies;
}

/**
 * The openings a saved search's email lists: matched before the cutoff, still active and ahead, of a
 * provider still listed and not blocked by the account, not one the account already hears of by following that provider with
 * opening alerts on (one email, not two), nor one an alert of another of its saved searches listed.
 * Soonest first, at most `limit`.
 */
export async function findMatchedOpenings(
  db: Db,
  s: {
    savedSearchId: string;
    userId: string;
    cutoff: Date;
    now: Date;
    limit: number;
    /** The provider's policies of `p` (openings.service openingPoliciesSql). */
    policies: SQL;
  },
) {
  return rowsOf<MatchedOpeningRow>(
    await db.execute(sql`
      SELECT o.id AS opening_id, o.provider_id, u.name AS provider_name, u.routing_slug,
             o.service_type, o.time_zone, o.price, o.regular_price, o.note,
             to_char(o.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time,
             to_char(o.end_time AT TIME ZONE 'UTC', ${ISO}) AS end_time,
             coalesce(nullif(o.location_override, ''), p.location, '') AS display_location,
             coalesce(nullif(o.booking_link_override, ''), p.booking_link, '') AS display_booking_link,
             ${s.policies} AS policies
      FROM saved_search_matches m
      JOIN openings o ON o.id = m.opening_id AND o.is_active AND o.start_time > ${iso(s.now)}::timestamptz
      JOIN users u ON u.id = o.provider_id AND u.listed
      LEFT JOIN provider_profiles p ON p.user_id = o.provider_id
      WHERE m.saved_search_id = ${s.savedSearchId} AND m.created_at <= ${iso(s.cutoff)}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM favorites f JOIN users fu ON fu.id = f.user_id AND fu.opening_alerts
          WHERE f.user_id = ${s.userId} AND f.provider_id = o.provider_id)
        AND NOT EXISTS (
          SELECT 1 FROM saved_search_alerted_openings a WHERE a.user_id = ${s.userId} AND a.opening_id = o.id)
        AND NOT EXISTS (
          SELECT 1 FROM blocked_providers b WHERE b.user_id = ${s.userId} AND b.provider_id = o.provider_id)
        -- Opened from a push already: the email says nothing new about it.
        AND NOT EXISTS (
          SELECT 1 FROM push_opened_openings po WHERE po.user_id = ${s.userId} AND po.opening_id = o.id)
      ORDER BY o.start_time, o.id
      LIMIT ${s.limit}`),
  );
}

/** Forgets the matches an email has dealt with (listed, or left out by the rules above). */
export async function deleteMatchesUpTo(db: Db, savedSearchId: string, cutoff: Date) {
  await db.execute(sql`
    DELETE FROM saved_search_matches
    WHERE saved_search_id = ${savedSearchId} AND created_at <= ${iso(cutoff)}::timestamptz`);
}

export async function recordAlertSent(
  db: Db,
  s: { savedSearchId: string; userId: string; now: Date; openingIds: readonly string[] },
) {
  await db.execute(sql`
    INSERT INTO saved_search_alert_sends (user_id, saved_search_id, sent_at)
    VALUES (${s.userId}, ${s.savedSearchId}, ${iso(s.now)}::timestamptz)`);
  await db.execute(sql`
    INSERT INTO saved_search_alerted_openings (user_id, opening_id)
    SELECT ${s.userId}, x FROM unnest(${pgArray(s.openingIds)}::uuid[]) AS x
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE saved_searches SET last_alert_at = ${iso(s.now)}::timestamptz WHERE id = ${s.savedSearchId}`);
}

/** Turns one saved search's alert off (the one-click unsubscribe); false when there is no such search. */
export async function turnAlertOff(db: Db, savedSearchId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`UPDATE saved_searches SET alert = FALSE WHERE id = ${savedSearchId} RETURNING id`),
  );
  return rows.length > 0;
}

/** The account of the saved search, while it exists with its alert on; undefined otherwise. */
export async function findAlertingSavedSearchOwner(
  db: Db,
  savedSearchId: string,
): Promise<string | undefined> {
  const [row] = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT user_id FROM saved_searches WHERE id = ${savedSearchId} AND alert`),
  );
  return row?.user_id;
}
