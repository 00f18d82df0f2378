import type { SavedSearchQuery } from '#domain/saved-searches.ts';
import { MIN_RATING_OPTIONS, type MinRating, SEARCH_SORTS, type SearchSort } from '#domain/search-options.ts';
import { activeFilters } from './active-filters';
import { DEFAULT_PRICE, EMPTY_SEARCH, type QuickOption, type SearchState, toSearchParams } from './url-state';

const QUICK: Record<string, QuickOption> = {
  today: 'today',
  tomorrow: 'tomorrow',
  weekdays: 'weekdays',
  weekends: 'weekends',
  evenings: 'evenings',
};

/** A saved search's filters as the home page's state (what toSearchBody turns back into the body). */
export function stateOfSavedSearch(search: SavedSearchQuery): SearchState {
  const quick =
    search.availabilityType === 'specific_date'
      ? QUICK[search.requestedDate ?? '']
      : search.availabilityType === 'custom_pattern'
        ? undefined
        : QUICK[search.availability.split(',')[0]?.trim() ?? ''];
  const custom = !quick && search.availabilityType === 'custom_pattern';
  return {
    ...EMPTY_SEARCH,
    query: search.query,
    zip: search.locationZip,
    price: search.priceRange?.length === 2 ? [search.priceRange[0]!, search.priceRange[1]!] : DEFAULT_PRICE,
    when: quick ?? null,
    days: custom ? (search.requestedDays as SearchState['days']) : [],
    times: custom ? search.requestedTimes : [],
    experience: search.experience,
    sort: (SEARCH_SORTS as readonly string[]).includes(search.sort)
      ? (search.sort as SearchSort)
      : 'relevance',
    minRating: (MIN_RATING_OPTIONS as readonly number[]).includes(search.minRating)
      ? (search.minRating as MinRating)
      : 0,
    radius: search.radiusMiles as SearchState['radius'],
  };
}

/** The home page's URL that runs this saved search ('/?q=balayage&zip=78704&when=weekends'). */
export function savedSearchPath(search: SavedSearchQuery): string {
  const params = toSearchParams(stateOfSavedSearch(search)).toString();
  return params ? `/?${params}` : '/';
}

/**
 * What a saved search asks for, in a line under its name on the account page: its words, its zip
 * and radius, then the filters as the results banner names them ('balayage · 78704 within 10 mi ·
 * $15 – $200 · Weekends').
 */
export function savedSearchSummary(search: SavedSearchQuery): string {
  const parts: string[] = [];
  if (search.query.trim()) parts.push(search.query.trim());
  if (search.locationZip) parts.push(`${search.locationZip} within ${search.radiusMiles} mi`);
  for (const filter of activeFilters(stateOfSavedSearch(search))) parts.push(filter.label);
  return parts.join(' · ');
}
