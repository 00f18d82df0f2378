import type { APIRequestContext } from '@playwright/test';
import type { SmtpSink } from '../src/server/test/smtp-sink';
import {
  bearer,
  createBookableProvider,
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  test,
} from './fixtures';

const BOOKING_URL = 'https://booking.example.com/lena-park?ref=glowfind';

const createProvider = (request: APIRequestContext, mail: SmtpSink, name: string) =>
  createBookableProvider(request, mail, name, {
    booking_link: BOOKING_URL,
    specialties: ['Balayage', 'Curly cuts', 'Color correction', 'Blowouts'],
    bio: 'Lived-in color and curls.',
  });

test('a client saves a provider from a card, finds it under Saved Providers, and removes it there', async ({
  page,
  request,
  mail,
}) => {
  const name = `Lena Park ${Date.now().toString(36)}`;
  const provider = await createProvider(request, mail, name);
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Cara Client' },
    'client',
  );
  await signInWith(page, client);

  await page.goto('/');
  const card = page.getByRole('article', { name });
  const heart = card.getByRole('button', { name: `Save ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Saved!')).toBeVisible();

  // Stored on the server, not only on screen.
  const ids = await request.get('/api/favorites/ids', { headers: bearer(client) });
  expect(((await ids.json()) as { providerIds: string[] }).providerIds).toEqual([provider.session.user.id]);

  await page.goto('/account');
  const saved = page.getByRole('region', { name: 'Saved Providers' });
  const link = saved.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', `/${provider.slug}`);
  // At most 2 specialties, then +N.
  const specialties = saved.getByRole('list', { name: 'Specialties' });
  await expect(specialties.getByRole('listitem')).toHaveText(['Balayage', 'Curly cuts', '+2 more']);
  await expectNoAxeViolations(page);

  await saved.getByRole('button', { name: `Save ${name}` }).click();
  await expect(page.getByText('Removed', { exact: true })).toBeVisible();
  await expect(saved.getByText('No saved providers yet.', { exact: false })).toBeVisible();
  await expect(link).toHaveCount(0);

  await link.page().goto(`/${provider.slug}`);
  const profileHeart = page.getByRole('button', { name: `Save ${name}` });
  await expect(profileHeart).toHaveAttribute('aria-pressed', 'false');
  await profileHeart.click();
  await expect(profileHeart).toHaveAttribute('aria-pressed', 'true');
});

test('a visitor who taps the heart is asked to log in first', async ({ page, request, mail }) => {
  const name = `Rae Stone ${Date.now().toString(36)}`;
  await createProvider(request, mail, name);
  await page.goto('/');
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Save ${name}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Authentication Required: Please log in to save favorites')).toBeVisible();
});

test('a failed save rolls the heart back and says so', async ({ page, request, mail }) => {
  const name = `Ivy Moss ${Date.now().toString(36)}`;
  await createProvider(request, mail, name);
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Flo Client' },
    'client',
  );
  await signInWith(page, client);
  await page.route('**/api/favorites', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            error: 'INTERNAL_ERROR',
            message: 'Failed to update favorites',
          }),
        })
      : route.continue(),
  );
  await page.goto('/');
  const heart = page.getByRole('article', { name }).getByRole('button', { name: `Save ${name}` });
  await heart.click();
  await expect(page.getByText('Failed to update favorites')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('favourite services: each toggle is stored and survives a reload', async ({ page, request, mail }) => {
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Sol Client' },
    'client',
  );
  await signInWith(page, client);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Favorite Services' });
  for (const group of [
    'Popular Services',
    'Hair Cuts',
    'Color Services',
    'Texture & Treatments',
    'Barbering',
  ]) {
    await expect(card.getByRole('group', { name: group })).toBeVisible();
  }
  const balayage = card.getByRole('button', { name: 'Balayage' });
  await balayage.click();
  await expect(page.getByText('Service Added')).toBeVisible();
  await expect(balayage).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Beard Trim' }).click();
  await expect(card.getByRole('button', { name: 'Beard Trim' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(card.getByRole('button', { name: 'Balayage' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Balayage' }).click();
  await expect(page.getByText('Service Removed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Balayage' })).toHaveAttribute('aria-pressed', 'false');
  const stored = await request.get('/api/favorite-services', { headers: bearer(client) });
  expect(((await stored.json()) as { services: string[] }).services).toEqual(['Beard Trim']);
});

test('a client clicks Book, and the provider sees the click in Booking Interest', async ({
  page,
  context,
  request,
  mail,
}) => {
  const name = `Noor Salon ${Date.now().toString(36)}`;
  const provider = await createProvider(request, mail, name);
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Bo Client' },
    'client',
  );
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book with Noor</h1>' }),
  );
  await signInWith(page, client);
  await page.goto(`/${provider.slug}`);
  const logged = page.waitForResponse(
    (r) => r.url().endsWith('/api/booking-logs') && r.request().method() === 'POST',
  );
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Book Appointment/ }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(BOOKING_URL);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  const click = await logged;
  expect(click.status()).toBe(200);
  // Sent with the click token the profile came with (read signed in): a click through the page.
  expect(click.request().postDataJSON()).toMatchObject({
    url: BOOKING_URL,
    provider_id: provider.session.user.id,
    click_token: expect.any(String),
  });

  // The provider's view: total and unique clicks.
  await signInWith(page, provider);
  await page.goto('/account');
  const analytics = page.getByRole('region', { name: 'Booking Interest' });
  await expect(analytics.getByRole('definition').first()).toHaveText('1');
  // One client, one day: 1 unique of all time and of the last 7 days.
  await expect(analytics.getByText('1 unique', { exact: true })).toHaveCount(2);
  await expect(analytics.getByText('Unique clicks count each client at most once a day.')).toBeVisible();
  await expect(analytics.getByText('Unique clients')).toBeVisible();
  await expect(analytics.getByRole('row')).toHaveCount(2);
  await expect(analytics.getByRole('cell', { name: BOOKING_URL })).toBeVisible();
  // The client by first name and last initial ('Bo Client'), never an id or the full name.
  await expect(analytics.getByRole('cell', { name: 'Bo C.', exact: true })).toBeVisible();
  await expect(analytics.getByText('Showing 1 most recent clicks of 1 total')).toBeVisible();
  await expect(analytics.getByRole('img', { name: 'Bar chart of booking clicks per day' })).toBeVisible();
  await expectNoAxeViolations(page);
});
