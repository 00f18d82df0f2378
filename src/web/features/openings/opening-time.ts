import { OPENING_LIMITS } from '#domain/openings-options.ts';

/** Dates and times of openings, in the viewer's locale and time zone (pure; unit-tested). */

const pad = (n: number) => String(n).padStart(2, '0');

/** A local 'YYYY-MM-DDTHH:mm', the value format of <input type="datetime-local">. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The inputs' minimum: 30 minutes from now, rounded up to the next whole minute. */
export function minInputValue(now: Date): string {
  const min = new Date(now.getTime() + OPENING_LIMITS.minLeadMinutes * 60_000);
  if (min.getSeconds() > 0 || min.getMilliseconds() > 0) min.setMinutes(min.getMinutes() + 1, 0, 0);
  return toLocalInputValue(min);
}

/** A datetime-local value (local wall time) as an ISO instant; '' when blank or unreadable. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** An ISO instant as a datetime-local value in the viewer's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : toLocalInputValue(date);
}

/**
 * 'Tue, Nov 24 · 3:00 – 4:30 PM' (the date left out with `showDate: false`). An opening is at most
 * 12 hours long, so one past midnight reads 'Mon, Nov 23 · 11:00 PM – 1:00 AM'.
 */
export function formatOpeningRange(
  startIso: string,
  endIso: string,
  { showDate = true, locale }: { showDate?: boolean; locale?: string } = {},
): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  // formatRange shares the day period ('3:00 – 4:30 PM'), but across midnight it would add dates.
  const times =
    dayKey(startIso) === dayKey(endIso)
      ? time.formatRange(start, end)
      : `${time.format(start)} – ${time.format(end)}`;
  if (!showDate) return times;
  const date = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' });
  return `${date.format(start)} · ${times}`;
}

/** The local calendar day of an instant, 'YYYY-MM-DD' (groups the availability page). */
export function dayKey(iso: string): string {
  return toLocalInputValue(new Date(iso)).slice(0, 10);
}

/** 'Tuesday, November 24', for a day heading. */
export function formatDayHeading(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric' });
}

/** Openings past their end never show, even from a list fetched a while ago. */
export function hasEnded(opening: { end_time: string }, now: Date): boolean {
  return Date.parse(opening.end_time) <= now.getTime();
}
