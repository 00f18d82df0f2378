/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '../src/domain/auth';
import { SIGNED_IN_KEY } from '../src/domain/auth-options';
import { firstLink } from '../src/server/test/smtp-sink';
import {
  bearer,
  createVerifiedAccount,
  expect,
  scrollUntilVisible,
  signInWith,
  type TestAccount,
  test,
} from './fixtures';

/*
 * On a 390 px phone the page never scrolls sideways: every route of the web app
 * (src/web/app/router.tsx), signed out and signed in as a client, a provider and an admin, with
 * what loads as a person scrolls down, and with the account menu open. One server with the demo
 * catalogue and an admin (as e2e/axe-routes.spec.ts); every page is checked even after one fails,
 * and a failure names what sticks out.
 */

const WIDTH = 390;
const ADMIN_EMAIL = 'sideways-admin@example.com';
const ADMIN_PASSWORD = 'Quartz-Heron-6604-admin';
const SERVICE = 'Silk press';

// A phone's viewport (meta viewport, touch): a page wider than the screen widens its layout
// viewport, which is what squeezed the page behind the account menu into a narrow column.
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

type Credentials = Pick<TestAccount, 'email' | 'password'>;

interface Accounts {
  client: Credentials;
  provider: Credentials;
  admin: Credentials;
  /** A real password-reset link's path (/reset-password?token=…). */
  resetPath: string;
  profilePath: string;
  /** /messages/<id>: the client's conversation with the provider, a message each way. */
  threadPath: string;
}

/**
 * How wide the document is, and what reaches past the screen's right edge outside any box that
 * scrolls it (absolutely positioned elements escape a scrolling box that is not their containing
 * block), to show on failure.
 */
function measure(page: Page) {
  return page.evaluate((width) => {
    const scrolls = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (scrolls(up)) return true;
      return false;
    };
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right + window.scrollX > width + 0.5;
    };
    const outside = Array.from(document.body.querySelectorAll('*'))
      .filter(
        (el) =>
          sticksOut(el) && (!inScroller(el) || ['absolute', 'fixed'].includes(getComputedStyle(el).position)),
      )
      .slice(0, 5)
      .map((el) => {
        const { position } = getComputedStyle(el);
        const text = (el.textContent ?? '').trim().slice(0, 40);
        return `${el.tagName.toLowerCase()} (${position}) '${text}' to ${Math.round(el.getBoundingClientRect().right)} px`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  }, WIDTH);
}

async function expectNoSidewaysScroll(page: Page, name: string) {
  const { scrollWidth, outside } = await measure(page);
  expect
    .soft(scrollWidth, `${name}: the document is ${scrollWidth} px wide (${outside.join('; ')})`)
    .toBeLessThanOrEqual(WIDTH);
}

/** The page has painted what it shows (its h1) and finished its calls. */
async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Scrolls to the end of the page as a reader does, so what mounts near the viewport has mounted. */
async function scrollToEnd(page: Page) {
  await scrollUntilVisible(page, page.getByRole('contentinfo'));
  await page.waitForLoadState('networkidle');
}

async function signIn(page: Page, baseURL: string, account: Credentials | null) {
  if (account) return void (await signInWith(page, account, baseURL));
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate((key) => localStorage.removeItem(key), SIGNED_IN_KEY);
}

async function createAccounts(
  request: APIRequestContext,
  mail: Parameters<typeof createVerifiedAccount>[1],
): Promise<Accounts> {
  const provider = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Pia Sideways',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'sideways-provider',
  );
  const booking = await request.put('/api/auth/profile', {
    headers: bearer(provider),
    // She offers the service her opening is for: a saved search for its words matches her openings of it.
    data: {
      booking_link: 'https://booking.example.com/pia-sideways',
      pricing: [{ service: SERVICE, description: 'Press and trim', priceType: 'fixed', minPrice: 60 }],
    },
  });
  expect(booking.status(), await booking.text()).toBe(200);
  // An opening in 3 hours: on a phone the home page shows 'Upcoming Availability' as a strip above
  // the professionals, and the client's saved search puts it under 'New for you'.
  const start = new Date(Date.now() + 3 * 3_600_000);
  start.setMinutes(0, 0, 0);
  const opening = await request.post('/api/last-minute-openings', {
    headers: bearer(provider),
    data: {
      service_type: SERVICE,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      price: '$60',
    },
  });
  expect(opening.ok(), await opening.text()).toBe(true);

  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Ada Sideways' },
    'sideways-client',
  );
  const saved = await request.post('/api/saved-searches', {
    headers: bearer(client),
    data: { name: 'Silk press anywhere', search: { query: 'silk press' } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // A saved professional and a favourite service, so the account page lists them.
  const favourite = await request.post('/api/favorites', {
    headers: bearer(client),
    data: { providerId: provider.session.user.id },
  });
  expect(favourite.ok(), await favourite.text()).toBe(true);
  const service = await request.post('/api/favorite-services', {
    headers: bearer(client),
    data: { serviceName: 'Balayage' },
  });
  expect(service.ok(), await service.text()).toBe(true);

  // A conversation: the client writes from the provider's profile (a link in it), the provider answers.
  const sent = await request.post('/api/messages', {
    headers: { Authorization: `Bearer ${client.session.access_token}` },
    data: {
      providerId: provider.session.user.id,
      message: 'Hi! Do you have time for a silk press this week?\nMy photos: https://example.com/hair',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { threadId } = (await sent.json()) as { threadId: string };
  const answered = await request.post(`/api/threads/${threadId}/messages`, {
    headers: { Authorization: `Bearer ${provider.session.access_token}` },
    data: { message: 'Yes, Thursday at 4 PM works. Shall I hold it for you?' },
  });
  expect(answered.ok(), await answered.text()).toBe(true);

  const signup = await request.post('/api/auth/signup', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const confirm = firstLink(
    await mail.waitForMail(ADMIN_EMAIL, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verify = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(confirm).searchParams.get('temp_token'), type: 'email' },
  });
  const { session: admin } = (await verify.json()) as { session: Session };
  expect(admin.user.role).toBe('admin');

  const forgot = await request.post('/api/auth/forgot-password', { data: { email: client.email } });
  expect(forgot.ok(), await forgot.text()).toBe(true);
  const reset = new URL(
    firstLink(await mail.waitForMail(client.email, (m) => /reset/i.test(m.subject), 15_000)),
  );

  const listed = await request.get('/api/providers?limit=1');
  const { providers } = (await listed.json()) as { providers: { routing_slug: string }[] };
  expect(providers[0]?.routing_slug).toBeTruthy();

  return {
    client,
    provider,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    resetPath: `${reset.pathname}${reset.search}`,
    profilePath: `/${providers[0]!.routing_slug}`,
    threadPath: `/messages/${threadId}`,
  };
}

interface Visit {
  name: string;
  as: keyof Pick<Accounts, 'client' | 'provider' | 'admin'> | null;
  path: (a: Accounts) => string;
  heading: string | RegExp;
  /** After the page settles and is checked: reveal more of it (scroll, open a tab), each checked too. */
  more?: { name: string; act: (page: Page) => Promise<void> }[];
}

const toTheEnd = { name: 'scrolled to the end', act: scrollToEnd };

const adminTab = (tab: string) => ({
  name: tab,
  act: async (page: Page) => {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  },
});

// Every route of src/web/app/router.tsx: /, /help, /about, /terms, /privacy, /reset-password,
// /unsubscribe, /email-change, /account, /settings, /messages, /availability, /admin, /:slug,
// /:service/:place, and * (not found).
const VISITS: Visit[] = [
  { name: 'home', as: null, path: () => '/', heading: 'Your beauty, your way', more: [toTheEnd] },
  { name: 'search results', as: null, path: () => '/?q=hair&zip=10001', heading: 'Your beauty, your way' },
  { name: 'availability', as: null, path: () => '/availability', heading: /.+/, more: [toTheEnd] },
  { name: 'help', as: null, path: () => '/help', heading: 'How Can We Help You?' },
  { name: 'about', as: null, path: () => '/about', heading: 'About Glowfind' },
  { name: 'terms', as: null, path: () => '/terms', heading: 'Terms of Service' },
  { name: 'privacy', as: null, path: () => '/privacy', heading: 'Privacy Policy' },
  { name: 'profile', as: null, path: (a) => a.profilePath, heading: /.+/, more: [toTheEnd] },
  { name: 'unknown profile', as: null, path: () => '/no-such-provider-here', heading: 'Profile Not Found' },
  { name: 'landing page', as: null, path: () => '/hair-stylists/austin-tx', heading: /.+/, more: [toTheEnd] },
  { name: 'not found', as: null, path: () => '/no/such/page', heading: 'Oops!' },
  { name: 'reset password', as: null, path: (a) => a.resetPath, heading: 'Choose a new password' },
  { name: 'unsubscribe (bad link)', as: null, path: () => '/unsubscribe?token=not-a-token', heading: /.+/ },
  { name: 'email change (a link)', as: null, path: () => '/email-change?token=not-a-token', heading: /.+/ },
  {
    name: 'home (client)',
    as: 'client',
    path: () => '/',
    heading: 'Your beauty, your way',
    more: [
      {
        name: "'New for you' and the openings strip",
        act: async (page) => {
          await expect(page.getByRole('region', { name: 'New for you' })).toBeVisible();
          // The strip mounts as its place, just below the hero, scrolls into view.
          await page.mouse.wheel(0, 600);
          await expect(
            page.getByRole('region', { name: 'Upcoming Availability' }).getByRole('article').first(),
          ).toBeVisible();
        },
      },
      toTheEnd,
    ],
  },
  {
    name: 'account (client)',
    as: 'client',
    path: () => '/account',
    heading: 'Account Settings',
    more: [toTheEnd],
  },
  { name: 'availability (client)', as: 'client', path: () => '/availability', heading: /.+/ },
  { name: 'settings (client)', as: 'client', path: () => '/settings', heading: 'Settings', more: [toTheEnd] },
  { name: 'profile (client)', as: 'client', path: (a) => a.profilePath, heading: /.+/ },
  { name: 'messages (client)', as: 'client', path: () => '/messages', heading: 'Messages' },
  {
    name: 'messages, a conversation (client)',
    as: 'client',
    path: (a) => a.threadPath,
    heading: 'Messages',
  },
  {
    name: 'account (provider)',
    as: 'provider',
    path: () => '/account',
    heading: 'Account Settings',
    more: [
      {
        name: 'openings manager',
        act: async (page) => {
          const openings = page.locator('#openings');
          await openings.scrollIntoViewIfNeeded();
          await expect(openings.getByText(SERVICE).first()).toBeVisible();
        },
      },
      toTheEnd,
    ],
  },
  { name: 'home (provider)', as: 'provider', path: () => '/', heading: 'Your beauty, your way' },
  { name: 'messages (provider)', as: 'provider', path: () => '/messages', heading: 'Messages' },
  {
    name: 'messages, a conversation (provider)',
    as: 'provider',
    path: (a) => a.threadPath,
    heading: 'Messages',
  },
  {
    name: 'admin (password step)',
    as: 'admin',
    path: () => '/admin',
    heading: 'Admin Access',
    more: [
      {
        name: 'dashboard',
        act: async (page) => {
          const password = page.getByLabel('Password');
          await password.fill(ADMIN_PASSWORD);
          await password.press('Enter');
          await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
          await page.waitForLoadState('networkidle');
        },
      },
      adminTab('Booking Logs'),
      adminTab('Submissions'),
      adminTab('Reviews'),
    ],
  },
];

test('no page scrolls sideways on a 390 px phone, signed out and in, nor with the account menu open', async ({
  page,
  launchApp,
  playwright,
}) => {
  test.setTimeout(300_000);
  // The demo catalogue (SEED_DEMO) for real cards, profiles and openings, and an admin.
  const site = await launchApp({ SEED_DEMO: '1', ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD });
  const request = await playwright.request.newContext({ baseURL: site.baseURL });
  const accounts = await createAccounts(request, site.mail);
  await request.dispose();

  let signedInAs: Visit['as'] | undefined;
  for (const visit of VISITS) {
    await test.step(visit.name, async () => {
      if (visit.as !== signedInAs) {
        await signIn(page, site.baseURL, visit.as ? accounts[visit.as] : null);
        signedInAs = visit.as;
      }
      await page.goto(`${site.baseURL}${visit.path(accounts)}`);
      await settle(page, visit.heading);
      await expectNoSidewaysScroll(page, visit.name);
      for (const step of visit.more ?? []) {
        await step.act(page);
        await expectNoSidewaysScroll(page, `${visit.name}, ${step.name}`);
      }
    });
  }

  await test.step('the account menu open over the signed-in home page', async () => {
    await signIn(page, site.baseURL, accounts.client);
    await page.goto(`${site.baseURL}/`);
    await settle(page, 'Your beauty, your way');
    await page.mouse.wheel(0, 600);
    await expect(
      page.getByRole('region', { name: 'Upcoming Availability' }).getByRole('article').first(),
    ).toBeVisible();
    const main = page.locator('main');
    expect((await main.boundingBox())!.width).toBe(WIDTH);

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'account menu open');
    // The page behind keeps its layout: the main column as wide as the screen.
    expect((await main.boundingBox())!.width).toBe(WIDTH);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'account menu closed again');
    expect((await main.boundingBox())!.width).toBe(WIDTH);
  });
});
