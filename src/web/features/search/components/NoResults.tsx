import { X } from 'lucide-react';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';
import { activeFilters } from '../active-filters';
import type { SearchState } from '../url-state';

/**
 * 'No results found', with each filter of the search as a one-click remove button ('Remove price
 * $15–$100'): one of them excluded everything, and taking it away is the quickest way to results.
 */
export function NoResults({
  state,
  onRemove,
}: {
  state: SearchState;
  onRemove: (without: (current: SearchState) => SearchState) => void;
}) {
  const filters = activeFilters(state);
  return (
    <div className="rounded-2xl border border-dashed border-app px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-app">{SEARCH_TEXTS.noResults}</h3>
      {filters.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Try other words or a nearby zip code.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            No one matches your search with {filters.length === 1 ? 'this filter' : 'these filters'}. Remove
            one to see more:
          </p>
          <ul aria-label="Filters of this search" className="mt-4 flex flex-wrap justify-center gap-2">
            {filters.map((filter) => (
              <li key={filter.removeLabel}>
                <button
                  type="button"
                  className={toggleChipClass(false, 'break-words')}
                  onClick={() => onRemove(filter.without)}
                >
                  <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  {filter.removeLabel}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
