import type { APIRequestContext } from '@playwright/test';
import type { SmtpSink } from '../src/server/test/smtp-sink';
import { bearer, createVerifiedAccount, expect, signInWith, test } from './fixtures';

/**
 * Pages rendered on the server (ADR 017): the content is in the first response,
 * readable without JavaScript, and the app hydrates it without a mismatch and works.
 */

const BOOKING_URL = 'https://booking.example.com/ines-duarte';

/** A listed hair stylist in Denver with two priced services (the profile and the landing page show them). */
async function provider(request: APIRequestContext, mail: SmtpSink) {
  const name = `Ines Duarte ${Date.now().toString(36)}`;
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name, location: 'Denver, CO 80202', selected_categories: ['hair'] },
    'provider',
  );
  const res = await request.put('/api/auth/profile', {
    headers: bearer(account),
    data: {
      booking_link: BOOKING_URL,
      bio: 'Silk presses and trims for curly and coily hair, in a quiet studio.',
      pricing: [
        {
          service: 'Silk Press',
          description: 'Wash, blow-dry and flat iron',
          priceType: 'fixed',
          minPrice: 95,
        },
        {
          service: 'Curly Trim',
          description: 'Dry cut, curl by curl',
          priceType: 'starting_at',
          minPrice: 60,
        },
      ],
      specialties: ['Silk Press', 'Curly Cuts'],
      policies: {
        deposit: { type: 'amount', value: 20 },
        cancellation_notice_hours: 24,
        text: 'Late by 15 minutes or more? We may need to rebook.',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { name, slug: account.session.user.routing_slug };
}

test('a profile reads whole with JavaScript off: name, bio, services, prices and its head', async ({
  browser,
  baseURL,
  request,
  mail,
}) => {
  const p = await provider(request, mail);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto(`/${p.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  await expect(
    page.getByText('Silk presses and trims for curly and coily hair, in a quiet studio.'),
  ).toBeVisible();
  for (const text of ['Silk Press', 'Wash, blow-dry and flat iron', '$95', 'Curly Trim', 'Starting at $60']) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  // The provider's policies, beside the Book button.
  const policies = page.getByRole('region', { name: 'Policies' });
  for (const text of [
    'Deposit: $20 when booking',
    'Cancel at least 24 hours ahead',
    'Late by 15 minutes or more? We may need to rebook.',
  ]) {
    await expect(policies.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle(new RegExp(`^${p.name} · `));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/${p.slug}`);
  await context.close();
});

test('the server-rendered profile hydrates without a mismatch and its buttons work', async ({
  page,
  request,
  mail,
}) => {
  const p = await provider(request, mail);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The profile is in the HTML the server sent, before any script ran.
  const html = await (await request.get(`/${p.slug}`)).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${p.name}</h1>`));
  // It lists the chunks the profile's code imports, which the page preloads after its first paint.
  const listed = /<script id="glowfind-state" type="application\/json" data-chunks="([^"]+)">/.exec(html);
  const chunks = listed?.[1]?.split(' ') ?? [];
  expect(chunks.length).toBeGreaterThan(3);
  for (const chunk of chunks) expect(chunk).toMatch(/^\/assets\/[\w-]+\.js$/);

  await page.goto(`/${p.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  // Hydrated: the visitor's Save asks to log in (a click handler React attached to the server's HTML).
  await page.getByRole('button', { name: /Save/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Please log in to save favorites')).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
  // Each chunk was preloaded once, by the page's script (its link has the listed path): the entry's
  // own preloading, which writes the whole address, found that link and added none.
  const links = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) => ({
      written: l.getAttribute('href'),
      href: l.href,
    })),
  );
  for (const chunk of chunks) {
    const preloads = links.filter((l) => l.href === new URL(chunk, page.url()).href);
    expect(
      preloads.map((l) => l.written),
      chunk,
    ).toEqual([chunk]);
  }
});

test('a landing page reads whole with JavaScript off, and a crawler reaches it from robots.txt', async ({
  browser,
  baseURL,
  request,
  mail,
}) => {
  const p = await provider(request, mail);
  // robots.txt → the sitemap index → the places file → this page.
  const robots = await (await request.get('/robots.txt')).text();
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  expect(sitemap).toBe(`${baseURL}/sitemap.xml`);
  const index = await (await request.get(new URL(sitemap!).pathname)).text();
  const places = [...index.matchAll(/<loc>([^<]+\/sitemaps\/places-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
  expect(places.length).toBeGreaterThan(0);
  const listed = (
    await Promise.all(places.map(async (url) => (await request.get(new URL(url).pathname)).text()))
  ).join('');
  expect(listed).toContain(`<loc>${baseURL}/hair-stylists/denver-co</loc>`);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto('/hair-stylists/denver-co');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hair Stylists in Denver, CO');
  await expect(page.getByText(/hair stylists? in Denver, CO/).first()).toBeVisible();
  const card = page.getByRole('link', { name: `View Profile : ${p.name}` });
  await expect(card).toHaveAttribute('href', `/${p.slug}`);
  await expect(page).toHaveTitle('Hair Stylists in Denver, CO | Glowfind');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/hair-stylists/denver-co`,
  );
  // The profile it links to has its breadcrumbs back to this page.
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  await expect(
    page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Hair Stylists in Denver, CO' }),
  ).toHaveAttribute('href', '/hair-stylists/denver-co');
  await context.close();
});

test('home and help read with JavaScript off, then hydrate on a phone without a mismatch and work', async ({
  browser,
  baseURL,
}) => {
  const off = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await off.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Your beauty, your way');
  await expect(still.getByPlaceholder('Service, style or name')).toBeVisible();
  await still.goto('/help');
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('How Can We Help You?');
  await expect(still.getByRole('button', { name: 'What is Glowfind?' })).toBeVisible();
  await off.close();

  // A phone: the server renders the wide layout's order, the phone's moves in after hydrating.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/help');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByLabel('Search help articles').fill('favourites');
  await expect(page.getByText('How do I save a provider to my favourites?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is Glowfind?' })).toBeHidden();
  await page.goto('/');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByPlaceholder('Service, style or name').fill('silk press');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=silk\+press/);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
  await phone.close();
});

test("someone signed in never sees the visitor's 'Sign up / Log in' on a server-rendered page", async ({
  browser,
  baseURL,
  request,
  mail,
}) => {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Noor Haddad' },
    'noor',
  );
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    // The app's script is held back: the page as the server drew it, before the app has read the session.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const header = page.getByRole('banner');
    // A visitor: the buttons are there at once.
    // Found by CSS, not by role: hidden, it is out of the accessibility tree too.
    const visitorButton =
      viewport.width > 800
        ? header.locator('button', { hasText: 'Sign up / Log in' })
        : header.locator('button[aria-label="Open menu"]');
    await expect(visitorButton).toBeVisible();

    await signInWith(page, account);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your beauty, your way');
    // The server drew the visitor's header; its button keeps its place, unseen and unnamed.
    await expect(visitorButton).toBeAttached();
    await expect(visitorButton).toBeHidden();
    await expect(header.getByRole('button', { name: /Sign up \/ Log in|Open menu/ })).toHaveCount(0);
    release();
    await expect(header.getByRole('button', { name: 'Account menu for Noor Haddad' })).toBeVisible();
    await expect(visitorButton).toHaveCount(0);
    await context.close();
  }
});

test('an address that names nothing is a 404 page with JavaScript off and on, and hydrates without a mismatch', async ({
  browser,
  baseURL,
}) => {
  const pages = [
    { path: '/no/such-page-x', heading: 'Oops!' },
    { path: '/nobody-by-this-name', heading: 'Profile Not Found' },
    // A known service and a segment shaped like a place that is no place we know: it names nothing.
    { path: '/hair-stylists/nowhere-zz', heading: 'Oops!' },
    // A known service in a known place with nobody there: the landing page's own explanation.
    { path: '/hair-stylists/nome-ak', heading: 'Page not found' },
  ];
  const off = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await off.newPage();
  for (const { path, heading } of pages) {
    const res = await still.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(still.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(still.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
  }
  await off.close();

  const on = await browser.newContext({ baseURL });
  const page = await on.newPage();
  const errors: string[] = [];
  // The 404 answers themselves (the page, the profile's API call) are what this test asks for.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('status of 404')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  for (const { path, heading } of pages) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
  await page.goto('/no/such-page-x');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors, errors.join('\n')).toEqual([]);
  await on.close();
});
