import { z } from 'zod';
import { HttpUrlSchema } from './fields';
import { CONTACT_FOR_PRICING, formatPrice, PRICE_TYPES, PRICING_LIMITS } from './pricing-options';
import { PRICING_TEXTS } from './pricing-texts';

/** Service packages and their price texts (docs/product.md §3 'Service package', §5 'Service package'). */

const roundCents = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : value;

const amountSchema = z
  .number({ error: PRICING_TEXTS.validPrice })
  .min(0, PRICING_TEXTS.validPrice)
  .max(PRICING_LIMITS.priceMax, PRICING_TEXTS.tooHigh)
  .nullable()
  .optional();

const durationSchema = z
  .number({ error: PRICING_TEXTS.validDuration })
  .int(PRICING_TEXTS.validDuration)
  .min(PRICING_LIMITS.durationMin, PRICING_TEXTS.validDuration)
  .max(PRICING_LIMITS.durationMax, PRICING_TEXTS.validDuration)
  .nullable()
  .optional();

/**
 * One service package, as the editor submits it and the API stores it. The server recomputes
 * `price` from the type and numbers, so the text can never disagree with them.
 */
export const ServicePackageSchema = z
  .object({
    service: z
      .string({ error: PRICING_TEXTS.serviceRequired })
      .trim()
      .min(1, PRICING_TEXTS.serviceRequired)
      .max(PRICING_LIMITS.serviceMax, `Service name must be at most ${PRICING_LIMITS.serviceMax} characters`),
    description: z
      .string({ error: PRICING_TEXTS.descriptionRequired })
      .trim()
      .min(1, PRICING_TEXTS.descriptionRequired)
      .max(
        PRICING_LIMITS.descriptionMax,
        `Description must be at most ${PRICING_LIMITS.descriptionMax} characters`,
      ),
    priceType: z.enum(PRICE_TYPES, { error: 'Choose a price type' }),
    minPrice: amountSchema,
    maxPrice: amountSchema,
    /** Minutes: the service's length, or its shortest with durationMax its longest (a range). */
    durationMin: durationSchema,
    durationMax: durationSchema,
    /** The provider's booking page for this one service (http(s)); '' for none. */
    bookingLink: HttpUrlSchema.optional(),
    /** Ignored on input (derived); present on output. */
    price: z.string().max(80).optional(),
  })
  .superRefine((pkg, ctx) => {
    if (pkg.priceType === 'contact') return;
    if (typeof pkg.minPrice !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: PRICING_TEXTS.validPrice });
      return;
    }
    if (pkg.priceType === 'range' && !(typeof pkg.maxPrice === 'number' && pkg.maxPrice > pkg.minPrice)) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: PRICING_TEXTS.maxAboveMin });
    }
  })
  .superRefine((pkg, ctx) => {
    if (typeof pkg.durationMax !== 'number') return;
    if (typeof pkg.durationMin !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['durationMin'], message: PRICING_TEXTS.validDuration });
    } else if (pkg.durationMax <= pkg.durationMin) {
      ctx.addIssue({ code: 'custom', path: ['durationMax'], message: PRICING_TEXTS.durationMaxAboveMin });
    }
  })
  .transform((pkg) => {
    const minPrice = pkg.priceType === 'contact' ? null : (roundCents(pkg.minPrice) ?? null);
    const maxPrice = pkg.priceType === 'range' ? (roundCents(pkg.maxPrice) ?? null) : null;
    const parts = { priceType: pkg.priceType, minPrice, maxPrice };
    return {
      service: pkg.service,
      description: pkg.description,
      price: formatPrice(parts) ?? CONTACT_FOR_PRICING,
      ...parts,
      durationMin: pkg.durationMin ?? null,
      durationMax: pkg.durationMax ?? null,
      bookingLink: pkg.bookingLink ?? '',
    };
  });
export type ServicePackageInput = z.input<typeof ServicePackageSchema>;
export type ServicePackage = z.output<typeof ServicePackageSchema>;

export const PricingListSchema = z
  .array(ServicePackageSchema)
  .max(PRICING_LIMITS.packagesMax, PRICING_TEXTS.tooMany);
