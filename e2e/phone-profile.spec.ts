import type { Page } from '@playwright/test';
import {
  bookThrough,
  createBookableProvider,
  createVerifiedAccount,
  expect,
  signInWith,
  test,
} from './fixtures';

/**
 * On a 390 px phone, once 'Get In Touch' has scrolled away, a bar at the bottom
 * of the screen offers the card's own Book Appointment; on a desktop the card is sticky and there is
 * no bar.
 */

const BOOKING_URL = 'https://booking.example.com/phone-bar?ref=glowfind';
const PHONE = { width: 390, height: 844 };

const bar = (page: Page, name: string) => page.getByRole('region', { name: `Book with ${name}` });

/** Scrolls until the 'Get In Touch' card is above the screen. */
async function scrollPastCard(page: Page) {
  const card = page.getByRole('region', { name: 'Get In Touch' });
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  if (!box) throw new Error('no card');
  await page.mouse.wheel(0, box.y + box.height + 200);
  await expect.poll(async () => (await card.boundingBox())?.y ?? 0).toBeLessThan(-box.height);
}

test('phone: the bar appears past the card; a visitor who taps Book is asked to log in', async ({
  page,
  request,
  mail,
}) => {
  const provider = await createBookableProvider(request, mail, `Phone Bar ${Date.now().toString(36)}`, {
    booking_link: BOOKING_URL,
    bio: 'Lived-in color and curls.',
  });
  await page.setViewportSize(PHONE);
  await page.goto(`/${provider.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
  // The card is in view: no bar, and nothing in it can be reached.
  await expect(bar(page, provider.name)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Book Appointment' })).toHaveCount(1);

  const focusedBefore = await page.evaluate(() => document.activeElement?.tagName);
  await scrollPastCard(page);
  const shown = bar(page, provider.name);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(provider.name);
  // Appearing does not move focus.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(focusedBefore);
  await expect(shown.locator(':focus')).toHaveCount(0);

  // At the very end of the page the bar covers nothing: the footer ends above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(shown).toBeVisible();
  const footer = await page.getByRole('contentinfo').boundingBox();
  const barBox = await shown.boundingBox();
  if (!footer || !barBox) throw new Error('no footer or bar');
  expect(footer.y + footer.height).toBeLessThanOrEqual(barBox.y + 1);

  await shown.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toContainText(
    'Please log in to book an appointment.',
  );

  // Closing the dialog gives focus back to the bar's button; while it holds focus the bar stays.
  await page.keyboard.press('Escape');
  await expect(shown.getByRole('button', { name: 'Book Appointment' })).toBeFocused();
  // Focus elsewhere and back up to the card: the bar goes.
  await page.getByRole('heading', { level: 1 }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar(page, provider.name)).toBeHidden();
});

test("phone: a signed-in client's Book in the bar opens the booking page and logs the click", async ({
  page,
  context,
  request,
  mail,
}) => {
  const provider = await createBookableProvider(request, mail, `Phone Book ${Date.now().toString(36)}`, {
    booking_link: BOOKING_URL,
  });
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Pia Phone' },
    'client',
  );
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book here</h1>' }),
  );
  await signInWith(page, client);
  await page.setViewportSize(PHONE);
  await page.goto(`/${provider.slug}`);
  await scrollPastCard(page);

  const link = bar(page, provider.name).getByRole('link', { name: 'Book Appointment (opens in a new tab)' });
  await expect(link).toBeVisible();
  const { popup, click } = await bookThrough(page, link);
  expect(popup.url()).toBe(BOOKING_URL);
  expect(click.status()).toBe(200);
  expect(click.request().postDataJSON()).toMatchObject({ url: BOOKING_URL, provider_id: provider.id });
});

test('desktop (1366 px): the card stays in view and no bar ever appears', async ({ page, request, mail }) => {
  const provider = await createBookableProvider(request, mail, `Desk Bar ${Date.now().toString(36)}`, {
    booking_link: BOOKING_URL,
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/${provider.slug}`);
  await expect(page.getByRole('region', { name: 'Get In Touch' })).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
    await expect(bar(page, provider.name)).toBeHidden();
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  await expect(bar(page, provider.name)).toBeHidden();
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
});
