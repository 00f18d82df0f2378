import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { pgArray } from '#server/db/sql-array.ts';

/**
 * Landing pages' SQL. A page's providers are listed providers (a provider_search row: ADR 013)
 * whose profile zip is one of the place's zips (provider_profiles_zip_idx), matching the topic.
 */

/** What a topic keeps: a category's providers, or those with a priced service the tsquery names. */
export interface TopicMatch {
  category: string | null;
  /** to_tsquery('english', …) text a service's name must match; null for a category page. */
  serviceTsquery: string | null;
}

/** The topic's test on `d` (provider_search). */
function matchOf(m: TopicMatch): SQL {
  const parts: SQL[] = [];
  if (m.category !== null) parts.push(sql`d.categories @> ${pgArray([m.category])}::text[]`);
  if (m.serviceTsquery !== null) {
    // OFFSET keeps the EXISTS a per-provider read of its services (by primary key): as a semi-join
    // the planner hashed every priced service of the catalogue.
    parts.push(sql`EXISTS (SELECT 1 FROM provider_search_services s
      WHERE s.provider_id = d.provider_id AND s.document @@ to_tsquery('english', ${m.serviceTsquery}) OFFSET 0)`);
  }
  if (parts.length === 0) throw new Error('a landing topic needs a category or service words');
  return sql.join(parts, sql` AND `);
}

/**
 * The place's listed providers: profiles by the zip index, then each one's provider_search row by
 * primary key, in a lateral the planner may not flatten (OFFSET 0). As a plain join it hashed the
 * whole provider_search table whenever that looked cheaper than a place's few thousand lookups.
 */
const PLACE_PROVIDERS = sql`
  provider_profiles p
  CROSS JOIN LATERAL (
    SELECT d.provider_id, d.quality, d.created_at, d.starting_price, d.categories
    FROM provider_search d WHERE d.provider_id = p.user_id OFFSET 0
  ) d`;

/** The listed providers of these zips that match, as `m(provider_id, quality, created_at, starting_price)`. */
const matching = (zips: readonly string[], m: TopicMatch) => sql`
  SELECT d.provider_id, d.quality, d.created_at, d.starting_price
  FROM ${PLACE_PROVIDERS}
  WHERE p.zip = ANY (${pgArray(zips)}::text[]) AND ${matchOf(m)}`;

export interface LandingPageRow {
  id: string;
  quality: number;
  /** ISO 8601 with microseconds, for the keyset cursor. */
  created_at: string;
}

/**
 * One page of providers, most complete profile first (search's candidate order without a zip:
 * quality, then newest), after a keyset (quality, created_at, id). limit + 1 rows.
 */
export async function findLandingPage(
  db: Db,
  opts: {
    zips: readonly string[];
    match: TopicMatch;
    after: { quality: number; createdAt: string; id: string } | null;
    limit: number;
  },
): Promise<LandingPageRow[]> {
  const after = opts.after
    ? sql`WHERE (m.quality, m.created_at, m.provider_id) < (${opts.after.quality}::smallint, ${opts.after.createdAt}::timestamptz, ${opts.after.id}::uuid)`
    : sql``;
  return rowsOf<LandingPageRow>(
    await db.execute(sql`
      SELECT m.provider_id AS id, m.quality,
        to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM (${matching(opts.zips, opts.match)}) m
      ${after}
      ORDER BY m.quality DESC, m.created_at DESC, m.provider_id DESC
      LIMIT ${opts.limit + 1}`),
  );
}

export interface LandingFigures {
  providers: number;
  price_min: string | number | null;
  price_max: string | number | null;
  openings: number;
}

/**
 * The page's figures in one statement: how many providers; the price range of the named service
 * among them (its priced rows in provider_search_services), or of their starting prices on a
 * category page; their public openings in the window (the openings module's rules: active, not
 * ended, starting before `until`), on a service page only those whose service type names the
 * service (matched as their priced services' names are). An opening names no category: a category
 * page counts all of its providers' openings.
 */
export async function findLandingFigures(
  db: Db,
  opts: {
    zips: readonly string[];
    match: TopicMatch;
    window: { now: Date; until: Date; earliestStart: Date };
  },
): Promise<LandingFigures> {
  // Per provider, by index (services by primary key, openings by provider and start): the work
  // follows the place's providers, never the size of the tables.
  const prices =
    opts.match.serviceTsquery === null
      ? sql`SELECT min(m.starting_price) AS lo, max(m.starting_price) AS hi FROM m`
      : sql`SELECT min(x.lo) AS lo, max(x.hi) AS hi
          FROM m CROSS JOIN LATERAL (
            SELECT min(lower(s.price)) AS lo, max(upper(s.price)) AS hi FROM provider_search_services s
            WHERE s.provider_id = m.provider_id AND s.document @@ to_tsquery('english', ${opts.match.serviceTsquery})
          ) x`;
  const [row] = rowsOf<LandingFigures>(
    await db.execute(sql`
      WITH m AS MATERIALIZED (${matching(opts.zips, opts.match)}),
      prices AS (${prices})
      SELECT (SELECT count(*) FROM m)::int AS providers,
        (SELECT lo FROM prices) AS price_min, (SELECT hi FROM prices) AS price_max,
        (SELECT coalesce(sum(x.n), 0) FROM m CROSS JOIN LATERAL (
          SELECT count(*) AS n FROM openings o
          WHERE o.provider_id = m.provider_id
            AND o.start_time >= ${opts.window.earliestStart.toISOString()}::timestamptz
            AND o.start_time < ${opts.window.until.toISOString()}::timestamptz
            AND o.end_time > ${opts.window.now.toISOString()}::timestamptz
            AND o.is_active
            ${
              opts.match.serviceTsquery === null
                ? sql``
                : sql`AND to_tsvector('english', o.service_type) @@ to_tsquery('english', ${opts.match.serviceTsquery})`
            }
        ) x)::int AS openings`),
  );
  return row ?? { providers: 0, price_min: null, price_max: null, openings: 0 };
}

/** How many providers of each zip match (zips without any are left out). */
export async function countByZip(
  db: Db,
  zips: readonly string[],
  match: TopicMatch,
): Promise<{ zip: string; count: number }[]> {
  if (zips.length === 0) return [];
  return rowsOf<{ zip: string; count: number }>(
    await db.execute(sql`
      SELECT p.zip, count(*)::int AS count
      FROM ${PLACE_PROVIDERS}
      WHERE p.zip = ANY (${pgArray(zips)}::text[]) AND ${matchOf(match)}
      GROUP BY p.zip`),
  );
}

/** Whether any provider of these zips matches: stops at the first (a search's landing link). */
export async function anyInZips(db: Db, zips: readonly string[], match: TopicMatch): Promise<boolean> {
  if (zips.length === 0) return false;
  const rows = rowsOf<{ found: number }>(
    await db.execute(sql`
      SELECT 1 AS found FROM ${PLACE_PROVIDERS}
      WHERE p.zip = ANY (${pgArray(zips)}::text[]) AND ${matchOf(match)}
      LIMIT 1`),
  );
  return rows.length > 0;
}

/** A topic for the per-topic counts: its slug and its match. */
export interface TopicDefinition extends TopicMatch {
  slug: string;
}

/** The topics' arrays as one row set `t(slug, category, tq)` (tq null for a category). */
const topicsTable = (topics: readonly TopicDefinition[]) => sql`
  SELECT t.slug, t.category, CASE WHEN t.q = '' THEN NULL ELSE to_tsquery('english', t.q) END AS tq
  FROM unnest(${pgArray(topics.map((t) => t.slug))}::text[],
              ${pgArray(topics.map((t) => t.category ?? ''))}::text[],
              ${pgArray(topics.map((t) => t.serviceTsquery ?? ''))}::text[]) AS t(slug, category, q)`;

/**
 * How many listed providers of these zips each topic has (topics without any are left out): the
 * related services of one place. Category topics count by `categories`; service topics by the names
 * of the providers' priced services, each distinct name matched against the topics once (a city's
 * services repeat a few dozen names).
 */
export async function countByTopic(
  db: Db,
  zips: readonly string[],
  topics: readonly TopicDefinition[],
): Promise<{ slug: string; count: number }[]> {
  return rowsOf<{ slug: string; count: number }>(
    await db.execute(sql`
      WITH t AS MATERIALIZED (${topicsTable(topics)}),
      m AS MATERIALIZED (
        SELECT d.provider_id, d.categories FROM ${PLACE_PROVIDERS}
        WHERE p.zip = ANY (${pgArray(zips)}::text[])
      ),
      s AS MATERIALIZED (
        SELECT s.provider_id, s.name, s.document
        FROM m CROSS JOIN LATERAL (
          SELECT s.provider_id, s.name, s.document FROM provider_search_services s
          WHERE s.provider_id = m.provider_id OFFSET 0
        ) s
      ),
      named AS MATERIALIZED (
        SELECT n.name, t.slug, t.category
        FROM (SELECT DISTINCT ON (s.name) s.name, s.document FROM s) n
        JOIN t ON t.tq IS NOT NULL AND n.document @@ t.tq
      )
      SELECT t.slug, count(*)::int AS count
      FROM m JOIN t ON t.tq IS NULL AND m.categories @> ARRAY[t.category]
      GROUP BY t.slug
      UNION ALL
      SELECT named.slug, count(DISTINCT s.provider_id)::int AS count
      FROM s
      JOIN named ON named.name = s.name
      JOIN m ON m.provider_id = s.provider_id
      WHERE named.category = '' OR m.categories @> ARRAY[named.category]
      GROUP BY named.slug`),
  );
}

export interface ZipTopicRow {
  zip: string;
  slug: string;
  count: number;
  /** The latest change of a provider counted (ISO 8601). */
  lastmod: string;
}

const LASTMOD = sql`to_char(max(greatest(u.updated_at, p.updated_at)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every (zip, topic) with listed providers, with their count and latest change: the landing pages,
 * before zips are grouped into places. Aggregated in SQL so no provider row reaches the app: one
 * pass over provider_search for the categories; for the services, each distinct service name is
 * matched against the topics once (a few thousand names, not every priced service), then the
 * services are grouped by the names that matched.
 */
export async function findZipTopicCounts(db: Db, topics: readonly TopicDefinition[]): Promise<ZipTopicRow[]> {
  const categories = rowsOf<ZipTopicRow>(
    await db.execute(sql`
      WITH t AS (${topicsTable(topics)})
      SELECT p.zip, t.slug, count(*)::int AS count, ${LASTMOD} AS lastmod
      FROM provider_search d
      JOIN provider_profiles p ON p.user_id = d.provider_id
      JOIN users u ON u.id = d.provider_id
      JOIN t ON t.tq IS NULL AND d.categories @> ARRAY[t.category]
      WHERE p.zip IS NOT NULL
      GROUP BY p.zip, t.slug`),
  );
  const services = rowsOf<ZipTopicRow>(
    await db.execute(sql`
      WITH t AS MATERIALIZED (${topicsTable(topics)}),
      names AS MATERIALIZED (SELECT DISTINCT s.name, s.document FROM provider_search_services s),
      named AS MATERIALIZED (
        SELECT n.name, t.slug, t.category FROM names n JOIN t ON t.tq IS NOT NULL AND n.document @@ t.tq
      )
      SELECT p.zip, x.slug, count(DISTINCT x.provider_id)::int AS count, ${LASTMOD} AS lastmod
      FROM (
        SELECT s.provider_id, named.slug, named.category
        FROM provider_search_services s JOIN named ON named.name = s.name
      ) x
      JOIN provider_search d ON d.provider_id = x.provider_id
      JOIN provider_profiles p ON p.user_id = x.provider_id
      JOIN users u ON u.id = x.provider_id
      WHERE p.zip IS NOT NULL AND (x.category = '' OR d.categories @> ARRAY[x.category])
      GROUP BY p.zip, x.slug`),
  );
  return [...categories, ...services];
}
