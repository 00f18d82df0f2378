import type { z } from 'zod';
import { parseAvailability } from '#domain/availability-text.ts';
import {
  MAP_LIMITS,
  MAP_TEXTS,
  type MapPositionBodySchema,
  pinResetText,
  roundCoordinate,
} from '#domain/map-area.ts';
import { MESSAGE_LIMITS } from '#domain/messages-options.ts';
import type { Policies } from '#domain/policies.ts';
import { PROFILE_VERSION_TEXTS } from '#domain/profile-versions.ts';
import type {
  AccountProfile,
  ProviderData,
  PublicProfile,
  UpdateProfileBodySchema,
} from '#domain/profiles.ts';
import { missingForListing, PROFILE_TEXTS } from '#domain/profiles-options.ts';
import { ifMatchTags } from '#domain/versions.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { clickTokenFor } from '#server/lib/click-tokens.ts';
import { distanceMeters, METERS_PER_MILE } from '#server/lib/geo.ts';
import { lookupZip, zipFromLocation } from '#server/lib/zip-lookup.ts';
import { toUser } from '../auth/auth.service';
import { openingsExpireAt, profileOpenings } from '../openings/openings.service';
import { providerLandingPages } from '../places/places.service';
import { summaryOf } from '../reviews/reviews.service';
import type { ProviderProfileRow, ProviderProfileUpdate } from './profiles.queries';
import * as q from './profiles.queries';

type UpdateProfile = z.output<typeof UpdateProfileBodySchema>;

/** The provider's policies from their profile's columns (the openings read them the same way in SQL). */
export function policiesOf(
  row: Pick<ProviderProfileRow, 'depositType' | 'depositValue' | 'cancellationNoticeHours' | 'policyText'>,
): Policies {
  return {
    deposit:
      row.depositType && row.depositValue !== null
        ? { type: row.depositType, value: row.depositValue }
        : null,
    cancellation_notice_hours: row.cancellationNoticeHours,
    text: row.policyText,
  };
}

/** The profile's columns for policies as PoliciesSchema parsed them (the account form, the API, the seed). */
export function policyColumns(policies: Policies) {
  return {
    depositType: policies.deposit?.type ?? null,
    depositValue: policies.deposit?.value ?? null,
    cancellationNoticeHours: policies.cancellation_notice_hours,
    policyText: policies.text,
  } satisfies ProviderProfileUpdate;
}

function toProviderData(row: ProviderProfileRow): ProviderData {
  return {
    bio: row.bio,
    location: row.location,
    zip: row.zip,
    booking_link: row.bookingLink,
    license_details: row.licenseDetails,
    additional_details: row.additionalDetails,
    availability: row.availability,
    specialties: row.specialties,
    certifications: row.certifications,
    amenities: row.amenities,
    products: row.products,
    categories: row.categories,
    portfolio_images: row.portfolioImages,
    pricing: row.pricing.map((p) => ({
      service: p.service,
      description: p.description,
      price: p.price,
      priceType: p.priceType,
      minPrice: p.minPrice,
      maxPrice: p.maxPrice,
      // Packages saved before services had durations and links have neither.
      durationMin: p.durationMin ?? null,
      durationMax: p.durationMax ?? null,
      bookingLink: p.bookingLink ?? '',
    })),
    policies: policiesOf(row),
    pinned: row.pinned,
    position:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: roundCoordinate(row.latitude), longitude: roundCoordinate(row.longitude) },
  };
}

function toAccountProfile(user: UserRow, profile: ProviderProfileRow | undefined): AccountProfile {
  return { ...toUser(user), ...(profile ? toProviderData(profile) : {}) };
}

/**
 * A listed provider by id, or undefined: what favourites, messages and image redirects check before
 * they touch one.
 */
export async function findPublicProvider(ctx: AppContext, providerId: string) {
  return q.findPublicProviderById(ctx.db, providerId);
}

/** An account profile and the ETag of its version (GET and PUT /api/auth/profile send it). */
export interface VersionedProfile {
  profile: AccountProfile;
  etag: string;
  /** What the reply says when it is more than 'Profile updated' (a zip change moved the pin). */
  message?: string;
}

/**
 * The ETag of an account profile's version (users.profile_version, moved on by every write of what
 * GET /api/auth/profile answers): a strong validator, `"p7"`.
 */
export function profileEtag(version: number): string {
  return `"p${version}"`;
}

/**
 * The signed-in user's own profile: user fields, and every provider field for providers, with the
 * ETag of its version. The version comes from the account row read first (authentication), so the
 * fields read after it are never older than it: a write in between only makes the ETag older, which
 * costs a 412 and never a lost edit.
 */
export async function getAccountProfile(ctx: AppContext, user: UserRow): Promise<VersionedProfile> {
  const profile = user.userType === 'provider' ? await q.findProviderProfile(ctx.db, user.id) : undefined;
  return { profile: toAccountProfile(user, profile), etag: profileEtag(user.profileVersion) };
}

/** Where the profile is for search: an entered zip wins, else the last real zip in the location. */
function resolveZip(enteredZip: string | undefined, location: string) {
  if (enteredZip) {
    const place = lookupZip(enteredZip);
    if (!place) throw fieldError('zip', PROFILE_TEXTS.unknownZip);
    return place;
  }
  return zipFromLocation(location);
}

/**
 * Applies a partial update. Clients may change only their name; providers every field. The
 * availability text is parsed into weekly slots for search; the zip is resolved to coordinates.
 * With `ifMatch` (the If-Match header), the write happens only while the profile is still the version
 * it names, checked under the account row's lock: another version is 412 PRECONDITION_FAILED and
 * nothing changes. Every write moves the version on, and the answer carries the new ETag.
 */
/** Whether the If-Match header's tags (ifMatchTags: one parser for every versioned resource) name `etag`. */
const ifMatchAccepts = (tags: '*' | string[], etag: string) => tags === '*' || tags.includes(etag);

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  body: UpdateProfile,
  ifMatch?: string,
): Promise<VersionedProfile> {
  const { name, ...fields } = body;
  const providerKeys = Object.keys(fields) as (keyof typeof fields)[];
  if (user.userType !== 'provider' && providerKeys.length > 0) {
    throw new AppError('FORBIDDEN', PROFILE_TEXTS.providerOnly);
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await q.lockUser(tx, user.id);
    if (!locked) throw new AppError('NOT_FOUND', PROFILE_TEXTS.notFound);
    if (ifMatch !== undefined && !ifMatchAccepts(ifMatchTags(ifMatch), profileEtag(locked.profileVersion))) {
      throw new AppError('PRECONDITION_FAILED', PROFILE_VERSION_TEXTS.changedElsewhere);
    }
    const saveUser = () =>
      q.updateUserProfile(tx, user.id, name !== undefined && name !== locked.name ? { name } : {});
    const versioned = (row: UserRow, profile: ProviderProfileRow | undefined): VersionedProfile => ({
      profile: toAccountProfile(row, profile),
      etag: profileEtag(row.profileVersion),
    });
    if (locked.userType !== 'provider') return versioned(await saveUser(), undefined);

    const current = await q.findProviderProfile(tx, user.id);
    if (!current) throw new AppError('NOT_FOUND', PROFILE_TEXTS.notFound);
    if (providerKeys.length === 0) return versioned(await saveUser(), current);

    const values: ProviderProfileUpdate = {};
    if (fields.bio !== undefined) values.bio = fields.bio;
    if (fields.location !== undefined) values.location = fields.location;
    if (fields.booking_link !== undefined) values.bookingLink = fields.booking_link;
    if (fields.license_details !== undefined) values.licenseDetails = fields.license_details;
    if (fields.additional_details !== undefined) values.additionalDetails = fields.additional_details;
    if (fields.specialties !== undefined) values.specialties = fields.specialties;
    if (fields.certifications !== undefined) values.certifications = fields.certifications;
    if (fields.amenities !== undefined) values.amenities = fields.amenities;
    if (fields.products !== undefined) values.products = fields.products;
    if (fields.pricing !== undefined) values.pricing = fields.pricing;
    if (fields.policies !== undefined) Object.assign(values, policyColumns(fields.policies));
    if (fields.availability !== undefined) {
      values.availability = fields.availability;
      values.availabilitySlots = parseAvailability(fields.availability).timeSlots;
    }
    let message: string | undefined;
    if (fields.zip !== undefined || fields.location !== undefined) {
      const place = resolveZip(fields.zip, fields.location ?? current.location);
      values.zip = place?.zip ?? null;
      // A pin stays while the zip does; a new zip puts the provider at its centre, and says so.
      if (!current.pinned || values.zip !== current.zip) {
        values.latitude = place?.latitude ?? null;
        values.longitude = place?.longitude ?? null;
        if (current.pinned) {
          values.pinned = false;
          message = `${PROFILE_TEXTS.updated}. ${pinResetText(values.zip)}`;
        }
      }
    }
    const updatedUser = await saveUser();
    const updated = await q.updateProviderProfile(tx, user.id, values);
    return { ...versioned(updatedUser, updated), ...(message ? { message } : {}) };
  });
}

/**
 * The provider's place on the map: their zip's centre (pinned false), or their own pin, rounded to
 * MAP_LIMITS.decimals and within MAP_LIMITS.pinMaxMiles of the zip's centre (else a 400 and nothing
 * changes). Providers only; moves the profile's version on like any profile write, and honours If-Match.
 */
export async function setMapPosition(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof MapPositionBodySchema>,
  ifMatch?: string,
): Promise<VersionedProfile> {
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', PROFILE_TEXTS.providerOnly);
  return ctx.db.transaction(async (tx) => {
    const locked = await q.lockUser(tx, user.id);
    if (!locked) throw new AppError('NOT_FOUND', PROFILE_TEXTS.notFound);
    if (ifMatch !== undefined && !ifMatchAccepts(ifMatchTags(ifMatch), profileEtag(locked.profileVersion))) {
      throw new AppError('PRECONDITION_FAILED', PROFILE_VERSION_TEXTS.changedElsewhere);
    }
    const current = await q.findProviderProfile(tx, user.id);
    if (!current) throw new AppError('NOT_FOUND', PROFILE_TEXTS.notFound);
    const centre = current.zip ? lookupZip(current.zip) : null;
    let values: ProviderProfileUpdate;
    if (!body.pinned) {
      values = { pinned: false, latitude: centre?.latitude ?? null, longitude: centre?.longitude ?? null };
    } else {
      if (!centre) throw fieldError('latitude', MAP_TEXTS.pinNeedsZip);
      const pin = { latitude: roundCoordinate(body.latitude), longitude: roundCoordinate(body.longitude) };
      if (distanceMeters(centre, pin) > MAP_LIMITS.pinMaxMiles * METERS_PER_MILE)
        throw fieldError('latitude', MAP_TEXTS.pinTooFar);
      values = { pinned: true, ...pin };
    }
    const updatedUser = await q.updateUserProfile(tx, user.id, {});
    const updated = await q.updateProviderProfile(tx, user.id, values);
    return {
      profile: toAccountProfile(updatedUser, updated),
      etag: profileEtag(updatedUser.profileVersion),
      message: body.pinned ? MAP_TEXTS.pinSaved : MAP_TEXTS.zipCentreSaved,
    };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Openings shown on a public profile. */
const PROFILE_OPENINGS = 10;

/**
 * The public profile of a listed provider; anything else is 'Profile not found', except that the
 * owner of a profile not listed yet gets it as a preview (`listed: false`; the page says what is
 * missing). A signed-in `viewer` other than the provider also gets the click token its Book buttons send.
 */
export async function getPublicProfile(
  ctx: AppContext,
  slugInput: string,
  viewer: UserRow | null = null,
): Promise<PublicProfile> {
  const slug = slugInput.trim().toLowerCase();
  const row = await q.findProviderBySlug(
    ctx.db,
    slug,
    profileOpenings(ctx, PROFILE_OPENINGS),
    replyWindowStart(ctx.now()),
  );
  if (!row || !(row.user.listed || viewer?.id === row.user.id)) {
    throw new AppError('NOT_FOUND', PROFILE_TEXTS.notFound);
  }
  const { zip, ...data } = toProviderData(row.profile);
  const rating = summaryOf(row.rating ?? undefined);
  const clickToken = await clickTokenFor(ctx, viewer, row.user.id);
  return {
    ...data,
    id: row.user.id,
    routing_slug: row.user.routingSlug,
    name: row.user.name,
    user_type: 'provider',
    avatar_url: row.user.avatarUrl,
    review_count: rating.count,
    rating: rating.average,
    member_since: row.user.createdAt.toISOString(),
    listed: row.user.listed,
    ...(row.user.listed ? {} : { missing: missingForListing({ ...row.profile, name: row.user.name }) }),
    upcoming_openings: row.openings,
    ...(clickToken ? { click_token: clickToken } : {}),
    places: row.user.listed ? providerLandingPages(zip, data.categories) : [],
    reply_hours: row.replyHours ?? null,
    map_zip: row.profile.pinned ? null : zip,
  };
}

/** The oldest reply that counts towards 'Usually replies within N hours' at `now`. */
const replyWindowStart = (now: Date) => new Date(now.getTime() - MESSAGE_LIMITS.replyWindowDays * DAY_MS);

/**
 * 'Usually replies within N hours': the median time the provider took to answer a client over the
 * last MESSAGE_LIMITS.replyWindowDays days (message_reply_times), in hours rounded up, at least 1;
 * null with fewer than MESSAGE_LIMITS.replyTimeMinReplies replies. The public profile reads the same
 * figure in its own statement.
 */
export async function replyHoursOf(db: Db, providerId: string, now: Date): Promise<number | null> {
  return q.findReplyHours(db, providerId, replyWindowStart(now));
}

/** The public profile as `viewer` sees it: with their click token when they are not the provider. */
export async function withClickToken(
  ctx: AppContext,
  profile: PublicProfile,
  viewer: UserRow,
): Promise<PublicProfile> {
  const clickToken = await clickTokenFor(ctx, viewer, profile.id);
  return clickToken ? { ...profile, click_token: clickToken } : profile;
}

/**
 * How long a public profile stays right without a write: until its first shown opening ends, and at
 * most a minute, within which an opening further out may enter the 5-day window.
 */
export function publicProfileExpiresAt(ctx: AppContext, profile: PublicProfile): number {
  return openingsExpireAt(ctx.now().getTime(), profile.upcoming_openings);
}
