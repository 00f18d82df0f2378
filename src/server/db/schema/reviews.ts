import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A client's review of a provider (the reviews issue): one per client and provider, allowed by a
 * booking click 2 hours to 90 days old (checked by the service). Hidden reviews (admin) stay
 * stored but are neither listed nor counted.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    service: text('service'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reply: text('reply'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why the review waits for a moderator before it is shown (set with hidden_at, by the system). */
    heldReason: text('held_reason'),
  },
  (t) => [
    uniqueIndex('reviews_client_provider_idx').on(t.clientId, t.providerId),
    // A provider's visible reviews, newest first, by keyset.
    index('reviews_provider_visible_idx')
      .on(t.providerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    // The admin's hidden list.
    index('reviews_hidden_idx').on(t.hiddenAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} IS NOT NULL`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_text_lengths',
      sql`char_length(${t.text}) <= 1000 and char_length(coalesce(${t.service}, '')) <= 100 and char_length(coalesce(${t.reply}, '')) <= 1000`,
    ),
  ],
);

/** A signed-in user's report of a review; one per user and review. Dismissing deletes them. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.reporterId] }),
    // The admin's reported list: the newest report per review first.
    index('review_reports_created_idx').on(t.createdAt.desc(), t.reviewId),
    check('review_reports_details_length', sql`char_length(coalesce(${t.details}, '')) <= 500`),
  ],
);

/**
 * Each provider's rating, kept by a trigger on reviews (migration 0009) from the visible reviews:
 * cards, search and profiles read one row instead of aggregating. No row = no reviews.
 */
export const providerRatings = pgTable(
  'provider_ratings',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull(),
    ratingSum: integer('rating_sum').notNull(),
    /** The average rounded to one decimal, as shown; what the minimum-rating filter compares. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
  },
  (t) => [index('provider_ratings_rating_idx').on(t.rating.desc(), t.reviewCount.desc())],
);
