import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Search. Rows here are derived: see migrations/0004_search_documents.sql. */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** cube from the cube extension; holds ll_to_earth(latitude, longitude). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });
const nummultirange = customType<{ data: string }>({ dataType: () => 'nummultirange' });
const numrangeArray = customType<{ data: string }>({ dataType: () => 'numrange[]' });

/**
 * One row per active provider (provider type, verified email), kept by triggers on users and
 * provider_profiles so every writer (sign-up, profile update, uploads, seed) stays correct without
 * knowing about search. Narrow on purpose: the search scans only this table, then joins the page's
 * few rows for the card fields.
 */
export const providerSearch = pgTable(
  'provider_search',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the profile was created: 'newest first'. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Weighted: name A; specialties, service names, category words B; bio, descriptions, location C; the rest D. */
    document: tsvector('document').notNull(),
    /**
     * How complete the profile is (0–100: avatar, portfolio, bio, services, specialties, hours,
     * zip). The static order that broad text searches draw their candidates in.
     */
    quality: smallint('quality').notNull().default(0),
    /**
     * ll_to_earth of the profile's zip centroid, moved by under 0.2 m by a hash of the provider id
     * so that providers of one zip are not at exactly the same distance: 'nearest first' is then one
     * total order the GiST index hands out by itself. Null without a zip.
     */
    earthPoint: cube('earth_point'),
    /** Every priced service as a range ('$X' → [X,X], '$X - $Y' → [X,Y], 'Starting at $X' → [X,X]). */
    prices: nummultirange('prices').notNull().default(sql`'{}'::nummultirange`),
    startingPrice: doublePrecision('starting_price'),
    /** Weekly slots as weekday * 24 + hour (Monday = 0): 'Tue 17:00' → 41. */
    hours: integer('hours').array().notNull().default(sql`'{}'::int[]`),
    /** Canonical amenities (lower case, synonyms folded: 'LGBTQ+ Friendly' = 'lgbtqia+ friendly'). */
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    /** The provider's categories ('hair', 'nails', …): a category word searches by these. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Each priced service's name words with its price, in pairs: service_lexemes[i] is a lexeme of
     * a service priced service_prices[i]. A price filter checks the services the query names here,
     * in the row the search reads anyway, instead of reading provider_search_services per candidate.
     */
    serviceLexemes: text('service_lexemes').array().notNull().default(sql`'{}'::text[]`),
    servicePrices: numrangeArray('service_prices').notNull().default(sql`'{}'::numrange[]`),
    /**
     * The filters a search near a place can ask for, as lexemes (search_facets, migration 0037):
     * 'c:<category>', 'a:<amenity>', 'h<weekly hour>', 'p<price band>'. Kept beside the point in
     * provider_search_earth_idx, so the nearest-first scan tests them in the index.
     */
    facets: tsvector('facets')
      .notNull()
      .generatedAlwaysAs(sql`search_facets(categories, amenities, hours, prices)`),
  },
  (t) => [
    index('provider_search_document_idx').using('gin', t.document),
    // Nearest first, and with words the words tested in the index (each leaf holds the document's
    // lexeme hashes): a common word near a big city reads only the documents that hold it, not
    // every provider nearer than the 251st match (migration 0034). The facets likewise: a filter
    // near a place skips, in the index, the providers it leaves out (migration 0037). Partial, so that only a
    // statement with a test on the point (which proves it not null) can use it: without a place
    // the planner would take a scan of the whole index for a cheap test of the words.
    index('provider_search_earth_idx')
      .using('gist', t.earthPoint, t.document, t.facets)
      .where(sql`earth_point IS NOT NULL`),
    index('provider_search_prices_idx').using('gist', t.prices),
    index('provider_search_hours_idx').using('gin', t.hours),
    index('provider_search_amenities_idx').using('gin', t.amenities),
    index('provider_search_categories_idx').using('gin', t.categories),
    index('provider_search_newest_idx').on(t.createdAt.desc().nullsFirst(), t.providerId.desc().nullsFirst()),
    // NULLS FIRST is what a plain `ORDER BY … DESC` means; DESC NULLS LAST would not serve it.
    index('provider_search_quality_idx').on(
      t.quality.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.providerId.desc().nullsFirst(),
    ),
  ],
);

const numrange = customType<{ data: string }>({ dataType: () => 'numrange' });

/**
 * Each priced service of an active provider, kept with provider_search (migration 0012): which of
 * a provider's services a query names, and that service's own price, for the card ('Balayage ·
 * from $180'), the price filter and the price sort. Read by primary key for a page's candidates.
 */
export const providerSearchServices = pgTable(
  'provider_search_services',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerSearch.providerId, { onDelete: 'cascade' }),
    /** The service's place in the provider's price list (1-based). */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** to_tsvector('english', name): a query word names the service when it matches. */
    document: tsvector('document').notNull(),
    /** The price as a range: '$X' and 'Starting at $X' → [X,X], '$X - $Y' → [X,Y]. */
    price: numrange('price').notNull(),
    /** 'Starting at $X': the card says 'from $X' although the range is [X,X]. */
    startingAt: boolean('starting_at').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.position] })],
);

/**
 * Each listed provider's card as the search pages, the providers list and the landing pages show
 * it, kept with provider_search by the same refresh, and its rating by the reviews' (migration
 * 0035): a page reads one row by primary key per card instead of the user, the profile and the
 * rating, and the planner has one join to place instead of three.
 */
export const providerCards = pgTable('provider_cards', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => providerSearch.providerId, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  routingSlug: text('routing_slug').notNull(),
  avatarUrl: text('avatar_url'),
  location: text('location').notNull(),
  /** The first three specialties. */
  specialties: text('specialties').array().notNull(),
  categories: text('categories').array().notNull(),
  amenities: text('amenities').array().notNull(),
  /** The first two portfolio images, and how many there are. */
  portfolioImages: text('portfolio_images').array().notNull(),
  portfolioCount: integer('portfolio_count').notNull(),
  /** The profile's position to 3 decimals (about 100 m): the map's pin. */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** The shown average (one decimal) and the count of visible reviews; null and 0 without any. */
  rating: numeric('rating', { precision: 2, scale: 1 }),
  reviewCount: integer('review_count').notNull().default(0),
  /** Each stored package's durations in minutes, by its position in the pricing (1-based); null without. */
  durationMin: integer('duration_min').array().notNull(),
  durationMax: integer('duration_max').array().notNull(),
});

/**
 * Every word (english lexeme) of every search document, with the document's place in the static
 * order (quality, then newest): the provider ids containing one word, most complete first, kept by
 * a trigger on provider_search (migration 0022). A text search without a zip walks the postings of
 * its rarest word and stops at cap + 1 matches instead of reading every match through the
 * full-text index to keep the most complete. No foreign key: the trigger adds
 * and removes a provider's postings with its document, in the same statement.
 */
export const providerSearchPostings = pgTable(
  'provider_search_postings',
  {
    lexeme: text('lexeme').notNull(),
    quality: smallint('quality').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    providerId: uuid('provider_id').notNull(),
    /**
     * The price bands the provider's prices reach (search_price_mask, migration 0036), one bit each:
     * a walk with a price range skips, in the index, the postings of providers priced outside it.
     */
    priceMask: integer('price_mask').notNull(),
  },
  (t) => [
    // The walk's order (provider_search_quality_idx's), per word; also the key the trigger deletes by.
    // The price mask last, so that a walk tests it in the index (provider_id is already unique per word).
    uniqueIndex('provider_search_postings_walk_idx').on(
      t.lexeme,
      t.quality.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.providerId.desc().nullsFirst(),
      t.priceMask,
    ),
  ],
);

/**
 * The words typo tolerance can correct to: names, specialties, services, categories, locations and
 * products of providers (added by the trigger), plus the category words. Never shrinks; a stale
 * word only widens a corrected query by one alternative.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    /** The english stem of the term ('braids' → 'braid'). */
    lexeme: text('lexeme').notNull(),
  },
  (t) => [index('search_terms_lexeme_idx').on(t.lexeme)],
);

/**
 * The trigrams of every search term (pg_trgm's show_trgm), kept by a trigger on search_terms
 * (migration 0005): the index typo correction looks words up in. pg_trgm's own GIN index is not
 * used because its `%` operator hangs PGlite (db/client.unit.test.ts, docs/architecture.md); the
 * functions show_trgm() and similarity() do not.
 */
export const searchTermTrigrams = pgTable(
  'search_term_trigrams',
  {
    trigram: text('trigram').notNull(),
    term: text('term')
      .notNull()
      .references(() => searchTerms.term, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.trigram, t.term] })],
);

/** Every valid search (docs/product.md §3 'Search log'), written in batches after the reply is sent. */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    query: text('query').notNull().default(''),
    zip: text('zip'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    sessionId: text('session_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    resultCount: integer('result_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's list, newest first, by keyset (created_at, id); and its 'Zero results only' view, which
  // would otherwise walk every search to find the few that found nobody.
  (t) => [
    index('search_logs_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('search_logs_zero_results_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.resultCount} = 0`),
  ],
);
