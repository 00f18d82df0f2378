import { CalendarDays, MapPin, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import type { PublicProfile } from '#domain/profiles.ts';
import { mapPositionLine } from '#domain/profiles-options.ts';
import { StarIcon } from '#web/components/Stars.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { ProfileAvatar } from './ProfileAvatar';
import { memberSince, type ProfileDisplay } from './profile-view';

/** Avatar, name (the page's one h1), location and badges. */
export function ProfileHero({ profile, display }: { profile: PublicProfile; display: ProfileDisplay }) {
  const since = memberSince(profile.member_since);
  // The first category's page in the provider's city; BreadcrumbList says the same.
  const breadcrumb = profile.places[0];
  // Older cached pages have neither field: no line then.
  const onTheMap = mapPositionLine(profile.pinned ?? false, profile.map_zip ?? null);
  return (
    <div className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 pt-10 pb-8 text-center sm:flex-row sm:items-end sm:gap-7 sm:text-left">
        <ProfileAvatar name={display.name} src={profile.avatar_url} />
        <div className="min-w-0 flex-1">
          {breadcrumb && (
            <nav aria-label="Breadcrumb" className="mb-2 text-sm text-muted">
              <ol className="flex flex-wrap items-center justify-center gap-1 sm:justify-start">
                <li>
                  <Link to="/" className="underline-offset-2 hover:underline">
                    {BRAND.name}
                  </Link>
                </li>
                <li aria-hidden="true">›</li>
                <li>
                  <Link to={breadcrumb.path} className="underline-offset-2 hover:underline">
                    {breadcrumb.label}
                  </Link>
                </li>
                <li aria-hidden="true">›</li>
                <li aria-current="page" className="text-app">
                  {display.name}
                </li>
              </ol>
            </nav>
          )}
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-app sm:text-4xl">
            {display.name}
          </h1>
          {display.location && (
            <p className="mt-2 flex items-center justify-center gap-1.5 text-muted sm:justify-start">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{display.location}</span>
            </p>
          )}
          {onTheMap && <p className="mt-1 text-sm text-muted">{onTheMap}</p>}
          <ul aria-label="Highlights" className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">
            {/* Real reviews only (visible ones); without any, 'New' (docs/product.md §10). */}
            {profile.review_count === 0 || profile.rating === null ? (
              <li>
                <Badge variant="brand">
                  <StarIcon className="h-3.5 w-3.5" /> New
                  <span className="sr-only"> provider, no reviews yet</span>
                </Badge>
              </li>
            ) : (
              <li>
                <a
                  href="#reviews"
                  className="rounded-full focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
                >
                  <Badge variant="brand">
                    <StarIcon className="h-3.5 w-3.5 fill-current" /> {profile.rating.toFixed(1)}
                    <span className="sr-only"> out of 5,</span> ({profile.review_count}{' '}
                    {profile.review_count === 1 ? 'review' : 'reviews'})
                  </Badge>
                </a>
              </li>
            )}
            {/* Each category links to its page in the provider's city ('Barbers in Chicago, IL'). */}
            {display.categories.map(({ id, label }) => {
              const place = profile.places.find((p) => p.category === id);
              return (
                <li key={id}>
                  {place ? (
                    <Link
                      to={place.path}
                      title={place.label}
                      className="rounded-full focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
                    >
                      {/* The name starts with the words on screen ('Barber: Barbers in Chicago, IL'), as label-in-name asks. */}
                      <Badge>
                        {label}
                        <span className="sr-only">: {place.label}</span>
                      </Badge>
                    </Link>
                  ) : (
                    <Badge>{label}</Badge>
                  )}
                </li>
              );
            })}
            {profile.license_details.trim() && (
              <li>
                <Badge variant="success">
                  <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" /> Licensed
                </Badge>
              </li>
            )}
            {since && (
              <li>
                <Badge>
                  <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" /> {since}
                </Badge>
              </li>
            )}
          </ul>
        </div>
      </div>
    </div>
  );
}
