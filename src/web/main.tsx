import './lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { SSR_CHUNKS_ATTRIBUTE, SSR_STATE_ID } from '#domain/ssr.ts';
import { App } from './app/app';
import { AppRoutes, preloadRoute } from './app/router';
import { ServerNotFoundPath, type SsrState, seedQueries, serverNotFoundAt } from './app/ssr-state';
import { queryClient } from './lib/query-client';
import { startServiceWorker } from './lib/service-worker';

const root = document.getElementById('root')!;

/** Resolves once the browser has painted the next frame (a task queued from the frame's callback). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** Resolves in a task of its own (no 4 ms clamp, as a chain of setTimeout would have). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Starts loading the chunks the server listed for the route, one <link rel="modulepreload"> per task:
 * each costs the main thread 1–2 ms here (several times that on a slow phone), and the entry's own
 * preloading of a route appends them all in one task. Its preloading then finds them and adds none.
 */
async function preloadChunks(chunks: string[]) {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
}
// A server-rendered page (a profile, a landing page; ADR 017) carries the data it was rendered
// from: the queries start with it, and React hydrates the HTML instead of rendering it again.
const state = document.getElementById(SSR_STATE_ID);
const ssr = state?.textContent ? (JSON.parse(state.textContent) as SsrState) : null;

const app = (
  <StrictMode>
    <App client={queryClient}>
      <BrowserRouter>
        <ServerNotFoundPath value={serverNotFoundAt(ssr, window.location.pathname)}>
          <AppRoutes />
        </ServerNotFoundPath>
      </BrowserRouter>
    </App>
  </StrictMode>
);

if (state && ssr) {
  const chunks = state.getAttribute(SSR_CHUNKS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];
  // The browser paints the server's HTML first; then the route's code loads and React hydrates, in a
  // transition that yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (a slow phone's Total Blocking Time).
  void afterPaint()
    .then(() => preloadChunks(chunks))
    .then(() => {
      seedQueries(queryClient, ssr);
      return preloadRoute(ssr.route);
    })
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
startServiceWorker();
