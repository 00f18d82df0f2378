import { useLocation, useParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { LANDING_TEXTS } from '#domain/landing-texts.ts';
import { isLandingPath } from '#domain/places-options.ts';
import type { ProviderCard } from '#domain/search.ts';
import { LoadFailed, LoadMoreButton } from '#web/components/ListStates.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { renderCardFavorite } from '#web/features/favorites/components/CardFavorite.tsx';
import { useLandingPage } from '#web/features/places/api/get-landing-page.ts';
import { LandingNotFound } from '#web/features/places/components/LandingNotFound.tsx';
import { LandingPageView } from '#web/features/places/components/LandingPageView.tsx';
import { ProviderGrid } from '#web/features/search/components/ProviderGrid.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useServerNotFound } from '../ssr-state';
import { NotFoundPage } from './not-found';

const renderProviders = (providers: readonly ProviderCard[]) => (
  <ProviderGrid providers={providers} renderFavorite={renderCardFavorite} />
);

/**
 * /{service}/{place}: a landing page for a service or category in a city. Pure in
 * render (no window or document), so the server renders it from the same query data. A service or
 * place we do not know is an address that names nothing: the app's 'Oops!' page (NotFoundPage), as
 * the server answers it; a known service in a known place with nobody there explains that.
 */
export function LandingPage() {
  const { pathname } = useLocation();
  // The server answered that this address names nothing: its page hydrates as it was rendered,
  // without asking the API. Any two segments come here; only a service or category we know and a
  // place's shape (the server's test, isLandingPath) can be a landing page. The test is here rather
  // than in the router, so the topics' list stays out of the home page's first load.
  if (useServerNotFound() === 'not-found' || !isLandingPath(pathname.toLowerCase().replace(/\/$/, '')))
    return <NotFoundPage />;
  return <Landing />;
}

function Landing() {
  const { service = '', place = '' } = useParams();
  const query = useLandingPage(service, place);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const missing = query.error instanceof ApiError && query.error.status === 404 ? query.error : null;
  // The API's 404 for a service or place it does not know (only the server knows the places).
  const namesNothing = missing?.message === LANDING_TEXTS.unknownPage;
  // The server answered this address with its empty page's 404 (it hydrates as it was rendered), or
  // the API did.
  const notFound = useServerNotFound() === 'empty-landing' || (missing !== null && !namesNothing);

  useDocumentTitle(
    first
      ? `${first.heading} | ${BRAND.name}`
      : notFound
        ? `${LANDING_TEXTS.notFoundTitle} | ${BRAND.name}`
        : null,
  );

  if (first) {
    return (
      <LandingPageView
        reply={first}
        providers={pages.flatMap((p) => p.providers)}
        renderProviders={renderProviders}
        loadMore={<LoadMoreButton query={query} />}
      />
    );
  }
  if (notFound) return <LandingNotFound />;
  if (namesNothing) return <NotFoundPage />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadFailed
          message={LANDING_TEXTS.loadFailed}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }
  return (
    <div className="flex justify-center py-24" aria-busy="true">
      <Spinner label="Loading..." />
    </div>
  );
}
