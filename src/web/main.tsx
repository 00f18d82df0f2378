import './lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SSR_STATE_ID } from '#domain/ssr.ts';
import { App } from './app/app';
import { AppRoutes, preloadRoute } from './app/router';
import { type SsrState, seedQueries } from './app/ssr-state';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root')!;

/** Resolves once the browser has painted the next frame (a task queued from the frame's callback). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const app = (
  <StrictMode>
    <App client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
);

// A server-rendered page (a profile, a landing page; ADR 017) carries the data it was rendered
// from: the queries start with it, and React hydrates the HTML instead of rendering it again.
const state = document.getElementById(SSR_STATE_ID);
if (state?.textContent) {
  const ssr = JSON.parse(state.textContent) as SsrState;
  seedQueries(queryClient, ssr);
  // The browser paints the server's HTML first; then the route's code loads and React hydrates, in a
  // transition that yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (a slow phone's Total Blocking Time).
  void afterPaint()
    .then(() => preloadRoute(ssr.route))
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
