import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * One row per login (a refresh-token family): what the account's session list shows. Written when
 * a login starts, `last_used_at` moved on each refresh; the family's tokens say whether it is live.
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    familyId: uuid('family_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent header as sent, cut to 512 characters: browser and system are read from it. */
    userAgent: text('user_agent').notNull().default(''),
    /** How the login was proven: a password, an emailed link (sign-in or verification) or a passkey. */
    authMethod: text('auth_method', { enum: ['password', 'link', 'passkey'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the person proved who they are in this session (login, or a re-authentication). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_sessions_user_idx').on(t.userId, t.lastUsedAt.desc()),
    check('login_sessions_user_agent_length', sql`char_length(${t.userAgent}) <= 512`),
  ],
);

/** WebAuthn credentials (passkeys): the public key and what the authenticator said of itself. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential ID, base64url. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('passkeys_user_idx').on(t.userId, t.createdAt),
    check('passkeys_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('passkeys_id_length', sql`char_length(${t.id}) <= 1400`),
  ],
);

/** WebAuthn challenges handed out and not yet answered: each is used once, within minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** The signed-in user it was issued to (registration, re-authentication); null for a login. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'login', 'reauth'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A person's notification choices, one row per kind and channel they changed; a kind without a row
 * is on (its default). Opening alerts by email keep their switch in users.opening_alerts.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_preferences_kind_length', sql`char_length(${t.kind}) <= 40`),
    check('notification_preferences_channel_length', sql`char_length(${t.channel}) <= 20`),
  ],
);

/** Deleted accounts as counts only (per day and account type): nothing about who they were. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    day: date('day').notNull(),
    userType: text('user_type', { enum: ['client', 'provider'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userType] })],
);
