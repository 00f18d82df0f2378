import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { providerProfiles, users } from '../../db/schema';
import type { Keyset } from '../../lib/keyset-cursor';

/** A listed provider's own booking link ('' when none), or undefined for anyone else. */
export async function findProviderBookingLink(db: Db, providerId: string) {
  const [row] = await db
    .select({ id: users.id, bookingLink: providerProfiles.bookingLink })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), eq(users.userType, 'provider'), isNotNull(users.emailVerifiedAt)))
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
    viaPage: boolean;
    now: Date;
    windowSeconds: number;
  },
): Promise<boolean> {
  const since = new Date(log.now.getTime() - log.windowSeconds * 1000).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${log.clientId}::text || '/' || ${log.providerId}::text))`,
    );
    const recent = sql`
      client_id = ${log.clientId} and provider_id = ${log.providerId}
      and url = ${log.url} and created_at > ${since}::timestamptz`;
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into booking_logs (client_id, provider_id, url, via_page, created_at)
        select ${log.clientId}, ${log.providerId}, ${log.url}, ${log.viaPage}, ${log.now.toISOString()}::timestamptz
        where not exists (select 1 from booking_logs where ${recent})
        returning id`),
    );
    if (rows.length === 0 && log.viaPage) {
      await tx.execute(sql`update booking_logs set via_page = true where ${recent} and not via_page`);
    }
    return rows.length > 0;
  });
}

export interface BookingLogRow {
  id: string;
  client_id: string;
  provider_id: string;
  url: string;
  created_at: string;
}

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

/** One page of clicks, newest first: one provider's, or everyone's (admin). */
export async function findBookingLogs(
  db: Db,
  providerId: string | undefined,
  limit: number,
  after: Keyset | null,
): Promise<(BookingLogRow & { keyset: Keyset })[]> {
  const where = [
    providerId ? sql`provider_id = ${providerId}` : sql`true`,
    after ? sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`,
  ];
  const rows = rowsOf<BookingLogRow>(
    await db.execute(sql`
      select id, client_id, provider_id, url,
             to_char(created_at at time zone 'UTC', ${ISO}) as created_at
      from booking_logs
      where ${sql.join(where, sql` and `)}
      order by created_at desc, id desc
      limit ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

export async function countBookingLogs(db: Db, providerId?: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from booking_logs ${providerId ? sql`where provider_id = ${providerId}` : sql``}`,
    ),
  );
  return row?.n ?? 0;
}

/** The local day ('YYYY-MM-DD' at UTC + offsetMinutes) of a click. */
const localDay = (offsetMinutes: number) =>
  sql`to_char((created_at at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;

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
      select count(*)::int as total,
             count(distinct (client_id, ${day}))::int as unique_clicks,
             count(distinct client_id)::int as unique_clients,
             (count(*) filter (where ${recent}))::int as last_7_days,
             (count(distinct (client_id, ${day})) filter (where ${recent}))::int as unique_last_7_days
      from booking_logs where provider_id = ${providerId}`),
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
      select ${localDay(offsetMinutes)} as date,
             count(*)::int as count,
             count(distinct client_id)::int as "unique"
      from booking_logs
      where provider_id = ${providerId} and created_at >= ${since.toISOString()}::timestamptz
      group by 1 order by 1`),
  );
}
