import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { loginSessions } from './account';
import { openings } from './openings';
import { users } from './users';

/** The kinds a device can be pushed (each has its own switch per device and in the preferences). */
export const PUSH_KIND_IDS = ['opening_alerts', 'saved_search_alerts', 'new_messages'] as const;
export type PushKind = (typeof PUSH_KIND_IDS)[number];

/**
 * One browser that asked to be notified (Web Push, RFC 8030): the endpoint its push service gave it
 * and the keys the payload is encrypted to (RFC 8291). It belongs to the account that subscribed it,
 * through the login it was made in: when that login ends (logout, a session revoked), the device stops
 * getting that account's pushes. A push service that answers 404 or 410 removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The login (refresh-token family) that subscribed the device; null when it was not known. */
    loginFamilyId: uuid('login_family_id').references(() => loginSessions.familyId, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The push service's own expiry of the endpoint (PushSubscription.expirationTime), if it named one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The User-Agent header as sent when subscribing, cut to 512 characters: the device's name is read from it. */
    userAgent: text('user_agent').notNull().default(''),
    /** The kinds this device gets (each also needs the account's push switch for the kind on). */
    kinds: text('kinds')
      .array()
      .notNull()
      .default(sql`ARRAY['opening_alerts','saved_search_alerts','new_messages']::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last push its service accepted. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Since when every push to it has failed (null: the last one went through). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
    index('push_subscriptions_family_idx').on(t.loginFamilyId).where(sql`${t.loginFamilyId} is not null`),
    check('push_subscriptions_endpoint_length', sql`char_length(${t.endpoint}) <= 1024`),
    check(
      'push_subscriptions_keys_length',
      sql`char_length(${t.p256dh}) <= 128 AND char_length(${t.auth}) <= 64`,
    ),
    check('push_subscriptions_user_agent_length', sql`char_length(${t.userAgent}) <= 512`),
    check(
      'push_subscriptions_kinds_known',
      sql`${t.kinds} <@ ARRAY['opening_alerts','saved_search_alerts','new_messages']::text[]`,
    ),
  ],
);

/**
 * A push waiting to be sent (or sent again after a 429 or 5xx): which device, which kind, and what
 * about (an opening, a message). The payload is built when it is sent, so an opening cancelled in
 * between is not announced. One row per device and subject: a device that follows a provider and has
 * a saved search matching the same opening is pushed once.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PUSH_KIND_IDS }).notNull(),
    /** The opening (opening and saved-search kinds) or the message (new_messages) it is about. */
    subjectId: uuid('subject_id').notNull(),
    /** The saved search that matched (saved_search_alerts only): its name is in the notification. */
    savedSearchId: uuid('saved_search_id'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be sent (again); a sender that claims it moves this on by its lease. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past this it is dropped unsent (an opening that has started). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_deliveries_subject_idx').on(t.subscriptionId, t.subjectId),
    index('push_deliveries_due_idx').on(t.dueAt),
  ],
);

/**
 * The openings a person opened from a push: the opening-alert and saved-search emails leave them out
 * (the email says nothing the push already told). Gone with the opening or the account.
 */
export const pushOpenedOpenings = pgTable(
  'push_opened_openings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.openingId] })],
);
