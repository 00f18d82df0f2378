import { instantToWallTime, OPENING_LIMITS } from '#domain/openings-options.ts';

/**
 * Dates and times of openings (pure; unit-tested). An opening happens on its provider's clocks
 * (issue 20 item 1): it is shown in its own `time_zone` with the zone's abbreviation, and in the
 * viewer's time as well only when that reads differently.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's time zone ('America/New_York'). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A local 'YYYY-MM-DDTHH:mm', the value format of <input type="datetime-local">, in the browser's zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The inputs' minimum: 30 minutes from now, rounded up to the next whole minute, on `timeZone`'s clocks. */
export function minInputValue(now: Date, timeZone: string): string {
  const min = new Date(now.getTime() + OPENING_LIMITS.minLeadMinutes * 60_000);
  if (min.getSeconds() > 0 || min.getMilliseconds() > 0) min.setMinutes(min.getMinutes() + 1, 0, 0);
  return instantToWallTime(min.getTime(), timeZone);
}

/** An ISO instant as a datetime-local value on `timeZone`'s clocks. */
export function isoToZoneInput(iso: string, timeZone: string): string {
  return instantToWallTime(iso, timeZone);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** '3:00 – 4:30 PM CST' (with the zone's abbreviation when `zoneName`). */
function timeRange(start: Date, end: Date, timeZone: string, locale: string | undefined, zoneName: boolean) {
  const plain = format(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const time = zoneName
    ? format(locale, { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' })
    : plain;
  // formatRange shares the day period ('3:00 – 4:30 PM'), but across midnight it would add dates.
  return dayKey(start.toISOString(), timeZone) === dayKey(end.toISOString(), timeZone)
    ? time.formatRange(start, end)
    : `${plain.format(start)} – ${time.format(end)}`;
}

/**
 * 'Tue, Nov 24 · 3:00 – 4:30 PM CST' on the provider's clocks (`timeZone`), the date left out with
 * `showDate: false`; then, when the viewer's clocks read it differently, '(4:00 – 5:30 PM your
 * time)', with the weekday when it is another day there. An opening is at most 12 hours long, so
 * one past midnight reads 'Mon, Nov 23 · 11:00 PM – 1:00 AM CST'.
 */
export function formatOpeningRange(
  startIso: string,
  endIso: string,
  {
    timeZone,
    showDate = true,
    locale,
    viewerZone = viewerTimeZone(),
  }: { timeZone: string; showDate?: boolean; locale?: string; viewerZone?: string },
): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const times = timeRange(start, end, timeZone, locale, true);
  const date = format(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  const own = showDate ? `${date.format(start)} · ${times}` : times;
  const theirs = timeRange(start, end, viewerZone, locale, false);
  if (
    theirs === timeRange(start, end, timeZone, locale, false) &&
    dayKey(startIso, viewerZone) === dayKey(startIso, timeZone)
  )
    return own;
  const otherDay =
    dayKey(startIso, viewerZone) !== dayKey(startIso, timeZone)
      ? `${format(locale, { weekday: 'short', timeZone: viewerZone }).format(start)} `
      : '';
  return `${own} (${otherDay}${theirs} your time)`;
}

/** The calendar day of an instant on `timeZone`'s clocks, 'YYYY-MM-DD' (groups the availability page). */
export function dayKey(iso: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return format('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/** 'Tuesday, November 24' for a 'YYYY-MM-DD' day. */
export function formatDayHeading(day: string, locale?: string): string {
  return format(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** 'YYYY-MM-DD' of today and the next `count - 1` days on the viewer's calendar (the day filter). */
export function nextDays(now: Date, count: number, timeZone = viewerTimeZone()): string[] {
  const today = Date.parse(`${dayKey(now.toISOString(), timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today + i * 86_400_000).toISOString().slice(0, 10));
}

/** Openings past their end never show, even from a list fetched a while ago. */
export function hasEnded(opening: { end_time: string }, now: Date): boolean {
  return Date.parse(opening.end_time) <= now.getTime();
}
