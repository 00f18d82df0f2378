import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * public/sw.js run as a function of a fake worker scope: what each push shows, where a click goes and
 * what it tells the server, and what the fetch handler keeps. The browser tests run it for real
 * (e2e/installable.spec.ts, e2e/push-notifications.spec.ts); these cover the cases a browser test
 * cannot reach (a payload that is not JSON, a foreign link, no window open).
 */

const ORIGIN = 'https://glowfind.test';
// The script's text, as the bundler reads a file (the web project's types know no node:fs).
const [workerScript] = Object.values(
  import.meta.glob<string>('../public/sw.js', { query: '?raw', import: 'default', eager: true }),
);
const SOURCE = workerScript!.replace('__SW_VERSION__', 'v1').replace('__BRAND_NAME__', 'Glowfind');

/** A cache keys requests by their whole URL, as the browser resolves them against the worker's. */
const absolute = (request: { url: string } | string) =>
  new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

type Handler = (event: Record<string, unknown>) => void;

interface FakeClient {
  url: string;
  focused: boolean;
  navigate: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

function windowClient(url: string, focused = false): FakeClient {
  const client: FakeClient = {
    url,
    focused,
    navigate: vi.fn(async () => client),
    // Outside a click the browser refuses focus; the worker goes on.
    focus: vi.fn(async () => client),
  };
  return client;
}

/** A fresh worker scope running sw.js; answers its handlers and the fakes behind them. */
function startWorker({ windows = [] as FakeClient[] } = {}) {
  const handlers = new Map<string, Handler>();
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (request: { url: string } | string) => store.get(absolute(request)),
      put: async (request: { url: string }, response: Response) => void store.set(request.url, response),
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(absolute(url), new Response(`shell ${url}`));
      },
    };
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (url: string) => {
      for (const store of stores.values()) if (store.has(absolute(url))) return store.get(absolute(url));
      return undefined;
    },
  };
  const fetch = vi.fn(async (_input: unknown, _init?: RequestInit) => new Response('network'));
  const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async (_url: string) => null),
    claim: vi.fn(async () => {}),
  };
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification, navigationPreload: { enable: vi.fn(async () => {}) } },
    clients,
    skipWaiting: vi.fn(async () => {}),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
  } as Record<string, unknown>;
  // The worker's globals are the function's parameters: the script sees the fakes, nothing else of ours.
  new Function('self', 'caches', 'fetch', SOURCE)(self, caches, fetch);

  /** Dispatches an extendable event; resolves when everything it waits on has settled. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    handlers.get(type)!({
      ...event,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => {
        responded = p;
      },
    });
    await Promise.all(waits);
    return responded;
  }
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
            },
    });
  const click = (data: unknown) => {
    const notification = { data, close: vi.fn() };
    return { notification, done: dispatch('notificationclick', { notification }) };
  };
  const request = (url: string, mode = 'no-cors', method = 'GET') =>
    dispatch('fetch', {
      request: { url, mode, method },
      preloadResponse: Promise.resolve(undefined),
    });
  return { handlers, stores, fetch, showNotification, clients, self, dispatch, push, click, request };
}

const PAYLOAD = {
  v: 1,
  kind: 'opening_alerts',
  title: 'Orla Lash Studio posted an opening',
  body: 'Lash lift · Tue, Nov 24 · 3:00 – 4:00 PM CST · $45',
  url: '/orla-lash-studio#opening-1f0c',
  tag: 'opening-1f0c',
  open: 'token-abc',
  at: 1_800_000_000_000,
};

describe('sw.js push', () => {
  let worker: ReturnType<typeof startWorker>;
  beforeEach(() => {
    worker = startWorker();
  });

  it('shows the payload as it is: title, body, tag, time, and the link on this site with its open token', async () => {
    await worker.push(PAYLOAD);
    expect(worker.showNotification).toHaveBeenCalledWith(PAYLOAD.title, {
      body: PAYLOAD.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: PAYLOAD.tag,
      renotify: false,
      timestamp: PAYLOAD.at,
      data: { url: `${ORIGIN}/orla-lash-studio#opening-1f0c`, open: 'token-abc' },
    });
  });

  it('alerts again for a new message in a conversation already shown (renotify)', async () => {
    await worker.push({
      ...PAYLOAD,
      kind: 'new_messages',
      tag: 'thread-9',
      url: '/messages/9',
      open: undefined,
    });
    const [, options] = worker.showNotification.mock.calls[0]!;
    expect(options).toMatchObject({ tag: 'thread-9', renotify: true, data: { url: `${ORIGIN}/messages/9` } });
    expect(options.data.open).toBeUndefined();
  });

  it.each([
    ['not JSON', 'not json {'],
    ['no data at all', undefined],
    ['JSON that is no object', '42'],
  ])('shows the brand and opens the home page for a push with %s', async (_, data) => {
    await worker.push(data);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0]!;
    expect(title).toBe('Glowfind');
    expect(options).toMatchObject({ body: '', data: { url: `${ORIGIN}/` } });
    expect(options).not.toHaveProperty('tag');
    expect(options).not.toHaveProperty('renotify');
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', 'javascript:alert(1)'])(
    'never links elsewhere than this site: %s opens the home page',
    async (url) => {
      await worker.push({ ...PAYLOAD, url });
      expect(worker.showNotification.mock.calls[0]![1].data.url).toBe(`${ORIGIN}/`);
    },
  );
});

describe('sw.js notification click', () => {
  it('reports the open without the session, then takes the open window to the link and focuses it', async () => {
    const other = windowClient('https://elsewhere.example/');
    const tab = windowClient(`${ORIGIN}/help`);
    const worker = startWorker({ windows: [other, tab] });
    const { notification, done } = worker.click({ url: `${ORIGIN}/orla#opening-1`, open: 'token-abc' });
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(worker.fetch).toHaveBeenCalledWith('/api/push/opened', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'token-abc' }),
      credentials: 'omit',
      keepalive: true,
    });
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/orla#opening-1`);
    expect(tab.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused window of the site, and reports nothing without an open token', async () => {
    const first = windowClient(`${ORIGIN}/`);
    const focused = windowClient(`${ORIGIN}/account`, true);
    const worker = startWorker({ windows: [first, focused] });
    await worker.click({ url: `${ORIGIN}/messages/9` }).done;
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/messages/9`);
    expect(first.navigate).not.toHaveBeenCalled();
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the site is open, or when the open one cannot be taken there', async () => {
    const none = startWorker();
    await none.click({ url: `${ORIGIN}/orla#opening-1` }).done;
    expect(none.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/orla#opening-1`);

    const stale = windowClient(`${ORIGIN}/`);
    stale.navigate.mockRejectedValue(new TypeError('not controlled'));
    const worker = startWorker({ windows: [stale] });
    await worker.click({ url: `${ORIGIN}/orla#opening-1` }).done;
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/orla#opening-1`);
  });

  it('opens the home page for a link to another site, and still reports the open when the beacon fails', async () => {
    const tab = windowClient(`${ORIGIN}/`);
    const worker = startWorker({ windows: [tab] });
    worker.fetch.mockRejectedValue(new TypeError('offline'));
    await worker.click({ url: 'https://evil.example/', open: 'token-abc' }).done;
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/`);
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('sw.js caches', () => {
  it('keeps the shell at install and removes the caches of earlier versions when it takes over', async () => {
    const worker = startWorker();
    worker.stores.set('glowfind-v0', new Map([['https://glowfind.test/assets/old.js', new Response('')]]));
    await worker.dispatch('install', {});
    expect([...worker.stores.get('glowfind-v1')!.keys()]).toEqual([
      `${ORIGIN}/offline.html`,
      `${ORIGIN}/icons/icon-192.png`,
      `${ORIGIN}/icons/badge-96.png`,
      `${ORIGIN}/favicon.svg`,
    ]);
    expect(worker.self.skipWaiting).toHaveBeenCalled();
    await worker.dispatch('activate', {});
    expect([...worker.stores.keys()]).toEqual(['glowfind-v1']);
    expect(worker.clients.claim).toHaveBeenCalled();
  });

  it('leaves API calls, other sites and writes to the network, untouched', async () => {
    const worker = startWorker();
    expect(await worker.request(`${ORIGIN}/api/providers?q=x`)).toBeUndefined();
    expect(await worker.request(`${ORIGIN}/api/auth/me`, 'navigate')).toBeUndefined();
    expect(await worker.request('https://cdn.example/x.js')).toBeUndefined();
    expect(await worker.request(`${ORIGIN}/assets/index-abc.js`, 'cors', 'POST')).toBeUndefined();
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('keeps a hashed build file once fetched, and answers it from the cache after', async () => {
    const worker = startWorker();
    const url = `${ORIGIN}/assets/index-abc.js`;
    worker.fetch.mockImplementation(async () =>
      Object.defineProperty(new Response('code'), 'type', { value: 'basic' }),
    );
    expect(await (await worker.request(url))!.text()).toBe('code');
    expect(await (await worker.request(url))!.text()).toBe('code');
    expect(worker.fetch).toHaveBeenCalledTimes(1);
    expect([...worker.stores.get('glowfind-v1')!.keys()]).toEqual([url]);
  });

  it("answers the shell from what it kept at install (the offline page's pictures, without a network)", async () => {
    const worker = startWorker();
    await worker.dispatch('install', {});
    worker.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await worker.request(`${ORIGIN}/icons/icon-192.png`))!.text()).toBe(
      'shell /icons/icon-192.png',
    );
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('does not keep a build file the server did not have', async () => {
    const worker = startWorker();
    worker.fetch.mockImplementation(async () =>
      Object.defineProperty(new Response('missing', { status: 404 }), 'type', { value: 'basic' }),
    );
    expect((await worker.request(`${ORIGIN}/assets/gone-abc.js`))!.status).toBe(404);
    expect(worker.stores.get('glowfind-v1')?.size ?? 0).toBe(0);
  });

  it('takes a page from the network, never keeping it, and answers the offline page without one', async () => {
    const worker = startWorker();
    await worker.dispatch('install', {});
    worker.fetch.mockResolvedValueOnce(new Response('<h1>Kai</h1>'));
    expect(await (await worker.request(`${ORIGIN}/kai`, 'navigate'))!.text()).toBe('<h1>Kai</h1>');
    expect(worker.stores.get('glowfind-v1')!.has(`${ORIGIN}/kai`)).toBe(false);

    worker.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await (await worker.request(`${ORIGIN}/kai`, 'navigate'))!.text()).toBe('shell /offline.html');
  });
});
