import { Loader2, LocateFixed, MapPin, Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { RADIUS_OPTIONS, SEARCH_LIMITS, SEARCH_TEXTS } from '#domain/search-options.ts';
import { extractZip, withoutZip } from '#domain/zip.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ZipInput } from '#web/components/ui/ZipInput.tsx';
import { cn } from '#web/lib/cn.ts';
import type { RadiusMiles, SearchState, SetState } from '../url-state';
import { CategoryTabs } from './CategoryTabs';
import { FilterBar } from './FilterBar';

/** Quick choices beside the popular categories (a signed-in person's favourite services), drawn by the page. */
export type RenderQuickChoices = (choices: {
  query: string;
  onSelect: (word: string | null) => void;
}) => ReactNode;

/** What 'Use my location' is doing: the line beside the button says it (SEARCH_TEXTS). */
type Locating = { state: 'idle' } | { state: 'busy' } | { state: 'done' | 'failed'; message: string };

// The geolocation code (and its API call) loads when the button is pressed, never with the page.
const loadLocateZip = () => import('../locate-zip').then((m) => m.locateZip());

const inputClass =
  'h-12 w-full rounded-xl border border-app bg-card pr-3 pl-10 text-base text-app placeholder:text-[color:var(--fg-muted)] focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] aria-[invalid=true]:border-red-500';
/** The zip box's differences from ZipInput's own look (its Input), which gives the rest of inputClass. */
const zipClass = 'h-12 rounded-xl py-0 pr-3 pl-10 text-base';

/**
 * docs/product.md §2 search panel: query, zip (digits only, 5; a pasted address keeps its zip) with the
 * radius and 'Use my location', Search (disabled while query and zip are both empty), popular
 * categories (and the page's quick choices), then price, availability, experience and rating. Query
 * and zip are drafts until Search; the radius and the filters write to the URL as they change, and
 * the results follow them (a filter alone is a search).
 */
export function SearchPanel({
  state,
  setState,
  onSearch,
  renderQuickChoices,
}: {
  state: SearchState;
  setState: SetState;
  /** Called for a search the person asked for (Search, a category), so the page can scroll to results. */
  onSearch: () => void;
  /** Choices that search as a category does (the home page passes a signed-in person's favourite services). */
  renderQuickChoices?: RenderQuickChoices | undefined;
}) {
  const queryId = useId();
  const zipId = useId();
  const errorId = useId();
  const [query, setQuery] = useState(state.query);
  const [zip, setZip] = useState(state.zip);
  const [zipError, setZipError] = useState<string | null>(null);
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const radiusId = useId();
  const locationStatusId = useId();
  // The query as typed now, for a search that runs when the position arrives seconds later.
  const latestQuery = useRef(query);
  latestQuery.current = query;
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

  const runSearch = (rawQuery: string, rawZip: string) => {
    let nextQuery = rawQuery.trim();
    let nextZip = rawZip;
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || queryError) return;
    runSearch(query, zip);
  };

  const changeZip = (next: string) => {
    setZip(next);
    setZipError(null);
    if (locating.state !== 'busy') setLocating({ state: 'idle' });
  };

  const handleLocate = async () => {
    if (locating.state === 'busy') return;
    setLocating({ state: 'busy' });
    const outcome = await loadLocateZip().catch(() => ({ message: SEARCH_TEXTS.locationUnavailable }));
    if ('message' in outcome) {
      setLocating({ state: 'failed', message: outcome.message });
      return;
    }
    setLocating({ state: 'done', message: `Using ${outcome.zip}, ${outcome.place}` });
    setZip(outcome.zip);
    setZipError(null);
    const typed = latestQuery.current;
    if (typed.trim().length <= SEARCH_LIMITS.queryMax) runSearch(typed, outcome.zip);
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
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_auto]">
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
            <div className="flex gap-2">
              <div className="relative min-w-0 flex-1 md:w-36 md:flex-none">
                <label htmlFor={zipId} className="sr-only">
                  Zip code
                </label>
                <MapPin
                  className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-muted"
                  aria-hidden="true"
                />
                <ZipInput
                  id={zipId}
                  value={zip}
                  onChange={(e) => changeZip(e.target.value)}
                  placeholder="Zip code"
                  aria-invalid={zipError ? true : undefined}
                  aria-describedby={
                    [zipError && `${zipId}-error`, locating.state !== 'idle' && locationStatusId]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  className={cn(zipClass, zip && 'pr-10')}
                />
                {zip && (
                  <button
                    type="button"
                    aria-label="Clear zip code"
                    onClick={() => changeZip('')}
                    className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded-md p-1 text-muted hover:bg-muted hover:text-app"
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                )}
              </div>
              <div className="w-38 shrink-0">
                <label htmlFor={radiusId} className="sr-only">
                  Search radius
                </label>
                <Select
                  id={radiusId}
                  value={state.radius}
                  onChange={(e) => refine({ radius: Number(e.target.value) as RadiusMiles })}
                  className="h-12 rounded-xl text-base"
                >
                  {RADIUS_OPTIONS.map((miles) => (
                    <option key={miles} value={miles}>
                      Within {miles} mi
                    </option>
                  ))}
                </Select>
              </div>
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
          {/*
            Under the boxes, after Search in the reading order. The button never moves or changes size;
            its message takes the rest of the line (on a phone the lines below it, so it pushes down
            only what comes after: never the boxes or Search).
          */}
          <div className="flex min-h-7 flex-wrap items-center gap-x-3 gap-y-1 md:col-span-3">
            <button
              type="button"
              onClick={() => void handleLocate()}
              // Not `disabled` while busy: a disabled button would drop the keyboard focus.
              aria-disabled={locating.state === 'busy' || undefined}
              className="inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-1 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] aria-disabled:cursor-progress dark:text-brand-300"
            >
              {locating.state === 'busy' ? (
                <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              ) : (
                <LocateFixed className="h-4 w-4" aria-hidden="true" />
              )}
              {SEARCH_TEXTS.useMyLocation}
            </button>
            <p
              id={locationStatusId}
              role="status"
              className={cn(
                'text-sm',
                locating.state === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-muted',
              )}
            >
              {locating.state === 'busy'
                ? SEARCH_TEXTS.locating
                : locating.state === 'idle'
                  ? ''
                  : locating.message}
            </p>
          </div>
        </div>

        <CategoryTabs query={state.query} onSelect={handleCategory} />
        {renderQuickChoices?.({ query: state.query, onSelect: handleCategory })}

        <div className="min-h-48 border-t border-app pt-4 md:min-h-22">
          <FilterBar state={state} refine={refine} />
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
