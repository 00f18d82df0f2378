import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import { pgArray } from '#server/db/sql-array.ts';

/** Listed providers among `ids`, with their chosen zone (null: their zip's) and zip. */
export async function findListedProviderZones(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return rowsOf<{ id: string; time_zone: string | null; zip: string | null }>(
    await db.execute(sql`
      SELECT u.id, p.time_zone, p.zip
      FROM users u JOIN provider_profiles p ON p.user_id = u.id
      WHERE u.id = ANY(${pgArray(ids)}::uuid[]) AND u.listed`),
  );
}

export interface DayCounts {
  providerId: string;
  day: string;
  impressions: number;
  profileViews: number;
  newFavorites: number;
  alertInclusions: number;
  pushOpens: number;
}

/**
 * Rows per statement when writing counters: each statement passes one array per column (a fixed
 * number of parameters, however many rows), and a batch of any size is written in pieces this big.
 */
const ROWS_PER_STATEMENT = 2_000;

async function inPieces<Row>(rows: readonly Row[], write: (piece: readonly Row[]) => Promise<void>) {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await write(rows.slice(i, i + ROWS_PER_STATEMENT));
}

/** Adds to each (provider, day)'s counters; one row per (provider, day) in `rows`. */
export async function addDayCounts(db: Db, rows: readonly DayCounts[]) {
  await inPieces(rows, async (piece) => {
    const column = (value: (r: DayCounts) => string | number) => pgArray(piece.map(value));
    await db.execute(sql`
      INSERT INTO provider_insight_days AS d
        (provider_id, day, impressions, profile_views, new_favorites, alert_inclusions, push_opens)
      SELECT * FROM unnest(
        ${column((r) => r.providerId)}::uuid[], ${column((r) => r.day)}::date[],
        ${column((r) => r.impressions)}::int[], ${column((r) => r.profileViews)}::int[],
        ${column((r) => r.newFavorites)}::int[], ${column((r) => r.alertInclusions)}::int[],
        ${column((r) => r.pushOpens)}::int[])
      ON CONFLICT (provider_id, day) DO UPDATE SET
        impressions = d.impressions + excluded.impressions,
        profile_views = d.profile_views + excluded.profile_views,
        new_favorites = d.new_favorites + excluded.new_favorites,
        alert_inclusions = d.alert_inclusions + excluded.alert_inclusions,
        push_opens = d.push_opens + excluded.push_opens`);
  });
}

export interface WordCount {
  providerId: string;
  day: string;
  word: string;
  count: number;
}

/** Adds to each (provider, day, word)'s count; one row per key in `rows`. */
export async function addWordCounts(db: Db, rows: readonly WordCount[]) {
  await inPieces(rows, async (piece) => {
    const column = (value: (r: WordCount) => string | number) => pgArray(piece.map(value));
    await db.execute(sql`
      INSERT INTO provider_insight_words AS w (provider_id, day, word, count)
      SELECT * FROM unnest(
        ${column((r) => r.providerId)}::uuid[], ${column((r) => r.day)}::date[],
        ${column((r) => r.word)}::text[], ${column((r) => r.count)}::int[])
      ON CONFLICT (provider_id, day, word) DO UPDATE SET count = w.count + excluded.count`);
  });
}

/** Stores the tokens not counted yet; answers the nonces of those new (a token counts once). */
export async function insertCountedTokens(
  db: Db,
  tokens: readonly { nonce: string; expiresAt: Date }[],
): Promise<Set<string>> {
  const added = new Set<string>();
  await inPieces(tokens, async (piece) => {
    const rows = rowsOf<{ nonce: string }>(
      await db.execute(sql`
        INSERT INTO insight_counted_tokens (nonce, expires_at)
        SELECT * FROM unnest(
          ${pgArray(piece.map((t) => t.nonce))}::text[],
          ${pgArray(piece.map((t) => t.expiresAt.toISOString()))}::timestamptz[])
        ON CONFLICT DO NOTHING
        RETURNING nonce`),
    );
    for (const row of rows) added.add(row.nonce);
  });
  return added;
}

/** Forgets the counted tokens that have expired (they can no longer be counted anyway). */
export async function deleteExpiredCountedTokens(db: Db, now: Date) {
  await db.execute(
    sql`DELETE FROM insight_counted_tokens WHERE expires_at <= ${now.toISOString()}::timestamptz`,
  );
}

/**
 * Remembers that the client's save of the provider was counted; true only the first time ever for
 * this pair (saving, unsaving and saving again counts one new favourite).
 */
export async function insertFavoriteFirst(db: Db, clientId: string, providerId: string): Promise<boolean> {
  const rows = rowsOf<{ client_id: string }>(
    await db.execute(sql`
      INSERT INTO insight_favorite_firsts (client_id, provider_id)
      VALUES (${clientId}::uuid, ${providerId}::uuid)
      ON CONFLICT DO NOTHING
      RETURNING client_id`),
  );
  return rows.length > 0;
}

/** The salt of each day, made (from `fresh`) for a day that has none yet. */
export async function findOrCreateDaySalts(db: Db, days: readonly string[], fresh: () => string) {
  if (days.length === 0) return new Map<string, string>();
  const values = days.map((d) => sql`(${d}::date, ${fresh()})`);
  await db.execute(sql`
    INSERT INTO insight_day_salts (day, salt) VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (day) DO NOTHING`);
  const rows = rowsOf<{ day: string; salt: string }>(
    await db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, salt FROM insight_day_salts
      WHERE day = ANY(${pgArray(days)}::date[])`),
  );
  return new Map(rows.map((r) => [r.day, r.salt]));
}

/**
 * Stores the visitor keys not stored yet; answers the (provider, day) of each one new, so a visitor
 * counts once per provider and day.
 */
export async function insertNewViewKeys(
  db: Db,
  keys: readonly { providerId: string; day: string; visitorKey: string }[],
) {
  const added: { provider_id: string; day: string }[] = [];
  await inPieces(keys, async (piece) => {
    added.push(
      ...rowsOf<{ provider_id: string; day: string }>(
        await db.execute(sql`
          INSERT INTO insight_view_keys (provider_id, day, visitor_key)
          SELECT * FROM unnest(
            ${pgArray(piece.map((k) => k.providerId))}::uuid[], ${pgArray(piece.map((k) => k.day))}::date[],
            ${pgArray(piece.map((k) => k.visitorKey))}::text[])
          ON CONFLICT DO NOTHING
          RETURNING provider_id, to_char(day, 'YYYY-MM-DD') AS day`),
      ),
    );
  });
  return added;
}

/** Deletes the visitor keys and salts of days before `before` ('YYYY-MM-DD'). */
export async function deleteRawViewsBefore(db: Db, before: string) {
  await db.execute(sql`DELETE FROM insight_view_keys WHERE day < ${before}::date`);
  await db.execute(sql`DELETE FROM insight_day_salts WHERE day < ${before}::date`);
}

const between = (from: string, to: string): SQL => sql`day BETWEEN ${from}::date AND ${to}::date`;

/** A provider's stored days within [from, to]; days without any count are absent. */
export async function findDayCounts(db: Db, providerId: string, from: string, to: string) {
  return rowsOf<{
    day: string;
    impressions: number;
    profile_views: number;
    new_favorites: number;
    alert_inclusions: number;
    push_opens: number;
  }>(
    await db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, impressions, profile_views, new_favorites, alert_inclusions,
             push_opens
      FROM provider_insight_days
      WHERE provider_id = ${providerId} AND ${between(from, to)}`),
  );
}

/** Booking clicks per day in `timeZone` since `since`, at most one per client per day. */
export async function findClicksPerDay(db: Db, providerId: string, since: Date, timeZone: string) {
  return rowsOf<{ day: string; clicks: number }>(
    await db.execute(sql`
      SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day,
             count(DISTINCT client_id)::int AS clicks
      FROM booking_logs
      WHERE provider_id = ${providerId} AND created_at >= ${since.toISOString()}::timestamptz
      GROUP BY 1`),
  );
}

/** The words that showed the provider most often within [from, to], most first (ties by word). */
export async function findTopWords(db: Db, providerId: string, from: string, to: string, limit: number) {
  return rowsOf<{ word: string; count: number }>(
    await db.execute(sql`
      SELECT word, sum(count)::int AS count FROM provider_insight_words
      WHERE provider_id = ${providerId} AND ${between(from, to)}
      GROUP BY word ORDER BY count DESC, word ASC LIMIT ${limit}`),
  );
}
