// The service worker (scope '/'): shows Web Push notifications and opens them, and keeps the static
// shell for a visit without a connection. It never stores an API reply or a page: pages can carry a
// person's own data, and a device may be shared. Plain JavaScript, not bundled; the build writes
// the deployment's version in (vite.config.ts `pwaFiles`), so each deployment's worker
// differs by a byte, installs, takes over the open tabs and deletes the caches of the one before.

const VERSION = '__SW_VERSION__';
const BRAND = '__BRAND_NAME__';
const CACHE = `glowfind-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
/** The shell kept at install: what the offline page shows, and the notification's pictures. */
const SHELL = [OFFLINE_PAGE, ICON, BADGE, '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL);
      // The API never goes through this worker (Chromium's static routing): no start-up per call.
      if (event.addRoutes) {
        await event
          .addRoutes({ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' })
          .catch(() => {});
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // The page's request starts while the worker boots, instead of after it.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/**
 * Hashed build files (/assets/*) never change under their name: kept on first use, then read from
 * here. The shell is read from here too (the offline page's pictures): it is this version's own.
 */
async function cachedAsset(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** A page always comes from the network; without one, the offline page answers instead. */
async function networkPage(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkPage(event));
  } else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cachedAsset(request));
  }
});

/** A path on this site, or '/': a notification opens nothing elsewhere. */
function sameOriginUrl(url) {
  try {
    const resolved = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return resolved.origin === self.location.origin ? resolved.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

/** What a push shows: the payload as the server sent it (PushPayloadSchema), or the brand and '/'. */
function notificationOf(data) {
  let payload = null;
  try {
    payload = data?.json();
  } catch {
    payload = null;
  }
  const text = (value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const valid = payload !== null && typeof payload === 'object';
  const title = (valid && text(payload.title)) || BRAND;
  const tag = valid ? text(payload.tag) : undefined;
  const options = {
    body: (valid && text(payload.body)) || '',
    icon: ICON,
    badge: BADGE,
    data: {
      url: valid ? sameOriginUrl(payload.url) : sameOriginUrl('/'),
      open: valid ? text(payload.open) : undefined,
    },
  };
  if (valid && Number.isFinite(payload.at)) options.timestamp = payload.at;
  if (tag) {
    options.tag = tag;
    // A new message in the same conversation alerts again; an opening's update replaces it quietly.
    options.renotify = payload.kind === 'new_messages';
  }
  return { title, options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Tells the server the notification was opened (the provider's insights), without the person's session. */
function reportOpened(token) {
  return fetch('/api/push/opened', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}

/** Shows the notification's page in a window of the app already open, else in a new one. */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameSite = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = sameSite.find((c) => c.focused) ?? sameSite[0];
  if (client) {
    try {
      const navigated = (await client.navigate(url)) ?? client;
      // Focusing needs the click's permission: none when called outside a click (the browser tests).
      await navigated.focus().catch(() => {});
      return;
    } catch {
      // Not controlled by this worker (a tab from before it): a new window instead.
    }
  }
  await self.clients.openWindow(url);
}

/**
 * The click on a notification, a function of its own so the browser tests can call it with a shown
 * notification (a synthetic NotificationEvent cannot be dispatched from a page).
 */
async function handleNotificationClick(notification) {
  notification.close();
  const data = notification.data ?? {};
  await Promise.all([
    typeof data.open === 'string' ? reportOpened(data.open) : null,
    openPage(sameOriginUrl(data.url)),
  ]);
}
self.handleNotificationClick = handleNotificationClick;

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(event.notification));
});
