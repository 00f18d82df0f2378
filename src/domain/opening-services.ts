import { formatMoney, type PriceType } from './pricing-options';

/**
 * Openings made from the provider's services, and at a reduced price: the texts and rules the form
 * and the server share (no zod). Apart from opening-texts.ts, which every page listing openings
 * loads: only the openings form, /availability's filter and the server need these.
 */

export const OPENING_SERVICE_TEXTS = {
  serviceLabel: 'From one of your services',
  ownService: 'None: type your own',
  unknownService: 'That is not one of your services. Choose one of them, or none and type your own.',
  reducedPriceLabel: 'Reduced price',
  reducedPriceInvalid: 'Enter the reduced price as an amount, e.g. 140',
  reducedWithoutService:
    'A reduced price needs one of your services: its own price is shown as the regular one',
  notReducible:
    "Only a service with a fixed or 'starting at' price can be reduced: this one has no single price to show as the regular one",
  reducedNotBelow: (regular: string) => `The reduced price must be below the regular ${regular}`,
  /** The reduced-price field's hint. */
  regularPrice: (regular: string) => `Optional. Regular price ${regular}; shown as 'was ${regular}'`,
  reducedFilter: 'Reduced price',
} as const;

/** One of the provider's services as the openings form and the server read it (their pricing). */
export interface OpeningService {
  service: string;
  price: string;
  priceType: PriceType;
  minPrice: number | null;
  durationMin?: number | null | undefined;
  durationMax?: number | null | undefined;
}

/** The provider's service of that name (trimmed, any case), if they have one. */
export function findOpeningService<T extends { service: string }>(
  services: readonly T[],
  name: string,
): T | undefined {
  const key = name.trim().toLowerCase();
  return services.find((s) => s.service.trim().toLowerCase() === key);
}

/**
 * An opening of `service` at the `reduced` price: the regular price it shows as 'was' (the
 * service's own: a fixed price, or a 'starting at' one), or why it cannot be reduced (a range or
 * 'contact' has no single price; the reduced price must be below the regular one).
 */
export function reductionOf(
  service: Pick<OpeningService, 'priceType' | 'minPrice'>,
  reduced: number,
): { regular: number } | { error: string } {
  const regular = service.minPrice;
  if ((service.priceType !== 'fixed' && service.priceType !== 'starting_at') || !(regular && regular > 0))
    return { error: OPENING_SERVICE_TEXTS.notReducible };
  if (reduced >= regular) return { error: OPENING_SERVICE_TEXTS.reducedNotBelow(formatMoney(regular)) };
  return { regular };
}

/** Whether a service's price can be reduced (the form offers the field only then). */
export const isReducible = (service: Pick<OpeningService, 'priceType' | 'minPrice'>) =>
  'regular' in reductionOf(service, 0);

/** How long an opening of the service lasts, in minutes: its duration, the longest of a range. */
export const serviceMinutes = (service: Pick<OpeningService, 'durationMin' | 'durationMax'>) =>
  service.durationMax ?? service.durationMin ?? null;
