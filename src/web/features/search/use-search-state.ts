import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { parseSearchParams, type SearchState, toSearchParams } from './url-state';

type Update = SearchState | ((current: SearchState) => SearchState);

/**
 * The filters as the URL holds them, and a setter that writes them back. A new search is a new
 * history entry (Back returns to the previous one); `replace` is for refinements such as dragging
 * the price slider, which would otherwise fill the history.
 *
 * Updates build on each other as React's setState does. React Router's own updater is handed the
 * params of the last render, so a second change made before the first one rendered (sort, then a
 * rating, on a slow phone) would undo the first (react-router issues 9757, 14077): until a new
 * location renders, the next update starts from the last one written here.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const written = useRef<{ from: string; params: URLSearchParams } | null>(null);
  const state = useMemo(() => parseSearchParams(params), [params]);
  const setState = useCallback(
    (update: Update, options: { replace?: boolean } = {}) => {
      const current = written.current?.from === key ? written.current.params : params;
      const next = toSearchParams(
        typeof update === 'function' ? update(parseSearchParams(current)) : update,
        current,
      );
      written.current = { from: key, params: next };
      setParams(next, { replace: options.replace ?? false });
    },
    [key, params, setParams],
  );
  return [state, setState] as const;
}
