/**
 * The admin search log's 'Filters' cell (docs/product.md §2 'Admin'): the filters a logged search used,
 * compactly, in the words of the search panel. The log keeps only the filters that narrow or order the
 * search (defaults left out; search.service.ts `loggedFilters`). No zod, so the dashboard loads it cheaply.
 */

import { AVAILABILITY_QUICK_OPTIONS, priceLabel, type SearchSort, SORT_LABELS } from './search-options';

const QUICK_LABELS = new Map<string, string>(AVAILABILITY_QUICK_OPTIONS.map((o) => [o.id, o.label]));

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const day = (name: string) => name.charAt(0).toUpperCase() + name.slice(1, 3);

/** When the search asked for: the quick options by name, else the date, days and times chosen. */
function availabilityText(filters: Record<string, unknown>): string | null {
  if (typeof filters.availabilityType !== 'string') return null;
  const quick = String(filters.availability ?? '')
    .split(',')
    .map((id) => QUICK_LABELS.get(id.trim()))
    .filter((label): label is string => Boolean(label) && label !== 'No Preference');
  if (quick.length > 0) return quick.join(', ');
  const parts = [
    typeof filters.requestedDate === 'string' ? filters.requestedDate : null,
    strings(filters.requestedDays).map(day).join(', ') || null,
    strings(filters.requestedTimes).join(', ') || null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The logged filters as short phrases, in the panel's order: price ('$15–$150'), when ('Weekends'),
 * experience ('LGBTQIA+ Friendly'), radius ('10 mi'), minimum rating ('4+ stars') and sort
 * ('Sort: Distance'). Empty when the search used none.
 */
export function searchLogFilterParts(filters: Record<string, unknown> | null | undefined): string[] {
  if (!filters) return [];
  const parts: string[] = [];
  const price = filters.priceRange;
  if (Array.isArray(price) && typeof price[0] === 'number' && typeof price[1] === 'number') {
    parts.push(`${priceLabel(price[0])}–${priceLabel(price[1])}`);
  }
  const when = availabilityText(filters);
  if (when) parts.push(when);
  parts.push(...strings(filters.experience));
  if (filters.bbox && typeof filters.bbox === 'object') parts.push('Map area');
  else if (typeof filters.radiusMiles === 'number') parts.push(`${filters.radiusMiles} mi`);
  if (typeof filters.minRating === 'number' && filters.minRating > 0)
    parts.push(`${filters.minRating}+ stars`);
  if (typeof filters.sort === 'string' && filters.sort in SORT_LABELS && filters.sort !== 'relevance') {
    parts.push(`Sort: ${SORT_LABELS[filters.sort as SearchSort]}`);
  }
  return parts;
}
