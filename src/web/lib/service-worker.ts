import type { BeforeInstallPromptEvent } from '../components/InstallHint';
import { hasSignedInHint } from './session';

/**
 * Registers the service worker (public/sw.js, scope '/': notifications, the offline page) once the
 * page has loaded and the browser is idle, and holds back the browser's install offer as soon as the
 * page runs, for the app's own hint. Only for someone signed in on this browser: what installing adds
 * is notifications, which need an account, and a first visit gets no banner over the page; a visitor
 * keeps the browser's own offer. Production builds only: the dev server's modules are not hashed
 * assets for the worker to keep. This is in the home page's entry chunk, a few hundred bytes at most
 * (scripts/check-budgets.mjs): the hint loads when an offer comes.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  addEventListener('beforeinstallprompt', (event) => {
    if (!hasSignedInHint()) return;
    event.preventDefault();
    void import('../components/InstallHint').then((m) =>
      m.showInstallHint(event as BeforeInstallPromptEvent),
    );
  });
  addEventListener('load', () =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      navigator.serviceWorker.register('/sw.js').catch(() => {});
    }),
  );
}
