import { MapPin, Search, X } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { SEARCH_LIMITS, SEARCH_TEXTS } from '#domain/search-options.ts';
import { extractZip, sanitizeZipInput } from '#domain/zip.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { SearchState } from '../url-state';
import { CategoryTabs } from './CategoryTabs';

// The filter bar (slider, popover buttons) follows the first paint: the query box, Search and the
// categories come first, and the first-load budget (DESIGN.md §7) stays for them.
const FilterBar = lazy(() => import('./FilterBar').then((m) => ({ default: m.FilterBar })));

function FilterBarPlaceholder() {
  return (
    <div aria-hidden="true" className="grid items-end gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
      <div className="flex h-18 flex-col justify-center">
        <div className="h-1.5 rounded-full bg-[color:var(--border)]" />
      </div>
      <div className="flex gap-2">
        <div className="h-10 w-36 rounded-lg border border-app" />
        <div className="h-10 w-32 rounded-lg border border-app" />
      </div>
    </div>
  );
}

type SetState = (update: (current: SearchState) => SearchState, options?: { replace?: boolean }) => void;

/** The query without a zip found in it ('balayage 78701' → 'balayage'). */
function withoutZip(text: string, zip: string): string {
  return text
    .replace(new RegExp(`(^|\\D)${zip}(?:-\\d{4})?(?!\\d)`), '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

const inputClass =
  'h-12 w-full rounded-xl border border-app bg-card pr-3 pl-10 text-base text-app placeholder:text-[color:var(--fg-muted)] focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] aria-[invalid=true]:border-red-500';

/**
 * SPEC.md §2 search panel: query, zip (digits only, 5), Search (disabled while both are empty),
 * popular categories, price, availability and experience. Query and zip are drafts until Search;
 * the filters write to the URL as they change, so an active search follows them.
 */
export function SearchPanel({
  state,
  setState,
  onSearch,
}: {
  state: SearchState;
  setState: SetState;
  /** Called for a search the person asked for (Search, a category), so the page can scroll to results. */
  onSearch: () => void;
}) {
  const queryId = useId();
  const zipId = useId();
  const errorId = useId();
  const [query, setQuery] = useState(state.query);
  const [zip, setZip] = useState(state.zip);
  const [zipError, setZipError] = useState<string | null>(null);
  // Back, a shared link or Clear Filters changed the search: the boxes show it.
  const [shown, setShown] = useState({ query: state.query, zip: state.zip });
  if (shown.query !== state.query || shown.zip !== state.zip) {
    setShown({ query: state.query, zip: state.zip });
    setQuery(state.query);
    setZip(state.zip);
    setZipError(null);
  }

  const queryError = query.trim().length > SEARCH_LIMITS.queryMax ? SEARCH_TEXTS.queryTooLong : null;
  const isEmpty = !query.trim() && !zip;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || queryError) return;
    let nextQuery = query.trim();
    let nextZip = zip;
    const found = extractZip(nextQuery);
    if (found) {
      nextQuery = withoutZip(nextQuery, found);
      nextZip ||= found;
    }
    if (nextZip && nextZip.length !== SEARCH_LIMITS.zipLength) {
      setZipError(SEARCH_TEXTS.zipInvalid);
      return;
    }
    setQuery(nextQuery);
    setZip(nextZip);
    if (nextQuery !== state.query || nextZip !== state.zip) {
      setState((s) => ({ ...s, query: nextQuery, zip: nextZip }));
    }
    onSearch();
  };

  const handleCategory = (word: string | null) => {
    // A complete zip typed but not yet searched goes along with the category.
    const nextZip = zip.length === SEARCH_LIMITS.zipLength ? zip : state.zip;
    setState((s) => ({ ...s, query: word ?? '', zip: nextZip }));
    if (word) onSearch();
  };

  const refine = (patch: Partial<SearchState>) => setState((s) => ({ ...s, ...patch }), { replace: true });

  return (
    <search aria-label="Find a beauty professional">
      <form
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4 rounded-2xl border border-app bg-card p-4 text-left shadow-xl sm:p-6"
      >
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto]">
          <div>
            <label htmlFor={queryId} className="sr-only">
              Service, style or name
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <input
                id={queryId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Service, style or name"
                autoComplete="off"
                enterKeyHint="search"
                aria-invalid={queryError ? true : undefined}
                aria-describedby={queryError ? errorId : undefined}
                className={inputClass}
              />
            </div>
            {queryError && (
              <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
                {queryError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={zipId} className="sr-only">
              Zip code
            </label>
            <div className="relative">
              <MapPin
                className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <input
                id={zipId}
                value={zip}
                onChange={(e) => {
                  setZip(sanitizeZipInput(e.target.value));
                  setZipError(null);
                }}
                placeholder="Zip code"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={SEARCH_LIMITS.zipLength}
                aria-invalid={zipError ? true : undefined}
                aria-describedby={zipError ? `${zipId}-error` : undefined}
                className={cn(inputClass, zip && 'pr-10')}
              />
              {zip && (
                <button
                  type="button"
                  aria-label="Clear zip code"
                  onClick={() => setZip('')}
                  className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded-md p-1 text-muted hover:bg-muted hover:text-app"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
            {zipError && (
              <p id={`${zipId}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
                {zipError}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" disabled={isEmpty || !!queryError} className="h-12 rounded-xl">
            <Search className="h-5 w-5" aria-hidden="true" />
            Search
          </Button>
        </div>

        <CategoryTabs query={state.query} onSelect={handleCategory} />

        {/* Reserved height (mobile: slider + buttons; md: one row), so nothing moves when the bar loads. */}
        <div className="min-h-36 border-t border-app pt-4 md:min-h-22">
          <Suspense fallback={<FilterBarPlaceholder />}>
            <FilterBar state={state} refine={refine} />
          </Suspense>
        </div>

        {state.experience.length > 0 && (
          <ul aria-label="Chosen experience filters" className="flex flex-wrap gap-2">
            {state.experience.map((item) => (
              <li
                key={item}
                className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-3 text-sm font-medium text-brand-800 dark:bg-brand-900/60 dark:text-brand-100"
              >
                {item}
                <button
                  type="button"
                  aria-label={`Remove ${item}`}
                  onClick={(e) => {
                    // The chip goes away: move focus to a neighbour's button, or to the Experience button.
                    const li = e.currentTarget.closest('li');
                    const next = (li?.nextElementSibling ?? li?.previousElementSibling)?.querySelector(
                      'button',
                    );
                    (
                      next ?? e.currentTarget.form?.querySelector<HTMLElement>('[data-filter="experience"]')
                    )?.focus();
                    refine({ experience: state.experience.filter((i) => i !== item) });
                  }}
                  className="cursor-pointer rounded-full p-1 hover:bg-brand-200 dark:hover:bg-brand-800"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
    </search>
  );
}
