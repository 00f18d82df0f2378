import { formatMoney, PRICING_LIMITS, type PriceType } from './pricing-options';

/**
 * The service editor's labels and the package schema's messages. Apart from pricing-options.ts, which
 * the cards bring into the home page's first load: only the account page and the API need these.
 */

export const PRICE_TYPE_LABELS: Record<PriceType, string> = {
  fixed: 'Fixed price',
  range: 'Price range',
  starting_at: 'Starting at',
  contact: 'Contact for pricing',
};

export const PRICING_TEXTS = {
  serviceRequired: 'Service name is required',
  descriptionRequired: 'Description is required',
  validPrice: 'Valid price is required',
  maxAboveMin: 'Max price must be greater than min price',
  tooHigh: `Prices must be at most ${formatMoney(PRICING_LIMITS.priceMax)}`,
  previewInvalid: 'Enter valid price to see preview',
  tooMany: `You can have at most ${PRICING_LIMITS.packagesMax} service packages`,
  validDuration: `Duration must be whole minutes from ${PRICING_LIMITS.durationMin} to ${PRICING_LIMITS.durationMax}`,
  durationMaxAboveMin: 'Longest duration must be longer than the shortest',
} as const;
