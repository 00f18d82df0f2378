/**
 * How an opening's time reads, everywhere: the web pages and the alert emails (ADR 012).
 * An opening happens on its provider's clocks: it is shown in its own `time_zone` with the zone's
 * abbreviation, and in the viewer's time as well only when that reads differently. Pure (Intl only;
 * no zod, so the home page can load it).
 */

/** The viewer's time zone: the browser's, or the server's own where that asks (emails pass one). */
const defaultZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Intl writes thin and narrow no-break spaces ('3:00\u2009–\u20094:00\u202fPM') where ICU versions
 * differ (Node's and a browser's): plain spaces, so a page rendered on the server reads exactly as
 * the browser renders it (ADR 017), and emails as pages.
 */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

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
  return plainSpaces(
    dayKey(start.toISOString(), timeZone) === dayKey(end.toISOString(), timeZone)
      ? time.formatRange(start, end)
      : `${plain.format(start)} – ${time.format(end)}`,
  );
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
    viewerZone = defaultZone(),
  }: { timeZone: string; showDate?: boolean; locale?: string; viewerZone?: string },
): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const times = timeRange(start, end, timeZone, locale, true);
  const date = format(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  const own = showDate ? `${plainSpaces(date.format(start))} · ${times}` : times;
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

/** 'Tue, Dec 8 at 3:00 PM CST': one instant on `timeZone`'s clocks, with the zone's abbreviation. */
export function formatOpeningMoment(
  iso: string,
  { timeZone, locale }: { timeZone: string; locale?: string },
) {
  const at = new Date(iso);
  const date = format(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone });
  const time = format(locale, { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
  return plainSpaces(`${date.format(at)} at ${time.format(at)}`);
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
  return plainSpaces(
    format(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    ),
  );
}
