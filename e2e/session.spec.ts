/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import type { Session } from '../src/domain/auth';
import { createVerifiedAccount, expect, type TestAccount, test } from './fixtures';

/**
 * The refresh token in the real browser (ADR 002): an HttpOnly, SameSite=Strict cookie scoped to
 * /api/auth that page scripts never see; the access token lives in the page's memory only, so every
 * load gets one through the cookie, and localStorage holds only the hint that someone is signed in;
 * logout ends the cookie and the login's access tokens. The browser tests run on
 * http://127.0.0.1, so the cookie is not Secure here.
 */

const refreshCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'glowfind_refresh');

/** Everything the page's scripts can read from localStorage, as one text. */
const storageText = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));
const signedInHint = (page: Page) => page.evaluate(() => localStorage.getItem('glowfind.signed-in'));

/** Logs in through the dialog; answers the session the login handed the page (its memory only). */
async function logInThroughTheDialog(page: Page, account: TestAccount, name: string): Promise<Session> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await login.getByRole('button', { name: 'Log in' }).click();
  const { session } = (await (await reply).json()) as { session: Session };
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
  return session;
}

test('the refresh token lives only in an HttpOnly cookie; the app refreshes through it; logout ends it and the access token', async ({
  page,
  context,
  request,
  mail,
}) => {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Cora Cookie' },
    'cookie',
  );
  const first = await logInThroughTheDialog(page, account, 'Cora Cookie');

  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: false });
  expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);
  // Page scripts see neither the cookie nor any token in storage: only the hint, the user's id.
  expect(await page.evaluate(() => document.cookie)).not.toContain('glowfind_refresh');
  expect(await signedInHint(page)).toBe(first.user.id);
  expect(await page.evaluate(() => localStorage.getItem('glowfind.session'))).toBeNull();
  for (const secret of [first.access_token, cookie!.value])
    expect(await storageText(page)).not.toContain(secret);

  // A load gets its access token through the cookie, with the CSRF header, and stays signed in.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.reload();
  const response = await refreshed;
  expect(response.status()).toBe(200);
  const sentHeaders = await response.request().allHeaders();
  expect(sentHeaders['x-glowfind-csrf']).toBe('1');
  expect(sentHeaders.cookie).toBe(`glowfind_refresh=${cookie!.value}`);
  const menu = page.getByRole('button', { name: 'Account menu for Cora Cookie' });
  await expect(menu).toBeVisible();
  const renewed = ((await response.json()) as { session: Session }).session;
  expect(renewed.access_token).not.toBe(first.access_token);
  const rotated = await refreshCookie(context);
  expect(rotated!.value).not.toBe(cookie!.value);
  expect(await storageText(page)).not.toContain(renewed.access_token);

  // Logging out clears the cookie and ends the login's access tokens at once (the refreshed one it
  // sends, and the login's first one), though each has 15 minutes left.
  await menu.click();
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const logout = await loggedOut;
  expect(logout.status()).toBe(200);
  expect(logout.request().headers().authorization).toBe(`Bearer ${renewed.access_token}`);
  await expect(page.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();
  expect(await refreshCookie(context)).toBeUndefined();
  expect(await signedInHint(page)).toBeNull();
  for (const token of [renewed.access_token, first.access_token]) {
    const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
    expect(verify.status()).toBe(401);
  }
  // The rotated refresh token is revoked too (sent by hand: the browser has forgotten it).
  const refreshAfter = await request.post('/api/auth/refresh', {
    headers: { cookie: `glowfind_refresh=${rotated!.value}`, 'x-glowfind-csrf': '1' },
  });
  expect(refreshAfter.status()).toBe(401);
});

test("another site's page cannot use the cookie: its requests to refresh and logout rotate and end nothing", async ({
  page,
  context,
  request,
  mail,
  baseURL,
}) => {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Sam Site' },
    'site',
  );
  const { access_token: accessToken } = await logInThroughTheDialog(page, account, 'Sam Site');
  const before = await refreshCookie(context);

  // The attacker's page: a server of its own, reached as localhost (another site than 127.0.0.1 to
  // the browser, in the same local address space, so only our defences are in the way).
  const evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Win a prize</title>');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const attacker = await context.newPage();
  await attacker.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
  const sent: Promise<string>[] = [];
  attacker.on('request', (r) => {
    if (!r.url().includes('/api/auth/')) return;
    const line = (h: Record<string, string>) =>
      `${r.method()} ${new URL(r.url()).pathname} cookie:${'cookie' in h} csrf:${'x-glowfind-csrf' in h}`;
    sent.push(r.allHeaders().then(line));
  });
  const preflightRefusals: string[] = [];
  attacker.on('console', (m) => {
    if (/preflight/.test(m.text())) preflightRefusals.push(m.text());
  });
  const outcomes = await attacker.evaluate(async (api) => {
    const attempt = (path: string, init: RequestInit) =>
      fetch(new URL(path, api), { method: 'POST', credentials: 'include', ...init }).then(
        (r) => `read ${r.status}`,
        () => 'unreadable',
      );
    return [
      // A "simple" request needs no preflight: it reaches the server, without the cookie or the header.
      await attempt('/api/auth/refresh', { mode: 'no-cors' }),
      await attempt('/api/auth/logout', { mode: 'no-cors' }),
      // Adding the header makes it a CORS request whose preflight this API never grants.
      await attempt('/api/auth/refresh', { headers: { 'x-glowfind-csrf': '1' } }),
      await attempt('/api/auth/logout', { headers: { 'x-glowfind-csrf': '1' } }),
    ];
  }, baseURL!);
  expect(outcomes).toEqual(['unreadable', 'unreadable', 'unreadable', 'unreadable']);
  // SameSite=Strict: the browser sent the two simple requests without the cookie (and they lack the header).
  expect((await Promise.all(sent)).slice(0, 2)).toEqual([
    'POST /api/auth/refresh cookie:false csrf:false',
    'POST /api/auth/logout cookie:false csrf:false',
  ]);
  // The header: the browser asked first, was refused, and never sent the two requests that carried it.
  expect(preflightRefusals).toHaveLength(2);
  await attacker.close();
  await new Promise((resolve) => evil.close(resolve));

  // Nothing rotated or revoked: the cookie is the same and still refreshes for the app itself.
  expect((await refreshCookie(context))!.value).toBe(before!.value);
  const me = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Account menu for Sam Site' })).toBeVisible();
  expect((await refreshCookie(context))!.value).not.toBe(before!.value);
});

test('another tab of the browser follows a login and a logout without a reload', async ({
  page,
  context,
  request,
  mail,
}) => {
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Tia Tabs' },
    'tabs',
  );
  const other = await context.newPage();
  await other.goto('/help');
  await expect(other.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();

  // Signed in here: the other tab hears of it (the hint's storage event) and gets its own access
  // token through the shared cookie.
  const otherRefreshed = other.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await logInThroughTheDialog(page, account, 'Tia Tabs');
  expect((await otherRefreshed).status()).toBe(200);
  await expect(other.getByRole('button', { name: 'Account menu for Tia Tabs' }).first()).toBeVisible();

  // Logged out here: the other tab is signed out too, and asks nothing.
  const otherRequests: string[] = [];
  other.on('request', (r) => r.url().includes('/api/auth/') && otherRequests.push(r.url()));
  await page.getByRole('button', { name: 'Account menu for Tia Tabs' }).first().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other.getByRole('button', { name: 'Sign up / Log in' }).first()).toBeVisible();
  expect(otherRequests).toEqual([]);
  await other.close();
});
