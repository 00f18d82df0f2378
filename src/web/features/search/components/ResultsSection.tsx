import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { ProviderCard } from '#domain/search.ts';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useProvidersList } from '../api/list-providers';
import { useProviderSearch } from '../api/search-providers';
import { toSearchBody } from '../filter-rules';
import { EMPTY_SEARCH, isSearchActive, type SearchState, searchProblem } from '../url-state';
import { ProviderGrid } from './ProviderGrid';
import { RatingControls } from './RatingControls';
import { ProviderGridSkeleton } from './ResultsPlaceholder';
import { countLabel, SummaryBanner } from './SummaryBanner';

/** SPEC.md §9: the view scrolls to the results about 100 ms after they appear. */
const SCROLL_DELAY_MS = 100;

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
 * the summary banner, the cards with Load more, and the empty, error and loading states.
 */
export function ResultsSection({
  state,
  setState,
  scrollRequest,
  renderFavorite,
}: {
  state: SearchState;
  renderFavorite?: (provider: ProviderCard) => ReactNode;
  setState: (update: () => SearchState) => void;
  /** Goes up by one for each search the person asked for; the view scrolls here when it has results. */
  scrollRequest: number;
}) {
  const isActive = isSearchActive(state);
  const problem = isActive ? searchProblem(state) : null;
  const body = useMemo(() => toSearchBody(state), [state]);
  const list = useProvidersList(!isActive);
  const search = useProviderSearch(body, isActive && !problem);
  const current = isActive ? search : list;

  const items = useMemo(
    () =>
      unique(
        isActive
          ? (search.data?.pages.flatMap((p) => p.results) ?? [])
          : (list.data?.pages.flatMap((p) => p.providers) ?? []),
      ),
    [isActive, search.data, list.data],
  );
  const first = isActive ? search.data?.pages[0] : list.data?.pages[0];
  const isReady = !problem && !current.isPending && !current.isPlaceholderData;

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

  const handleClear = () => {
    setState(() => EMPTY_SEARCH);
    // The banner and its button go away; the heading (now 'Beauty Professionals') keeps the focus.
    headingRef.current?.focus({ preventScroll: true });
  };

  const count = first ? countLabel(first.total, first.totalCapped, isActive ? 'result' : 'professional') : '';
  let announcement = '';
  if (isReady && current.isSuccess && first) {
    if (items.length === 0) announcement = isActive ? SEARCH_TEXTS.noResults : SEARCH_TEXTS.noProfessionals;
    else if ((current.data?.pages.length ?? 0) > 1) announcement = `Showing ${items.length} of ${count}`;
    else announcement = count;
  }

  let content: ReactNode;
  if (problem) {
    content = <Alert>{problem}</Alert>;
  } else if (current.isPending) {
    content = <ProviderGridSkeleton />;
  } else if (current.isError && items.length === 0) {
    content = isInputError(current.error) ? (
      <Alert>{current.error.issues[0]?.message ?? current.error.message}</Alert>
    ) : (
      <div role="alert">
        <StateMessage title={isActive ? SEARCH_TEXTS.searchFailed : SEARCH_TEXTS.loadFailed}>
          <Button variant="outline" className="mt-4" onClick={() => void current.refetch()}>
            {SEARCH_TEXTS.tryAgain}
          </Button>
        </StateMessage>
      </div>
    );
  } else if (items.length === 0) {
    content = isActive ? (
      <StateMessage title={SEARCH_TEXTS.noResults}>
        <p className="mt-2 text-sm text-muted">Try other words, a nearby zip code or fewer filters.</p>
      </StateMessage>
    ) : (
      <StateMessage title={SEARCH_TEXTS.noProfessionals}>
        <p className="mt-2 text-sm text-muted">Professionals appear here as soon as they join.</p>
      </StateMessage>
    );
  } else {
    content = (
      <>
        <div className={current.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ProviderGrid providers={items} renderFavorite={renderFavorite} />
        </div>
        <div className="mt-8 flex flex-col items-center gap-3">
          {first && items.length < first.total && (
            <p className="text-sm text-muted">
              Showing {items.length} of {count}
            </p>
          )}
          {current.isFetchNextPageError && (
            <Alert>
              {isActive ? SEARCH_TEXTS.searchFailed : SEARCH_TEXTS.loadFailed}.{' '}
              <Button variant="link" onClick={() => void current.fetchNextPage()}>
                {SEARCH_TEXTS.tryAgain}
              </Button>
            </Alert>
          )}
          {current.hasNextPage && !current.isPlaceholderData && !current.isFetchNextPageError && (
            <Button
              variant="outline"
              disabled={current.isFetchingNextPage}
              onClick={() => void current.fetchNextPage()}
            >
              {current.isFetchingNextPage && <Spinner />}
              Load more
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby="results-title"
      aria-busy={current.isFetching && !current.isFetchingNextPage}
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-10"
    >
      <h2
        id="results-title"
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 text-2xl font-bold text-app sm:text-3xl"
      >
        {isActive ? SEARCH_TEXTS.resultsTitle : SEARCH_TEXTS.listTitle}
      </h2>
      {isActive && (
        <div className="mb-6 space-y-4">
          <SummaryBanner
            state={state}
            reply={search.isPlaceholderData ? undefined : search.data?.pages[0]}
            onClear={handleClear}
          />
          <RatingControls
            sort={state.sort}
            minRating={state.minRating}
            onChange={(change) => setState(() => ({ ...state, ...change }))}
          />
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {content}
    </section>
  );
}
