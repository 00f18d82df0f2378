import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import type { PushKind } from '#server/db/schema/push.ts';
import { pgArray } from '#server/db/sql-array.ts';
import type { PushMessage, PushOpening } from './push-payloads';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);
const iso = (d: Date) => d.toISOString();

export interface DeviceRow {
  id: string;
  user_agent: string;
  created_at: string;
  last_success_at: string | null;
  kinds: PushKind[];
}

const DEVICE_COLUMNS = sql`
  id, user_agent, kinds,
  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(last_success_at AT TIME ZONE 'UTC', ${ISO}) AS last_success_at`;

/**
 * The account's devices, newest first; one whose subscription has expired (its push service's
 * expirationTime) is no longer listed, before the sender's hourly sweep deletes it.
 */
export async function findDevices(db: Db, userId: string, now: Date): Promise<DeviceRow[]> {
  return rowsOf<DeviceRow>(
    await db.execute(sql`
      SELECT ${DEVICE_COLUMNS} FROM push_subscriptions
      WHERE user_id = ${userId} AND (expires_at IS NULL OR expires_at > ${iso(now)}::timestamptz)
      ORDER BY created_at DESC, id DESC`),
  );
}

export interface NewSubscription {
  userId: string;
  loginFamilyId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
  userAgent: string;
  now: Date;
}

/**
 * Stores a device, or updates the one with the same endpoint: its keys may have changed, and the
 * account that subscribes it now owns it (a shared computer moves to whoever turned it on last).
 * A device moving to another account starts with every kind on again.
 */
export async function upsertSubscription(db: Db, s: NewSubscription): Promise<DeviceRow> {
  const [row] = rowsOf<DeviceRow>(
    await db.execute(sql`
      INSERT INTO push_subscriptions
        (user_id, login_family_id, endpoint, p256dh, auth, expires_at, user_agent, created_at)
      VALUES (${s.userId}, ${s.loginFamilyId}, ${s.endpoint}, ${s.p256dh}, ${s.auth},
              ${s.expiresAt ? iso(s.expiresAt) : null}::timestamptz, ${s.userAgent}, ${iso(s.now)}::timestamptz)
      ON CONFLICT (endpoint) DO UPDATE SET
        p256dh = excluded.p256dh, auth = excluded.auth, expires_at = excluded.expires_at,
        user_agent = excluded.user_agent, login_family_id = excluded.login_family_id,
        kinds = CASE WHEN push_subscriptions.user_id = excluded.user_id THEN push_subscriptions.kinds
                     ELSE excluded.kinds END,
        created_at = CASE WHEN push_subscriptions.user_id = excluded.user_id THEN push_subscriptions.created_at
                          ELSE excluded.created_at END,
        last_success_at = CASE WHEN push_subscriptions.user_id = excluded.user_id
                               THEN push_subscriptions.last_success_at END,
        failing_since = NULL,
        user_id = excluded.user_id
      RETURNING ${DEVICE_COLUMNS}`),
  );
  return row!;
}

/** Past `max` devices, the ones pushed to least recently (never pushed: oldest) go. */
export async function trimDevices(db: Db, userId: string, max: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId}
      ORDER BY coalesce(last_success_at, created_at) DESC, id DESC OFFSET ${max})`);
}

export async function updateDeviceKinds(
  db: Db,
  userId: string,
  id: string,
  kinds: readonly PushKind[],
): Promise<DeviceRow | undefined> {
  const [row] = rowsOf<DeviceRow>(
    await db.execute(sql`
      UPDATE push_subscriptions SET kinds = ${pgArray(kinds)}::text[]
      WHERE id = ${id} AND user_id = ${userId}
      RETURNING ${DEVICE_COLUMNS}`),
  );
  return row;
}

/** Removes one of the account's devices; false when it has none by that id. */
export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`DELETE FROM push_subscriptions WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
    ),
  );
  return rows.length > 0;
}

export async function deleteDevicesOfLogin(db: Db, familyId: string): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE login_family_id = ${familyId}`);
}

export interface QuietHoursRow {
  push_quiet_start: number | null;
  push_quiet_end: number | null;
  push_quiet_zone: string | null;
}

export async function findQuietHours(db: Db, userId: string): Promise<QuietHoursRow | undefined> {
  const [row] = rowsOf<QuietHoursRow>(
    await db.execute(sql`
      SELECT push_quiet_start, push_quiet_end, push_quiet_zone FROM users WHERE id = ${userId}`),
  );
  return row;
}

export async function updateQuietHours(
  db: Db,
  userId: string,
  quiet: { start: number; end: number; zone: string } | null,
): Promise<void> {
  await db.execute(sql`
    UPDATE users SET push_quiet_start = ${quiet?.start ?? null}, push_quiet_end = ${quiet?.end ?? null},
                     push_quiet_zone = ${quiet?.zone ?? null}
    WHERE id = ${userId}`);
}

/** The account's push switch for a kind: on unless a notification_preferences row says off. */
const pushOn = (kind: PushKind) => sql`NOT EXISTS (
  SELECT 1 FROM notification_preferences np
  WHERE np.user_id = s.user_id AND np.kind = ${kind} AND np.channel = 'push' AND NOT np.enabled)`;

/**
 * Queues a push about a new opening to the devices of everyone who saved its provider (not the
 * provider), with the kind on for the device and the account, in the posting's transaction. One
 * statement, whatever the number of followers. Returns how many were queued.
 */
export async function enqueueOpeningPushes(
  db: Db,
  o: { openingId: string; providerId: string; expiresAt: Date; now: Date },
): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO push_deliveries (subscription_id, kind, subject_id, due_at, expires_at, created_at)
      SELECT s.id, 'opening_alerts', ${o.openingId}, ${iso(o.now)}::timestamptz,
             ${iso(o.expiresAt)}::timestamptz, ${iso(o.now)}::timestamptz
      FROM favorites f
      JOIN push_subscriptions s ON s.user_id = f.user_id
      WHERE f.provider_id = ${o.providerId} AND f.user_id <> ${o.providerId}
        AND 'opening_alerts' = ANY (s.kinds) AND ${pushOn('opening_alerts')}
        AND NOT EXISTS (
          SELECT 1 FROM blocked_providers b WHERE b.user_id = f.user_id AND b.provider_id = f.provider_id)
      ON CONFLICT (subscription_id, subject_id) DO NOTHING
      RETURNING id`),
  );
  return rows.length;
}

/**
 * Queues a push about a new opening to the devices of the owners of the saved searches it matched
 * (their search's own alert on), in the posting's transaction, after the followers' pushes: a device
 * that already gets this opening as a follower is not pushed twice.
 */
export async function enqueueSavedSearchPushes(
  db: Db,
  o: { openingId: string; providerId: string; expiresAt: Date; now: Date },
): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO push_deliveries
        (subscription_id, kind, subject_id, saved_search_id, due_at, expires_at, created_at)
      SELECT DISTINCT ON (s.id) s.id, 'saved_search_alerts', ${o.openingId}, ss.id,
             ${iso(o.now)}::timestamptz, ${iso(o.expiresAt)}::timestamptz, ${iso(o.now)}::timestamptz
      FROM saved_search_matches m
      JOIN saved_searches ss ON ss.id = m.saved_search_id AND ss.alert
      JOIN push_subscriptions s ON s.user_id = ss.user_id
      WHERE m.opening_id = ${o.openingId} AND ss.user_id <> ${o.providerId}
        AND 'saved_search_alerts' = ANY (s.kinds) AND ${pushOn('saved_search_alerts')}
        AND NOT EXISTS (
          SELECT 1 FROM blocked_providers b WHERE b.user_id = ss.user_id AND b.provider_id = ${o.providerId})
      ORDER BY s.id, ss.created_at, ss.id
      ON CONFLICT (subscription_id, subject_id) DO NOTHING
      RETURNING id`),
  );
  return rows.length;
}

/** Queues a push about a new message to its recipient's devices, in the message's transaction. */
export async function enqueueMessagePushes(
  db: Db,
  m: { messageId: string; threadId: string; expiresAt: Date; now: Date },
): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO push_deliveries (subscription_id, kind, subject_id, due_at, expires_at, created_at)
      SELECT s.id, 'new_messages', ${m.messageId}, ${iso(m.now)}::timestamptz,
             ${iso(m.expiresAt)}::timestamptz, ${iso(m.now)}::timestamptz
      FROM messages msg
      JOIN message_threads t ON t.id = msg.thread_id
      JOIN push_subscriptions s
        ON s.user_id = CASE msg.sender_side WHEN 'client' THEN t.provider_id ELSE t.client_id END
      WHERE msg.id = ${m.messageId} AND t.id = ${m.threadId}
        AND 'new_messages' = ANY (s.kinds) AND ${pushOn('new_messages')}
      ON CONFLICT (subscription_id, subject_id) DO NOTHING
      RETURNING id`),
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: number;
  kind: PushKind;
  subject_id: string;
  saved_search_id: string | null;
  attempts: number;
  expires_at: string;
  subscription_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  failing_since: string | null;
  push_quiet_start: number | null;
  push_quiet_end: number | null;
  push_quiet_zone: string | null;
}

/** Pushes whose announcement is over (expires_at passed) and that no sender holds: forgotten. */
/** Deletes up to 500 due pushes that expired while they waited; answers how many. */
export async function deleteExpiredDeliveries(db: Db, now: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      DELETE FROM push_deliveries WHERE id IN (
        SELECT id FROM push_deliveries
        WHERE due_at <= ${iso(now)}::timestamptz AND expires_at <= ${iso(now)}::timestamptz
        LIMIT 500 FOR UPDATE SKIP LOCKED)
      RETURNING id`),
  );
  return rows.length;
}

/**
 * Claims up to `limit` due pushes by moving their due time on by the lease (and counting the attempt)
 * in one short statement: the sending happens outside any transaction, so a slow push service never
 * holds a lock, and a sender that dies leaves its claims to be taken again when the lease runs out.
 * Expired ones are deleted instead.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      WITH claimed AS (
        UPDATE push_deliveries d
        SET due_at = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz, attempts = d.attempts + 1
        WHERE d.id IN (
          SELECT id FROM push_deliveries
          WHERE due_at <= ${iso(now)}::timestamptz
          ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.kind, d.subject_id, d.saved_search_id, d.attempts, d.subscription_id, d.expires_at)
      SELECT c.id::int AS id, c.kind, c.subject_id, c.saved_search_id, c.attempts, c.subscription_id,
             to_char(c.expires_at AT TIME ZONE 'UTC', ${ISO}) AS expires_at,
             s.user_id, s.endpoint, s.p256dh, s.auth,
             to_char(s.failing_since AT TIME ZONE 'UTC', ${ISO}) AS failing_since,
             u.push_quiet_start, u.push_quiet_end, u.push_quiet_zone
      FROM claimed c
      JOIN push_subscriptions s ON s.id = c.subscription_id
      JOIN users u ON u.id = s.user_id
      ORDER BY c.id`),
  );
}

/** The openings of a batch, while they are still active and listed (a cancelled one is not pushed). */
export async function findPushOpenings(db: Db, ids: readonly string[], now: Date): Promise<PushOpening[]> {
  if (ids.length === 0) return [];
  return rowsOf<PushOpening>(
    await db.execute(sql`
      SELECT o.id, o.provider_id, u.name AS provider_name, u.routing_slug, o.service_type, o.time_zone, o.price,
             o.regular_price, to_char(o.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time,
             to_char(o.end_time AT TIME ZONE 'UTC', ${ISO}) AS end_time
      FROM openings o JOIN users u ON u.id = o.provider_id AND u.listed
      WHERE o.id = ANY (${pgArray(ids)}::uuid[]) AND o.is_active
        AND o.start_time > ${iso(now)}::timestamptz`),
  );
}

/** The messages of a batch, while visible (a hidden or deleted one is not pushed). */
export async function findPushMessages(db: Db, ids: readonly string[]): Promise<PushMessage[]> {
  if (ids.length === 0) return [];
  return rowsOf<PushMessage>(
    await db.execute(sql`
      SELECT m.id, m.thread_id, m.body, u.name AS sender_name, u.email AS sender_email
      FROM messages m LEFT JOIN users u ON u.id = m.sender_id
      WHERE m.id = ANY (${pgArray(ids)}::uuid[]) AND m.hidden_at IS NULL`),
  );
}

export async function findSavedSearchNames(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return rowsOf(
    await db.execute(sql`SELECT id, name FROM saved_searches WHERE id = ANY (${pgArray(ids)}::uuid[])`),
  );
}

/** Sent: the rows go, and their devices are marked as reachable. */
export async function finishSent(
  db: Db,
  deliveryIds: readonly number[],
  subscriptionIds: readonly string[],
  now: Date,
) {
  if (deliveryIds.length === 0) return;
  await db.execute(sql`DELETE FROM push_deliveries WHERE id = ANY (${pgArray(deliveryIds)}::bigint[])`);
  await db.execute(sql`
    UPDATE push_subscriptions SET last_success_at = ${iso(now)}::timestamptz, failing_since = NULL
    WHERE id = ANY (${pgArray(subscriptionIds)}::uuid[])`);
}

/** Pushes that will not be sent (nothing to tell any more, quiet hours, a refusal that a retry cannot fix). */
export async function deleteDeliveries(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.execute(sql`DELETE FROM push_deliveries WHERE id = ANY (${pgArray(ids)}::bigint[])`);
}

/** Devices whose push service says they are gone (404, 410): their queued pushes go with them. */
export async function deleteSubscriptions(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ANY (${pgArray(ids)}::uuid[])`);
}

/** A push to try again at `dueAt` (429, 5xx, no answer), its device marked as failing since now if it was not. */
export async function retryDelivery(db: Db, id: number, subscriptionId: string, dueAt: Date, now: Date) {
  await db.execute(sql`UPDATE push_deliveries SET due_at = ${iso(dueAt)}::timestamptz WHERE id = ${id}`);
  await db.execute(sql`
    UPDATE push_subscriptions SET failing_since = coalesce(failing_since, ${iso(now)}::timestamptz)
    WHERE id = ${subscriptionId}`);
}

/**
 * Remembers that this person opened a push about this opening; true the first time (the provider's
 * insights count it then, and the alert emails leave the opening out).
 */
export async function insertOpenedOpening(db: Db, userId: string, openingId: string, now: Date) {
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO push_opened_openings (user_id, opening_id, opened_at)
      SELECT ${userId}, o.id, ${iso(now)}::timestamptz FROM openings o
      WHERE o.id = ${openingId} AND EXISTS (SELECT 1 FROM users WHERE id = ${userId})
      ON CONFLICT DO NOTHING RETURNING opening_id`),
  );
  return rows.length > 0;
}

/** Devices whose push service's own expiry has passed: they cannot be reached any more. */
export async function deleteExpiredSubscriptions(db: Db, now: Date) {
  await db.execute(sql`
    DELETE FROM push_subscriptions WHERE expires_at IS NOT NULL AND expires_at <= ${iso(now)}::timestamptz`);
}
