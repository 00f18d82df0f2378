import { priceLabel } from '#domain/search-options.ts';
import { availabilityLabel, priceRangeLabel } from './filter-rules';
import { DEFAULT_PRICE, type SearchState } from './url-state';

/*
 * The narrowing filters of a search as the results speak of them: the banner's chips and the
 * no-results remove buttons (loaded with those, not with the first load).
 */

/** One narrowing filter in force: what its chip says, its remove button's name, the state without it. */
export interface ActiveFilter {
  /** '$50 - $500+', 'Weekends', 'Free Wi-Fi', '4+ stars'. */
  label: string;
  /** 'Remove price $15–$100', 'Remove availability Weekends', 'Remove experience Free Wi-Fi'. */
  removeLabel: string;
  without: (state: SearchState) => SearchState;
}

/** The narrowing filters of a search, in the panel's order (price, availability, experience, rating). */
export function activeFilters(state: SearchState): ActiveFilter[] {
  const filters: ActiveFilter[] = [];
  const price = priceRangeLabel(state.price);
  if (price) {
    filters.push({
      label: price,
      removeLabel: `Remove price ${priceLabel(state.price[0])}–${priceLabel(state.price[1])}`,
      without: (s) => ({ ...s, price: DEFAULT_PRICE }),
    });
  }
  const when = availabilityLabel(state);
  if (when) {
    filters.push({
      label: when,
      removeLabel: `Remove availability ${when}`,
      without: (s) => ({ ...s, when: null, days: [], times: [] }),
    });
  }
  for (const item of state.experience) {
    filters.push({
      label: item,
      removeLabel: `Remove experience ${item}`,
      without: (s) => ({ ...s, experience: s.experience.filter((i) => i !== item) }),
    });
  }
  if (state.minRating > 0) {
    filters.push({
      label: `${state.minRating}+ stars`,
      removeLabel: `Remove rating ${state.minRating}+ stars`,
      without: (s) => ({ ...s, minRating: 0 }),
    });
  }
  return filters;
}
