import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';

/** The user's stored switches (a missing row means on). */
export async function findPreferences(db: Db, userId: string) {
  return rowsOf<{ kind: string; channel: string; enabled: boolean }>(
    await db.execute(sql`
      SELECT kind, channel, enabled FROM notification_preferences WHERE user_id = ${userId}`),
  );
}

/** One switch: false only when a row says it is off. */
export async function isPreferenceOn(
  db: Db,
  userId: string,
  kind: string,
  channel: string,
): Promise<boolean> {
  const [row] = rowsOf<{ enabled: boolean }>(
    await db.execute(sql`
      SELECT enabled FROM notification_preferences
      WHERE user_id = ${userId} AND kind = ${kind} AND channel = ${channel}`),
  );
  return row?.enabled ?? true;
}

/** Stores one switch; false when there is no such user (deleted meanwhile). */
export async function upsertPreference(
  db: Db,
  p: { userId: string; kind: string; channel: string; enabled: boolean; now: Date },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO notification_preferences (user_id, kind, channel, enabled, updated_at)
      SELECT id, ${p.kind}, ${p.channel}, ${p.enabled}, ${p.now.toISOString()}::timestamptz
      FROM users WHERE id = ${p.userId}
      ON CONFLICT (user_id, kind, channel)
        DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at
      RETURNING user_id`),
  );
  return rows.length > 0;
}

/** The verified address of a user who has this kind's email on; undefined otherwise. */
export async function findEmailRecipient(db: Db, userId: string, kind: string) {
  const [row] = rowsOf<{ email: string }>(
    await db.execute(sql`
      SELECT u.email FROM users u
      WHERE u.id = ${userId} AND u.email_verified_at IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM notification_preferences p
          WHERE p.user_id = u.id AND p.kind = ${kind} AND p.channel = 'email' AND NOT p.enabled)`),
  );
  return row;
}

/** The account an address belongs to (any case), for the mail worker's send-time check. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM users WHERE lower(email) = lower(${email})`),
  );
  return row?.id;
}
