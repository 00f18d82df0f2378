import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A client's saved provider (docs/product.md §3 'Favourite provider'). Also who gets a provider's
 * opening alerts.
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.providerId] }),
    // The saved-providers list, newest first, by keyset.
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc(), t.providerId.desc()),
    // Everyone who saved a provider (opening alerts).
    index('favorites_provider_idx').on(t.providerId),
  ],
);

/**
 * A provider a user blocked: no emails about their openings (saved providers' alerts, saved-search
 * alerts) and none of their openings under 'New for you'. Blocking removes them from saved
 * providers; saving them again unblocks them.
 */
export const blockedProviders = pgTable(
  'blocked_providers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.providerId] }),
    // A provider's account being deleted removes their rows.
    index('blocked_providers_provider_idx').on(t.providerId),
  ],
);

/** A user's favourite services (docs/product.md §3 'Favourite services'): names from SERVICE_CATALOGUE. */
export const favoriteServices = pgTable(
  'favorite_services',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.serviceName] }),
    check('favorite_services_name_length', sql`char_length(${t.serviceName}) <= 60`),
  ],
);

/** A signed-in client's click on a provider's booking link (docs/product.md §3 'Booking log'). */
export const bookingLogs = pgTable(
  'booking_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the client deleted their account: the click stays an anonymous count for the provider. */
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'set null' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The service whose own 'Book' was clicked (its name when clicked); null: the profile's main Book. */
    serviceName: text('service_name'),
    /** The click carried a valid page token (issued when the profile or opening was shown to this
     *  client): only such clicks make a client eligible to review. */
    viaPage: boolean('via_page').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A provider's analytics: recent rows, counts, per-day buckets.
    index('booking_logs_provider_created_idx').on(t.providerId, t.createdAt.desc(), t.id.desc()),
    // The admin's list of every click.
    index('booking_logs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Repeat clicks by one client (double-click guard; later: who may review).
    index('booking_logs_client_provider_idx').on(t.clientId, t.providerId, t.createdAt.desc()),
    check('booking_logs_url_length', sql`char_length(${t.url}) <= 2048`),
    check('booking_logs_service_name_length', sql`char_length(${t.serviceName}) <= 100`),
  ],
);
