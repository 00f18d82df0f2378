import { useEffect, useState } from 'react';
import { isSearchActive, type SearchState, toSearchParams } from './url-state';

/** docs/product.md §9: the search waits 300 ms after the last change of a filter. */
export const SEARCH_DEBOUNCE_MS = 300;

const keyOf = (state: SearchState) => toSearchParams(state).toString();

/**
 * The filters the results are fetched for: the URL's filters once they have stopped changing for
 * SEARCH_DEBOUNCE_MS, so ticking three experience chips or arrowing through a select runs one
 * search, not three. A search the person asked for (new text or zip), the price (the slider already
 * waits for its thumbs to rest) and going back to the full list apply at once.
 */
export function useSettledSearch(state: SearchState): { settled: SearchState; isSettling: boolean } {
  const [settled, setSettled] = useState(state);
  const key = keyOf(state);
  const settledKey = keyOf(settled);
  const isImmediate =
    state.query !== settled.query ||
    state.zip !== settled.zip ||
    state.price[0] !== settled.price[0] ||
    state.price[1] !== settled.price[1] ||
    !isSearchActive(state);
  if (key !== settledKey && isImmediate) setSettled(state);

  useEffect(() => {
    if (key === settledKey) return;
    const timer = setTimeout(() => setSettled(state), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, settledKey, state]);

  if (key === settledKey) return { settled: state, isSettling: false };
  return { settled: isImmediate ? state : settled, isSettling: !isImmediate };
}
