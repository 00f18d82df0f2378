/**
 * Calendar dates in UTC as the profile page writes them (review dates, 'Member since'): the same on
 * the server that renders the page and in every browser that hydrates it, whatever its time zone;
 * and without Intl, whose first call on a page loads the browser's locale data (130–150 ms on
 * Lighthouse's throttled phone CPU, inside hydration; ADR 017).
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'November 27, 2026': the instant's calendar day in UTC. */
export function utcDateLabel(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'November 2026': the instant's month in UTC. */
export function utcMonthLabel(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A `<time datetime>` value: the API's timestamps carry microseconds (six fraction digits, exact for
 * the keyset cursors), and HTML allows at most three. '2026-11-27T02:00:08.420000Z' →
 * '2026-11-27T02:00:08.420Z'; the same instant.
 */
export function htmlDateTime(iso: string): string {
  return new Date(iso).toISOString();
}
