/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from '@playwright/test';
import { BRAND } from '../src/domain/brand';
import { createVerifiedAccount, expect, expectNoAxeViolations, signInWith, test } from './fixtures';

// Edits on /account are never lost silently, and the long provider form has a
// section menu.

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const logo = (page: Page) => page.getByRole('banner').getByRole('link', { name: new RegExp(BRAND.name) });

test('unsaved edits ask before a link, Back or a reload leaves them; saved ones do not', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const nia = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Nia Brooks',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'provider',
  );
  await signInWith(page, nia);
  await page.goto('/account');
  const bio = page.getByLabel('Professional Bio');
  await expect(bio).toBeVisible();

  // Nothing edited: the logo just goes home.
  await logo(page).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(bio).toBeVisible();

  await bio.fill('Silk presses and braids, edited but not saved.');
  await expect(page.getByText('You have unsaved changes')).toBeVisible();

  // The logo: asked; 'Stay on this page' has the focus and keeps the edit.
  await logo(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have unsaved changes on this page.');
  await expect(dialog.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
  await expect(bio).toHaveValue('Silk presses and braids, edited but not saved.');

  // Escape is 'Stay' too.
  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);

  // Back: asked, and staying keeps the page, the edit and the guard.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
  await expect(bio).toHaveValue('Silk presses and braids, edited but not saved.');
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();

  // Reloading: the browser's own prompt; dismissing it keeps the page.
  const prompt = page.waitForEvent('dialog');
  const reload = page.evaluate(() => window.location.reload());
  const unload = await prompt;
  expect(unload.type()).toBe('beforeunload');
  await unload.dismiss();
  await reload;
  await expect(bio).toHaveValue('Silk presses and braids, edited but not saved.');

  // 'Leave' goes where the link pointed, and the edit is gone.
  await logo(page).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(bio).toHaveValue('');

  // Saved: nothing to lose, so nothing asks (neither the logo nor Back).
  await bio.fill('Silk presses and braids, saved.');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await logo(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await expect(bio).toHaveValue('Silk presses and braids, saved.');
  await expect(dialog).toHaveCount(0);
});

test('the section menu jumps to a section: a side list on desktop, a jump list on phones', async ({
  page,
  request,
  mail,
}) => {
  const nia = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Nia Brooks',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'provider',
  );
  await signInWith(page, nia);
  await page.goto('/account');
  const menu = page.getByRole('navigation', { name: 'Account sections' });
  const availabilityLink = menu.getByRole('link', { name: 'Availability', exact: true });
  await expect(menu.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute(
    'aria-current',
    'location',
  );

  // By keyboard: the link is reachable, the section comes into view and its heading takes the focus.
  await availabilityLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#availability')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Availability', exact: true })).toBeFocused();
  await expect(availabilityLink).toHaveAttribute('aria-current', 'location');
  await expect(menu.getByRole('link', { name: 'Account', exact: true })).not.toHaveAttribute(
    'aria-current',
    /.*/,
  );
  // The side list stays in view (sticky), and the jump left no #fragment or history entry behind.
  await expect(menu.getByRole('link', { name: 'Services & Pricing' })).toBeInViewport();
  await expect(page).toHaveURL(/\/account$/);

  // Phones: a jump list instead.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(availabilityLink).toBeHidden();
  await page.getByLabel('Jump to section').selectOption({ label: 'Services & Pricing' });
  await expect(page.locator('#pricing')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Services & Pricing', exact: true })).toBeFocused();
});
