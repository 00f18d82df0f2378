import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { logBookingClick } from '#web/features/bookings/api/log-booking-click.ts';
import { FavoriteButton } from '#web/features/favorites/components/FavoriteButton.tsx';
import { ProfileOpenings } from '#web/features/openings/components/ProfileOpenings.tsx';
import { publicProfileQuery, usePublicProfile } from '#web/features/profiles/api/get-public-profile.ts';
import type { Viewer } from '#web/features/profiles/components/public/ContactCard.tsx';
import { ProfileLoadError } from '#web/features/profiles/components/public/ProfileLoadError.tsx';
import { ProfileLoading } from '#web/features/profiles/components/public/ProfileLoading.tsx';
import { PublicProfileView } from '#web/features/profiles/components/public/PublicProfileView.tsx';
import { profileTitle } from '#web/features/profiles/components/public/profile-view.ts';
import { ReviewInvite } from '#web/features/reviews/components/ReviewInvite.tsx';
import { ReviewsSection } from '#web/features/reviews/components/ReviewsSection.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';
import { useServerNotFound } from '../ssr-state';

const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

// Only a signed-in visitor can block a provider: the control (and its list call) loads for them alone.
const BlockProviderButton = lazy(() =>
  import('#web/features/favorites/components/BlockProviderButton.tsx').then((m) => ({
    default: m.BlockProviderButton,
  })),
);

// 'Profile Not Found' loads when it happens: a profile that exists (nearly every visit) never fetches it.
const ProfileNotFound = lazy(() =>
  import('#web/features/profiles/components/public/ProfileNotFound.tsx').then((m) => ({
    default: m.ProfileNotFound,
  })),
);

/** /{slug}: a provider's public profile (docs/product.md §2). */
export function ProfilePage() {
  const { slug = '' } = useParams();
  const query = usePublicProfile(slug);
  const queryClient = useQueryClient();
  const session = useSession();
  // The server answered this address with 404 (the page hydrates as it was rendered), or the API did.
  const notFound = useServerNotFound() || (query.error instanceof ApiError && query.error.status === 404);
  // A profile view for the provider's insights (ADR 019), sent by the browser that rendered it (never
  // by the server's rendering), and not the provider's own look at their page; the beacon code loads then.
  const viewedId = query.data?.id;
  const isOwnPage = session?.user.id === viewedId;
  useEffect(() => {
    if (viewedId && !isOwnPage)
      void import('#web/lib/insights-beacon.ts').then((m) => m.sendProfileView(viewedId));
  }, [viewedId, isOwnPage]);

  useDocumentTitle(
    query.data ? profileTitle(query.data) : notFound ? `Profile Not Found | ${BRAND.name}` : null,
  );

  if (query.data) {
    const viewer: Viewer = !session
      ? 'signed-out'
      : session.user.id === query.data.id
        ? 'owner'
        : 'signed-in';
    const profile = query.data;
    const services = profile.pricing.map((p) => p.service.trim()).filter(Boolean);
    // A signed-in viewer's click carries their click token (ADR 008). Until their own reply arrives
    // the page shows the visitor's copy (server-rendered, no token): a click then waits for it.
    // The profile's or an opening's link ({ url }), or a service's own ({ service }: its stored link).
    const logBook = (clicked: { url: string } | { service: string }) => {
      const log = (clickToken: string | undefined) =>
        logBookingClick({ ...clicked, provider_id: profile.id, click_token: clickToken });
      if (profile.click_token || !query.isPlaceholderData || !session) return log(profile.click_token);
      void queryClient.fetchQuery(publicProfileQuery(slug, session.user.id)).then(
        (mine) => log(mine.click_token),
        () => log(undefined),
      );
    };
    return (
      <PublicProfileView
        profile={profile}
        viewer={viewer}
        onLoginRequired={handleLoginRequired}
        onBook={(url) => logBook({ url })}
        onBookService={(service) => logBook({ service })}
        openings={
          <ProfileOpenings
            openings={profile.upcoming_openings}
            isSignedIn={Boolean(session)}
            onBook={(o) => logBook({ url: o.display_booking_link })}
            onLoginRequired={handleLoginRequired}
          />
        }
        reviews={
          // An unlisted profile (its owner's preview) has no reviews to show: nobody can write one.
          profile.listed && (
            <ReviewsSection
              providerId={profile.id}
              providerName={profile.name}
              services={services}
              viewer={viewer}
              userId={session?.user.id ?? null}
              onLoginRequired={handleLoginRequired}
            />
          )
        }
        reviewInvite={
          viewer === 'signed-in' &&
          session && (
            <ReviewInvite
              providerId={profile.id}
              providerName={profile.name}
              services={services}
              userId={session.user.id}
            />
          )
        }
        blockControl={
          viewer === 'signed-in' &&
          session && (
            <Suspense fallback={null}>
              <BlockProviderButton
                userId={session.user.id}
                providerId={profile.id}
                providerName={profile.name}
              />
            </Suspense>
          )
        }
        favoriteButton={
          viewer !== 'owner' && (
            <FavoriteButton providerId={profile.id} providerName={profile.name} size="lg" />
          )
        }
      />
    );
  }
  if (notFound)
    return (
      <Suspense fallback={<ProfileLoading />}>
        <ProfileNotFound slug={slug} />
      </Suspense>
    );
  if (query.isError)
    return <ProfileLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ProfileLoading />;
}
