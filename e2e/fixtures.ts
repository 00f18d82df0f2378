import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Session, SignupBody } from '../src/domain/auth';
import { SIGNED_IN_KEY } from '../src/domain/auth-options';
import type { UpdateProfileBody } from '../src/domain/profiles';
import { createScratchDatabase } from '../src/server/db/scratch-database';
import { firstLink, type SmtpSink, startSmtpSink } from '../src/server/test/smtp-sink';

interface RunningApp {
  baseURL: string;
  mail: SmtpSink;
  dataDir: string;
  /** The server's own SMTP port for replies to message emails (INBOUND_SMTP_PORT). */
  inboundSmtpPort: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the real server exactly as `npm start` runs it (built web app, PGlite in a fresh DATA_DIR),
 * sending mail to an in-process SMTP server the tests read; stops it and removes its data after `use`.
 * With E2E_DATABASE_URL (a PostgreSQL server's template database, as TEST_DATABASE_URL), each server
 * gets a new database made from it instead, dropped afterwards.
 */
async function runApp(
  seedDemo: boolean,
  use: (app: RunningApp) => Promise<void>,
  env: Record<string, string> = {},
) {
  const mail = await startSmtpSink();
  const port = await freePort();
  const inboundSmtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-e2e-'));
  const postgres = process.env.E2E_DATABASE_URL
    ? await createScratchDatabase(process.env.E2E_DATABASE_URL, 'e2e')
    : null;
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: seedDemo ? '1' : '0',
      RATE_LIMIT: 'off',
      SMTP_URL: mail.url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Opening alerts go out a second after the post instead of two minutes.
      ALERT_GROUPING_SECONDS: '1',
      // Replies to message emails come back through the server's own SMTP port.
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      REPLY_DOMAIN: 'reply.glowfind.test',
      // Pushes go to the test's own push service on http://127.0.0.1.
      PUSH_ALLOW_HTTP_LOOPBACK: '1',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  try {
    await waitForHealth(baseURL, child, () => output);
    await use({ baseURL, mail, dataDir, inboundSmtpPort });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mail.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One real server per worker on an empty database (no demo data). `demoApp` is a second server
 * with the demo catalogue (60 providers), started only for the test that asks for it.
 */
export const test = base.extend<
  {
    mail: SmtpSink;
    demoApp: RunningApp;
    /** Starts another server (empty database) with extra environment, e.g. ADMIN_PASSWORD; stopped after the test. */
    launchApp: (env: Record<string, string>) => Promise<RunningApp>;
  },
  { app: RunningApp }
>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => runApp(false, use),
    { scope: 'worker', timeout: 120_000 },
  ],
  demoApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => runApp(true, use),
    // Seeding renders the demo pictures through the upload pipeline: about half a minute on 2 cores.
    { timeout: 180_000 },
  ],
  launchApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const stops: (() => void)[] = [];
      const done: Promise<void>[] = [];
      await use(
        (env) =>
          new Promise<RunningApp>((resolve, reject) => {
            done.push(
              runApp(
                false,
                (running) =>
                  new Promise<void>((stop) => {
                    stops.push(stop);
                    resolve(running);
                  }),
                env,
              ).catch(reject),
            );
          }),
      );
      for (const stop of stops) stop();
      await Promise.all(done);
    },
    { timeout: 120_000 },
  ],
  // A server-rendered page (a profile, a landing page; ADR 017) shows its buttons before the app has
  // hydrated them: as a person waits for the page to respond, each navigation waits until it has.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const hydrated = async () => {
      if (new URL(page.url()).pathname.startsWith('/api/')) return;
      await page
        .waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 })
        .catch(() => {});
    };
    page.goto = async (...args: Parameters<typeof goto>) => {
      const res = await goto(...args);
      await hydrated();
      return res;
    };
    page.reload = async (...args: Parameters<typeof reload>) => {
      const res = await reload(...args);
      await hydrated();
      return res;
    };
    await use(page);
  },
  baseURL: async ({ app }, use) => use(app.baseURL),
  mail: async ({ app }, use) => use(app.mail),
});

export { expect };

let counter = 0;
/** A unique address per call, so journeys never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const TEST_PASSWORD = 'Velvet-Fern-2031';

export interface TestAccount {
  email: string;
  password: string;
  session: Session;
}

/** The one service a journey's provider lists unless the journey sets its own pricing. */
export const TEST_SERVICE = {
  service: 'Consultation',
  description: 'Ask about times and prices',
  priceType: 'contact',
} as const;

/**
 * Signs up through the API and confirms the address from the real email, as a person would;
 * returns the session the confirmation answers with. `userData` is the sign-up's (client or provider).
 * A provider then adds one service (TEST_SERVICE), so the profile is complete and listed (ADR 013),
 * unless `listed: false` keeps it as a new sign-up leaves it.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  mail: SmtpSink,
  userData: SignupBody['userData'],
  prefix = 'user',
  { listed = true }: { listed?: boolean } = {},
): Promise<TestAccount> {
  const email = uniqueEmail(prefix);
  const signup = await request.post('/api/auth/signup', {
    data: { email, password: TEST_PASSWORD, userData },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const link = firstLink(await mail.waitForMail(email, (m) => /Confirm your email/.test(m.subject), 15_000));
  const verify = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  const { session } = (await verify.json()) as { session?: Session };
  if (!session) throw new Error('verify-email answered without a session');
  if (userData?.user_type === 'provider' && listed) {
    const res = await request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${session.access_token}` },
      data: { pricing: [TEST_SERVICE] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { email, password: TEST_PASSWORD, session };
}

/** The Authorization header of an account's session, for API calls made by a test. */
export const bearer = (account: TestAccount) => ({ Authorization: `Bearer ${account.session.access_token}` });

/**
 * A verified provider in Denver with a booking link and what else `profile` sets (PUT
 * /api/auth/profile), for journeys that book, save or message; answers the account with its id,
 * slug and name.
 */
export async function createBookableProvider(
  request: APIRequestContext,
  mail: SmtpSink,
  name: string,
  profile: UpdateProfileBody & { booking_link: string },
) {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name, location: 'Denver, CO 80202' },
    'provider',
  );
  const res = await request.put('/api/auth/profile', { headers: bearer(account), data: profile });
  expect(res.status(), await res.text()).toBe(200);
  return { ...account, id: account.session.user.id, slug: account.session.user.routing_slug, name };
}

/**
 * Signs the browser in as `account` the way the app resumes a login: a real login through the
 * page's own request context, so the browser holds the HttpOnly refresh cookie, and the hint in
 * localStorage that tells the next page load to resume the session through it (the access token
 * lives in the page's memory only). Answers the login's session. `origin` is another app's
 * (launchApp); by default the worker's. e2e/session.spec.ts logs in through the dialog.
 */
export async function signInWith(
  page: Page,
  account: Pick<TestAccount, 'email' | 'password'>,
  origin = '',
): Promise<Session> {
  const res = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { session } = (await res.json()) as { session: Session };
  // From a same-origin page that runs no app code, so no open tab of the app acts on it first.
  await page.goto(`${origin}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SIGNED_IN_KEY,
    session.user.id,
  ] as const);
  return session;
}

/**
 * Clicks a Book link as a person does: answers the booking page it opened in a new tab and the
 * click the app logged for it (POST /api/booking-logs).
 */
export async function bookThrough(page: Page, link: Locator) {
  const logged = page.waitForResponse(
    (r) => r.url().endsWith('/api/booking-logs') && r.request().method() === 'POST',
  );
  const popupOpened = page.waitForEvent('popup');
  await link.click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  return { popup, click: await logged };
}

/** The WCAG 2.1 A/AA rules axe checks on the current page; `exclude` leaves out a part checked elsewhere. */
/**
 * Scrolls down the way a reader does until `target` is on screen: sections low on the home page
 * mount when scrolled near (WhenNearViewport), and each one that mounts pushes the next further down.
 */
export async function scrollUntilVisible(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 20 && !(await target.isVisible()); i++) {
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForTimeout(250);
  }
  await target.scrollIntoViewIfNeeded();
}

export async function expectNoAxeViolations(page: Page, options: { exclude?: string } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const result = await builder.analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
