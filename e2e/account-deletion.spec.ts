import { readFile } from 'node:fs/promises';
import { ACCOUNT_DATA_TEXTS } from '../src/domain/account-data';
import { createVerifiedAccount, expect, test } from './fixtures';

/**
 * Settings → Your data, in the browser: a provider downloads their data file, then deletes the
 * account with their password; they land signed out on the home page, their page is the not-found
 * page and the password no longer signs in.
 */

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

test('a provider downloads their data, deletes the account and is gone', async ({ page, request, mail }) => {
  const name = 'Della Deleted';
  const account = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name, location: 'Austin, TX 78701' },
    'provider',
  );
  const slug = account.session.user.routing_slug;
  expect((await request.get(`/api/user/${slug}`)).status()).toBe(200);

  // Signed in with the password through the dialog: the deletion asks for it again.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const data = page.getByRole('region', { name: ACCOUNT_DATA_TEXTS.title });
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: ACCOUNT_DATA_TEXTS.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^glowfind-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.account.email).toBe(account.email);
  expect(file.account.user_type).toBe('provider');
  expect(file.profile.services[0].service).toBe('Consultation');

  await data.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }).click();
  const dialog = page.getByRole('dialog', { name: ACCOUNT_DATA_TEXTS.dialogTitle });
  await expect(dialog.getByText('You are signed out everywhere and can no longer sign in.')).toBeVisible();
  await dialog.getByLabel(ACCOUNT_DATA_TEXTS.passwordLabel).fill('Not-My-Password-1');
  await dialog.getByLabel(ACCOUNT_DATA_TEXTS.confirmLabel).fill('DELETE');
  await dialog.getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();

  await dialog.getByLabel(ACCOUNT_DATA_TEXTS.passwordLabel).fill(account.password);
  await dialog.getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }).click();
  await expect(page.getByText(ACCOUNT_DATA_TEXTS.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign up / Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('glowfind.signed-in'))).toBeNull();

  const response = await page.goto(`/${slug}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up / Log in' }).click();
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toContainText(INVALID_CREDENTIALS);
});
