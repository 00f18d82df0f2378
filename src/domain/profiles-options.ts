import { AVAILABILITY_MAX } from './availability';
import { isHttpUrl } from './links';
import type { ServicePackage } from './pricing';
import { formatDuration } from './pricing-options';
import { SEARCH_TEXTS } from './search-options';

/**
 * Provider profiles' texts, limits and display rules (no zod, so the public page loads them cheaply;
 * the schemas are in profiles.ts).
 */

export const PROFILE_LIMITS = {
  licenseMax: 500,
  additionalDetailsMax: 1000,
  availabilityMax: AVAILABILITY_MAX,
  portfolioMax: 10,
} as const;

export const PROFILE_TEXTS = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  notFound: 'Profile not found',
  loadFailed: 'Failed to load profile',
  accountLoadFailed: 'Failed to load profile. Please try again later.',
  providerOnly: 'Only service providers can change provider profile fields.',
  nameRequiredClient: 'Name is required',
  nameRequiredProvider: 'Business/Professional name is required',
  locationRequired: 'Location is required',
  unknownZip: SEARCH_TEXTS.unknownZip,
  emailNote: 'Change your sign-in email in Settings',
} as const;

export const LISTING_ITEMS = ['name', 'location', 'service'] as const;
export type ListingItem = (typeof LISTING_ITEMS)[number];

/**
 * What the public page shows for empty fields. docs/product.md §3's other defaults ('Professional bio...',
 * 'Location not specified', 'Licensed Professional', a 'Consultation – Starting at $50' package,
 * 'Professional service') are invented content and shown nowhere (ADR 013): an empty
 * field's section is left out. The name default appears only in the owner's preview of a profile
 * that has no name yet, since a profile without one is not listed.
 */
export const PUBLIC_DEFAULTS = {
  name: 'Professional Name',
  availability: 'Please contact for availability',
} as const;

/** What a profile needs before anyone can find it; the checklist on /account names each one. */
export const LISTING_TEXTS = {
  name: 'Your name',
  location: 'Your location, with a zip code',
  service: 'At least one service with its price',
  listedTitle: 'Your profile is live',
  listedBody: 'Clients can find you in search and see your page.',
  unlistedTitle: 'Finish your profile to be listed',
  unlistedBody:
    'Clients find you in search, on Available Openings and on your public page once your profile has:',
  previewBanner: 'Only you can see this page.',
  previewMissing: 'Clients will see it once your profile has:',
  finish: 'Finish your profile',
} as const;

const PRICE_TYPE_SET: ReadonlySet<string> = new Set(['fixed', 'range', 'starting_at', 'contact']);

/**
 * What keeps a provider's saved profile from being listed, in the form's order; [] when complete.
 * The database states the same rule (provider_profiles.profile_complete and provider_listed() in
 * migration 0015, which also needs a verified email); profiles.api.test.ts checks they agree.
 */
export function missingForListing(profile: {
  name: string;
  location?: string;
  zip?: string | null;
  pricing?: readonly { service: string; priceType?: string | null }[];
}): ListingItem[] {
  const missing: ListingItem[] = [];
  if (!profile.name.trim()) missing.push('name');
  if (!profile.location?.trim() || !profile.zip) missing.push('location');
  const priced = (profile.pricing ?? []).some(
    (p) => p.service.trim() !== '' && PRICE_TYPE_SET.has(p.priceType ?? ''),
  );
  if (!priced) missing.push('service');
  return missing;
}

export type AmenityKind = 'inclusive' | 'convenience' | 'experience' | 'other';

/** The public page's amenity labels and kinds (docs/product.md §3 'Amenity display mapping'). */
export function amenityDisplay(amenity: string): { label: string; kind: AmenityKind } {
  const value = amenity.trim();
  if (value === 'LGBTQ+ Friendly' || value === 'LGBTQIA+ Friendly')
    return { label: 'LGBTQIA+ Friendly', kind: 'inclusive' };
  if (value === 'Wheelchair Accessible') return { label: value, kind: 'inclusive' };
  if (value === 'Parking Available' || value === 'Refreshments' || value === 'Snacks & Beverages')
    return { label: value, kind: 'convenience' };
  if (value === 'Silent Service' || value === 'Silent Service Option')
    return { label: value, kind: 'experience' };
  return { label: value, kind: 'other' };
}

/**
 * Services as the public page lists them: named ones only, with what was written (no defaults): the
 * duration as formatDuration writes it (null without one), and the service's own booking link when
 * it is an http(s) one (else null: the service has no Book of its own).
 */
export function publicServices(pricing: readonly Partial<ServicePackage>[]) {
  return pricing
    .filter((p) => p.service?.trim())
    .map((p) => ({
      service: p.service?.trim() ?? '',
      description: p.description?.trim() ?? '',
      price: p.price ?? '',
      duration: formatDuration(p.durationMin, p.durationMax),
      bookingLink: isHttpUrl(p.bookingLink?.trim() ?? '') ? (p.bookingLink?.trim() ?? null) : null,
    }));
}

/** 'Maya Lopez' → 'ML'; used when there is no avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** The public profile's line: where the provider shows on the map (their own pin, or their zip's centre). */
export function mapPositionLine(pinned: boolean, zip: string | null): string | null {
  if (pinned) return 'On the map at their own pin (to about 100 m)';
  return zip ? `On the map at the centre of ${zip}` : null;
}
