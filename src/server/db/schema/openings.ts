import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A short-notice opening a provider posts (docs/product.md §3 'Opening'). */
export const openings = pgTable(
  'openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    price: text('price'),
    /**
     * The service's usual price when the opening is offered for less ('was $180, now $140': 180);
     * null when the price is not reduced. `price` is then the reduced amount.
     */
    regularPrice: doublePrecision('regular_price'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /**
     * The provider's time zone when the opening was posted or last changed ('America/Chicago'): its
     * times are shown on that zone's clocks, and /availability's day filter reads its day there. The
     * service always sets it; the default only serves rows written straight into the table.
     */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    note: text('note'),
    locationOverride: text('location_override'),
    bookingLinkOverride: text('booking_link_override'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list: active openings by start time (soonest first), paged by (start_time, id).
    index('openings_active_start_idx').on(t.startTime, t.id).where(sql`${t.isActive}`),
    // /availability's 'reduced price' filter: active reduced openings by start time.
    index('openings_reduced_start_idx')
      .on(t.startTime, t.id)
      .where(sql`${t.isActive} AND ${t.regularPrice} IS NOT NULL`),
    // A provider's own list, and their openings on the profile.
    index('openings_provider_start_idx').on(t.providerId, t.startTime),
    // /availability's words filter: the service type and note, English stems.
    index('openings_text_idx').using(
      'gin',
      sql`to_tsvector('english', ${t.serviceType} || ' ' || coalesce(${t.note}, ''))`,
    ),
    check('openings_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check(
      'openings_regular_price',
      sql`${t.regularPrice} IS NULL OR (${t.regularPrice} > 0 AND ${t.price} IS NOT NULL)`,
    ),
    check(
      'openings_text_lengths',
      sql`char_length(${t.serviceType}) <= 100 and char_length(coalesce(${t.price}, '')) <= 50 and char_length(coalesce(${t.note}, '')) <= 500 and char_length(coalesce(${t.locationOverride}, '')) <= 200 and char_length(coalesce(${t.bookingLinkOverride}, '')) <= 2048`,
    ),
  ],
);

/**
 * A provider whose new openings still have to be announced to the people who saved them. Written
 * with the opening; the alert dispatcher picks it up when due (a short delay groups openings posted
 * together into one email).
 */
export const openingAlertDispatches = pgTable(
  'opening_alert_dispatches',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('opening_alert_dispatches_due_idx').on(t.dueAt)],
);

/** When a user last got an alert about a provider: at most one per hour per pair. */
export const openingAlertSends = pgTable(
  'opening_alert_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);
