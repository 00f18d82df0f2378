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
 * The path the server answered with its not-found page (404), when the page being hydrated is that
 * one: an unknown slug looks like a profile's address, and only the server knows it names nobody.
 */
export const ServerNotFoundPath = createContext<string | null>(null);

/** True while the app shows the address the server said names nothing. */
export function useServerNotFound(): boolean {
  const { pathname } = useLocation();
  return useContext(ServerNotFoundPath) === pathname;
}
