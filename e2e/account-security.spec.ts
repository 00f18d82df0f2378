import type { Page } from '@playwright/test';
import { SECURITY_TEXTS } from '../src/domain/account-security';
import { createVerifiedAccount, expect, type TestAccount, test } from './fixtures';

/**
 * Settings → Password and 'Where you're signed in', in the browser: the change keeps this device
 * signed in, signs the other one out and mails the notice; a session is signed out from the list.
 */

const NEW_PASSWORD = 'Harbor-Quill-6482';

/**
 * A browser whose login ended elsewhere, reloaded: its refresh cookie is refused, so it is told in the
 * login dialog (over the page: the header's button behind it is hidden from the accessibility tree
 * while it is open), and the header offers 'Sign up / Log in' once it is closed.
 */
async function expectSignedOut(page: Page) {
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign up / Log in' })).toBeVisible();
}

async function logIn(page: Page, account: TestAccount, password: string, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

test('changing the password keeps this device, signs the other out and mails a notice', async ({
  page,
  browser,
  baseURL,
  request,
  mail,
}) => {
  const name = 'Petra Password';
  const account = await createVerifiedAccount(request, mail, { user_type: 'client', name }, 'password');
  await logIn(page, account, account.password, name);

  const phone = await browser.newContext({ baseURL });
  const phonePage = await phone.newPage();
  await logIn(phonePage, account, account.password, name);

  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Both browsers are in the list (and the confirmation's own login); this one is marked.
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).toHaveCount(3);

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('Not-My-Password-1');
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText(SECURITY_TEXTS.currentPasswordWrong)).toBeVisible();

  await password.getByLabel('Current password').fill(account.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(SECURITY_TEXTS.passwordChanged)).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  const notice = await mail.waitForMail(
    account.email,
    (m) => m.subject === 'Your Glowfind password was changed',
  );
  expect(notice.text).toContain('Not you? Reset your password');

  // The other browser is signed out at its next load; this one stays in.
  await phonePage.reload();
  await expectSignedOut(phonePage);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The new password signs in; the old one no longer does.
  await logIn(phonePage, account, NEW_PASSWORD, name);
  await phone.close();
});

test("'Sign out' in the list ends that browser's session", async ({
  page,
  browser,
  baseURL,
  request,
  mail,
}) => {
  const name = 'Sol Sessions';
  const account = await createVerifiedAccount(request, mail, { user_type: 'client', name }, 'sessions');
  await logIn(page, account, account.password, name);
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logIn(otherPage, account, account.password, name);

  await page.goto('/settings');
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  // The most recently used other session is the second browser's.
  await sessions
    .getByRole('button', { name: /^Sign out / })
    .first()
    .click();
  await expect(page.getByText(SECURITY_TEXTS.sessionEnded)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);

  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere else?' })
    .getByRole('button', { name: 'Sign out everywhere else' })
    .click();
  await expect(page.getByText(SECURITY_TEXTS.otherSessionsEnded)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await otherPage.reload();
  await expectSignedOut(otherPage);
  await other.close();
});
