import { z } from 'zod';
import { LANDING_TEXTS } from './landing-texts';
import { LANDING_SLUG_MAX } from './places-options';
import { ProviderCardSchema } from './search';

/** The landing pages' API schemas; their rules are in places-options.ts, their texts in landing-texts.ts. */

const slugParam = z.string().max(LANDING_SLUG_MAX, LANDING_TEXTS.notFound);

export const LandingParamsSchema = z.object({ service: slugParam, place: slugParam });

export const LandingQuerySchema = z.object({
  cursor: z.string().max(200, LANDING_TEXTS.cursorInvalid).optional(),
});

/** A link to another landing page: its path, what it is called, and how many providers it lists. */
export const LandingLinkSchema = z.object({
  path: z.string(),
  label: z.string(),
  count: z.number().int(),
});
export type LandingLink = z.infer<typeof LandingLinkSchema>;

export const LandingReplySchema = z.object({
  success: z.literal(true),
  topic: z.object({
    slug: z.string(),
    label: z.string(),
    kind: z.enum(['category', 'service']),
  }),
  place: z.object({ slug: z.string(), city: z.string(), state: z.string() }),
  path: z.string(),
  heading: z.string(),
  figures: z.object({
    /** Listed providers on the page, every page. */
    providers: z.number().int(),
    /**
     * A service page: the lowest and highest price of that service among them; a category page: of
     * their starting prices. Null when none has a price (every one 'Contact for pricing').
     */
    priceMin: z.number().nullable(),
    priceMax: z.number().nullable(),
    /**
     * Their public openings starting in the next OPENING_LIMITS.windowDays days; on a service page
     * only those whose service type names the service.
     */
    openings: z.number().int(),
  }),
  providers: z.array(ProviderCardSchema),
  nextCursor: z.string().nullable(),
  nearby: z.array(LandingLinkSchema),
  related: z.array(LandingLinkSchema),
});
export type LandingReply = z.infer<typeof LandingReplySchema>;
