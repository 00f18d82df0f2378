import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { BRAND } from '#domain/brand.ts';
import type { Opening } from '#domain/openings.ts';
import { WhenNearViewport } from '#web/components/WhenNearViewport.tsx';
import { logBookingClick } from '#web/features/bookings/api/log-booking-click.ts';
import { renderCardFavorite } from '#web/features/favorites/components/CardFavorite.tsx';
import type { HomeOpeningsPlace } from '#web/features/openings/components/HomeOpenings.tsx';
import { ResultsSection } from '#web/features/search/components/ResultsSection.tsx';
import { type RenderQuickChoices, SearchPanel } from '#web/features/search/components/SearchPanel.tsx';
import { useSearchState } from '#web/features/search/use-search-state.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useSession } from '#web/lib/session.ts';

// The openings ('New for you' for a signed-in client first; 'Upcoming Availability' below the
// results) and the FAQ: 'Upcoming Availability' and the FAQ load when the visitor scrolls near
// them, not with the first load. On a phone, openings in the next 48 hours come before the long list
// instead, loaded as that place scrolls into view.
const HomeOpenings = lazy(() =>
  import('#web/features/openings/components/HomeOpenings.tsx').then((m) => ({ default: m.HomeOpenings })),
);

// A signed-in person's favourite services as quick choices in the search (their own chunk and call:
// visitors load neither).
const FavoriteServiceChoices = lazy(() =>
  import('#web/features/favorites/components/FavoriteServiceChoices.tsx').then((m) => ({
    default: m.FavoriteServiceChoices,
  })),
);
const renderFavoriteServiceChoices: RenderQuickChoices = (choices) => (
  <Suspense fallback={null}>
    <FavoriteServiceChoices {...choices} />
  </Suspense>
);

const HomeFaq = lazy(() =>
  import('#web/features/help/components/HomeFaq.tsx').then((m) => ({ default: m.HomeFaq })),
);

const handleBook = (o: Opening) =>
  logBookingClick({ url: o.display_booking_link, provider_id: o.provider_id, click_token: o.click_token });
const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

/** Below Tailwind's `md`. */
const phoneQuery = () => matchMedia('(max-width: 47.99rem)');
const subscribePhone = (onChange: () => void) => {
  const query = phoneQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhoneNow = () => phoneQuery().matches;
/** The server (ADR 017) renders the wide layout; a phone moves the openings strip once hydrated. */
const isPhoneOnServer = () => false;

/**
 * The home page (docs/product.md §2 'Home'): hero with the search panel, for a signed-in client the
 * openings matching their saved searches ('New for you'), the results, then upcoming
 * availability (on a phone, before the results when an opening starts in the next 48 hours). The
 * filters live in the URL's query string, so the results follow Back, a reload or a shared link.
 */
export function HomePage() {
  const [state, setState] = useSearchState();
  const [scrollRequest, setScrollRequest] = useState(0);
  const session = useSession();
  const isPhone = useSyncExternalStore(subscribePhone, isPhoneNow, isPhoneOnServer);
  const openings = (place: HomeOpeningsPlace) => (
    <Suspense fallback={null}>
      <HomeOpenings
        isSignedIn={Boolean(session)}
        onBook={handleBook}
        onLoginRequired={handleLoginRequired}
        place={place}
      />
    </Suspense>
  );
  return (
    <>
      <section className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:pt-16 sm:pb-12">
          <div className="text-center">
            <h1 className="text-4xl font-extrabold tracking-tight text-app sm:text-6xl">{BRAND.hero}</h1>
            <p className="mx-auto mt-3 max-w-2xl text-lg text-muted sm:text-xl">{BRAND.tagline}</p>
          </div>
          <div className="mx-auto mt-8 max-w-5xl">
            <SearchPanel
              state={state}
              setState={setState}
              onSearch={() => setScrollRequest((n) => n + 1)}
              renderQuickChoices={session ? renderFavoriteServiceChoices : undefined}
            />
          </div>
        </div>
      </section>

      {session && openings('for-you')}

      {/* Without look-ahead: on a phone the hero fills the first screen, so the strip's chunk and
          call wait for the first scroll towards it, and the first load stays within its 120 KB budget
          (docs/performance.md 'Budgets'; scripts/check-budgets.mjs measures the first load at 412×823). */}
      {isPhone && <WhenNearViewport margin={0}>{openings('top')}</WhenNearViewport>}

      <ResultsSection
        state={state}
        setState={setState}
        scrollRequest={scrollRequest}
        renderFavorite={renderCardFavorite}
      />

      <WhenNearViewport>{openings(isPhone ? 'bottom' : 'list')}</WhenNearViewport>

      <WhenNearViewport>
        <Suspense fallback={null}>
          <HomeFaq />
        </Suspense>
      </WhenNearViewport>
    </>
  );
}
