/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { BRAND } from '../src/domain/brand';
import { PUSH_TEXTS } from '../src/domain/push-texts';
import { createVerifiedAccount, expect, expectNoAxeViolations, signInWith, test } from './fixtures';

/*
 * The web app is an installable app: its manifest and icons as the build writes them, the service
 * worker (public/sw.js) registered at '/', what it keeps (the static shell and hashed build files;
 * never an API reply nor a page), the offline page it answers with when the network fails, and
 * Chromium's own verdict that the app can be installed.
 */

const ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-192.png', size: 192, purpose: 'maskable' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
];

/** A PNG's width and height from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls the page; answers its scope. */
async function controlledBy(page: Page): Promise<string> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  return scope;
}

/** Every URL the service worker's caches hold, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return all;
  });
}

test('the manifest, its icons and the service worker are served as browsers need them', async ({
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['content-security-policy']).toContain("manifest-src 'self'");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    id: '/',
    name: BRAND.name,
    short_name: BRAND.name,
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    // The light theme's page background (src/web/styles.css).
    theme_color: '#ffffff',
    background_color: '#ffffff',
  });
  expect(manifest.description).toContain(BRAND.tagline);
  expect(manifest.icons).toEqual(
    ICONS.map(({ src, size, purpose }) => ({ src, sizes: `${size}x${size}`, type: 'image/png', purpose })),
  );

  for (const { src, size } of [...ICONS, { src: '/icons/apple-touch-icon.png', size: 180 }]) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
    expect(pngSize(await icon.body()), src).toEqual({ width: size, height: size });
  }

  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  expect(html).toContain(
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />',
  );
  expect(html).toContain(
    '<meta name="theme-color" content="#120e16" media="(prefers-color-scheme: dark)" />',
  );

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  // Checked on every visit: a deployment's new worker is found at once.
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'");
  const source = await sw.text();
  // The build wrote the deployment's version and the brand in.
  expect(source).toMatch(/const VERSION = '[0-9a-f]{16}';/);
  expect(source).toContain(`const BRAND = '${BRAND.name}';`);

  const offline = await request.get('/offline.html');
  expect(offline.status()).toBe(200);
  expect(offline.headers()['content-type']).toMatch(/^text\/html/);
  expect(await offline.text()).not.toMatch(/%[A-Z_]+%/);
});

test('the service worker controls the site, keeps only the static shell, and answers a page with the offline page when the network fails', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  expect(await controlledBy(page)).toBe(`${baseURL}/`);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration('/');
    return { scope: r?.scope, script: r?.active?.scriptURL, state: r?.active?.state };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js`, state: 'activated' });

  // Pages and API calls made while it controls the page: none of them may be kept.
  await page.reload();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const api = await page.evaluate(async () => (await fetch('/api/last-minute-openings?limit=5')).status);
  expect(api).toBe(200);

  const version = /const VERSION = '([0-9a-f]{16})'/.exec(
    await (await context.request.get('/sw.js')).text(),
  )?.[1];
  await expect.poll(async () => Object.keys(await cachedUrls(page))).toEqual([`glowfind-${version}`]);
  // The hashed build files the pages used are kept as they were fetched through the worker.
  await expect
    .poll(async () =>
      (await cachedUrls(page))[`glowfind-${version}`]!.some((u) => /^\/assets\/index-/.test(u)),
    )
    .toBe(true);
  const kept = (await cachedUrls(page))[`glowfind-${version}`]!;
  expect(kept).toEqual(
    expect.arrayContaining(['/offline.html', '/icons/icon-192.png', '/icons/badge-96.png', '/favicon.svg']),
  );
  const unexpected = kept.filter(
    (u) =>
      !/^\/assets\/[\w.-]+$/.test(u) &&
      !/^\/icons\/[\w-]+\.png$/.test(u) &&
      u !== '/favicon.svg' &&
      u !== '/offline.html',
  );
  expect(unexpected).toEqual([]);
  expect(kept.filter((u) => u.startsWith('/api/'))).toEqual([]);

  // Without a network, any page of the site is the offline page, at the address asked for.
  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: PUSH_TEXTS.offlineTitle })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/about`);
  await expect(page.getByText(PUSH_TEXTS.offlineBody)).toBeVisible();
  await expect(page).toHaveTitle(`${PUSH_TEXTS.offlineTitle} · ${BRAND.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Its pictures come from what the worker kept, in both themes and on a phone without sideways scroll.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter((i) => !i.complete || i.naturalWidth === 0)
          .map((i) => i.src),
      ),
    )
    .toEqual([]);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // 'Try again' asks for the same address again: once back online, that is the page itself.
  await context.setOffline(false);
  await page.getByRole('link', { name: PUSH_TEXTS.offlineRetry }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Glowfind' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/about`);
  await context.close();
});

test("Chromium finds the app installable; someone signed in gets the Install hint for the browser's offer, and Not now hides it", async ({
  launchOptions,
  baseURL,
  request,
  mail,
}) => {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Ines Install' },
    'install',
  );
  // An installable app must not be in an incognito profile (Chromium says 'in-incognito'), which
  // every browser.newContext() is: a real profile in a temporary folder instead.
  const profile = mkdtempSync(path.join(tmpdir(), 'glowfind-install-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    // The browser's offers, counted as they come (before any test code could listen), and whether
    // the app held each back for its own hint (its listener runs after this one).
    await context.addInitScript(() =>
      addEventListener('beforeinstallprompt', (event) => {
        const w = window as unknown as { offers?: number; held?: boolean[] };
        w.offers = (w.offers ?? 0) + 1;
        setTimeout(() => (w.held = [...(w.held ?? []), event.defaultPrevented]));
      }),
    );
    const offers = (page: Page) =>
      page.evaluate(() => (window as unknown as { held?: boolean[] }).held ?? []);
    const hintChunks: string[] = [];
    context.on('request', (r) => /\/assets\/InstallHint-/.test(r.url()) && hintChunks.push(r.url()));
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlledBy(page);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const hint = page.getByRole('complementary', { name: PUSH_TEXTS.installTitle });

    // A visitor: the browser's own offer, not held back; no hint, not even its code.
    await expect.poll(() => offers(page)).toEqual([false]);
    await page.waitForLoadState('networkidle');
    await expect(hint).toHaveCount(0);
    expect(hintChunks).toEqual([]);

    // Signed in: the offer is the app's hint.
    await signInWith(page, account);
    await page.goto('/');
    await expect.poll(() => offers(page)).toEqual([true]);
    await expect(hint).toBeVisible();
    await expect(hint).toContainText(PUSH_TEXTS.installHint);
    await expect(hint.getByRole('button', { name: PUSH_TEXTS.install })).toBeVisible();
    await hint.getByRole('button', { name: 'Not now' }).click();
    await expect(hint).toHaveCount(0);
    // The browser offers it again on the next visit; the hint stays away (its chunk has loaded and
    // decided by the time the network is idle).
    await page.reload();
    await expect.poll(() => offers(page)).toEqual([true]);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hint).toHaveCount(0);
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
