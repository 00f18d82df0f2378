import { type SQL, sql } from 'drizzle-orm';
import type { Policies } from '#domain/policies-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import { pgArray } from '#server/db/sql-array.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

export interface AlertProviderRow {
  name: string;
  routing_slug: string;
  zip: string | null;
}

export interface AlertRecipientRow {
  user_id: string;
  email: string;
  last_sent: string | null;
}

export interface AlertOpeningRow {
  id: string;
  service_type: string;
  time_zone: string;
  start_time: string;
  end_time: string;
  price: string | null;
  regular_price: number | null;
  note: string | null;
  display_location: string;
  display_booking_link: string;
  created_at: string;
  policies: Policies;
}

/** Takes up to `limit` due dispatches (deleting them is the claim; the caller's transaction makes it safe to crash). */
export async function claimDueDispatches(db: Db, now: Date, limit: number) {
  return rowsOf<{ provider_id: string }>(
    await db.execute(sql`
      DELETE FROM opening_alert_dispatches
      WHERE provider_id IN (
        SELECT provider_id FROM opening_alert_dispatches
        WHERE due_at <= ${now.toISOString()}::timestamptz
        ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING provider_id`),
  );
}

/** A listed provider's name, slug and zip; undefined when they are not (or no longer) listed. */
export async function findAlertProvider(db: Db, providerId: string): Promise<AlertProviderRow | undefined> {
  const [provider] = rowsOf<AlertProviderRow>(
    await db.execute(sql`
      SELECT u.name, u.routing_slug, p.zip FROM users u LEFT JOIN provider_profiles p ON p.user_id = u.id
      WHERE u.id = ${providerId} AND u.listed`),
  );
  return provider;
}

/**
 * The provider's next active openings after `now`, soonest first (at most `limit`), with their
 * `policies` (the column the service gives: openings.queries policiesJson of `p`).
 */
export async function findAlertOpenings(db: Db, providerId: string, now: Date, limit: number, policies: SQL) {
  return rowsOf<AlertOpeningRow>(
    await db.execute(sql`
      SELECT o.id, o.service_type, o.time_zone, o.price, o.regular_price, o.note,
             to_char(o.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time,
             to_char(o.end_time AT TIME ZONE 'UTC', ${ISO}) AS end_time,
             to_char(o.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
             coalesce(nullif(o.location_override, ''), p.location, '') AS display_location,
             coalesce(nullif(o.booking_link_override, ''), p.booking_link, '') AS display_booking_link,
             ${policies} AS policies
      FROM openings o LEFT JOIN provider_profiles p ON p.user_id = o.provider_id
      WHERE o.provider_id = ${providerId} AND o.is_active AND o.start_time > ${now.toISOString()}::timestamptz
      ORDER BY o.start_time, o.id LIMIT ${limit}`),
  );
}

/** Everyone else who saved the provider, has alerts on and a verified email, with their last alert about them. */
export async function findAlertRecipients(db: Db, providerId: string) {
  return rowsOf<AlertRecipientRow>(
    await db.execute(sql`
      SELECT u.id AS user_id, u.email,
             to_char(s.sent_at AT TIME ZONE 'UTC', ${ISO}) AS last_sent
      FROM favorites f
      JOIN users u ON u.id = f.user_id AND u.opening_alerts AND u.email_verified_at IS NOT NULL
      LEFT JOIN opening_alert_sends s ON s.user_id = f.user_id AND s.provider_id = f.provider_id
      WHERE f.provider_id = ${providerId} AND f.user_id <> ${providerId}`),
  );
}

/** Which of these openings each recipient already opened from a push (the email leaves them out). */
export async function findOpenedFromPush(db: Db, providerId: string, openingIds: readonly string[]) {
  if (openingIds.length === 0) return [];
  return rowsOf<{ user_id: string; opening_id: string }>(
    await db.execute(sql`
      SELECT po.user_id, po.opening_id FROM push_opened_openings po
      JOIN favorites f ON f.user_id = po.user_id AND f.provider_id = ${providerId}
      WHERE po.opening_id = ANY (${pgArray(openingIds)}::uuid[])`),
  );
}

export async function upsertAlertSent(db: Db, userId: string, providerId: string, sentAt: Date) {
  await db.execute(sql`
    INSERT INTO opening_alert_sends (user_id, provider_id, sent_at)
    VALUES (${userId}, ${providerId}, ${sentAt.toISOString()}::timestamptz)
    ON CONFLICT (user_id, provider_id) DO UPDATE SET sent_at = excluded.sent_at`);
}

export async function findOpeningAlertsSetting(db: Db, userId: string): Promise<boolean | undefined> {
  const [row] = rowsOf<{ on: boolean }>(
    await db.execute(sql`SELECT opening_alerts AS on FROM users WHERE id = ${userId}`),
  );
  return row?.on;
}

export async function updateOpeningAlertsSetting(db: Db, userId: string, enabled: boolean) {
  await db.execute(sql`UPDATE users SET opening_alerts = ${enabled} WHERE id = ${userId}`);
}

/** Whether the user has alerts on and still has the provider saved. */
export async function isAlertWanted(db: Db, userId: string, providerId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM favorites f JOIN users u ON u.id = f.user_id
      WHERE f.user_id = ${userId} AND f.provider_id = ${providerId} AND u.opening_alerts`),
  );
  return rows.length > 0;
}
