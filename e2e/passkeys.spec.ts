import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { PASSKEY_TEXTS } from '../src/domain/passkeys';
import { type SmtpSink, startSmtpSink } from '../src/server/test/smtp-sink';
import { createVerifiedAccount, expect, signInWith } from './fixtures';

/**
 * Passkeys in the browser, with Chromium's virtual authenticator (DevTools protocol, WebAuthn
 * domain): add one in Settings (after the current password), sign out, sign in with it from the
 * login dialog. WebAuthn refuses an IP address as the relying party, and the other journeys' server
 * runs on http://127.0.0.1 (e2e/fixtures.ts), so this file starts its own, as `npm start` runs it,
 * with PUBLIC_URL on http://localhost, and the page visits it there.
 */

interface LocalhostApp {
  origin: string;
  mail: SmtpSink;
  stop: () => Promise<void>;
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

async function startLocalhostApp(): Promise<LocalhostApp> {
  const mail = await startSmtpSink();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-e2e-passkeys-'));
  const origin = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      RATE_LIMIT: 'off',
      SMTP_URL: mail.url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The server listens on 127.0.0.1; its health is asked there (localhost may resolve to ::1 first).
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited (${child.exitCode}):\n${output}`);
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, mail, stop };
}

const test = base.extend<object, { localhostApp: LocalhostApp }>({
  localhostApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
    async ({}, use) => {
      const app = await startLocalhostApp();
      try {
        await use(app);
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ localhostApp }, use) => use(localhostApp.origin),
});

/** Waits, as a person does, until the app has taken over the server-rendered page. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 }).catch(() => {});
}

test('add a passkey in Settings, sign out, sign in with it from the login dialog', async ({
  page,
  request,
  localhostApp,
}) => {
  const { origin, mail } = localhostApp;
  const name = 'Pia Passkey';
  const account = await createVerifiedAccount(request, mail, { user_type: 'client', name }, 'passkey');

  // A platform authenticator that holds discoverable credentials and verifies its user.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  // Signed in with the password: adding a passkey asks for it again.
  await signInWith(page, account, origin);
  await visit(page, `${origin}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const section = page.getByRole('region', { name: PASSKEY_TEXTS.sectionTitle });
  await expect(section.getByText(PASSKEY_TEXTS.empty)).toBeVisible();

  await section.getByRole('button', { name: PASSKEY_TEXTS.add }).click();
  const ask = page.getByRole('dialog', { name: PASSKEY_TEXTS.add });
  await ask.getByLabel('Current password').fill('Not-My-Password-1');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.getByText('Your current password is incorrect.')).toBeVisible();
  await ask.getByLabel('Current password').fill(account.password);
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText(PASSKEY_TEXTS.added)).toBeVisible();
  const row = section.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Passkey, \w{3} \d{1,2}, \d{4}/);
  await expect(row).toContainText('not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Renamed in place.
  await row.getByRole('button', { name: /^Rename/ }).click();
  const nameField = row.getByRole('textbox');
  await nameField.fill('Laptop');
  await nameField.press('Enter');
  await expect(page.getByText(PASSKEY_TEXTS.renamed)).toBeVisible();
  await expect(row).toContainText('Laptop');

  // Signed in with a password, the passkey confirms instead of it: the forms then leave it out.
  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByRole('button', { name: 'Confirm with a passkey instead' }).click();
  await expect(page.getByText(PASSKEY_TEXTS.confirmed)).toBeVisible();
  await expect(passwordCard.getByLabel('Current password')).toHaveCount(0);
  await expect(passwordCard).toContainText('your current password is not needed');

  // Sign out.
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();

  // Sign in with the passkey from the login dialog: no email, no password.
  await visit(page, `${origin}/`);
  await page.getByRole('button', { name: 'Sign up / Log in' }).first().click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/passkey/login'));
  await login.getByRole('button', { name: PASSKEY_TEXTS.signIn }).click();
  expect((await signedIn).status()).toBe(200);
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();

  // The session list names how this login was proven, and the passkey shows its use.
  await visit(page, `${origin}/settings`);
  await expect(page.getByRole('region', { name: "Where you're signed in" })).toContainText('with a passkey');
  await expect(section.getByRole('listitem')).toContainText('last used');

  // A removed passkey signs in no more: the browser still offers it, the server does not know it.
  await section.getByRole('button', { name: 'Remove “Laptop”' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this passkey?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText(PASSKEY_TEXTS.removed)).toBeVisible();
  await expect(section.getByText(PASSKEY_TEXTS.empty)).toBeVisible();
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Sign up / Log in' }).first().click();
  await login.getByRole('button', { name: PASSKEY_TEXTS.signIn }).click();
  await expect(login.getByText(PASSKEY_TEXTS.notRecognised)).toBeVisible();
});
