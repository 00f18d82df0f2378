/**
 * Price texts and their rules (no zod, so pages that only show prices load them cheaply; the schemas are in
 * pricing.ts). The editor's labels and messages are in pricing-texts.ts: the cards bring this module into
 * the home page's first load, which shows none of them.
 */

export const PRICE_TYPES = ['fixed', 'range', 'starting_at', 'contact'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const PRICING_LIMITS = {
  serviceMax: 60,
  descriptionMax: 300,
  priceMax: 100_000,
  packagesMax: 30,
  /** A service's duration in minutes: 5 minutes to 12 hours. */
  durationMin: 5,
  durationMax: 720,
} as const;

export const CONTACT_FOR_PRICING = 'Contact for pricing';

/**
 * A service's length as every page shows it: 60 → '60 min', 90 → '1 h 30 min', 120 → '2 h', and a
 * range (45, 60) → '45–60 min', (60, 90) → '60 min–1 h 30 min'. Null without a duration.
 */
export function formatDuration(min: number | null | undefined, max?: number | null): string | null {
  if (!min) return null;
  const one = (m: number) =>
    m <= 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  if (!max || max <= min) return one(min);
  return max <= 60 ? `${min}–${max} min` : `${one(min)}–${one(max)}`;
}

/** What the editor and the API work with; `price` is the rendered text, derived from the rest. */
export interface PriceParts {
  priceType: PriceType;
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
}

/**
 * 45 → '45', 45.5 → '45.50', 1200 → '1,200'. Grouped by hand, not with Intl: a page's first Intl
 * call loads the browser's locale data (ADR 017), and cards and profiles show prices.
 */
export function formatAmount(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = cents % 100;
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * Every amount of money the product shows (packages, cards, landing pages, meta descriptions,
 * emails): '$45', '$45.50', '$1,200'. An opening's typed price is shown through formatOpeningPrice
 * (opening-price.ts), which prints a plain amount with this.
 */
export function formatMoney(amount: number): string {
  return `$${formatAmount(amount)}`;
}

const isAmount = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= PRICING_LIMITS.priceMax;

/** The price text of a package, or null when its numbers do not make a valid price yet. */
export function formatPrice(parts: PriceParts): string | null {
  const { priceType, minPrice, maxPrice } = parts;
  if (priceType === 'contact') return CONTACT_FOR_PRICING;
  if (!isAmount(minPrice)) return null;
  if (priceType === 'fixed') return formatMoney(minPrice);
  if (priceType === 'starting_at') return `Starting at ${formatMoney(minPrice)}`;
  if (!isAmount(maxPrice) || maxPrice <= minPrice) return null;
  return `${formatMoney(minPrice)} - ${formatMoney(maxPrice)}`;
}

const AMOUNT = String.raw`\$\s*(\d[\d,]*(?:\.\d{1,2})?)`;
const toNumber = (raw: string) => Number(raw.replace(/,/g, ''));

/**
 * Reads an opening's price, free text its provider writes, into numbers: '$X', '$X - $Y',
 * 'Starting at $X' (also 'From $X', '$X+'); anything else is 'contact'. Texts with Infinity or NaN
 * are 'contact' (docs/product.md §3). Packages need none of this: they store their type and numbers.
 */
export function parsePrice(textValue: string): PriceParts {
  const value = textValue.trim();
  if (/infinity|nan/i.test(value)) return { priceType: 'contact', minPrice: null, maxPrice: null };
  let m = new RegExp(`^${AMOUNT}\\s*-\\s*${AMOUNT}$`).exec(value);
  if (m) return { priceType: 'range', minPrice: toNumber(m[1]!), maxPrice: toNumber(m[2]!) };
  m =
    new RegExp(`^(?:starting at|from)\\s+${AMOUNT}$`, 'i').exec(value) ??
    new RegExp(`^${AMOUNT}\\s*\\+$`).exec(value);
  if (m) return { priceType: 'starting_at', minPrice: toNumber(m[1]!), maxPrice: null };
  m = new RegExp(`^${AMOUNT}$`).exec(value);
  if (m) return { priceType: 'fixed', minPrice: toNumber(m[1]!), maxPrice: null };
  return { priceType: 'contact', minPrice: null, maxPrice: null };
}

/** The text a visitor sees for a stored price (Infinity/NaN or blank → 'Contact for pricing'). */
export function displayPrice(textValue: string | null | undefined): string {
  const value = (textValue ?? '').trim();
  if (!value || /infinity|nan/i.test(value)) return CONTACT_FOR_PRICING;
  return value;
}
