import { SEARCH_TEXTS } from '#domain/search-options.ts';

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Placeholder cards of the real cards' size while the first page loads (no layout jump). */
export function ProviderGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {SKELETON_KEYS.map((key) => (
        <li
          key={key}
          className="h-72 animate-pulse rounded-2xl border border-app bg-card motion-reduce:animate-none"
        >
          <div className="flex gap-3 p-4">
            <div className="h-14 w-14 rounded-full bg-muted" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-2/3 rounded bg-muted" />
              <div className="h-3 w-1/2 rounded bg-muted" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Stands in for the results section while its code loads (it is split from the first-load bundle):
 * the same heading and placeholder cards, so nothing jumps when the real section arrives.
 */
export function ResultsPlaceholder({ isSearch }: { isSearch: boolean }) {
  return (
    <section
      aria-labelledby="results-title"
      aria-busy="true"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-10"
    >
      <h2 id="results-title" className="mb-4 text-2xl font-bold text-app sm:text-3xl">
        {isSearch ? SEARCH_TEXTS.resultsTitle : SEARCH_TEXTS.listTitle}
      </h2>
      {/* Where a search's summary banner will be. */}
      {isSearch && (
        <div aria-hidden="true" className="mb-6 h-16 rounded-2xl border border-app bg-muted sm:h-14" />
      )}
      <ProviderGridSkeleton />
    </section>
  );
}
