import { WEEKDAY_LABEL, WEEKDAY_SHORT, WEEKDAYS } from '#domain/availability.ts';
import { formatTimeSlots, parseAvailability } from '#domain/availability-text.ts';
import { BRAND } from '#domain/brand.ts';
import { isHttpUrl } from '#domain/links.ts';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import { displayPrice } from '#domain/pricing-options.ts';
import type { PublicProfile } from '#domain/profiles.ts';
import { PUBLIC_DEFAULTS, publicServices } from '#domain/profiles-options.ts';
import { utcMonthLabel } from '#web/lib/utc-dates.ts';

/**
 * What the public page shows: what the provider wrote, nothing invented (an empty field's section
 * is left out; PUBLIC_DEFAULTS says which two defaults remain).
 */
export function profileDisplay(profile: PublicProfile) {
  return {
    name: profile.name.trim() || PUBLIC_DEFAULTS.name,
    bio: profile.bio.trim(),
    location: profile.location.trim(),
    certifications: profile.certifications,
    categories: categoryLabels(profile.categories),
    // Only http(s) links become a link, whatever was stored (the server refuses others too).
    bookingLink: isHttpUrl(profile.booking_link.trim()) ? profile.booking_link.trim() : null,
    services: servicesOf(profile.pricing),
  };
}

export type ProfileDisplay = ReturnType<typeof profileDisplay>;

export function categoryLabels(ids: readonly string[]): { id: string; label: string }[] {
  return SERVICE_CATEGORIES.filter((c) => ids.includes(c.id)).map(({ id, label }) => ({ id, label }));
}

function servicesOf(pricing: PublicProfile['pricing']) {
  return publicServices(pricing).map((s) => ({ ...s, price: displayPrice(s.price) }));
}

/**
 * The document title, the same as the server puts in the HTML for /{slug}
 * (src/server/modules/profiles/profiles.seo.ts), so it does not change when the app starts.
 */
export function profileTitle(profile: PublicProfile): string {
  const label = categoryLabels(profile.categories)[0]?.label;
  const what = label ? `${label} professional` : 'Beauty professional';
  const where = profile.location.trim() ? ` in ${profile.location.trim()}` : '';
  return `${profile.name.trim() || PUBLIC_DEFAULTS.name} · ${what}${where} | ${BRAND.name}`;
}

/** 'Member since March 2026'. */
export function memberSince(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // In UTC: the same on the server and in every browser (a server-rendered page hydrates it).
  return `Member since ${utcMonthLabel(date)}`;
}

export interface AvailabilityRow {
  days: string;
  hours: string[];
}

const LONG_DAY: Record<string, string> = Object.fromEntries(
  WEEKDAYS.map((day) => [WEEKDAY_SHORT[day], WEEKDAY_LABEL[day]]),
);

const spaced = (range: string) => range.split('-').join(' – ');

/**
 * The availability text ('Mon-Fri 9AM-5PM, Sat 10AM-2PM. custom | notes') as rows of days and hours,
 * the free text and the notes. Text that does not parse is shown as it is, never dropped.
 */
export function availabilityDisplay(text: string): {
  rows: AvailabilityRow[];
  custom: string;
  notes: string;
} {
  if (!text.trim()) return { rows: [], custom: PUBLIC_DEFAULTS.availability, notes: '' };
  const state = parseAvailability(text);
  const rows: AvailabilityRow[] = [];
  const slots = formatTimeSlots(state.timeSlots);
  for (const segment of slots ? slots.split(', ') : []) {
    const space = segment.indexOf(' ');
    const days = spaced(
      segment
        .slice(0, space)
        .split('-')
        .map((d) => LONG_DAY[d] ?? d)
        .join('-'),
    );
    const hours = spaced(segment.slice(space + 1));
    const last = rows[rows.length - 1];
    if (last?.days === days) last.hours.push(hours);
    else rows.push({ days, hours: [hours] });
  }
  return { rows, custom: state.customText, notes: state.additionalDetails };
}

export const portfolioAlt = (name: string, index: number, count: number) =>
  `Work by ${name}, ${index + 1} of ${count}`;
