import {
  dayIndex,
  hourLabel,
  hourOf,
  monFriNineToFive,
  WEEKDAY_SHORT,
  type Weekday,
} from '#domain/availability.ts';
import {
  AVAILABILITY_QUICK_OPTIONS,
  isPriceFilterActive,
  priceLabel,
  SEARCH_LIMITS,
  WEEKDAY_DAYS,
} from '#domain/search-options.ts';
import { type PriceRange, type SearchState, sortDays, sortTimes } from './url-state';

/**
 * The rules behind the filters that only the filter bar, its popovers and the results need (kept
 * apart from url-state.ts, which the first-load bundle carries). The search body is in search-body.ts.
 */

/** docs/product.md §5 'Experience filters': at most three; choosing a fourth drops the oldest. */
export function addExperience(list: readonly string[], item: string): string[] {
  const value = item.trim();
  if (!value || list.some((i) => i.toLowerCase() === value.toLowerCase())) return [...list];
  return [...list, value].slice(-SEARCH_LIMITS.experienceMax);
}

export function toggleExperience(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((i) => i !== item) : addExperience(list, item);
}

/** '9:00' for '09:00' (the popover's hourly buttons). */
export function timeLabel(slot: string): string {
  return `${Number(slot.slice(0, 2))}:00`;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** '$50 - $500+'; null at the default range. */
export function priceRangeLabel(price: PriceRange): string | null {
  return isPriceFilterActive(price) ? `${priceLabel(price[0])} - ${priceLabel(price[1])}` : null;
}

/** Whether the custom selection is exactly the 'Mon-Fri 9-5' preset. */
export function isNineToFive(state: Pick<SearchState, 'when' | 'days' | 'times'>): boolean {
  return state.when === null && sameSet(state.days, WEEKDAY_DAYS) && sameSet(state.times, NINE_TO_FIVE);
}

/** docs/product.md §9: 'Mon-Fri 9-5' fills Monday to Friday, 09:00 up to 17:00. */
export const NINE_TO_FIVE: readonly string[] = monFriNineToFive().monday;

function daysLabel(days: readonly Weekday[]): string {
  const sorted = sortDays(days);
  if (sorted.length === 7) return 'Every day';
  const idx = sorted.map(dayIndex);
  const consecutive = idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  if (consecutive && sorted.length >= 3)
    return `${WEEKDAY_SHORT[sorted[0]!]}-${WEEKDAY_SHORT[sorted.at(-1)!]}`;
  return sorted.map((d) => WEEKDAY_SHORT[d]).join(', ');
}

function timesLabel(times: readonly string[]): string {
  const hours = sortTimes(times).map(hourOf);
  const consecutive = hours.every((h, i) => i === 0 || h === hours[i - 1]! + 1);
  if (consecutive && hours.length >= 2) return `${hourLabel(hours[0]!)}-${hourLabel(hours.at(-1)! + 1)}`;
  if (hours.length <= 3) return hours.map(hourLabel).join(', ');
  return `${hours.length} times`;
}

/** The availability choice in a few words ('Weekdays', 'Mon-Fri, 9AM-5PM'); null for No Preference. */
export function availabilityLabel(state: Pick<SearchState, 'when' | 'days' | 'times'>): string | null {
  if (state.when) return AVAILABILITY_QUICK_OPTIONS.find((o) => o.id === state.when)?.label ?? null;
  const parts: string[] = [];
  if (state.days.length > 0) parts.push(daysLabel(state.days));
  if (state.times.length > 0) parts.push(timesLabel(state.times));
  return parts.length > 0 ? parts.join(', ') : null;
}
