import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

/**
 * A listed provider's own booking link ('' when none) and services (with their own links), or
 * undefined for anyone else.
 */
export async function findProviderBookingLink(db: Db, providerId: string) {
  const [row] = await db
    .select({ id: users.id, bookingLink: providerProfiles.bookingLink, pricing: providerProfiles.pricing })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), eq(users.listed, true)))
    .limit(1);
  return row;
}

/**
 * Logs a click unless the same client logged the same link of the same provider within the
 * window (a double click is one click). Under READ COMMITTED two clicks arriving together would
 * both pass `not exists` (neither sees the other's uncommitted row), so they take turns on a
 * transaction lock per client and provider. A repeat that came through the page marks the click
 * it repeats `via_page` (the first of a double click may have left before the page had its token).
 */
export async function insertBookingLogUnlessRecent(
  db: Db,
  log: {
    clientId: string;
    providerId: string;
    url: string;
    /** The service whose own Book was clicked; null for the profile's or an opening's. */
    serviceName: string | null;
    viaPage: boolean;
    now: Date;
    windowSeconds: number;
  },
): Promise<boolean> {
  const since = new Date(log.now.getTime() - log.windowSeconds * 1000).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${log.clientId}::text || '/' || ${log.providerId}::text))`,
    );
    const recent = sql`
      client_id = ${log.clientId} AND provider_id = ${log.providerId}
      AND url = ${log.url} AND service_name IS NOT DISTINCT FROM ${log.serviceName}::text
      AND created_at > ${since}::timestamptz`;
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO booking_logs (client_id, provider_id, url, service_name, via_page, created_at)
        SELECT ${log.clientId}, ${log.providerId}, ${log.url}, ${log.serviceName}::text, ${log.viaPage},
          ${log.now.toISOString()}::timestamptz
        WHERE NOT EXISTS (SELECT 1 FROM booking_logs WHERE ${recent})
        RETURNING id`),
    );
    if (rows.length === 0 && log.viaPage) {
      await tx.execute(sql`UPDATE booking_logs SET via_page = TRUE WHERE ${recent} AND NOT via_page`);
    }
    return rows.length > 0;
  });
}

export interface BookingLogRow {
  id: string;
  /** Null once the client deleted their account: the click stays, anonymous (ADR 026). */
  client_id: string | null;
  provider_id: string;
  url: string;
  service_name: string | null;
  created_at: string;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

export interface ClientBookingLogRow extends BookingLogRow {
  /** The first word of the client's name; null without a name, or when it looks like an email. */
  first_name: string | null;
  /** The first letter of the name's last word, upper-case; null with one word. */
  last_initial: string | null;
}

/**
 * One page of clicks, newest first: one provider's, or everyone's (admin). The client's name is cut
 * down here, so no full name or email leaves the database for a provider's view.
 */
export async function findBookingLogs(
  db: Db,
  providerId: string | undefined,
  limit: number,
  after: Keyset | null,
): Promise<(ClientBookingLogRow & { keyset: Keyset })[]> {
  const where = [
    providerId ? sql`b.provider_id = ${providerId}` : sql`TRUE`,
    after ? sql`(b.created_at, b.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`TRUE`,
  ];
  const rows = rowsOf<ClientBookingLogRow>(
    await db.execute(sql`
      SELECT b.id, b.client_id, b.provider_id, b.url, b.service_name,
             to_char(b.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
             CASE WHEN w.words[1] = '' OR w.words[1] LIKE '%@%' THEN NULL ELSE w.words[1] END AS first_name,
             CASE WHEN cardinality(w.words) > 1 AND w.words[1] NOT LIKE '%@%'
               THEN upper(left(w.words[cardinality(w.words)], 1)) END AS last_initial
      FROM booking_logs b
      LEFT JOIN users c ON c.id = b.client_id
      CROSS JOIN LATERAL (
        SELECT regexp_split_to_array(regexp_replace(c.name, '^[[:space:]]+|[[:space:]]+$', '', 'g'), '[[:space:]]+') AS words
      ) w
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countBookingLogs(db: Db, providerId?: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM booking_logs ${providerId ? sql`WHERE provider_id = ${providerId}` : sql``}`,
    ),
  );
  return row?.n ?? 0;
}

/** The local day ('YYYY-MM-DD' at UTC + offsetMinutes) of a click. */
const localDay = (offsetMinutes: number) =>
  sql`to_char((created_at AT TIME ZONE 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;

/**
 * Totals for one provider: clicks, unique clicks (distinct client and local day), distinct
 * clients, and both kinds of clicks since `weekAgo`.
 */
export async function findBookingTotals(db: Db, providerId: string, weekAgo: Date, offsetMinutes: number) {
  const day = localDay(offsetMinutes);
  const recent = sql`created_at >= ${weekAgo.toISOString()}::timestamptz`;
  const [row] = rowsOf<{
    total: number;
    unique_clicks: number;
    unique_clients: number;
    last_7_days: number;
    unique_last_7_days: number;
  }>(
    await db.execute(sql`
      SELECT count(*)::int AS total,
             count(DISTINCT (client_id, ${day}))::int AS unique_clicks,
             count(DISTINCT client_id)::int AS unique_clients,
             (count(*) FILTER (WHERE ${recent}))::int AS last_7_days,
             (count(DISTINCT (client_id, ${day})) FILTER (WHERE ${recent}))::int AS unique_last_7_days
      FROM booking_logs WHERE provider_id = ${providerId}`),
  );
  return row ?? { total: 0, unique_clicks: 0, unique_clients: 0, last_7_days: 0, unique_last_7_days: 0 };
}

/**
 * Clicks and distinct clients per local day ('YYYY-MM-DD' at UTC + offsetMinutes) since `since`;
 * days without clicks are absent.
 */
export async function findBookingsPerDay(db: Db, providerId: string, since: Date, offsetMinutes: number) {
  return rowsOf<{ date: string; count: number; unique: number }>(
    await db.execute(sql`
      SELECT ${localDay(offsetMinutes)} AS date,
             count(*)::int AS count,
             count(DISTINCT client_id)::int AS "unique"
      FROM booking_logs
      WHERE provider_id = ${providerId} AND created_at >= ${since.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`),
  );
}

// ---------------------------------------------------------------------------------------------
// The admin's list of every click, with names

export interface AdminBookingLogRow extends BookingLogRow {
  provider_name: string;
  provider_slug: string | null;
  /** Null for a client who deleted their account. */
  client_name: string | null;
  client_slug: string | null;
}

/** Clicks made within [since, before) (either end open). */
export interface BookingLogRange {
  since: string | null;
  before: string | null;
}

function rangeConditions(range: BookingLogRange): SQL[] {
  const where: SQL[] = [];
  if (range.since) where.push(sql`b.created_at >= ${range.since}::timestamptz`);
  if (range.before) where.push(sql`b.created_at < ${range.before}::timestamptz`);
  return where;
}

const whereOf = (where: SQL[]) => (where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``);

/** A user's public profile path segment: only listed providers have a page at /{slug}. */
const slugOf = (alias: string) => sql.raw(`CASE WHEN ${alias}.listed THEN ${alias}.routing_slug END`);

/** Up to `limit` + 1 clicks after the keyset, newest first, with both people's names (admins). */
export async function findAdminBookingLogs(
  db: Db,
  range: BookingLogRange,
  limit: number,
  after: Keyset | null,
): Promise<(AdminBookingLogRow & { keyset: Keyset })[]> {
  const where = rangeConditions(range);
  if (after) where.push(sql`(b.created_at, b.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  const rows = rowsOf<AdminBookingLogRow>(
    await db.execute(sql`
      SELECT b.id, b.client_id, b.provider_id, b.url, b.service_name,
             to_char(b.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
             p.name AS provider_name, ${slugOf('p')} AS provider_slug,
             c.name AS client_name, ${slugOf('c')} AS client_slug
      FROM booking_logs b
      JOIN users p ON p.id = b.provider_id
      LEFT JOIN users c ON c.id = b.client_id
      ${whereOf(where)}
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countAdminBookingLogs(db: Db, range: BookingLogRange): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM booking_logs b ${whereOf(rangeConditions(range))}`),
  );
  return row?.n ?? 0;
}
