import type { ReactNode } from 'react';
import type { ProviderCard as ProviderCardData } from '#domain/search.ts';
import { ProviderCard } from '#web/components/ProviderCard.tsx';

export function ProviderGrid({
  providers,
  renderFavorite,
}: {
  providers: readonly ProviderCardData[];
  /** The save toggle of each card (the route passes the favourites feature's button). */
  renderFavorite?: ((provider: ProviderCardData) => ReactNode) | undefined;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {providers.map((p) => (
        <li key={p.id}>
          <ProviderCard provider={p} favoriteSlot={renderFavorite?.(p)} />
        </li>
      ))}
    </ul>
  );
}
