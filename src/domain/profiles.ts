import { z } from 'zod';
import { UserSchema } from './auth';
import { HttpUrlSchema, PositionSchema, text } from './fields';
import { OpeningSchema } from './openings';
import { LIMITS } from './options';
import { PoliciesReplySchema, PoliciesSchema } from './policies';
import { PricingListSchema } from './pricing';
import { LISTING_ITEMS, PROFILE_LIMITS, PROFILE_TEXTS } from './profiles-options';

/** Provider profiles: the account form, the profile API and the public page (docs/product.md §2, §3, §7). */

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

/** Every provider field the account form edits (and the API accepts), with docs/product.md §5's messages. */
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
  /** The deposit, cancellation notice and policy text, saved together (policies.ts). */
  policies: PoliciesSchema,
});
export type ProviderFields = z.output<typeof ProviderFieldsSchema>;

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

const PricingEntryReplySchema = z.object({
  service: z.string(),
  description: z.string(),
  price: z.string(),
  priceType: z.enum(['fixed', 'range', 'starting_at', 'contact']),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  durationMin: z.number().nullable(),
  durationMax: z.number().nullable(),
  bookingLink: z.string(),
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
  /** What the provider states about deposits and cancelling (null / '' for what they do not). */
  policies: PoliciesReplySchema,
  /** Placed on the map by their own pin (true), or at their zip's centre (false). */
  pinned: z.boolean(),
  /** Their point on the map (the pin, or the zip's centre; 3 decimals); null without a zip. */
  position: PositionSchema.nullable(),
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

/** GET /api/user/{slug}: what anyone may see. The email stays private (docs/product.md §10). */
export const PublicProfileSchema = ProviderDataSchema.omit({ zip: true }).extend({
  id: z.string(),
  routing_slug: z.string(),
  name: z.string(),
  user_type: z.literal('provider'),
  avatar_url: z.string().nullable(),
  /** Visible reviews only; a provider without any shows 'New' (docs/product.md §10). */
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
  /**
   * The landing pages of the provider's city for each of their categories ('Barbers in Chicago, IL'),
   * in the profile's category order: the breadcrumbs and their BreadcrumbList.
   * Empty when not listed or when the zip names no city.
   */
  places: z.array(z.object({ category: z.string(), path: z.string(), label: z.string() })),
  /**
   * 'Usually replies within N hours' (MESSAGE_TEXTS.usuallyReplies): the median time the provider
   * took to answer a client's message over the last 90 days, in hours rounded up (at least 1); null
   * with fewer than 5 such replies. Always sent by the server; optional for older cached pages.
   */
  reply_hours: z.number().int().nullable().optional(),
  /**
   * The zip whose centre the provider shows at on the map ('On the map at the centre of 78701'); null
   * when pinned (their own pin) or without a zip.
   */
  map_zip: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const PublicProfileReplySchema = z.object({ success: z.literal(true), profile: PublicProfileSchema });

export const SlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });
