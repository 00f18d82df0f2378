/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { expect, expectNoAxeViolations, test } from './fixtures';

for (const theme of ['dark', 'light'] as const) {
  test(`home, dialogs and not-found have no axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign up / Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('dialog').getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('dialog').getByText('Provider', { exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the auth dialog works from the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // The server-rendered button does nothing until the page has hydrated (on a busy machine, a while).
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByRole('button', { name: 'Sign up / Log in' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, and Escape closes it and returns focus to the trigger.
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign up / Log in' })).toBeFocused();
});
