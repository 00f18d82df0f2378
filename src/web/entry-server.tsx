import './lib/zod-jitless';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FixedPageRoute, SsrPage, SsrRendered, SsrSiteLinks } from '#domain/ssr.ts';
import { App } from './app/app';
import { AppRoutes, preloadRoute } from './app/router';
import {
  ServerNotFoundPath,
  type SsrState,
  scriptJson,
  seedQueries,
  serverNotFoundAt,
} from './app/ssr-state';
import { landingPageKey } from './features/places/api/get-landing-page';
import { publicProfileQuery } from './features/profiles/api/get-public-profile';
import { reviewsQuery } from './features/reviews/api/get-reviews';
import { setServerSiteLinks } from './lib/site-links';

/** What each kind of page needs: the queries it reads on its first render, and its route module. */
function pageData(page: SsrPage): { state: SsrState; modules: string[] } {
  switch (page.kind) {
    case 'profile':
      // The visitor's view: the first render in the browser has no session yet (useSession's server
      // snapshot), so it asks for exactly this key. Reviews are an infinite query: their first page.
      return {
        state: {
          route: 'profile',
          queries: [
            { key: publicProfileQuery(page.slug, null).queryKey, data: page.profile },
            {
              key: reviewsQuery(page.profile.id).queryKey,
              data: { pages: [page.reviews], pageParams: [null] },
            },
          ],
        },
        modules: ['app/routes/profile.tsx'],
      };
    case 'landing':
      // An infinite query: the first page, from which Load more goes on.
      return {
        state: {
          route: 'landing',
          queries: [
            {
              key: landingPageKey(page.topic, page.place),
              data: { pages: [page.reply], pageParams: [null] },
            },
          ],
        },
        modules: ['app/routes/landing.tsx'],
      };
    case 'fixed':
      return { state: { route: page.route, queries: [] }, modules: FIXED_PAGE_MODULES[page.route] };
  }
}

/** The route module each fixed page loads beyond the entry (home is all in the entry). */
const FIXED_PAGE_MODULES: Record<FixedPageRoute, string[]> = {
  home: [],
  help: ['app/routes/help.tsx'],
  about: ['app/routes/about.tsx'],
  terms: ['app/routes/legal.tsx'],
  privacy: ['app/routes/legal.tsx'],
  'not-found': ['app/routes/not-found.tsx', 'app/routes/profile.tsx', 'app/routes/landing.tsx'],
  'empty-landing': ['app/routes/landing.tsx'],
};

/**
 * Server rendering (ADR 017): the app's own routes and components, rendered to HTML for `url` from
 * the page's data, which goes into the page once for hydration. Waits for the lazy routes, so the
 * content is in the HTML; queries the page does not bring (the signed-in viewer's own) render
 * their loading state, as on the first render in the browser.
 */
export async function render(url: string, page: SsrPage, links: SsrSiteLinks): Promise<SsrRendered> {
  setServerSiteLinks(links);
  const { state, modules } = pageData(page);
  // The route's code first, so it renders in place without suspending (as it hydrates: main.tsx).
  await preloadRoute(state.route);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedQueries(client, state);
  const { prelude } = await prerender(
    <StrictMode>
      <App client={client}>
        <StaticRouter location={url}>
          <ServerNotFoundPath value={serverNotFoundAt(state, new URL(url, 'http://x').pathname)}>
            <AppRoutes />
          </ServerNotFoundPath>
        </StaticRouter>
      </App>
    </StrictMode>,
    // Every boundary inline, in its place: no script may be needed to put the content where it
    // belongs (the page works without JavaScript, and the CSP allows no inline scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  client.clear();
  return { html, state: scriptJson(state), modules };
}
