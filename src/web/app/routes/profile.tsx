import { useParams } from 'react-router';
import { BRAND } from '../../../domain/brand';
import { logBookingClick } from '../../features/bookings/api/log-booking-click';
import { FavoriteButton } from '../../features/favorites/components/FavoriteButton';
import { ProfileOpenings } from '../../features/openings/components/ProfileOpenings';
import { usePublicProfile } from '../../features/profiles/api/get-public-profile';
import type { Viewer } from '../../features/profiles/components/public/ContactCard';
import { ProfileLoadError } from '../../features/profiles/components/public/ProfileLoadError';
import { ProfileLoading } from '../../features/profiles/components/public/ProfileLoading';
import { ProfileNotFound } from '../../features/profiles/components/public/ProfileNotFound';
import { PublicProfileView } from '../../features/profiles/components/public/PublicProfileView';
import { profileTitle } from '../../features/profiles/components/public/profile-view';
import { ReviewInvite } from '../../features/reviews/components/ReviewInvite';
import { ReviewsSection } from '../../features/reviews/components/ReviewsSection';
import { ApiError } from '../../lib/api-client';
import { openAuthDialog } from '../../lib/auth-dialog-store';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';

const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

/** /{slug}: a provider's public profile (SPEC.md §2). */
export function ProfilePage() {
  const { slug = '' } = useParams();
  const query = usePublicProfile(slug);
  const session = useSession();
  const notFound = query.error instanceof ApiError && query.error.status === 404;

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
    return (
      <PublicProfileView
        profile={profile}
        viewer={viewer}
        onLoginRequired={handleLoginRequired}
        onBook={(url) => logBookingClick({ url, provider_id: profile.id, click_token: profile.click_token })}
        openings={
          <ProfileOpenings
            openings={profile.upcoming_openings}
            isSignedIn={Boolean(session)}
            onBook={(o) =>
              logBookingClick({
                url: o.display_booking_link,
                provider_id: o.provider_id,
                click_token: profile.click_token,
              })
            }
            onLoginRequired={handleLoginRequired}
          />
        }
        reviews={
          <ReviewsSection
            providerId={profile.id}
            providerName={profile.name}
            services={services}
            viewer={viewer}
            userId={session?.user.id ?? null}
            onLoginRequired={handleLoginRequired}
          />
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
        favoriteButton={
          viewer !== 'owner' && (
            <FavoriteButton providerId={profile.id} providerName={profile.name} size="lg" />
          )
        }
      />
    );
  }
  if (notFound) return <ProfileNotFound slug={slug} />;
  if (query.isError)
    return <ProfileLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ProfileLoading />;
}

export default ProfilePage;
