import { useEffect } from 'react';
import { useParams } from 'react-router';
import { BRAND } from '../../../domain/brand';
import { openAuthDialog } from '../../features/auth/auth-dialog-store';
import { usePublicProfile } from '../../features/profiles/api/get-public-profile';
import type { Viewer } from '../../features/profiles/components/public/ContactCard';
import { ProfileLoadError } from '../../features/profiles/components/public/ProfileLoadError';
import { ProfileLoading } from '../../features/profiles/components/public/ProfileLoading';
import { ProfileNotFound } from '../../features/profiles/components/public/ProfileNotFound';
import { PublicProfileView } from '../../features/profiles/components/public/PublicProfileView';
import { profileTitle } from '../../features/profiles/components/public/profile-view';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';

// index.html's title. Leaving the page puts it back rather than "the previous title": when the
// page was opened directly, the previous one is the server's title for this very profile.
const APP_TITLE = `${BRAND.name} · ${BRAND.tagline}`;

/** Sets the tab title while the page is shown. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}

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
    return <PublicProfileView profile={query.data} viewer={viewer} onLoginRequired={handleLoginRequired} />;
  }
  if (notFound) return <ProfileNotFound slug={slug} />;
  if (query.isError)
    return <ProfileLoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ProfileLoading />;
}

export default ProfilePage;
