import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pgArray } from '../sql-array';
import { openings } from './openings';
import { users } from './users';

/** A tsquery written from to_tsquery('english', text): stored parsed, so matching never parses it again. */
const englishTsquery = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsquery',
  toDriver: (value) => sql`to_tsquery('english', ${value})`,
});
/** Amenities written through search_canonical_amenities (as search folds them): matching compares them as stored. */
const canonicalAmenities = customType<{ data: string[]; driverData: string[] }>({
  dataType: () => 'text[]',
  toDriver: (value) => sql`search_canonical_amenities(${pgArray(value)}::text[])`,
});
/** cube from the cube extension; holds ll_to_earth(latitude, longitude) as search.geo computes it. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * A client's saved search: the search's parameters as POST /api/search parsed them
 * (`params`), a name and an alert switch. The `match_*` columns are what the service derived from
 * the parameters when the search was saved (search's own word, zip, price and availability rules),
 * so a new opening is matched against saved searches by index rather than by re-reading each one.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    params: jsonb('params').notNull(),
    alert: boolean('alert').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last alert email about this search was queued: at most one an hour. */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    /** The words' to_tsquery('english', …), as search builds it; null without words. */
    matchTsquery: englishTsquery('match_tsquery'),
    /** Any of the words, matched against a service's name (search's serviceTsquery). */
    matchServiceTsquery: englishTsquery('match_service_tsquery'),
    /** Category words only ('nail tech'): that category, as search does. */
    matchCategory: text('match_category'),
    /** Stems every matching document must hold (words without look-alikes). */
    matchStems: text('match_stems').array().notNull().default(sql`'{}'::text[]`),
    /** Grid cells the zip's radius touches (modules/saved-searches/grid.ts); {-1} = no zip, anywhere. */
    matchCells: integer('match_cells').array().notNull(),
    /** The cells joined with a required stem or the category (grid.ts savedSearchKeys): the index. */
    matchKeys: text('match_keys').array().notNull().default(sql`'{}'::text[]`),
    matchLatitude: doublePrecision('match_latitude'),
    matchLongitude: doublePrecision('match_longitude'),
    /** The zip's centre as ll_to_earth gives it (search.geo llToEarth). */
    matchPoint: cube('match_point'),
    /** The radius as search measures it: the chord between earth points (geo.ts). */
    matchChord: doublePrecision('match_chord'),
    matchPriceMin: numeric('match_price_min', { mode: 'number' }),
    /** Null with a minimum: no upper bound ('$500+'). */
    matchPriceMax: numeric('match_price_max', { mode: 'number' }),
    /** Weekly hours (weekday * 24 + hour) an opening must start in; null = any. */
    matchHours: integer('match_hours').array(),
    /** 'today', 'tomorrow' or YYYY-MM-DD: an opening on that day (provider's local date). */
    matchDate: text('match_date'),
    /** Canonical ('freewifi'): an opening's provider must have them all. */
    matchAmenities: canonicalAmenities('match_amenities'),
    matchMinRating: numeric('match_min_rating', { mode: 'number' }),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // A new opening finds the saved searches around it about something its provider offers. Without
    // GIN's pending list: saves are rare, and every posted opening would otherwise scan the list.
    index('saved_searches_keys_idx')
      .using('gin', t.matchKeys)
      .with({ fastupdate: false })
      .where(sql`${t.alert}`),
    check('saved_searches_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/** Openings that matched a saved search and wait for its next (grouped) alert email. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.openingId] }),
    index('saved_search_matches_created_idx').on(t.createdAt),
  ],
);

/** Each saved-search alert email queued: the daily cap counts them per account. */
export const savedSearchAlertSends = pgTable(
  'saved_search_alert_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id').references(() => savedSearches.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_search_alert_sends_user_idx').on(t.userId, t.sentAt)],
);

/**
 * Openings an account was told of by a saved-search alert: another of its saved searches that matches
 * the same opening leaves it out (one email about an opening, not one per saved search).
 */
export const savedSearchAlertedOpenings = pgTable(
  'saved_search_alerted_openings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => openings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.openingId] })],
);

/** An account's saved-search alert setting; no row = the defaults (SAVED_SEARCH_LIMITS.dailyCapDefault). */
export const savedSearchSettings = pgTable(
  'saved_search_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyCap: smallint('daily_cap').notNull().default(3),
  },
  (t) => [check('saved_search_settings_cap', sql`${t.dailyCap} BETWEEN 1 AND 10`)],
);
