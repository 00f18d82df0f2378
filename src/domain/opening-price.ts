import { formatMoney } from './pricing-options';

/**
 * An opening's price as every place shows it (its item on the profile and /availability, the alert
 * emails, pushes): free text its provider typed, stored as typed. A plain amount ('1200', '$1,200',
 * ' $ 45.5 ') is printed by formatMoney, as every other price is ('$1,200', '$45.50'); any other
 * text ('from $40', '$40–60', 'Free') is shown as typed, trimmed. Beside pricing-options.ts, not in
 * it: that module is in the home page's first load, and no opening is (docs/performance.md budgets).
 */
export function formatOpeningPrice(text: string): string {
  const amount = plainAmount(text);
  return amount === null ? text.trim() : formatMoney(amount);
}

/**
 * The amount an opening's price text names when it is a plain amount, with or without '$' ('1200',
 * '$1,200', ' $ 45.5 '); otherwise null. Saved searches' price filter reads it too, so an opening
 * shown as '$1,200' is matched as $1,200.
 */
export function plainAmount(text: string): number | null {
  // At most 999,999,999: a longer run of digits is not an amount anyone means.
  const amount = /^\$?\s*((?:\d{1,3}(?:,\d{3}){1,2}|\d{1,9})(?:\.\d{1,2})?)$/.exec(text.trim());
  return amount ? Number(amount[1]!.replace(/,/g, '')) : null;
}

/**
 * An opening's price in its two parts: `was`, the regular price of an opening at a reduced price
 * (its service's own stored price, which the server set: regular_price), and `now`, what it costs
 * (formatOpeningPrice). `was` is null for any other opening. Items strike `was` through and keep
 * the words for screen readers; texts say formatOpeningPrice's 'was $180, now $140'.
 */
export function openingPriceParts(
  text: string,
  regularPrice: number | null | undefined,
): { was: string | null; now: string } {
  const now = formatOpeningPrice(text);
  return { was: typeof regularPrice === 'number' ? formatMoney(regularPrice) : null, now };
}

/** 'was $180, now $140': a reduced opening's price in words (emails, pushes, screen readers). */
export const wasNowText = (was: string, now: string) => `was ${was}, now ${now}`;

/**
 * An opening's price as one text, everywhere text is all there is (emails, pushes): a reduced one
 * reads 'was $180, now $140', any other as formatOpeningPrice shows it.
 */
export function formatOpeningPriceText(text: string, regularPrice: number | null | undefined): string {
  const { was, now } = openingPriceParts(text, regularPrice);
  return was ? wasNowText(was, now) : now;
}
