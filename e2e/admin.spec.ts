import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVerifiedAccount, expect, expectNoAxeViolations, signInWith, test } from './fixtures';

const ADMIN_EMAIL = 'admin-e2e@example.com';
const ADMIN_PASSWORD = 'Orchid-Lantern-5512-admin';
const BETA_PASSWORD = 'Velvet-Moth-8830-beta';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('neither password ever reaches the web bundle, even when set while building', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'glowfind-bundle-'));
  try {
    // The browser's build and the server-rendering one (ADR 017): neither may carry a password.
    for (const extra of [[], ['--ssr', 'entry-server.tsx']]) {
      const build = spawnSync(
        'npx',
        [
          'vite',
          'build',
          '--logLevel',
          'error',
          '--outDir',
          path.join(outDir, extra.length ? 'ssr' : 'web'),
          '--emptyOutDir',
          ...extra,
        ],
        {
          env: { ...process.env, ADMIN_PASSWORD, BETA_PASSWORD, VITE_ADMIN_PASSWORD: ADMIN_PASSWORD },
          encoding: 'utf8',
        },
      );
      expect(build.status, build.stderr).toBe(0);
    }
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js') && f.includes(`${path.sep}web${path.sep}`))).toBe(true);
    expect(files.some((f) => f.endsWith('entry-server.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(text.includes(ADMIN_PASSWORD), file).toBe(false);
      expect(text.includes(BETA_PASSWORD), file).toBe(false);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('an admin passes the server-checked password step and sees the search made earlier', async ({
  page,
  launchApp,
  playwright,
}) => {
  const app = await launchApp({ ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const query = `knotless braids ${Date.now().toString(36)}`;
  const searched = await request.post('/api/search', { data: { query } });
  expect(searched.status()).toBe(200);

  const signup = await request.post('/api/auth/signup', {
    data: { email: ADMIN_EMAIL, password: 'Velvet-Fern-2031' },
  });
  expect(signup.ok()).toBe(true);
  const { firstLink } = await import('../src/server/test/smtp-sink');
  const link = firstLink(
    await app.mail.waitForMail(ADMIN_EMAIL, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verify = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  const { session } = await verify.json();
  expect(session.user.role).toBe('admin');

  await signInWith(page, { email: ADMIN_EMAIL, password: 'Velvet-Fern-2031' }, app.baseURL);
  await page.goto(`${app.baseURL}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  const password = page.getByLabel('Password');
  await password.fill('not-the-password');
  await password.press('Enter');
  await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toHaveCount(0);

  await password.fill(ADMIN_PASSWORD);
  await password.press('Enter');
  await expect(page.getByText('Access Granted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByRole('cell', { name: query })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Booking Logs' }).click();
  await expect(page.getByText('No booking logs found')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await request.dispose();
});

test('a signed-in non-admin is refused by the server', async ({ page, request, mail }) => {
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Nia Client' },
    'client',
  );
  // The server refuses the data itself, not just the page.
  const logs = await request.get('/api/search', {
    headers: { Authorization: `Bearer ${client.session.access_token}` },
  });
  expect(logs.status()).toBe(403);
  expect((await logs.json()).message).toBe('Access Denied');

  await signInWith(page, client);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toHaveCount(0);
});

test('the beta gate covers the site until the server accepts the password, and remembers it', async ({
  page,
  launchApp,
}) => {
  const app = await launchApp({ BETA_PASSWORD });
  await page.goto(app.baseURL);
  const gate = page.getByRole('dialog', { name: 'Admin Login' });
  await expect(gate).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  const password = gate.getByLabel('Password');
  await password.fill('wrong-password');
  await password.press('Enter');
  await expect(gate.getByText('Invalid password. Please try again.')).toBeVisible();

  await password.fill(BETA_PASSWORD);
  await password.press('Enter');
  await expect(gate).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Beauty Professionals' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Beauty Professionals' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Admin Login' })).toHaveCount(0);
  // The API itself is closed to anyone without the token.
  const locked = await page.request.get(`${app.baseURL}/api/providers`);
  expect(locked.status()).toBe(403);
  expect((await locked.json()).error).toBe('BETA_LOCKED');
});
