/**
 * Openings: limits, the home strip's texts, time zones and wall-clock times (no zod, so pages can load
 * them cheaply). The texts and time rules of posting openings are in opening-texts.ts.
 */

export const OPENING_LIMITS = {
  /** The public list covers openings starting in the next 5 days (docs/product.md §9). */
  windowDays: 5,
  /** The date-time inputs' minimum and the server's rule: at least 30 minutes from now. */
  minLeadMinutes: 30,
  maxHours: 12,
  maxAheadDays: 60,
  serviceTypeMax: 100,
  priceMax: 50,
  noteMax: 500,
  locationMax: 200,
  /** Upcoming openings (active or not) one provider may have at a time. */
  perProviderMax: 50,
  pageDefault: 24,
  pageMax: 100,
  /** Openings on the home page's 'Upcoming Availability'. */
  homeCount: 6,
} as const;

/** The texts of the home page's openings strip: its first load carries these, not all of OPENING_TEXTS. */
export const OPENING_STRIP_TEXTS = {
  sectionTitle: 'Upcoming Availability',
  viewAll: 'View All Available Openings',
} as const;

/**
 * Openings happen in their provider's time zone (ADR 012): the zone a provider picks on the
 * account page, or the zone of their zip. These are the zones the picker offers.
 */
export const US_TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time' },
  { id: 'America/Chicago', label: 'Central Time' },
  { id: 'America/Denver', label: 'Mountain Time' },
  { id: 'America/Phoenix', label: 'Mountain Time (Arizona)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time' },
  { id: 'America/Anchorage', label: 'Alaska Time' },
  { id: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { id: 'America/Puerto_Rico', label: 'Atlantic Time (Puerto Rico)' },
] as const;
export type UsTimeZone = (typeof US_TIME_ZONES)[number]['id'];
export const US_TIME_ZONE_IDS = US_TIME_ZONES.map((z) => z.id) as [UsTimeZone, ...UsTimeZone[]];

/** Zones a zip can map to beyond the picker's, with the name people know them by. */
const OTHER_ZONE_LABELS: Record<string, string> = {
  'America/Boise': 'Mountain Time',
  'America/Detroit': 'Eastern Time',
  'America/Indiana/Indianapolis': 'Eastern Time',
};

/** 'Central Time' for America/Chicago; the zone's own id when we have no name for it. */
export function zoneLabel(timeZone: string): string {
  return US_TIME_ZONES.find((z) => z.id === timeZone)?.label ?? OTHER_ZONE_LABELS[timeZone] ?? timeZone;
}

/** A wall-clock date and time without a zone, as <input type="datetime-local"> gives it. */
export const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: number, timeZone: string) {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The zone's offset from UTC at an instant, in ms (Chicago in winter: -6 h). */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * A wall-clock 'YYYY-MM-DDTHH:mm' in `timeZone` as an instant (ms), null when it is no date. Around
 * daylight-saving changes it follows Temporal's 'compatible' rule: a time that happens twice (1:30 AM
 * on the November night) is the first, daylight one; a time the clocks skip (2:30 AM on the March
 * night) moves forward by the gap (3:30 AM daylight time).
 */
export function wallTimeToInstant(wall: string, timeZone: string): number | null {
  const m = WALL_TIME.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offsets a day either side cover both sides of any change (changes are months apart).
  const offsets = [
    ...new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc + 86_400_000, timeZone)]),
  ];
  const valid = offsets.map((o) => asUtc - o).filter((t) => offsetAt(t, timeZone) === asUtc - t);
  if (valid.length > 0) return Math.min(...valid);
  // Skipped by the clocks: read with the offset from before the change.
  return asUtc - Math.min(...offsets);
}

/** An instant as 'YYYY-MM-DDTHH:mm' on the wall clocks of `timeZone`. */
export function instantToWallTime(instant: number | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant;
  if (!Number.isFinite(ms)) return '';
  const p = partsIn(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour % 24)}:${pad(p.minute)}`;
}
