import { type SQL, sql } from 'drizzle-orm';
import type { MapArea } from '#domain/map-area.ts';
import { RATING_SORT_PRIOR, type SearchSort } from '#domain/search-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import { executePrepared } from '#server/db/prepared.ts';
import type { searchLogs } from '#server/db/schema/index.ts';
import { pgArray } from '#server/db/sql-array.ts';
import {
  areaCenter,
  areaRadiusMeters,
  chordOfDistance,
  cubeLiteral,
  EARTH_RADIUS_M,
  earthBox,
  llToEarth,
} from '#server/lib/geo.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';
import type { WordAnalysis } from './query-understanding';

/** Everything one search page needs, already validated and resolved by the service. */
export interface SearchPlan {
  /** to_tsquery('english', …) input built from sanitised words; null for a zip-only search. */
  tsquery: string | null;
  /**
   * Any of the query words (an OR of them), matched against each priced service's name: the
   * provider's service the query names, whose own price the card shows and the price filter and
   * sort use. Null when the query names no service (no text, or only category words).
   */
  serviceTsquery: string | null;
  /** Only providers in one of these categories (a category word, or the related block). */
  categories: string[] | null;
  /**
   * What relevance ranks by when it is not `tsquery`: a category word's query ranks the category's
   * providers by how much their own words say it (an OR of the words: 'facial' puts those with
   * facials first). Null: rank by tsquery (or, without one, the candidate order).
   */
  rankTsquery: string | null;
  /** Providers left out (the related block leaves out the results it follows). */
  excludeIds: string[] | null;
  center: { latitude: number; longitude: number } | null;
  radiusMeters: number;
  /**
   * A map area searched instead of a zip (center null): providers whose point is inside it, the
   * distance (and the distance sort) from its centre.
   */
  area: MapArea | null;
  /**
   * At least one priced service in [min, max]; max null = no upper bound. When the query names some
   * of the provider's services (serviceTsquery), one of those must be in the range.
   */
  price: { min: number; max: number | null } | null;
  /** Weekly hours (weekday * 24 + hour) of which the provider must offer at least one. */
  hours: number[] | null;
  /** Amenities the provider must all have (folded to canonical form in SQL). */
  amenities: string[] | null;
  /** Only providers whose shown average is at least this; null = any (providers without reviews too). */
  minRating: number | null;
  /**
   * 'relevance': by text rank (with a zip, nearness adds up to 25%); without text the order of
   * step 1 (nearest, or most complete). 'distance': nearest first (needs center). 'price': the named
   * service's lowest price, else the provider's lowest, cheapest first. 'rating': rated providers
   * first, by RATING_SORT_PRIOR's adjusted average. Ties always fall back to relevance, then step 1.
   */
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Matches taken at most: counted, ranked and pageable (the reply says 'N+' beyond). */
  cap: number;
  /**
   * Without a place, how the candidates are found. 'index': from the indexes of the words and
   * filters (rare words, narrow filters), every match then sorted. 'walk': the words and filters
   * are known to be common, so read providers in the static order and test each; the planner
   * cannot know this for words that always come together ('deep tissue' is in every massage
   * document, but it multiplies the two frequencies). The walk reads at most walkRows providers;
   * fewer than cap + 1 matches then means: ask again by index. With a place: nearest first.
   */
  strategy: 'index' | 'walk';
  walkRows: number;
  /**
   * A walk without a zip reads only the providers holding this lexeme (the query's rarest word),
   * most complete first, from provider_search_postings: about cap / share of them, where walking
   * every provider reads cap / (the words' share). Null: walk every provider (category words, or
   * filters alone).
   */
  walkLexeme: string | null;
}

export interface ListPlan {
  limit: number;
  after: { createdAt: string; id: string } | null;
  countCap: number;
}

/** One result row: the card fields plus what ordering and paging need. */
export interface ProviderCardRow {
  id: string;
  name: string;
  routing_slug: string;
  avatar_url: string | null;
  location: string;
  specialties: string[];
  categories: string[];
  amenities: string[];
  portfolio_images: string[];
  portfolio_count: number;
  starting_price: number | null;
  /** The provider's service the query names (SearchPlan.serviceTsquery), with its price; nulls without. */
  service_name: string | null;
  service_min: number | string | null;
  service_max: number | string | null;
  service_starting_at: boolean | null;
  /** The named service's duration in minutes (its stored package's); nulls without one. */
  service_duration_min: number | null;
  service_duration_max: number | null;
  /** The shown average (one decimal) and the count of visible reviews; null and 0 without any. */
  rating: number | string | null;
  review_count: number | null;
  /** Chord length to the searched zip's (or area's) centre (meters); null without either. */
  chord: number | null;
  /** The map position (provider_profiles' latitude and longitude, 3 decimals); null without a zip. */
  latitude: number | null;
  longitude: number | null;
  /** ISO 8601 with microseconds (a JS Date would lose them, and the keyset cursor needs them). */
  created_at: string;
  total: number;
}

interface Geometry {
  /** ll_to_earth of the zip centroid (or the area's centre), as a cube literal. */
  center: string;
  /** earth_box of the radius: what the GiST index can search. */
  box: string;
  /** The radius as a chord: `point <-> center <= chord` is exactly `earth_distance <= radius`. */
  chord: number;
  /** A map area: its exact bounds replace the circle (the box around its circumcircle stays the pre-filter). */
  area: MapArea | null;
}

function geometryOf(plan: SearchPlan): Geometry | null {
  if (plan.area) {
    const center = llToEarth(areaCenter(plan.area).latitude, areaCenter(plan.area).longitude);
    const meters = areaRadiusMeters(plan.area);
    return {
      center: cubeLiteral(center),
      box: earthBox(center, meters),
      chord: chordOfDistance(meters),
      area: plan.area,
    };
  }
  if (!plan.center) return null;
  const center = llToEarth(plan.center.latitude, plan.center.longitude);
  return {
    center: cubeLiteral(center),
    box: earthBox(center, plan.radiusMeters),
    chord: chordOfDistance(plan.radiusMeters),
    area: null,
  };
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * A point (d.earth_point) inside the area's bounds, by its coordinates as earthdistance's latitude()
 * and longitude() read them: z = R·sin(latitude) orders latitudes, atan2(y, x) is the longitude.
 */
function insideArea(area: MapArea): SQL {
  const z = sql`cube_ll_coord(d.earth_point, 3)`;
  const longitude = sql`degrees(atan2(cube_ll_coord(d.earth_point, 2), cube_ll_coord(d.earth_point, 1)))`;
  return sql`${z} BETWEEN ${EARTH_RADIUS_M * Math.sin(rad(area.south))}::float8 AND ${EARTH_RADIUS_M * Math.sin(rad(area.north))}::float8
    AND ${longitude} BETWEEN ${area.west}::float8 AND ${area.east}::float8`;
}

/**
 * How a statement uses a function of its values (a tsquery, a price range). In a plan for the values
 * the planner computes it while planning (and estimates with the result): `folded`. A generic plan
 * (PlanMode, db/prepared.ts) would compute it again on every row that uses it: to_tsquery once per
 * candidate made a text + zip search execute in 3.7 ms instead of 2.3, where its plan had cost 0.3.
 * There it is a sub-select, computed once per run: `once`.
 */
type Values = (expression: SQL) => SQL;
const folded: Values = (expression) => expression;
const once: Values = (expression) => sql`(SELECT ${expression})`;

/** The words of a query as a tsquery. */
const tsqueryOf = (text: string, values: Values) => values(sql`to_tsquery('english', ${text})`);

type Price = NonNullable<SearchPlan['price']>;

const numrangeOf = (price: Price) => sql`numrange(${price.min}::numeric, ${price.max}::numeric, '[]')`;

/** The price filter's range, as SQL. */
const priceRangeOf = (price: Price, values: Values) => values(numrangeOf(price));

/**
 * The lower edges of the price bands of search_price_mask (migration 0036), which the postings'
 * price_mask and the facets' 'p<band>' lexemes (migration 0037) are made of: band i is
 * [edges[i], edges[i + 1]), the last has no upper edge. A range's bands are computed here, not by
 * that function, which PostgreSQL would plan again on every search (0.07 ms).
 */
export const PRICE_BAND_EDGES = [
  0, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 100, 115, 130, 150, 175, 200, 225, 250, 275, 300,
  350, 400, 450, 500, 600, 750, 1000,
] as const;

/** The bands (indexes into PRICE_BAND_EDGES) a price range reaches (both ends included; no max: no end). */
export function priceBandsOf(price: Price): number[] {
  return PRICE_BAND_EDGES.flatMap((lower, i) => {
    const upper = PRICE_BAND_EDGES[i + 1];
    return (price.max === null || price.max >= lower) && (upper === undefined || price.min < upper)
      ? [i]
      : [];
  });
}

/**
 * A posting whose provider may have a price in the range: its price mask (migration 0036) shares a
 * band with the range's. Only a pre-filter: the document's prices are the exact test.
 */
const pricedPosting = (price: Price | null) =>
  price
    ? sql`AND (t.price_mask & ${priceBandsOf(price).reduce((mask, band) => mask | (1 << band), 0)}::int) <> 0`
    : sql``;

/** A lexeme as tsquery input: quoted, so that every character is part of it. */
const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The plan's category, amenities, hours and price range as a test of search_facets' lexemes
 * (migration 0037), which provider_search_earth_idx holds beside the point; null without any of
 * them. Any category, any hour and any band of the range; every amenity, folded as the stored ones
 * are by search_canonical_amenity (one expression, which the planner inlines: a function that
 * aggregates would be planned again on every search). When every amenity folds to nothing (and
 * search_canonical_amenities would drop them all), the tsquery asks only for the absence of a
 * lexeme no row has ('a:'): every row passes.
 */
function facetsQueryOf(plan: SearchPlan, values: Values): SQL | null {
  const anyOf = (lexemes: readonly string[]) => `(${lexemes.map(quotedLexeme).join(' | ')})`;
  const groups: string[] = [];
  if (plan.categories) groups.push(anyOf(plan.categories.map((c) => `c:${c}`)));
  if (plan.hours) groups.push(anyOf(plan.hours.map((h) => `h${h}`)));
  if (plan.price) groups.push(anyOf(priceBandsOf(plan.price).map((b) => `p${b}`)));
  if (groups.length === 0 && !plan.amenities) return null;
  // Canonical amenities are letters, digits, '+' and '&': quoted as they are.
  const amenities = plan.amenities
    ? sql`(SELECT string_agg('''a:' || c || '''', ' & ') FROM (
        SELECT DISTINCT search_canonical_amenity(a) AS c FROM unnest(${pgArray(plan.amenities)}::text[]) AS a
      ) folded WHERE c <> '')`
    : sql`NULL`;
  const fixed = groups.length > 0 ? groups.join(' & ') : null;
  const query = sql`coalesce(nullif(concat_ws(' & ', ${fixed}::text, ${amenities}), ''), '!''a:''')::tsquery`;
  return sql`d.facets @@ ${values(query)}`;
}

/**
 * The words of an OR of words (SearchPlan.serviceTsquery): to_tsvector of them holds the lexemes
 * to_tsquery makes of that query, the lexemes a named service's name has one of.
 */
const wordsOf = (serviceTsquery: string) => serviceTsquery.replace(/[|()]/g, ' ');

/** The provider's priced services that the query names (correlated with d or c by `provider`). */
const namedServices = (provider: SQL, serviceTsquery: string, values: Values) =>
  sql`provider_search_services s WHERE s.provider_id = ${provider} AND s.document @@ ${tsqueryOf(serviceTsquery, values)}`;

/** Does the statement walk (searchPageSql's source)? Only without a place. */
const walksOf = (plan: SearchPlan, located: boolean) => plan.strategy === 'walk' && !located;

function whereOf(plan: SearchPlan, geo: Geometry | null, values: Values): SQL {
  const parts: SQL[] = [];
  if (plan.tsquery !== null) {
    const matches = sql`d.document @@ ${tsqueryOf(plan.tsquery, values)}`;
    // IS TRUE hides the test from the full-text index, leaving the walk as the plan. With a zip or
    // an area the test stays in sight: provider_search_earth_idx holds the document beside the
    // point, so the nearest-first scan tests the words in the index instead of reading each nearer
    // provider's document.
    parts.push(walksOf(plan, geo !== null) ? sql`(${matches}) IS TRUE` : matches);
  }
  if (plan.excludeIds && plan.excludeIds.length > 0) {
    parts.push(sql`NOT (d.provider_id = ANY (${pgArray(plan.excludeIds)}::uuid[]))`);
  }
  if (geo) {
    // The box is the GiST-indexable pre-filter; the chord makes the circle exact, or the area's
    // bounds make the area exact.
    parts.push(sql`${geo.box}::cube @> d.earth_point`);
    parts.push(
      geo.area ? insideArea(geo.area) : sql`(d.earth_point <-> ${geo.center}::cube) <= ${geo.chord}::float8`,
    );
    // The category, amenities, hours and price bands as one test of the facets, which the
    // nearest-first index holds beside the point (migration 0037): exact for all but the prices.
    const facets = facetsQueryOf(plan, values);
    if (facets) parts.push(facets);
  } else {
    if (plan.categories) parts.push(sql`d.categories && ${pgArray(plan.categories)}::text[]`);
    // A date ('today', 'tomorrow', a day) arrives as its weekday's weekly hours; an opening posted
    // for that day is not OR-ed in here (a saved search's date does match openings: searchMatchOf).
    if (plan.hours) parts.push(sql`d.hours && ${pgArray(plan.hours)}::int[]`);
    if (plan.amenities) {
      parts.push(
        sql`d.amenities @> ${values(sql`search_canonical_amenities(${pgArray(plan.amenities)}::text[])`)}`,
      );
    }
  }
  // Near a place, the tests below are hidden from the indexes (IS TRUE): the nearest-first scan is
  // the plan whatever the values, so the statement is planned once (findSearchPage).
  const located = (test: SQL) => (geo ? sql`(${test}) IS TRUE` : test);
  if (plan.price) {
    const range = priceRangeOf(plan.price, values);
    // Some service in range (the GiST-indexable part) and, when the query names services of this
    // provider, one of those: Maya's $50 blowout does not put her $180 balayage under $100.
    parts.push(located(sql`d.prices && ${range}`));
    if (plan.serviceTsquery !== null) {
      // From the row's own pairs of service words and prices (no read of the services): a
      // provider none of whose priced services the query names passes; one that has such
      // services passes when one of them is in the range.
      const named = sql`(SELECT tsvector_to_array(to_tsvector('english', ${wordsOf(plan.serviceTsquery)})))::text[]`;
      parts.push(sql`(NOT (d.service_lexemes && ${named})
        OR EXISTS (SELECT 1 FROM unnest(d.service_lexemes, d.service_prices) AS n(lexeme, price)
                   WHERE n.lexeme = ANY (${named}) AND n.price && ${range}))`);
    }
  }
  if (plan.minRating !== null) {
    // A range (averages are at most 5): planned once, a bare `>=` of a value is taken to keep a
    // third of the ratings, and the index search without a place would read them all rather than
    // the few in the ratings' index that a walk left short.
    parts.push(
      located(
        sql`EXISTS (SELECT 1 FROM provider_ratings r WHERE r.provider_id = d.provider_id AND r.rating BETWEEN ${plan.minRating}::numeric AND 5)`,
      ),
    );
  }
  if (parts.length === 0) throw new Error('a search needs text or a zip');
  return sql.join(parts, sql` AND `);
}

/**
 * The card of each page row (provider_cards, migration 0035), read by primary key, and its fields as
 * ProviderCardRow names them. Reading the user, the profile and the rating through three laterals
 * cost about a third of a search's statement, in planning and in execution. The text arrays come as
 * JSON: the drivers read a JSON array natively, where they parse array text a character at a time
 * (about 1 µs an array against 0.15, four arrays a card).
 */
const cardJoin = sql`JOIN provider_cards card ON card.provider_id = page.provider_id`;
const cardFields = sql`card.name, card.routing_slug, card.avatar_url, card.location,
      to_json(card.specialties) AS specialties, to_json(card.categories) AS categories,
      to_json(card.amenities) AS amenities, to_json(card.portfolio_images) AS portfolio_images,
      card.portfolio_count, card.latitude, card.longitude, card.rating, card.review_count`;

/**
 * The named service's duration, from the card's durations at the service's position (1-based, as
 * provider_search_services numbers them): no read of its own. Nulls without a named service.
 */
const serviceDurations = (position: SQL) =>
  sql`card.duration_min[${position}] AS service_duration_min, card.duration_max[${position}] AS service_duration_max`;

const NO_DURATIONS = sql`NULL::int AS service_duration_min, NULL::int AS service_duration_max`;

/** The card fields of the page's providers, joined by primary key after the page is chosen. */
function cardSelect(page: SQL, order: SQL, total: SQL): SQL {
  return sql`
    WITH page AS (${page})
    SELECT page.provider_id AS id, ${cardFields},
      page.starting_price, NULL AS service_name, NULL AS service_min, NULL AS service_max,
      NULL AS service_starting_at, ${NO_DURATIONS}, page.chord,
      to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
      (${total})::int AS total
    FROM page ${cardJoin}
    ORDER BY ${order}`;
}

/**
 * The provider's best-named service as `m` (most words, then cheapest, then first listed; within
 * the price filter when there is one): the card's matched_service.
 */
function namedServiceJoin(
  provider: SQL,
  serviceTsquery: string,
  price: SearchPlan['price'],
  values: Values,
): SQL {
  const inRange = price ? sql`AND s.price && ${priceRangeOf(price, values)}` : sql``;
  return sql`LEFT JOIN LATERAL (
        SELECT s.name, lower(s.price) AS min_price, upper(s.price) AS max_price, s.starting_at, s.position
        FROM ${namedServices(provider, serviceTsquery, values)} ${inRange}
        ORDER BY ts_rank(s.document, ${tsqueryOf(serviceTsquery, values)}) DESC, lower(s.price), s.position
        LIMIT 1
      ) m ON TRUE`;
}

/**
 * The cards of these listed providers, in this order (unlisted ones are left out), with the service
 * `serviceTsquery` names on each like a search's: the landing pages' cards (places module).
 */
export async function findCardsByIds(
  db: Db,
  ids: readonly string[],
  serviceTsquery: string | null,
): Promise<ProviderCardRow[]> {
  if (ids.length === 0) return [];
  const [service, join] =
    serviceTsquery === null
      ? [
          sql`NULL AS service_name, NULL AS service_min, NULL AS service_max, NULL AS service_starting_at,
      ${NO_DURATIONS}`,
          sql``,
        ]
      : [
          sql`m.name AS service_name, m.min_price AS service_min, m.max_price AS service_max,
      m.starting_at AS service_starting_at, ${serviceDurations(sql`m.position`)}`,
          namedServiceJoin(sql`page.provider_id`, serviceTsquery, null, folded),
        ];
  return executePrepared<ProviderCardRow>(
    db,
    sql`
    WITH page AS (
      SELECT x.provider_id, x.pos, d.created_at, d.starting_price, NULL::float8 AS chord
      FROM unnest(${pgArray(ids)}::uuid[]) WITH ORDINALITY AS x(provider_id, pos)
      JOIN provider_search d ON d.provider_id = x.provider_id
    )
    SELECT page.provider_id AS id, ${cardFields},
      page.starting_price, ${service}, page.chord,
      to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
      0 AS total
    FROM page ${cardJoin}
    ${join}
    ORDER BY page.pos`,
  );
}

/**
 * One search page and its capped count in one statement. The work is bounded however common the
 * words are or however dense the area:
 *
 * 1. `cand`: at most cap + 1 matches, in an order an index hands out without sorting them all:
 *    nearest first with a zip (the GiST index orders by cube `<->`, the chord, which orders
 *    great-circle distance the same way; the stored points are jittered by a hash so no two are
 *    equally far), else the most complete profiles first (btree on quality). For a rare word the
 *    planner collects every match through the full-text index instead; the result is the same.
 *    Each candidate's ts_rank_cd is taken there, from the document already read.
 * 2. Those are ordered by the plan's sort (SearchPlan.sort); relevance is that rank (with a zip,
 *    up to 25% more for the nearest); every tie falls back to relevance, then to step 1's order.
 * 3. With service words, the named service (the best-matching name, then the cheapest; within the
 *    price filter when there is one) is read by primary key for the page's rows, or for every
 *    candidate when the price sort orders by it.
 *
 * So a broad word ('hair') is ranked, and sorted by price or rating, among the cap most complete
 * (or nearest) matching profiles.
 */
export function searchPageSql(plan: SearchPlan): SQL {
  const geo = geometryOf(plan);
  if (plan.sort === 'distance' && !geo) throw new Error('sorting by distance needs a center');
  // Planned once (findSearchPage): each function of the values is a sub-select, computed once a run.
  const values = once;
  const where = whereOf(plan, geo, values);
  const chord = geo ? sql`d.earth_point <-> ${geo.center}::cube` : sql`NULL::float8`;
  const walk = walksOf(plan, geo !== null);
  const postings = walk && plan.walkLexeme !== null;
  // The indexes of the words and filters without a place (the service chose them: the words or
  // filters are rare): `+ 0` hides the order from the quality index. Not knowing how rare they are,
  // a generic plan could walk that index testing each document, which reads the whole table for a
  // word in a handful of them.
  const quality = !walk ? sql`(d.quality + 0)` : sql`d.quality`;
  const [innerOrder, outerOrder] = geo
    ? [chord, sql`c.chord`]
    : [
        sql`${quality} DESC, d.created_at DESC, ${postings ? sql`d.walk_id` : sql`d.provider_id`} DESC`,
        sql`c.quality DESC, c.created_at DESC, c.provider_id DESC`,
      ];
  const joins: SQL[] = [];
  const order: SQL[] = [];
  if (plan.sort === 'rating') {
    // Providers with reviews first, by the average adjusted towards RATING_SORT_PRIOR.
    // Read by primary key per candidate (LIMIT 1 keeps the planner from turning it into a join that
    // hashes the whole ratings table).
    joins.push(sql`LEFT JOIN LATERAL (
        SELECT r.review_count, r.rating_sum FROM provider_ratings r WHERE r.provider_id = c.provider_id LIMIT 1
      ) pr ON TRUE`);
    order.push(sql`(pr.review_count IS NOT NULL) DESC`);
    order.push(sql`(coalesce(pr.rating_sum, 0) + ${RATING_SORT_PRIOR.reviews * RATING_SORT_PRIOR.stars}::float8)
      / (coalesce(pr.review_count, 0) + ${RATING_SORT_PRIOR.reviews}::float8) DESC`);
  }
  // The named service: for every candidate when the price sort orders by it, else only for the
  // page's rows (a service search read it for 251 candidates to show 24).
  const namedService = (provider: SQL, serviceTsquery: string) =>
    namedServiceJoin(provider, serviceTsquery, plan.price, values);
  const servicePerCandidate = plan.serviceTsquery !== null && plan.sort === 'price';
  let service = sql`NULL::text AS service_name, NULL::numeric AS service_min, NULL::numeric AS service_max,
    NULL::boolean AS service_starting_at, NULL::smallint AS service_position`;
  if (servicePerCandidate) {
    joins.push(namedService(sql`c.provider_id`, plan.serviceTsquery!));
    service = sql`m.name AS service_name, m.min_price AS service_min, m.max_price AS service_max,
      m.starting_at AS service_starting_at, m.position AS service_position`;
  }
  if (plan.sort === 'price') {
    order.push(
      plan.serviceTsquery !== null
        ? sql`coalesce(m.min_price::float8, c.starting_price) ASC NULLS LAST`
        : sql`c.starting_price ASC NULLS LAST`,
    );
  }
  const ranked = plan.rankTsquery ?? plan.tsquery;
  // The rank is taken in step 1, from the documents step 1 has read anyway, after its limit: only
  // the cap + 1 candidates are ranked, and none is read again by primary key. An index plan's
  // top-N sort carries each match's document (under a kilobyte) but keeps only cap + 1.
  const rankCandidates = ranked !== null && plan.sort !== 'distance';
  if (rankCandidates) {
    const score =
      geo && plan.radiusMeters > 0
        ? sql`c.rank * (1.25 - 0.25 * least(c.chord / ${geo.chord}::float8, 1))`
        : sql`c.rank`;
    order.push(sql`${score} DESC`);
  }
  order.push(outerOrder);
  const source = !walk
    ? sql`provider_search d`
    : !postings
      ? // A bounded walk: the most complete walkRows providers, read through the quality index.
        sql`(SELECT * FROM provider_search ORDER BY quality DESC, created_at DESC, provider_id DESC LIMIT ${plan.walkRows}) d`
      : // The same, of the providers holding the lexeme: their postings in the static order, each
        // document read by primary key (OFFSET 0: one at a time, as the walk asks for the next),
        // the order taken from the postings (walk_id is provider_id) so that the limit below stops
        // the walk. The filters read the document's provider_id: on the posting's, the planner
        // tested the named service's price before the document's (cheap) price range.
        sql`(
          SELECT doc.provider_id, w.provider_id AS walk_id, w.created_at, w.quality, doc.document,
            doc.starting_price, doc.earth_point, doc.prices, doc.hours, doc.amenities, doc.categories,
            doc.service_lexemes, doc.service_prices
          FROM (
            SELECT t.provider_id, t.created_at, t.quality FROM provider_search_postings t
            WHERE t.lexeme = ${plan.walkLexeme} ${pricedPosting(plan.price)}
            ORDER BY t.quality DESC, t.created_at DESC, t.provider_id DESC
            LIMIT ${plan.walkRows}
          ) w
          CROSS JOIN LATERAL (SELECT * FROM provider_search doc WHERE doc.provider_id = w.provider_id OFFSET 0) doc
        ) d`;
  const [pageService, pageJoin] =
    plan.serviceTsquery !== null && !servicePerCandidate
      ? [
          sql`m.name AS service_name, m.min_price AS service_min, m.max_price AS service_max,
      m.starting_at AS service_starting_at, ${serviceDurations(sql`m.position`)}`,
          namedService(sql`page.provider_id`, plan.serviceTsquery),
        ]
      : [
          sql`page.service_name, page.service_min, page.service_max, page.service_starting_at,
      ${serviceDurations(sql`page.service_position`)}`,
          sql``,
        ];
  return sql`
    WITH cand AS MATERIALIZED (
      SELECT x.provider_id, x.created_at, x.quality, x.starting_price, x.chord,
        ${ranked !== null && rankCandidates ? sql`ts_rank_cd(x.document, ${tsqueryOf(ranked, values)})` : sql`NULL::real`} AS rank
      FROM (
        SELECT d.provider_id, d.created_at, d.quality, d.starting_price, ${chord} AS chord,
          ${rankCandidates ? sql`d.document` : sql`NULL::tsvector AS document`}
        FROM ${source}
        WHERE ${where}
        ORDER BY ${innerOrder}
        LIMIT ${plan.cap + 1}
      ) x
    ),
    ordered AS (
      SELECT c.provider_id, c.created_at, c.starting_price, c.chord, ${service},
        row_number() OVER (ORDER BY ${sql.join(order, sql`, `)}) AS pos
      FROM cand c ${sql.join(joins, sql` `)}
    ),
    page AS (
      SELECT * FROM ordered
      WHERE pos > ${plan.offset} AND pos <= ${plan.cap}
      ORDER BY pos
      LIMIT ${plan.limit + 1}
    )
    SELECT page.provider_id AS id, ${cardFields},
      page.starting_price, ${pageService},
      page.chord,
      to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
      (SELECT count(*) FROM cand)::int AS total
    FROM page ${cardJoin}
    ${pageJoin}
    ORDER BY page.pos`;
}

/**
 * A row count written into the statement's text, not sent as a value: a statement planned once
 * (PlanMode 'generic') then knows how few rows it reads. With the page size as a value, a generic
 * plan of the provider list guessed a tenth of the table and hashed every card. Page sizes are a
 * few validated integers, so there are a few such statements.
 */
function countInText(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a row count: ${count}`);
  return sql.raw(String(count));
}

/** Counts up to cap + 1 listed providers, walking the newest-first index (never the table). */
const countListedSql = (cap: number) =>
  sql`SELECT count(*) FROM (SELECT 1 FROM provider_search ORDER BY created_at DESC, provider_id DESC LIMIT ${countInText(cap + 1)}) listed`;

/** Active providers newest first, after a keyset cursor; planned once (countInText). */
export function listPageSql(plan: ListPlan): SQL {
  const after = plan.after
    ? sql`WHERE (d.created_at, d.provider_id) < (${plan.after.createdAt}::timestamptz, ${plan.after.id}::uuid)`
    : sql``;
  const page = sql`
      SELECT d.provider_id, d.created_at, d.starting_price, NULL::float8 AS chord
      FROM provider_search d
      ${after}
      ORDER BY d.created_at DESC, d.provider_id DESC
      LIMIT ${countInText(plan.limit + 1)}`;
  const total = countListedSql(plan.countCap);
  return cardSelect(page, sql`page.created_at DESC, page.provider_id DESC`, total);
}

/**
 * A search page, planned once per connection (PlanMode 'generic'): its text fixes how its candidates
 * are found, whatever the values (searchPageSql), so a plan for the values would choose the same.
 */
export async function findSearchPage(db: Db, plan: SearchPlan): Promise<ProviderCardRow[]> {
  return executePrepared<ProviderCardRow>(db, searchPageSql(plan), 'generic');
}

export async function findProviderPage(db: Db, plan: ListPlan): Promise<ProviderCardRow[]> {
  return executePrepared<ProviderCardRow>(db, listPageSql(plan), 'generic');
}

/**
 * How many postings the lexeme has (of providers that may have a price in the range, as the walk
 * reads them), counted up to `max` + 1: did a walk of `max` read them all?
 */
export async function countPostings(
  db: Db,
  lexeme: string,
  price: SearchPlan['price'],
  max: number,
): Promise<number> {
  const [row] = await executePrepared<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (
      SELECT 1 FROM provider_search_postings t WHERE t.lexeme = ${lexeme} ${pricedPosting(price)} LIMIT ${max + 1}
    ) postings`,
    'generic',
  );
  return row?.total ?? 0;
}

/** A capped count on its own, for a page past the end (the page query carries it otherwise). */
export async function countSearchMatches(db: Db, plan: SearchPlan): Promise<number> {
  const where = whereOf({ ...plan, strategy: 'index' }, geometryOf(plan), folded);
  const [row] = await executePrepared<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM provider_search d WHERE ${where} LIMIT ${plan.cap + 1}) matched`,
  );
  return row?.total ?? 0;
}

export async function countListed(db: Db, cap: number): Promise<number> {
  const [row] = await executePrepared<{ total: number }>(
    db,
    sql`SELECT (${countListedSql(cap)})::int AS total`,
    'generic',
  );
  return row?.total ?? 0;
}

/** pg_trgm's default similarity threshold, written into the statement as a constant. */
const SIMILARITY_THRESHOLD = sql.raw('0.3');

/**
 * For each query word: is it a stop word, is its english stem among the indexed words (the
 * vocabulary holds every word of every document), and if neither, the up to 3 most similar indexed
 * words by trigram similarity (pg_trgm's similarity() at its default threshold 0.3), found through
 * search_term_trigrams rather than the `%` operator, which hangs PGlite. Words under 4 letters are
 * not corrected: too many neighbours.
 */
export async function analyzeWords(db: Db, words: readonly string[]): Promise<WordAnalysis[]> {
  return executePrepared<WordAnalysis>(
    db,
    sql`
      SELECT w.word, w.stem, w.known,
        coalesce(array_agg(t.term ORDER BY t.rank) FILTER (WHERE t.term IS NOT NULL), '{}') AS suggestions,
        coalesce(array_agg(t.lexeme ORDER BY t.rank) FILTER (WHERE t.term IS NOT NULL), '{}') AS "suggestionStems"
      FROM (
        SELECT x.word, x.ord, s.stem,
          s.stem IS NOT NULL AND EXISTS (SELECT 1 FROM search_terms t WHERE t.lexeme = s.stem) AS known
        FROM unnest(${pgArray(words)}::text[]) WITH ORDINALITY AS x(word, ord)
        CROSS JOIN LATERAL (SELECT (ts_lexize('english_stem', x.word))[1] AS stem) s
      ) w
      LEFT JOIN LATERAL (
        SELECT c.term, c.lexeme, row_number() OVER (ORDER BY c.score DESC, c.term) AS rank
        FROM (
          SELECT s.term, s.lexeme, similarity(s.term, w.word) AS score
          FROM (
            -- Terms sharing enough trigrams to reach the threshold: similarity is shared / (a + b -
            -- shared) with a = the word's trigram count, so shared >= 0.3 * a is necessary.
            SELECT g.term FROM search_term_trigrams g
            WHERE g.trigram = ANY (show_trgm(w.word))
            GROUP BY g.term
            HAVING count(*) >= ceil(${SIMILARITY_THRESHOLD} * cardinality(show_trgm(w.word)))
          ) shared
          JOIN search_terms s ON s.term = shared.term
        ) c
        WHERE w.stem IS NOT NULL AND NOT w.known AND length(w.word) >= 4 AND c.score >= ${SIMILARITY_THRESHOLD}
        ORDER BY c.score DESC, c.term
        LIMIT 3
      ) t ON TRUE
      GROUP BY w.ord, w.word, w.stem, w.known
      ORDER BY w.ord`,
    // The words come from an array: no value changes how the vocabulary is read.
    'generic',
  );
}

/**
 * How often the most common stems occur in search documents (the share of providers), from the
 * statistics ANALYZE keeps for the planner; empty until the table has been analysed. A stem not
 * listed is rarer than every listed one.
 */
/** The planner's statistics of the search documents: the common stems' shares and how many rows. */
export interface DocumentStats {
  /** Each common document lexeme's share of the rows (pg_stats' most common elements). */
  shares: Map<string, number>;
  /** The same of the facets (migration 0037): 'c:hair', 'a:freewifi', 'h41', 'p8'. */
  facets: Map<string, number>;
  /** pg_class.reltuples (-1 or 0 before the first ANALYZE). */
  rows: number;
}
export async function findDocumentStats(db: Db): Promise<DocumentStats> {
  const rows = rowsOf<{ column: string; lexeme: string; share: number }>(
    await db.execute(sql`
      SELECT s.attname AS column, u.lexeme, u.share
      FROM pg_stats s,
        unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS u(lexeme, share)
      WHERE s.schemaname = current_schema() AND s.tablename = 'provider_search'
        AND s.attname IN ('document', 'facets') AND u.lexeme IS NOT NULL`),
  );
  const [size] = rowsOf<{ rows: number }>(
    await db.execute(
      sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'provider_search'::regclass`,
    ),
  );
  const of = (column: string) =>
    new Map(rows.filter((r) => r.column === column).map((r) => [r.lexeme, Number(r.share)]));
  return { shares: of('document'), facets: of('facets'), rows: Number(size?.rows ?? 0) };
}

export type NewSearchLog = typeof searchLogs.$inferInsert;

/**
 * One insert of the whole batch, each column one array parameter (unnest): the statement is the
 * same text for any batch size, so building it costs a few microseconds where a multi-row VALUES
 * list cost about 50 per row in the query builder (1.3 ms for 25 rows, on the request thread). A
 * user id that no longer exists is stored as null instead of failing the batch.
 */
export async function insertSearchLogs(db: Db, rows: readonly NewSearchLog[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (value: (row: NewSearchLog) => string | number | null | undefined) =>
    pgArray(rows.map((row) => value(row) ?? null));
  await db.execute(sql`
    INSERT INTO search_logs (query, zip, filters, session_id, user_id, result_count, created_at)
    SELECT coalesce(t.query, ''), t.zip, coalesce(t.filters, '{}'::jsonb), t.session_id,
           (SELECT u.id FROM users u WHERE u.id = t.user_id), t.result_count, coalesce(t.created_at, now())
    FROM unnest(
      ${column((row) => row.query)}::text[],
      ${column((row) => row.zip)}::text[],
      ${column((row) => (row.filters === undefined ? null : JSON.stringify(row.filters)))}::jsonb[],
      ${column((row) => row.sessionId)}::text[],
      ${column((row) => row.userId)}::uuid[],
      ${column((row) => row.resultCount)}::int[],
      ${column((row) => row.createdAt?.toISOString())}::timestamptz[]
    ) WITH ORDINALITY AS t(query, zip, filters, session_id, user_id, result_count, created_at, n)
    ORDER BY t.n`);
}

/**
 * Created in [since, before): an admin's date range as instants (null: open-ended); `zeroOnly` keeps
 * the searches that found nobody (the partial index search_logs_zero_results_idx serves that list).
 */
export interface LogRange {
  since: string | null;
  before: string | null;
  zeroOnly?: boolean;
}

function rangeWhere(range: LogRange): SQL[] {
  const where: SQL[] = [];
  if (range.zeroOnly) where.push(sql`result_count = 0`);
  if (range.since) where.push(sql`created_at >= ${range.since}::timestamptz`);
  if (range.before) where.push(sql`created_at < ${range.before}::timestamptz`);
  return where;
}

const whereAll = (parts: SQL[]) => (parts.length > 0 ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

export interface SearchLogRow {
  id: string;
  query: string;
  zip: string | null;
  filters: Record<string, unknown>;
  result_count: number | null;
  created_at: string;
}

/** One page (or an export's worth) of search logs in a date range (and zero-result only), newest first (admin). */
export async function findSearchLogs(db: Db, limit: number, after: Keyset | null, range: LogRange) {
  const where = rangeWhere(range);
  if (after) where.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`);
  const rows = rowsOf<SearchLogRow>(
    await db.execute(sql`
      SELECT id::text AS id, query, zip, filters, result_count,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM search_logs
      ${whereAll(where)}
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countSearchLogs(db: Db, range: LogRange): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM search_logs ${whereAll(rangeWhere(range))}`),
  );
  return row?.total ?? 0;
}
