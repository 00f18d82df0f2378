import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import type { FixedPageRoute } from '#domain/ssr.ts';

/**
 * The data a server-rendered page was rendered from, embedded once in the HTML (a JSON script
 * element, SSR_STATE_ID in #domain/ssr.ts) so the browser hydrates from the same data without
 * waiting for it (ADR 017).
 */
export interface SsrState {
  /** The lazy route the page renders (router.tsx SERVER_RENDERED): loaded before hydrating. */
  route: ServerRenderedRoute;
  queries: { key: QueryKey; data: unknown }[];
}

export type ServerRenderedRoute = 'profile' | 'landing' | FixedPageRoute;

export function seedQueries(client: QueryClient, state: SsrState): void {
  for (const { key, data } of state.queries) client.setQueryData(key, data);
}

/** JSON inside <script> must not be able to close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The server's two 404 pages: 'not-found', an address that names nothing (an unknown slug, a place
 * we do not know); 'empty-landing', a known service in a known place with no providers.
 */
export type ServerNotFoundRoute = Extract<ServerRenderedRoute, 'not-found' | 'empty-landing'>;

/**
 * The path the server answered with a not-found page (404), and which, when the page being hydrated
 * is that one: an unknown slug looks like a profile's address, and an unknown place like a landing
 * page's ('/balayage/nowhere-zz'); only the server knows they name nothing.
 */
export const ServerNotFoundPath = createContext<{ path: string; route: ServerNotFoundRoute } | null>(null);

/** The value of ServerNotFoundPath for a page hydrated from `state` at `path`. */
export const serverNotFoundAt = (state: SsrState | null, path: string) =>
  state?.route === 'not-found' || state?.route === 'empty-landing' ? { path, route: state.route } : null;

/** Which 404 the server answered with while the app shows that address, else null. */
export function useServerNotFound(): ServerNotFoundRoute | null {
  const { pathname } = useLocation();
  const answered = useContext(ServerNotFoundPath);
  return answered?.path === pathname ? answered.route : null;
}
