/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Session } from '../src/domain/auth';
import { SIGNED_IN_KEY } from '../src/domain/auth-options';
import { firstLink } from '../src/server/test/smtp-sink';
import {
  createVerifiedAccount,
  expect,
  scrollUntilVisible,
  signInWith,
  type TestAccount,
  test,
} from './fixtures';

/*
 * Every route of the web app (src/web/app/router.tsx), signed out and signed in as each kind of
 * user, in the light and the dark theme, through axe-core's WCAG 2.1 A/AA rules at every impact
 * (the same rules as expectNoAxeViolations). One server with the demo catalogue and an admin;
 * every page is checked even after one fails, and the failure lists each route, theme and rule.
 */

const ADMIN_EMAIL = 'axe-admin@example.com';
const ADMIN_PASSWORD = 'Quartz-Heron-6604-admin';
const PASSWORD = 'Velvet-Fern-2031';
const THEMES = ['light', 'dark'] as const;

type Theme = (typeof THEMES)[number];

/** What signs a page in (fixtures' signInWith logs in with it). */
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

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** The page has painted what it shows (its h1) and finished its calls. */
async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Signs the page in as `account` (a login, the refresh cookie and the hint), or out with null. */
async function signIn(page: Page, baseURL: string, account: Credentials | null) {
  if (account) return void (await signInWith(page, account, baseURL));
  await page.goto(`${baseURL}/api/health`);
  // Without the hint a load resumes nothing: the page is a visitor's.
  await page.evaluate((key) => localStorage.removeItem(key), SIGNED_IN_KEY);
}

async function createAccounts(
  request: APIRequestContext,
  mail: Parameters<typeof createVerifiedAccount>[1],
): Promise<Accounts> {
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Ada Axe' },
    'axe-client',
  );
  const provider = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Pia Axe',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'axe-provider',
  );
  // An opening, so /availability and the provider's account list one.
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setMinutes(0, 0, 0);
  const opening = await request.post('/api/last-minute-openings', {
    headers: { Authorization: `Bearer ${provider.session.access_token}` },
    data: {
      service_type: 'Silk press',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      price: '$60',
    },
  });
  expect(opening.ok(), await opening.text()).toBe(true);

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

  const signup = await request.post('/api/auth/signup', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
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
    admin: { email: ADMIN_EMAIL, password: PASSWORD },
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
  /** After the page settles: reveal more of it (scroll, open a tab) and check again under `next`. */
  next?: { name: string; act: (page: Page) => Promise<void> };
}

const VISITS: Visit[] = [
  {
    name: 'home',
    as: null,
    path: () => '/',
    heading: 'Your beauty, your way',
    next: {
      // 'Upcoming Availability' and the FAQ mount when scrolled near.
      name: 'home, scrolled to the FAQ',
      act: async (page) => {
        await scrollUntilVisible(page, page.getByRole('region', { name: /Frequently Asked Questions/i }));
        await expect(page.getByRole('region', { name: 'Upcoming Availability' })).toBeVisible();
      },
    },
  },
  { name: 'search results', as: null, path: () => '/?q=hair&zip=10001', heading: 'Your beauty, your way' },
  { name: 'profile', as: null, path: (a) => a.profilePath, heading: /.+/ },
  { name: 'unknown profile', as: null, path: () => '/no-such-provider-here', heading: 'Profile Not Found' },
  { name: 'help', as: null, path: () => '/help', heading: 'How Can We Help You?' },
  { name: 'about', as: null, path: () => '/about', heading: 'About Glowfind' },
  { name: 'terms', as: null, path: () => '/terms', heading: 'Terms of Service' },
  { name: 'privacy', as: null, path: () => '/privacy', heading: 'Privacy Policy' },
  { name: 'reset password', as: null, path: (a) => a.resetPath, heading: 'Choose a new password' },
  { name: 'unsubscribe (bad link)', as: null, path: () => '/unsubscribe?token=not-a-token', heading: /.+/ },
  { name: 'not found', as: null, path: () => '/no/such/page', heading: 'Oops!' },
  { name: 'account (client)', as: 'client', path: () => '/account', heading: 'Account Settings' },
  { name: 'account (provider)', as: 'provider', path: () => '/account', heading: 'Account Settings' },
  { name: 'settings (client)', as: 'client', path: () => '/settings', heading: 'Settings' },
  { name: 'messages (client)', as: 'client', path: () => '/messages', heading: 'Messages' },
  {
    name: 'messages, a conversation (client)',
    as: 'client',
    path: (a) => a.threadPath,
    heading: 'Messages',
    next: {
      name: 'messages, the block dialog',
      act: async (page) => {
        await page.getByRole('button', { name: 'Block' }).click();
        await expect(page.getByRole('dialog', { name: /^Block / })).toBeVisible();
      },
    },
  },
  {
    name: 'settings (provider)',
    as: 'provider',
    path: () => '/settings',
    heading: 'Settings',
    next: {
      name: 'settings, the deletion dialog',
      act: async (page) => {
        await page.getByRole('button', { name: /Delete my account/ }).click();
        await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      },
    },
  },
  { name: 'messages (provider)', as: 'provider', path: () => '/messages', heading: 'Messages' },
  {
    name: 'messages, a conversation (provider)',
    as: 'provider',
    path: (a) => a.threadPath,
    heading: 'Messages',
  },
  { name: 'email change (a link)', as: null, path: () => '/email-change?token=not-a-token', heading: /.+/ },
  { name: 'availability (provider)', as: 'provider', path: () => '/availability', heading: /.+/ },
  {
    name: 'admin (password step)',
    as: 'admin',
    path: () => '/admin',
    heading: 'Admin Access',
    next: {
      name: 'admin (dashboard)',
      act: async (page) => {
        const password = page.getByLabel('Password');
        await password.fill(ADMIN_PASSWORD);
        await password.press('Enter');
        await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
        await page.waitForLoadState('networkidle');
      },
    },
  },
];

async function checkTheme(browser: Browser, baseURL: string, theme: Theme, accounts: Accounts) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
  const page = await context.newPage();
  let signedInAs: Visit['as'] | undefined;
  try {
    for (const visit of VISITS) {
      await test.step(`${visit.name} (${theme})`, async () => {
        if (visit.as !== signedInAs) {
          await signIn(page, baseURL, visit.as ? accounts[visit.as] : null);
          signedInAs = visit.as;
        }
        await page.goto(`${baseURL}${visit.path(accounts)}`);
        await settle(page, visit.heading);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        expect.soft(await violations(page), `${visit.name} (${theme})`).toEqual([]);
        if (visit.next) {
          await visit.next.act(page);
          expect.soft(await violations(page), `${visit.next.name} (${theme})`).toEqual([]);
        }
      });
    }
  } finally {
    await context.close();
  }
}

test('every route has no axe violations, signed out and in, light and dark', async ({
  browser,
  launchApp,
  playwright,
}) => {
  test.setTimeout(300_000);
  // The demo catalogue (SEED_DEMO) for real cards and profiles, and an admin.
  const site = await launchApp({ SEED_DEMO: '1', ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD });
  const request = await playwright.request.newContext({ baseURL: site.baseURL });
  try {
    const accounts = await createAccounts(request, site.mail);
    for (const theme of THEMES) await checkTheme(browser, site.baseURL, theme, accounts);
  } finally {
    await request.dispose();
  }
});
