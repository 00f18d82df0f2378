import { useQueryClient } from '@tanstack/react-query';
import { LogIn, RotateCcw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { BRAND } from '#domain/brand.ts';
import type { AccountProfile } from '#domain/profiles.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { FavoriteServices } from '#web/features/favorites/components/FavoriteServices.tsx';
import { SavedProviders } from '#web/features/favorites/components/SavedProviders.tsx';
import { OpeningAlertsSwitch } from '#web/features/openings/components/OpeningAlertsSwitch.tsx';
import { OpeningsManager } from '#web/features/openings/components/OpeningsManager.tsx';
import {
  accountProfileKey,
  sessionUserOf,
  useAccountProfile,
} from '#web/features/profiles/api/get-account-profile.ts';
import { AccountHeader } from '#web/features/profiles/components/account/AccountHeader.tsx';
import { SECTION_SCROLL_MARGIN } from '#web/features/profiles/components/account/account-sections.ts';
import { BecomeProviderCard } from '#web/features/profiles/components/account/BecomeProviderCard.tsx';
import { ClientAccountForm } from '#web/features/profiles/components/account/ClientAccountForm.tsx';
import { ListingChecklist } from '#web/features/profiles/components/account/ListingChecklist.tsx';
import { ProviderProfileForm } from '#web/features/profiles/components/account/ProviderProfileForm.tsx';
import { SectionMenu } from '#web/features/profiles/components/account/SectionMenu.tsx';
import { AvatarUpload } from '#web/features/uploads/components/AvatarUpload.tsx';
import { PortfolioManager } from '#web/features/uploads/components/PortfolioManager.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { updateSessionUser, useSession } from '#web/lib/session.ts';

// Booking Interest, Insights and Saved searches, far down the page, are
// chunks of their own: the account route is at its size ceiling (scripts/check-budgets.mjs).
const BookingAnalytics = lazy(() =>
  import('#web/features/bookings/components/BookingAnalytics.tsx').then((m) => ({
    default: m.BookingAnalytics,
  })),
);
const ProviderInsights = lazy(() =>
  import('#web/features/insights/components/ProviderInsights.tsx').then((m) => ({
    default: m.ProviderInsights,
  })),
);
const SavedSearchesSection = lazy(() =>
  import('#web/features/search/components/SavedSearchesSection.tsx').then((m) => ({
    default: m.SavedSearchesSection,
  })),
);

const MapPositionCard = lazy(() =>
  import('#web/features/profiles/components/account/MapPositionCard.tsx').then((m) => ({
    default: m.MapPositionCard,
  })),
);

const BlockedProvidersSection = lazy(() =>
  import('#web/features/favorites/components/BlockedProvidersSection.tsx').then((m) => ({
    default: m.BlockedProvidersSection,
  })),
);

/**
 * /account (docs/product.md §2 'Account'). The route composes the profiles feature (forms, cards) with the
 * uploads feature (avatar, portfolio): neither feature imports the other.
 */
export function AccountPage() {
  const session = useSession();
  const userId = session?.user.id;
  const query = useAccountProfile(userId);
  const queryClient = useQueryClient();

  useDocumentTitle(`Account Settings · ${BRAND.name}`);

  // The session can end while the page is open (logout in another tab, a refused refresh).
  if (!session || !userId) return <SignedOut />;
  if (query.isPending || (query.isError && query.isFetching)) return <Loading />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;

  const profile = query.data;
  // Functional updates: uploads finish one by one and must not bring back older values.
  const patchProfile = (patch: Partial<AccountProfile>) =>
    queryClient.setQueryData<AccountProfile>(
      accountProfileKey(userId),
      (old) => old && { ...old, ...patch },
    ) ?? { ...profile, ...patch };

  const avatar = (
    <AvatarUpload
      userId={profile.id}
      name={profile.name || profile.email}
      avatarUrl={profile.avatar_url}
      onUploaded={(avatarUrl) => updateSessionUser(sessionUserOf(patchProfile({ avatar_url: avatarUrl })))}
    />
  );

  const isProvider = profile.user_type === 'provider';
  const favorites = (
    <>
      <div id="saved-providers" className={SECTION_SCROLL_MARGIN}>
        <SavedProviders userId={profile.id} alerts={<OpeningAlertsSwitch userId={profile.id} />} />
      </div>
      <div id="favorite-services" className={SECTION_SCROLL_MARGIN}>
        <FavoriteServices userId={profile.id} />
      </div>
      <div id="saved-searches" className={SECTION_SCROLL_MARGIN}>
        <Suspense fallback={<Spinner label="Loading saved searches..." />}>
          <SavedSearchesSection userId={profile.id} />
        </Suspense>
      </div>
      <div id="blocked-providers" className={SECTION_SCROLL_MARGIN}>
        <Suspense fallback={<Spinner label="Loading blocked providers..." />}>
          <BlockedProvidersSection userId={profile.id} />
        </Suspense>
      </div>
    </>
  );

  if (!isProvider) {
    return (
      <div className="mx-auto max-w-4xl space-y-6 px-4 pt-8 pb-12">
        <AccountHeader profile={profile} />
        <ClientAccountForm key={profile.id} profile={profile} avatar={avatar} />
        <BecomeProviderCard />
        {favorites}
      </div>
    );
  }

  // The provider's page is long: a section menu beside it on wide screens, above it on phones.
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 pt-8 pb-12 lg:max-w-6xl">
      <AccountHeader profile={profile} />
      <ListingChecklist profile={profile} />
      <div className="space-y-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:space-y-0">
        <SectionMenu />
        <div className="min-w-0 space-y-6">
          <ProviderProfileForm
            // A new person on the same page (sign-out, sign-in) starts from their own values.
            key={profile.id}
            profile={profile}
            avatar={avatar}
            portfolio={
              <PortfolioManager
                userId={profile.id}
                images={profile.portfolio_images ?? []}
                onChange={(portfolioImages) => patchProfile({ portfolio_images: portfolioImages })}
              />
            }
          />
          {/* Below the profile form, so the sticky 'Save Profile' bar stays with the fields it saves. */}
          <Suspense fallback={<Spinner label="Loading map position..." />}>
            {/* Keyed by the saved choice: a zip change that moved the pin starts it again. */}
            <MapPositionCard key={`${profile.id}:${profile.pinned}`} profile={profile} />
          </Suspense>
          <div id="openings" className={SECTION_SCROLL_MARGIN}>
            <OpeningsManager providerId={profile.id} services={profile.pricing ?? []} />
          </div>
          <div id="booking-interest" className={SECTION_SCROLL_MARGIN}>
            <Suspense fallback={<Spinner label="Loading booking analytics..." />}>
              <BookingAnalytics providerId={profile.id} />
            </Suspense>
          </div>
          <div id="insights" className={SECTION_SCROLL_MARGIN}>
            <Suspense fallback={<Spinner label="Loading insights..." />}>
              <ProviderInsights providerId={profile.id} />
            </Suspense>
          </div>
          {favorites}
        </div>
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="flex justify-center px-4 py-24">
      <Spinner label="Loading your account..." />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-16 text-center">
      <Alert>Failed to load profile. Please try again later.</Alert>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

function SignedOut() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardContent>
          <div className="space-y-4 py-3 text-center">
            <h1 className="text-2xl font-bold text-app">Account Settings</h1>
            <p className="text-muted">
              Sign in to access your account settings, your profile and your saved providers.
            </p>
            <Button onClick={() => openAuthDialog('login')}>
              <LogIn className="h-4 w-4" aria-hidden="true" />
              Sign In to Your Account
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
