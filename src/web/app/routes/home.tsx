import { lazy, Suspense, useState } from 'react';
import { BRAND } from '../../../domain/brand';
import type { Opening } from '../../../domain/openings';
import type { ProviderCard } from '../../../domain/search';
import { WhenNearViewport } from '../../components/WhenNearViewport';
import { logBookingClick } from '../../features/bookings/api/log-booking-click';
import { FavoriteHeart } from '../../features/favorites/components/FavoriteHeart';
import { ResultsPlaceholder } from '../../features/search/components/ResultsPlaceholder';
import { SearchPanel } from '../../features/search/components/SearchPanel';
import { isSearchActive } from '../../features/search/url-state';
import { useSearchState } from '../../features/search/use-search-state';
import { openAuthDialog } from '../../lib/auth-dialog-store';
import { useSession } from '../../lib/session';

// The results (cards, paging, the search calls) are a separate chunk: they wait for the network
// anyway, and the hero and search panel paint without them. DESIGN.md §7 caps the first load.
const ResultsSection = lazy(() =>
  import('../../features/search/components/ResultsSection').then((m) => ({ default: m.ResultsSection })),
);

// The save toggle (its own chunk, with the favourites queries) loads only for a signed-in user;
// visitors' cards get the plain heart, which asks them to log in.
const FavoriteButton = lazy(() =>
  import('../../features/favorites/components/FavoriteButton').then((m) => ({ default: m.FavoriteButton })),
);

// 'Upcoming Availability' and the FAQ sit below the results: their chunks (and the openings call)
// load when the visitor scrolls near them, not with the first load.
const UpcomingAvailabilitySection = lazy(() =>
  import('../../features/openings/components/UpcomingAvailabilitySection').then((m) => ({
    default: m.UpcomingAvailabilitySection,
  })),
);

const HomeFaq = lazy(() =>
  import('../../features/help/components/HomeFaq').then((m) => ({ default: m.HomeFaq })),
);

const handleBook = (o: Opening) =>
  logBookingClick({ url: o.display_booking_link, provider_id: o.provider_id, click_token: o.click_token });
const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

function CardFavorite({ provider }: { provider: ProviderCard }) {
  const session = useSession();
  if (!session) return <FavoriteHeart providerName={provider.name} />;
  return (
    <Suspense fallback={<FavoriteHeart providerName={provider.name} isDisabled />}>
      <FavoriteButton providerId={provider.id} providerName={provider.name} />
    </Suspense>
  );
}

const renderFavorite = (provider: ProviderCard) => <CardFavorite provider={provider} />;

/**
 * The home page (SPEC.md §2 'Home'): hero with the search panel, the results, then upcoming
 * availability. The filters live in the URL's query string, so the results follow Back, a reload or
 * a shared link.
 */
export function HomePage() {
  const [state, setState] = useSearchState();
  const [scrollRequest, setScrollRequest] = useState(0);
  const session = useSession();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:pt-16 sm:pb-12">
          <div className="text-center">
            <h1 className="text-4xl font-extrabold tracking-tight text-app sm:text-6xl">{BRAND.hero}</h1>
            <p className="mx-auto mt-3 max-w-2xl text-lg text-muted sm:text-xl">{BRAND.tagline}</p>
          </div>
          <div className="mx-auto mt-8 max-w-5xl">
            <SearchPanel state={state} setState={setState} onSearch={() => setScrollRequest((n) => n + 1)} />
          </div>
        </div>
      </section>

      <Suspense fallback={<ResultsPlaceholder isSearch={isSearchActive(state)} />}>
        <ResultsSection
          state={state}
          setState={setState}
          scrollRequest={scrollRequest}
          renderFavorite={renderFavorite}
        />
      </Suspense>

      <WhenNearViewport>
        <Suspense fallback={null}>
          <UpcomingAvailabilitySection
            isSignedIn={Boolean(session)}
            onBook={handleBook}
            onLoginRequired={handleLoginRequired}
          />
        </Suspense>
      </WhenNearViewport>

      <WhenNearViewport>
        <Suspense fallback={null}>
          <HomeFaq />
        </Suspense>
      </WhenNearViewport>
    </>
  );
}

export default HomePage;
