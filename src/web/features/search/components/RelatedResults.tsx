import { type ReactNode, useId } from 'react';
import type { ProviderCard, SearchReply } from '#domain/search.ts';
import { ProviderGrid } from './ProviderGrid';

/**
 * After the results (and their Load more): professionals of the searched service's category who
 * did not match ('More hair stylists near 78704'). A region of its own, on a band of its own, so
 * it is never read as part of the results or their count.
 */
export function RelatedResults({
  related,
  renderFavorite,
}: {
  related: NonNullable<SearchReply['related']>;
  renderFavorite?: ((provider: ProviderCard) => ReactNode) | undefined;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="border-t border-app bg-muted">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 id={titleId} className="text-xl font-bold text-app sm:text-2xl">
          {related.title}
        </h2>
        <p className="mt-1 mb-5 text-sm text-muted">
          Not among your results: they offer other services of the same kind.
        </p>
        <ProviderGrid providers={related.results} renderFavorite={renderFavorite} />
      </div>
    </section>
  );
}
