import { MapPin } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { CONTACT_FOR_PRICING, formatDuration, formatMoney } from '#domain/pricing-options.ts';
import type { ProviderCard as ProviderCardData } from '#domain/search.ts';
import { Avatar } from './ui/Avatar';
import { Badge, badgeVariants } from './ui/Badge';
import { buttonVariants } from './ui/Button';

const AVATAR_PX = 56;
const THUMB_PX = 96;
const MAX_SPECIALTIES = 3;

/**
 * The card's price: the service the query named, with its own price ('Balayage · from $180' when
 * that is a range, 'Balayage · $50' when it is one price) and its duration when it has one
 * ('Balayage · from $180 · 1 h 30 min'), else the lowest price ('From $45').
 */
export function cardPrice(provider: Pick<ProviderCardData, 'matched_service' | 'startingPrice'>): string {
  const service = provider.matched_service;
  if (service) {
    const from = service.starting_at || service.min_price < service.max_price ? 'from ' : '';
    const time = formatDuration(service.duration_min, service.duration_max);
    return `${service.name} · ${from}${formatMoney(service.min_price)}${time ? ` · ${time}` : ''}`;
  }
  return provider.startingPrice === null
    ? CONTACT_FOR_PRICING
    : `From ${formatMoney(provider.startingPrice)}`;
}

function CardAvatar({ name, src }: { name: string; src: string | null }) {
  // The URL that failed, not a flag: a new photo (after the provider changes it) is tried at once.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <Avatar name={name} size={AVATAR_PX} />;
  return (
    <img
      src={thumbnailUrl(src)}
      alt=""
      width={AVATAR_PX}
      height={AVATAR_PX}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className="h-14 w-14 shrink-0 rounded-full bg-muted object-cover"
    />
  );
}

function Thumb({ url, alt }: { url: string; alt: string }) {
  return (
    <img
      src={thumbnailUrl(url)}
      alt={alt}
      width={THUMB_PX}
      height={THUMB_PX}
      loading="lazy"
      decoding="async"
      // A picture we did not make has no thumbnail: fall back to the full image once.
      onError={(e) => {
        const img = e.currentTarget;
        if (img.dataset.fallback !== '1') {
          img.dataset.fallback = '1';
          img.src = url;
        }
      }}
      className="aspect-square h-auto w-full rounded-lg border border-app bg-muted object-cover"
    />
  );
}

/**
 * One provider in the home page's results (docs/product.md §2 'Provider card', §9): avatar, name, location,
 * distance, up to 3 specialties, the searched service's price or else the starting price, rating
 * (real reviews only; 'New' without any, docs/product.md §10), portfolio thumbnails with +N, and View
 * Profile. `favoriteSlot` is where the favourites toggle goes.
 */
export function ProviderCard({
  provider,
  favoriteSlot,
}: {
  provider: ProviderCardData;
  favoriteSlot?: ReactNode;
}) {
  const nameId = useId();
  const specialties = provider.specialties.slice(0, MAX_SPECIALTIES);
  const thumbs = provider.portfolio_images.slice(0, 2);
  const more = provider.portfolio_count - thumbs.length;
  const hasRating = provider.rating !== null && provider.review_count > 0;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-app bg-card p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <CardAvatar name={provider.name} src={provider.avatar_url} />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="line-clamp-2 text-base font-semibold break-words text-app">
            {provider.name}
          </h3>
          <p className="mt-0.5 flex items-start gap-1 text-sm text-muted">
            <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="line-clamp-2 break-words">{provider.location}</span>
          </p>
          {provider.distance_miles !== null && (
            <p className="mt-0.5 pl-4.5 text-xs font-medium text-app">
              {provider.distance_miles < 0.1 ? 'Under 0.1' : provider.distance_miles} mi away
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {hasRating ? (
            <span className="text-sm font-semibold text-app">
              <span aria-hidden="true" className="text-amber-500">
                ★{' '}
              </span>
              {provider.rating?.toFixed(1)}
              <span className="font-normal text-muted"> ({provider.review_count})</span>
              <span className="sr-only">
                {' '}
                out of 5 stars from {provider.review_count}{' '}
                {provider.review_count === 1 ? 'review' : 'reviews'}
              </span>
            </span>
          ) : (
            <Badge variant="success" className="font-semibold" title="No reviews yet">
              New
            </Badge>
          )}
          {/* Favourites issue: the save toggle for this provider goes here. */}
          {favoriteSlot}
        </div>
      </div>

      {specialties.length > 0 && (
        <ul aria-label="Specialties" className="flex flex-wrap gap-1.5">
          {specialties.map((s) => (
            <li key={s} className={badgeVariants({ variant: 'brand', shape: 'truncate' })}>
              {s}
            </li>
          ))}
        </ul>
      )}

      {thumbs.length > 0 && (
        <ul aria-label="Portfolio" className="grid grid-cols-3 gap-2">
          {thumbs.map((url, i) => (
            <li key={url}>
              <Thumb url={url} alt={`Work by ${provider.name}, picture ${i + 1}`} />
            </li>
          ))}
          {more > 0 && (
            <li className="flex aspect-square items-center justify-center rounded-lg border border-app bg-muted text-sm font-semibold text-app">
              +{more}
              <span className="sr-only"> more pictures</span>
            </li>
          )}
        </ul>
      )}

      <div className="mt-auto flex items-center justify-between gap-3 border-t border-app pt-3">
        <p className="min-w-0 text-sm font-semibold break-words text-app">{cardPrice(provider)}</p>
        <Link to={`/${provider.routing_slug}`} className={`${buttonVariants({ size: 'sm' })} shrink-0`}>
          View Profile<span className="sr-only">: {provider.name}</span>
        </Link>
      </div>
    </article>
  );
}
