/**
 * Numbers and calendar dates as the pages write them (en-US), without Intl: a browser loads its
 * locale data on the first Intl call of a page (about 35 ms on this machine, four times that on
 * Lighthouse's phone), which a server-rendered page would pay while it hydrates. The same text on
 * the server and in every browser, so hydration never meets a difference.
 */

/** 1234567 → '1,234,567' (a whole number; a fraction is kept as it is written). */
export function groupThousands(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

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
