import type { SearchBody } from '#domain/search.ts';
import { EVENING_TIMES, isPriceFilterActive, WEEKDAY_DAYS, WEEKEND_DAYS } from '#domain/search-options.ts';
import { DEFAULT_RADIUS, type SearchState, sortDays, sortTimes } from './url-state';

// Loaded with the first search (api/search-providers.ts imports it when it sends one): the home
// page's first load, the full list, does not need it.

/** The POST /api/search body for the filters (docs/product.md §3 'Search filters', 'Availability types'). */
export function toSearchBody(state: SearchState): SearchBody {
  const body: SearchBody = { query: state.query, locationZip: state.zip };
  // The map's area ('Search this area') instead of a zip.
  if (state.bbox && !state.zip) body.bbox = state.bbox;
  if (isPriceFilterActive(state.price)) body.priceRange = [state.price[0], state.price[1]];
  switch (state.when) {
    case 'today':
    case 'tomorrow':
      Object.assign(body, {
        availability: state.when,
        availabilityType: 'specific_date',
        requestedDate: state.when,
      });
      break;
    case 'weekdays':
      Object.assign(body, {
        availability: 'weekdays',
        availabilityType: 'days_pattern',
        requestedDays: [...WEEKDAY_DAYS],
      });
      break;
    case 'weekends':
      Object.assign(body, {
        availability: 'weekends',
        availabilityType: 'days_pattern',
        requestedDays: [...WEEKEND_DAYS],
      });
      break;
    case 'evenings':
      Object.assign(body, {
        availability: 'evenings',
        availabilityType: 'time_pattern',
        requestedTimes: [...EVENING_TIMES],
      });
      break;
    default:
      if (state.days.length > 0 || state.times.length > 0) {
        Object.assign(body, {
          availabilityType: 'custom_pattern',
          requestedDays: sortDays(state.days),
          requestedTimes: sortTimes(state.times),
        });
      }
  }
  if (state.experience.length > 0) body.experience = [...state.experience];
  // The defaults (25 miles, best match, any rating) are left to the server, so the same search is
  // one cache entry however it was reached.
  if (state.zip && state.radius !== DEFAULT_RADIUS) body.radiusMiles = state.radius;
  if (state.sort !== 'relevance' && (state.sort !== 'distance' || state.zip)) body.sort = state.sort;
  if (state.minRating > 0) body.minRating = state.minRating;
  return body;
}
