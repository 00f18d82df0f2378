import { Heart, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { FavoriteProvider } from '#domain/favorites.ts';
import { FAVORITE_ACCOUNT_TEXTS } from '#domain/favorites-account-texts.ts';
import { FAVORITE_LIMITS } from '#domain/favorites-options.ts';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { LoadFailed, LoadMoreButton } from '#web/components/ListStates.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { badgeVariants } from '#web/components/ui/Badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useFavorites } from '../api/get-favorites';
import { FavoriteButton } from './FavoriteButton';

function SavedCard({ provider }: { provider: FavoriteProvider }) {
  const shown = provider.specialties.slice(0, FAVORITE_LIMITS.cardSpecialties);
  const more = provider.specialties.length - shown.length;
  return (
    <li className="relative flex items-start gap-3 rounded-xl border border-app p-3 focus-within:ring-2 focus-within:ring-brand-600">
      <Avatar
        name={provider.name}
        src={provider.avatar_url ? thumbnailUrl(provider.avatar_url) : null}
        size={48}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={`/${provider.routing_slug}`}
          className="font-semibold break-words text-app hover:underline focus-visible:outline-none"
        >
          {provider.name}
        </Link>
        {provider.location && (
          <p className="mt-0.5 flex items-start gap-1 text-sm text-muted">
            <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="break-words">{provider.location}</span>
          </p>
        )}
        {shown.length > 0 && (
          <ul aria-label="Specialties" className="mt-2 flex flex-wrap gap-1.5">
            {shown.map((s) => (
              <li key={s} className={badgeVariants({ variant: 'brand', shape: 'truncate' })}>
                {s}
              </li>
            ))}
            {more > 0 && (
              <li className={badgeVariants({ variant: 'muted' })}>
                +{more}
                <span className="sr-only"> more</span>
              </li>
            )}
          </ul>
        )}
      </div>
      <FavoriteButton providerId={provider.id} providerName={provider.name} />
    </li>
  );
}

/**
 * The account page's saved providers (docs/product.md §2 'Account'): cards link to /{routing_slug}.
 * `alerts` is the opening-alerts switch, drawn above the list (the openings feature owns it; the
 * account page composes the two).
 */
export function SavedProviders({ userId, alerts }: { userId: string; alerts?: React.ReactNode }) {
  const query = useFavorites(userId);
  const items = query.data?.pages.flatMap((p) => p.favorites) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading saved providers..." />;
  else if (query.isError && items.length === 0)
    content = (
      <LoadFailed
        message={FAVORITE_ACCOUNT_TEXTS.savedProvidersFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (items.length === 0)
    content = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Heart className="h-4 w-4" aria-hidden="true" />
        No saved providers yet. Tap the heart on a provider to save them here.
      </p>
    );
  else
    content = (
      <>
        <ul className="grid gap-3 sm:grid-cols-2">
          {items.map((p) => (
            <SavedCard key={p.id} provider={p} />
          ))}
        </ul>
        <div className="mt-4">
          <LoadMoreButton query={query} />
        </div>
      </>
    );

  return (
    <Card aria-labelledby="saved-providers-title">
      <CardHeader>
        <CardTitle id="saved-providers-title">Saved Providers</CardTitle>
        <CardDescription>{total > 0 ? `${total} saved.` : 'Providers you save appear here.'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {alerts}
        {content}
      </CardContent>
    </Card>
  );
}
