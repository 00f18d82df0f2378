import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Provider insights (ADR 019): counters per provider and day, the day in the
// provider's time zone. Written in batches by modules/insights; never who looked, only how many.

/** One provider's figures on one of their days. Booking clicks are read from booking_logs. */
export const providerInsightDays = pgTable(
  'provider_insight_days',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Times the provider's card was on a search results page a browser rendered. */
    impressions: integer('impressions').notNull().default(0),
    /** Distinct visitors of the profile that day (by a salted hash thrown away after the day). */
    profileViews: integer('profile_views').notNull().default(0),
    newFavorites: integer('new_favorites').notNull().default(0),
    /** Saved-search alert emails that listed one of the provider's openings. */
    alertInclusions: integer('alert_inclusions').notNull().default(0),
    /** Push notifications about the provider's openings that someone opened (once per person and opening). */
    pushOpens: integer('push_opens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.day] })],
);

/** How often each search word showed the provider on a day (the top words are summed over a period). */
export const providerInsightWords = pgTable(
  'provider_insight_words',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    word: text('word').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.day, t.word] }),
    check('provider_insight_words_word_length', sql`char_length(${t.word}) <= 40`),
  ],
);

/**
 * Raw events: one row per distinct visitor of a profile on a day, as a hash of the day's salt and
 * the request (address, browser). Only there to count a visitor once; deleted with the salt soon
 * after the day ends, after which no key can be recomputed from a request.
 */
export const insightViewKeys = pgTable(
  'insight_view_keys',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.day, t.visitorKey] }),
    index('insight_view_keys_day_idx').on(t.day),
  ],
);

/** The random salt of each calendar day's visitor keys; deleted with the keys. */
export const insightDaySalts = pgTable('insight_day_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The insight tokens already counted: a token the server issued with a search reply or for a profile
 * view counts once, whichever server process its beacon reaches. Deleted once the token has expired
 * (it cannot be counted then anyway).
 */
export const insightCountedTokens = pgTable(
  'insight_counted_tokens',
  {
    /** The token's random nonce, hex. */
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('insight_counted_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * The (client, provider) pairs already counted as a new favourite: saving, unsaving and saving again
 * counts once, ever. Gone with either account.
 */
export const insightFavoriteFirsts = pgTable(
  'insight_favorite_firsts',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.providerId] }),
    index('insight_favorite_firsts_provider_idx').on(t.providerId),
  ],
);
