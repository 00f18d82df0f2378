import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    userType: text('user_type', { enum: ['client', 'provider'] })
      .notNull()
      .default('client'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    routingSlug: text('routing_slug').notNull(),
    avatarUrl: text('avatar_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this moment are refused (set by a password reset). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** Emails when a saved provider posts an opening (on by default; one-click unsubscribe turns it off). */
    openingAlerts: boolean('opening_alerts').notNull().default(true),
    /**
     * Quiet hours for pushes (minutes after midnight, in push_quiet_zone): none is sent from start
     * until end (over midnight when end < start). Null: no quiet hours. Emails are not held.
     */
    pushQuietStart: smallint('push_quiet_start'),
    pushQuietEnd: smallint('push_quiet_end'),
    pushQuietZone: text('push_quiet_zone'),
    /** Keyed hash of the address the account signed up from (never the address itself): reviews
     *  from an account that shares it with the provider are held for moderation. */
    registrationIpHash: text('registration_ip_hash'),
    /**
     * Whether anyone may see this provider: on search, /availability, favourites, messages, reviews,
     * the sitemap and the public page (ADR 013). Kept by the database (migration 0015's
     * triggers, provider_listed()): a verified provider account with a name and a complete profile.
     */
    listed: boolean('listed').notNull().default(false),
    /**
     * The account profile's version (the user's fields and the provider profile together): moved on
     * every write of either, sent as the ETag of GET /api/auth/profile and checked against If-Match.
     */
    profileVersion: integer('profile_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_routing_slug_idx').on(t.routingSlug),
    // The sitemap's provider files (modules/seo): listed slugs in order, read index-only.
    index('users_listed_slug_idx').on(t.routingSlug).where(sql`${t.listed}`),
    index('users_type_created_idx').on(t.userType, t.createdAt),
    check('users_user_type_check', sql`${t.userType} in ('client', 'provider')`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check(
      'users_push_quiet_hours',
      sql`(${t.pushQuietStart} IS NULL AND ${t.pushQuietEnd} IS NULL AND ${t.pushQuietZone} IS NULL) OR (${t.pushQuietStart} BETWEEN 0 AND 1439 AND ${t.pushQuietEnd} BETWEEN 0 AND 1439 AND ${t.pushQuietStart} <> ${t.pushQuietEnd} AND char_length(${t.pushQuietZone}) BETWEEN 1 AND 64)`,
    ),
  ],
);

/** A user as stored: what request.user holds and the modules pass around. */
export type UserRow = typeof users.$inferSelect;

/**
 * Pricing entry as the profile stores it (docs/product.md §3 service package): always with its
 * price type and numbers (provider_profiles_pricing_typed), `price` being their text.
 */
export interface PricingEntry {
  service: string;
  price: string;
  description: string;
  priceType: 'fixed' | 'range' | 'starting_at' | 'contact';
  minPrice: number | null;
  maxPrice: number | null;
  /** How long the service takes in minutes: its shortest, and its longest when it is a range (else null). */
  durationMin?: number | null;
  durationMax?: number | null;
  /** The provider's own booking page for this service (http(s)), '' or absent when none. */
  bookingLink?: string;
}

/** Weekly availability: weekday → list of 'HH:00' slot starts. */
export type WeeklySlots = Partial<
  Record<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday', string[]>
>;

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    zip: text('zip'),
    /** The zip's centre, or the provider's chosen spot when `pinned` (rounded to 3 decimals, about 100 m). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The provider placed their pin themselves (latitude/longitude); false: the zip's centre. */
    pinned: boolean('pinned').notNull().default(false),
    bookingLink: text('booking_link').notNull().default(''),
    additionalDetails: text('additional_details').notNull().default(''),
    /**
     * The IANA time zone the provider's openings are in ('America/Chicago'), chosen on the account
     * page; null: the zone of the profile's zip.
     */
    timeZone: text('time_zone'),
    licenseDetails: text('license_details').notNull().default(''),
    availability: text('availability').notNull().default(''),
    availabilitySlots: jsonb('availability_slots').$type<WeeklySlots>().notNull().default({}),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    specialties: text('specialties').array().notNull().default(sql`'{}'::text[]`),
    certifications: text('certifications').array().notNull().default(sql`'{}'::text[]`),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    portfolioImages: text('portfolio_images').array().notNull().default(sql`'{}'::text[]`),
    pricing: jsonb('pricing').$type<PricingEntry[]>().notNull().default([]),
    /** The deposit the provider asks when booking: an amount in dollars or a percentage; null: none stated. */
    depositType: text('deposit_type').$type<'amount' | 'percent'>(),
    depositValue: doublePrecision('deposit_value'),
    /** Hours of notice the provider asks before a cancellation; null: none stated. */
    cancellationNoticeHours: smallint('cancellation_notice_hours'),
    /** The provider's short policy text ('' when none). */
    policyText: text('policy_text').notNull().default(''),
    /**
     * A location, a zip we know and at least one named service with a price type: what a profile
     * needs before it is listed (users.listed). The checklist on /account (domain/profiles.ts
     * missingForListing) states the same rule for the person filling the form.
     */
    profileComplete: boolean('profile_complete').generatedAlwaysAs(
      sql`zip IS NOT NULL AND btrim(location) <> '' AND jsonb_path_exists(pricing, '$[*] ? (@.service like_regex "[^[:space:]]" && (@.priceType == "fixed" || @.priceType == "range" || @.priceType == "starting_at" || @.priceType == "contact"))')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_profiles_zip_idx').on(t.zip),
    // Every package has one of the four price types, as the API writes them: nothing reads a price
    // back from its text (migration 0027 typed the packages saved before price types existed).
    check(
      'provider_profiles_policies',
      sql`(${t.depositType} IS NULL) = (${t.depositValue} IS NULL) AND (${t.depositType} IS NULL OR ${t.depositType} IN ('amount', 'percent')) AND (${t.depositValue} IS NULL OR ${t.depositValue} > 0) AND (${t.depositType} IS DISTINCT FROM 'percent' OR ${t.depositValue} <= 100) AND (${t.cancellationNoticeHours} IS NULL OR ${t.cancellationNoticeHours} BETWEEN 0 AND 720) AND char_length(${t.policyText}) <= 500`,
    ),
    check(
      'provider_profiles_pricing_typed',
      sql`NOT jsonb_path_exists(${t.pricing}, '$[*] ? (!(@.priceType == "fixed" || @.priceType == "range" || @.priceType == "starting_at" || @.priceType == "contact"))')`,
    ),
  ],
);
