import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchParams, type SearchState, toSearchParams } from './url-state';

type Update = SearchState | ((current: SearchState) => SearchState);

/**
 * The filters as the URL holds them, and a setter that writes them back. A new search is a new
 * history entry (Back returns to the previous one); `replace` is for refinements such as dragging
 * the price slider, which would otherwise fill the history.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const setState = useCallback(
    (update: Update, options: { replace?: boolean } = {}) =>
      setParams(
        (current) =>
          toSearchParams(typeof update === 'function' ? update(parseSearchParams(current)) : update, current),
        { replace: options.replace ?? false },
      ),
    [setParams],
  );
  return [state, setState] as const;
}
