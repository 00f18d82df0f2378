import { useSyncExternalStore } from 'react';
import { dayKey } from '#domain/opening-time.ts';
import { instantToWallTime, OPENING_LIMITS } from '#domain/openings-options.ts';

/**
 * The opening form's dates and the list's day filter, in the browser (pure; unit-tested). How an
 * opening's time reads is src/domain/opening-time.ts, shared with the alert emails.
 */

/** The browser's time zone ('America/New_York'). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const noSubscription = () => () => {};

/**
 * The viewer's time zone for rendering; null while a server-rendered page hydrates and on the server,
 * which does not know it (ADR 017): an opening then reads in its provider's time alone, and '(… your
 * time)' appears right after.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, viewerTimeZone, () => null);
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

/** 'YYYY-MM-DD' of today and the next `count - 1` days on the viewer's calendar (the day filter). */
export function nextDays(now: Date, count: number, timeZone = viewerTimeZone()): string[] {
  const today = Date.parse(`${dayKey(now.toISOString(), timeZone)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today + i * 86_400_000).toISOString().slice(0, 10));
}

/** Openings past their end never show, even from a list fetched a while ago. */
export function hasEnded(opening: { end_time: string }, now: Date): boolean {
  return Date.parse(opening.end_time) <= now.getTime();
}
