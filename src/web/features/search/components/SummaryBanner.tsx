import type { SearchReply } from '#domain/search.ts';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { badgeVariants } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import { availabilityLabel, priceRangeLabel } from '../filter-rules';
import type { SearchState } from '../url-state';

/** 'balayge color' with corrections [balayge → balayage] → 'balayage color'. */
function correctedQuery(searched: SearchReply['searched']): string | null {
  if (searched.corrections.length === 0) return null;
  const fixes = new Map(searched.corrections.map((c) => [c.word.toLowerCase(), c.suggestions[0] ?? c.word]));
  return searched.query.replace(/[\p{L}\p{N}]+/gu, (word) => fixes.get(word.toLowerCase()) ?? word);
}

/** '1000+ results', '1 result', '24 professionals'. */
export function countLabel(total: number, isCapped: boolean, noun: string): string {
  return `${total}${isCapped ? '+' : ''} ${noun}${total === 1 && !isCapped ? '' : 's'}`;
}

/**
 * What was searched (query, zip and radius, filters), how many matched, the server's spelling
 * fixes, and Clear Filters back to the full list (SPEC.md §4 'Search view').
 */
export function SummaryBanner({
  state,
  reply,
  onClear,
}: {
  state: SearchState;
  /** The first page of the current search; undefined while it loads or when it failed. */
  reply: SearchReply | undefined;
  onClear: () => void;
}) {
  const searched = reply?.searched;
  const query = searched ? searched.query : state.query;
  const zip = searched ? searched.locationZip : state.zip || null;
  const radius = searched?.radiusMiles;
  const fixed = searched ? correctedQuery(searched) : null;
  const filters = [
    priceRangeLabel(state.price),
    availabilityLabel(state),
    ...state.experience,
    state.minRating > 0 ? `${state.minRating}+ stars` : null,
    state.sort === 'rating' ? 'Highest rated first' : null,
  ].filter((f): f is string => !!f);
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-app bg-muted p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5 text-sm text-app">
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
              within {radius ?? ''}
              {radius ? ' miles' : ''} of <span className="font-semibold">{zip}</span>
            </>
          )}
        </p>
        {fixed && (
          <p className="text-muted">
            Showing results for <span className="font-semibold text-app">{fixed}</span>
          </p>
        )}
        {filters.length > 0 && (
          <ul aria-label="Filters" className="flex flex-wrap gap-1.5">
            {filters.map((f) => (
              <li key={f} className={cn(badgeVariants({ variant: 'neutral' }), 'bg-card')}>
                {f}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={onClear} className="shrink-0 self-start">
        {SEARCH_TEXTS.clearFilters}
      </Button>
    </div>
  );
}
