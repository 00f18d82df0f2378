import { Loader2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ProviderCard } from '#domain/search.ts';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { ViewToggle } from '#web/components/ViewToggle.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useProvidersList } from '../api/list-providers';
import { useProviderSearch } from '../api/search-providers';
import { countLabel } from '../count-label';
import { EMPTY_SEARCH, isSearchActive, type SearchState, type SetState, searchProblem } from '../url-state';
import { useSettledSearch } from '../use-settled-search';
import { ProviderGrid } from './ProviderGrid';
import { ProviderGridSkeleton } from './ProviderGridSkeleton';

// What only a search shows loads with the first search, not with the home page's first load (the
// full list needs none of it; docs/performance.md 'Budgets' caps that load).
const SummaryBanner = lazy(() => import('./SummaryBanner').then((m) => ({ default: m.SummaryBanner })));
const NoResults = lazy(() => import('./NoResults').then((m) => ({ default: m.NoResults })));
const RelatedResults = lazy(() => import('./RelatedResults').then((m) => ({ default: m.RelatedResults })));
// The map (view=map), with Leaflet in a chunk of its own behind it.
const SearchMap = lazy(() => import('./SearchMap').then((m) => ({ default: m.SearchMap })));
// Messages of states the full list rarely has (a bad link, a refused search, a failed page).
const Alert = lazy(() => import('#web/components/ui/Alert.tsx').then((m) => ({ default: m.Alert })));

/** In a button that is busy (disabled meanwhile; the section says aria-busy). */
const busyIcon = <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />;

/** The banner's size while its code loads (one line of text and the Clear Filters button). */
const bannerFallback = (
  <div aria-hidden="true" className="h-16 rounded-2xl border border-app bg-muted sm:h-14" />
);

/** docs/product.md §9: the view scrolls to the results about 100 ms after they appear. */
const SCROLL_DELAY_MS = 100;

/**
 * What the section shows: exactly one of these at a time. `problem`: the URL cannot be searched
 * (a 4-digit zip); `invalid`: the server refused the search (an unknown zip: its message alone);
 * `failed`: anything else went wrong, with Try Again.
 */
type View = 'problem' | 'loading' | 'invalid' | 'failed' | 'empty' | 'results';

function StateMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-app px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-app">{title}</h3>
      {children}
    </div>
  );
}

/** A 400 answer (an unknown zip, a bad filter) says what to fix; anything else is worth retrying. */
function isInputError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400;
}

function unique(providers: ProviderCard[]): ProviderCard[] {
  return [...new Map(providers.map((p) => [p.id, p])).values()];
}

/**
 * 'Search Results' for the URL's search, or 'Beauty Professionals' (the full list) without one:
 * the summary banner (with Sort by), the cards with Load more, the empty, error and loading states,
 * and after all of them the related professionals the server suggests.
 */
export function ResultsSection({
  state,
  setState,
  scrollRequest,
  renderFavorite,
}: {
  state: SearchState;
  renderFavorite?: (provider: ProviderCard) => ReactNode;
  setState: SetState;
  /** Goes up by one for each search the person asked for; the view scrolls here when it has results. */
  scrollRequest: number;
}) {
  // `state` is what the URL asks for (the heading, the banner's words); `settled` is what is fetched,
  // the same once the filters have rested for a moment (docs/product.md §9 debounce).
  const isActive = isSearchActive(state);
  const { settled, isSettling } = useSettledSearch(state);
  const isFetchedActive = isSearchActive(settled);
  const problem = isActive ? searchProblem(state) : null;
  const list = useProvidersList(!isFetchedActive);
  const search = useProviderSearch(settled, isFetchedActive && !searchProblem(settled));
  const current = isFetchedActive ? search : list;

  const items = useMemo(
    () =>
      unique(
        isFetchedActive
          ? (search.data?.pages.flatMap((p) => p.results) ?? [])
          : (list.data?.pages.flatMap((p) => p.providers) ?? []),
      ),
    [isFetchedActive, search.data, list.data],
  );
  const first = isFetchedActive ? search.data?.pages[0] : list.data?.pages[0];
  const isStale = isSettling || isActive !== isFetchedActive || current.isPlaceholderData;
  const isReady = !problem && !current.isPending && !isStale;

  let view: View;
  if (problem) view = 'problem';
  else if (current.isPending) view = 'loading';
  else if (current.isError && items.length === 0) view = isInputError(current.error) ? 'invalid' : 'failed';
  // A search of no results being replaced by another one is 'searching', not 'no results'.
  else if (items.length === 0) view = isStale ? 'loading' : 'empty';
  else view = 'results';
  // The banner sums up a search that runs or ran; a refused or failed one shows its message alone.
  const showsBanner = isActive && (view === 'loading' || view === 'empty' || view === 'results');

  // Search impressions for provider insights (ADR 019): the pages of results this browser rendered.
  // The beacon code loads only when there is one to send, so the first load does not carry it.
  // Each page of results carries its own token; a page is sent once.
  const searchPages = search.data?.pages;
  useEffect(() => {
    if (isReady && isFetchedActive && searchPages?.some((p) => p.results.length > 0))
      void import('#web/lib/insights-beacon.ts').then((m) => m.sendImpressions(searchPages));
  }, [isReady, isFetchedActive, searchPages]);

  // The map beside the list (a desktop) or instead of it (a phone), kept in the URL as view=map.
  const [params, setParams] = useSearchParams();
  const isMap = params.get('view') === 'map';
  // React Router hands the updater a copy of the params.
  const handleView = (map: boolean) =>
    setParams(
      (p) => {
        map ? p.set('view', 'map') : p.delete('view');
        return p;
      },
      { replace: true },
    );

  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const scrolledFor = useRef(0);
  useEffect(() => {
    if (scrollRequest === scrolledFor.current || !isReady) return;
    scrolledFor.current = scrollRequest;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setTimeout(
      () => sectionRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' }),
      SCROLL_DELAY_MS,
    );
  }, [scrollRequest, isReady]);

  // The button pressed goes away with what it changed: the heading keeps the focus.
  const focusHeading = () => headingRef.current?.focus({ preventScroll: true });
  const handleClear = () => {
    setState(() => EMPTY_SEARCH);
    focusHeading();
  };
  const handleRemoveFilter = (without: (current: SearchState) => SearchState) => {
    setState(without, { replace: true });
    focusHeading();
  };

  const count = first
    ? countLabel(first.total, first.totalCapped, isFetchedActive ? 'result' : 'professional')
    : '';
  let announcement = '';
  if (isReady && current.isSuccess && first) {
    if (items.length === 0) announcement = isActive ? SEARCH_TEXTS.noResults : SEARCH_TEXTS.noProfessionals;
    else if ((current.data?.pages.length ?? 0) > 1) announcement = `Showing ${items.length} of ${count}`;
    else announcement = count;
  }
  const reply = isActive && isReady && !current.isError ? search.data?.pages[0] : undefined;
  const related =
    (view === 'results' || view === 'empty') && reply?.related?.results.length ? reply.related : null;

  let content: ReactNode;
  switch (view) {
    case 'problem':
      content = (
        <Suspense fallback={null}>
          <Alert>{problem}</Alert>
        </Suspense>
      );
      break;
    case 'loading':
      content = <ProviderGridSkeleton />;
      break;
    case 'invalid': {
      const error = current.error as ApiError;
      content = (
        <Suspense fallback={null}>
          <Alert>{error.issues[0]?.message ?? error.message}</Alert>
        </Suspense>
      );
      break;
    }
    case 'failed':
      content = (
        <div role="alert">
          <StateMessage title={isActive ? SEARCH_TEXTS.searchFailed : SEARCH_TEXTS.loadFailed}>
            <Button
              variant="outline"
              className="mt-4"
              disabled={current.isFetching}
              onClick={() => void current.refetch()}
            >
              {current.isFetching && busyIcon}
              {SEARCH_TEXTS.tryAgain}
            </Button>
          </StateMessage>
        </div>
      );
      break;
    case 'empty':
      content = isActive ? (
        <Suspense fallback={<StateMessage title={SEARCH_TEXTS.noResults} />}>
          <NoResults state={state} onRemove={handleRemoveFilter} />
        </Suspense>
      ) : (
        <StateMessage title={SEARCH_TEXTS.noProfessionals}>
          <p className="mt-2 text-sm text-muted">Professionals appear here as soon as they join.</p>
        </StateMessage>
      );
      break;
    case 'results':
      content = (
        <>
          <div className={isStale ? 'opacity-60 transition-opacity' : undefined}>
            <ProviderGrid providers={items} renderFavorite={renderFavorite} />
          </div>
          <div className="mt-8 flex flex-col items-center gap-3">
            {first && items.length < first.total && (
              <p className="text-sm text-muted">
                Showing {items.length} of {count}
              </p>
            )}
            {current.isFetchNextPageError && (
              <Suspense fallback={null}>
                <Alert>
                  {isActive ? SEARCH_TEXTS.searchFailed : SEARCH_TEXTS.loadFailed}.{' '}
                  <Button variant="link" onClick={() => void current.fetchNextPage()}>
                    {SEARCH_TEXTS.tryAgain}
                  </Button>
                </Alert>
              </Suspense>
            )}
            {current.hasNextPage && !isStale && !current.isFetchNextPageError && (
              <Button
                variant="outline"
                disabled={current.isFetchingNextPage}
                onClick={() => void current.fetchNextPage()}
              >
                {current.isFetchingNextPage && busyIcon}
                Load more
              </Button>
            )}
          </div>
        </>
      );
      break;
  }

  return (
    <>
      <section
        ref={sectionRef}
        aria-labelledby="results-title"
        aria-busy={isStale || (current.isFetching && !current.isFetchingNextPage)}
        className="mx-auto max-w-6xl scroll-mt-20 px-4 py-10"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2
            id="results-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-app sm:text-3xl"
          >
            {isActive ? SEARCH_TEXTS.resultsTitle : SEARCH_TEXTS.listTitle}
          </h2>
          {/* A refused or failed search shows its message alone (no map of nothing), unless the map is open. */}
          {(isMap || showsBanner || !isActive) && <ViewToggle isMap={isMap} onChange={handleView} />}
        </div>
        {showsBanner && (
          <div className="mb-6">
            <Suspense fallback={bannerFallback}>
              <SummaryBanner
                state={state}
                reply={reply}
                onSort={(sort) => setState((s) => ({ ...s, sort }), { replace: true })}
                onClear={handleClear}
              />
            </Suspense>
          </div>
        )}
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {isMap ? (
          <Suspense fallback={content}>
            <SearchMap
              list={content}
              hidesList={view === 'results'}
              providers={items}
              settled={settled}
              setState={setState}
            />
          </Suspense>
        ) : (
          content
        )}
      </section>
      {related && (
        <Suspense fallback={null}>
          <RelatedResults related={related} renderFavorite={renderFavorite} />
        </Suspense>
      )}
    </>
  );
}
