/** One day of one figure, the day 'YYYY-MM-DD' in the provider's time zone. */
export interface ChartPoint {
  date: string;
  value: number;
}

const formats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
};

/** 'Mar 10' / 'Tuesday, March 10' for a provider's day (read at noon UTC, so no zone moves it). */
export const dayLabel = (date: string, style: 'short' | 'long' = 'short') =>
  formats[style].format(new Date(`${date}T12:00:00Z`));

/** '1 impression', '12 impressions'. */
export const countOf = (n: number, unit: string) =>
  `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The chart in words, for screen readers and for anyone who prefers a sentence: the total, the
 * busiest day and how many days had none.
 */
export function summarize(points: readonly ChartPoint[], unit: string): string {
  const days = points.length;
  const total = points.reduce((n, p) => n + p.value, 0);
  if (total === 0) return `No ${unit}s in the last ${days} days.`;
  const busiest = points.reduce((a, b) => (b.value > a.value ? b : a));
  const empty = points.filter((p) => p.value === 0).length;
  const range = `${dayLabel(points[0]!.date)} to ${dayLabel(points.at(-1)!.date)}`;
  const none = empty === 0 ? 'every day had some' : `${countOf(empty, 'day')} had none`;
  return `${countOf(total, unit)} in the last ${days} days (${range}). The busiest day was ${dayLabel(busiest.date, 'long')} with ${busiest.value.toLocaleString('en-US')}; ${none}.`;
}
