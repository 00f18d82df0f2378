import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { SAVED_SEARCH_TEXTS } from '#domain/saved-searches-options.ts';
import type { SearchReply } from '#domain/search.ts';
import { SEARCH_SORTS, SEARCH_TEXTS, type SearchSort, SORT_LABELS } from '#domain/search-options.ts';
import { badgeVariants } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { cn } from '#web/lib/cn.ts';
import { takePendingAction } from '#web/lib/pending-action.ts';
import { useSession } from '#web/lib/session.ts';
import { activeFilters } from '../active-filters';
import { countLabel } from '../count-label';
import type { SearchState } from '../url-state';

/** 'Save this search' is about no provider: its pending action carries this in place of one. */
const SEARCH_ACTION_TARGET = 'search';

// Its form, schema and request load when it is first opened.
const SaveSearchDialog = lazy(() =>
  import('./SaveSearchDialog').then((m) => ({ default: m.SaveSearchDialog })),
);

/** 'balayge color' with corrections [balayge → balayage] → 'balayage color'. */
function correctedQuery(searched: SearchReply['searched']): string | null {
  if (searched.corrections.length === 0) return null;
  const fixes = new Map(searched.corrections.map((c) => [c.word.toLowerCase(), c.suggestions[0] ?? c.word]));
  return searched.query.replace(/[\p{L}\p{N}]+/gu, (word) => fixes.get(word.toLowerCase()) ?? word);
}

/**
 * What was searched, as one sentence whatever was given: '13 results for “balayage” within 25 miles
 * of 78704', '4 results within 10 miles of 78704', '12 results with your filters', and while the
 * search runs 'Searching… for “balayage” within 25 miles of 78704'. Then the server's spelling
 * fixes, the filters in force, 'Sort by' ('Distance' only with a zip), and Clear Filters back to
 * the full list (docs/product.md §4 'Search view').
 */
export function SummaryBanner({
  state,
  reply,
  onSort,
  onClear,
}: {
  state: SearchState;
  /** The first page of the current search; undefined while it loads. */
  reply: SearchReply | undefined;
  onSort: (sort: SearchSort) => void;
  onClear: () => void;
}) {
  const sortId = useId();
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'distance' || state.zip);
  const searched = reply?.searched;
  const query = searched ? searched.query : state.query;
  const zip = searched ? searched.locationZip : state.zip || null;
  const radius = searched?.radiusMiles ?? state.radius;
  const fixed = searched ? correctedQuery(searched) : null;
  const filters = activeFilters(state);
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-app bg-muted p-4 md:flex-row md:items-start">
      <div className="min-w-0 flex-1 space-y-1.5 text-sm text-app">
        <p>
          <span className="font-semibold">
            {reply ? countLabel(reply.total, reply.totalCapped, 'result') : 'Searching…'}
          </span>
          {query && (
            <>
              {' '}
              for <span className="font-semibold break-words">“{query}”</span>
            </>
          )}
          {zip && (
            <>
              {' '}
              within {radius} {radius === 1 ? 'mile' : 'miles'} of{' '}
              <span className="font-semibold">{zip}</span>
            </>
          )}
          {!query && !zip && ' with your filters'}
        </p>
        {reply?.landing && (
          <p>
            <Link
              to={reply.landing.path}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {reply.landing.label}
            </Link>
          </p>
        )}
        {fixed && (
          <p className="text-muted">
            Showing results for <span className="font-semibold text-app">{fixed}</span>
          </p>
        )}
        {filters.length > 0 && (
          <ul aria-label="Filters" className="flex flex-wrap gap-1.5">
            {filters.map((f) => (
              <li key={f.removeLabel} className={cn(badgeVariants({ variant: 'neutral' }), 'bg-card')}>
                {f.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex min-w-0 items-center gap-2 md:shrink-0">
        <label htmlFor={sortId} className="shrink-0 text-sm font-medium text-app">
          Sort by
        </label>
        {/* min-w-0: on a phone the longest order's name must not widen the page. */}
        <div className="min-w-0 flex-1 md:flex-none">
          <Select
            id={sortId}
            value={state.sort}
            onChange={(e) => onSort(e.target.value as SearchSort)}
            className="h-9 w-full bg-card py-1 md:w-auto"
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <SaveSearchButton state={state} />
      <Button variant="outline" size="sm" onClick={onClear} className="h-9 shrink-0 self-start bg-card">
        {SEARCH_TEXTS.clearFilters}
      </Button>
    </div>
  );
}

/**
 * 'Save this search': the dialog for a signed-in client; a visitor meets the login wall,
 * and once signed in on this page (the search is in its URL) the dialog opens as if pressed again.
 */
function SaveSearchButton({ state }: { state: SearchState }) {
  const session = useSession();
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (session && takePendingAction(SEARCH_ACTION_TARGET, ['save-search'])) setOpen(true);
  }, [session]);
  const handleClick = () => {
    if (session) setOpen(true);
    else
      openAuthDialog('login', {
        notice: SAVED_SEARCH_TEXTS.loginToSave,
        afterLogin: { kind: 'save-search', providerId: SEARCH_ACTION_TARGET },
      });
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={handleClick} className="h-9 shrink-0 self-start bg-card">
        <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
        {SAVED_SEARCH_TEXTS.saveThisSearch}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <SaveSearchDialog state={state} open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
