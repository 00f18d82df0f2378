import { lazy, Suspense } from 'react';
import type { ProviderCard } from '#domain/search.ts';
import { useSession } from '#web/lib/session.ts';
import { FavoriteHeart } from './FavoriteHeart';

// The save toggle (its own chunk, with the favourites queries) loads only for a signed-in user;
// visitors' cards get the plain heart, which asks them to log in.
const FavoriteButton = lazy(() => import('./FavoriteButton').then((m) => ({ default: m.FavoriteButton })));

/** A provider card's heart, in search results and on landing pages. */
export function CardFavorite({ provider }: { provider: ProviderCard }) {
  const session = useSession();
  if (!session) return <FavoriteHeart providerName={provider.name} providerId={provider.id} />;
  return (
    <Suspense fallback={<FavoriteHeart providerName={provider.name} isDisabled />}>
      <FavoriteButton providerId={provider.id} providerName={provider.name} />
    </Suspense>
  );
}

export const renderCardFavorite = (provider: ProviderCard) => <CardFavorite provider={provider} />;
