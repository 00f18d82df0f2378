import { z } from 'zod';
import { UserSchema } from './auth';
import { AVAILABILITY_MAX } from './availability';
import { HttpUrlSchema, text } from './fields';
import { OpeningSchema } from './openings';
import { LIMITS } from './options';
import { PricingListSchema, type ServicePackage } from './pricing';
import { SEARCH_TEXTS } from './search-options';

/** Provider profiles: the account form, the profile API and the public page (SPEC.md §2, §3, §7). */

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
  emailNote: 'Contact support to change your email address',
} as const;

/** One entry of a specialty / certification / amenity / product list: trimmed, 1–60 characters. */
export const ListItemSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a value')
  .max(LIMITS.listItemMax, `Each item must be at most ${LIMITS.listItemMax} characters`);

/** A bounded list; the same item twice (ignoring case) is kept once. */
function listOf(label: string) {
  return z
    .array(ListItemSchema)
    .max(LIMITS.listMax, `You can add at most ${LIMITS.listMax} ${label}`)
    .transform((items) => {
      const seen = new Set<string>();
      return items.filter((item) => {
        const key = item.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

export const ZipInputSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{5}$/.test(v), 'Zip code must be 5 digits');

/** Every provider field the account form edits (and the API accepts), with SPEC.md §5's messages. */
export const ProviderFieldsSchema = z.object({
  bio: text(LIMITS.bioMax, 'Bio'),
  location: text(LIMITS.locationMax, 'Location').min(1, PROFILE_TEXTS.locationRequired),
  /** Optional; when blank, a zip inside the location text is used. */
  zip: ZipInputSchema,
  booking_link: HttpUrlSchema,
  license_details: text(PROFILE_LIMITS.licenseMax, 'License information'),
  additional_details: text(PROFILE_LIMITS.additionalDetailsMax, 'Additional details'),
  availability: text(PROFILE_LIMITS.availabilityMax, 'Availability'),
  specialties: listOf('specialties'),
  certifications: listOf('certifications'),
  amenities: listOf('amenities'),
  products: listOf('products'),
  pricing: PricingListSchema,
});
export type ProviderFields = z.output<typeof ProviderFieldsSchema>;
export const PROVIDER_FIELD_KEYS = Object.keys(ProviderFieldsSchema.shape) as (keyof ProviderFields)[];

const NameSchema = text(LIMITS.nameMax, 'Name').min(1, PROFILE_TEXTS.nameRequiredClient);

/**
 * PUT /api/auth/profile: any subset of the fields. A client may send only `name`; a provider may
 * send every field. Unknown fields are refused rather than silently dropped.
 */
export const UpdateProfileBodySchema = z
  .object({ name: NameSchema, ...ProviderFieldsSchema.shape })
  .partial()
  .strict();
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;

/** The client account form (name only). */
export const ClientAccountFormSchema = z.object({ name: NameSchema });

/** The provider form: name plus every provider field except pricing, which saves on its own. */
export const ProviderAccountFormSchema = ProviderFieldsSchema.omit({ pricing: true }).extend({
  name: text(LIMITS.nameMax, 'Name').min(1, PROFILE_TEXTS.nameRequiredProvider),
});
export type ProviderAccountFormInput = z.input<typeof ProviderAccountFormSchema>;

const PricingEntryReplySchema = z.object({
  service: z.string(),
  description: z.string(),
  price: z.string(),
  priceType: z.enum(['fixed', 'range', 'starting_at', 'contact']),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});

/** The provider part of a profile as the API answers it. */
export const ProviderDataSchema = z.object({
  bio: z.string(),
  location: z.string(),
  zip: z.string().nullable(),
  booking_link: z.string(),
  license_details: z.string(),
  additional_details: z.string(),
  availability: z.string(),
  specialties: z.array(z.string()),
  certifications: z.array(z.string()),
  amenities: z.array(z.string()),
  products: z.array(z.string()),
  categories: z.array(z.string()),
  portfolio_images: z.array(z.string()),
  pricing: z.array(PricingEntryReplySchema),
});
export type ProviderData = z.infer<typeof ProviderDataSchema>;

/** GET/PUT /api/auth/profile: the user, plus every provider field for providers. */
export const AccountProfileSchema = UserSchema.extend(ProviderDataSchema.partial().shape);
export type AccountProfile = z.infer<typeof AccountProfileSchema>;

export const AccountProfileReplySchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  profile: AccountProfileSchema,
});

/** What a profile needs before it is listed, in the form's order (missingForListing). */
export const LISTING_ITEMS = ['name', 'location', 'service'] as const;
export type ListingItem = (typeof LISTING_ITEMS)[number];

/** GET /api/user/{slug}: what anyone may see. The email stays private (DESIGN.md §5). */
export const PublicProfileSchema = ProviderDataSchema.omit({ zip: true }).extend({
  id: z.string(),
  routing_slug: z.string(),
  name: z.string(),
  user_type: z.literal('provider'),
  avatar_url: z.string().nullable(),
  /** Real reviews arrive with the reviews issue; until then every provider is 'New'. */
  review_count: z.number().int(),
  rating: z.number().nullable(),
  member_since: z.string(),
  /**
   * Whether anyone may see the page. Always true for others (an unlisted profile is 'Profile not
   * found' to them); false only in the owner's preview of a profile that is not complete yet.
   */
  listed: z.boolean(),
  /** In the owner's preview of an unlisted profile: what it still needs (missingForListing). */
  missing: z.array(z.enum(LISTING_ITEMS)).optional(),
  /** Their active openings in the next 5 days, soonest first (at most 10). */
  upcoming_openings: z.array(OpeningSchema),
  /**
   * For a signed-in viewer other than the provider: the token the Book buttons on this page send
   * with the click (POST /api/booking-logs `click_token`; ADR 008). Absent for visitors.
   */
  click_token: z.string().optional(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const PublicProfileReplySchema = z.object({ success: z.literal(true), profile: PublicProfileSchema });

export const SlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });

/**
 * What the public page shows for empty fields. SPEC.md §3's other defaults ('Professional bio...',
 * 'Location not specified', 'Licensed Professional', a 'Consultation – Starting at $50' package,
 * 'Professional service') are invented content and shown nowhere (issue 20 item 4; ADR 013): an empty
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

/** The public page's amenity labels and kinds (SPEC.md §3 'Amenity display mapping'). */
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

/** Services as the public page lists them: named ones only, with what was written (no defaults). */
export function publicServices(pricing: readonly Partial<ServicePackage>[]) {
  return pricing
    .filter((p) => p.service?.trim())
    .map((p) => ({
      service: p.service?.trim() ?? '',
      description: p.description?.trim() ?? '',
      price: p.price ?? '',
    }));
}

/** 'Maya Lopez' → 'ML'; used when there is no avatar. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
