import type { LandingReply } from './places';
import type { PublicProfile } from './profiles';
import type { ReviewsReply } from './reviews';

/**
 * The contract between the server and the web app's server-rendering entry (src/web/entry-server.tsx,
 * built by `vite build --ssr` into dist/ssr; ADR 017). The server finds the page's data; the entry
 * renders the app's own components from it.
 */
export type SsrPage =
  /** A provider's page, with the first page of their reviews (what GET /api/reviews answers). */
  | { kind: 'profile'; slug: string; profile: PublicProfile; reviews: ReviewsReply }
  /** A landing page's first page of providers, under the topic and place slugs of its path. */
  | { kind: 'landing'; topic: string; place: string; reply: LandingReply }
  /** A page made of the app's own texts (the home page as a visitor first sees it, help, about, the legal pages). */
  | { kind: 'fixed'; route: FixedPageRoute };

/**
 * The pages rendered from no data: the same for every visitor until the next build. `not-found` is
 * the page of every address that names nothing (404), rendered at that address; `empty-landing`, a
 * landing page of a known service in a known place with no providers (404), which explains that.
 */
export type FixedPageRoute = 'home' | 'help' | 'about' | 'terms' | 'privacy' | 'not-found' | 'empty-landing';

/** Configuration the page's components read from meta tags in the browser. */
export interface SsrSiteLinks {
  'support-url'?: string | undefined;
  'instagram-url'?: string | undefined;
}

export interface SsrRendered {
  /** The app's HTML, for inside <div id="root">. */
  html: string;
  /** The data it was rendered from, as JSON safe inside a <script> element, for hydration. */
  state: string;
  /** The route modules the page needs (their keys in Vite's manifest), to preload with the entry. */
  modules: string[];
}

export interface SsrRenderer {
  render(url: string, page: SsrPage, links: SsrSiteLinks): Promise<SsrRendered>;
}

/** The id of the <script type="application/json"> element that carries SsrRendered.state. */
export const SSR_STATE_ID = 'glowfind-state';

/**
 * Its attribute listing the chunks the route imports (space-separated paths), which the page's script
 * preloads after the first paint, one per task (web.ts routeAssets, main.tsx).
 */
export const SSR_CHUNKS_ATTRIBUTE = 'data-chunks';
