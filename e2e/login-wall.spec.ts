/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Save, Message and Book pressed while signed out open the login dialog, and once
// the person has logged in (or signed up and confirmed the email in the same tab) what they pressed
// is carried out, on the page where they pressed it.
import type { APIRequestContext, Page } from '@playwright/test';
import { firstLink, type SmtpSink } from '../src/server/test/smtp-sink';
import {
  bearer,
  bookThrough,
  createBookableProvider,
  createVerifiedAccount,
  expect,
  type TestAccount,
  test,
  uniqueEmail,
} from './fixtures';

const BOOKING_URL = 'https://booking.example.com/wall-test?ref=glowfind';

const createProvider = (request: APIRequestContext, mail: SmtpSink, name: string) =>
  createBookableProvider(request, mail, name, {
    booking_link: BOOKING_URL,
    specialties: ['Balayage'],
    bio: 'Lived-in color.',
  });

async function createClient(request: APIRequestContext, mail: SmtpSink) {
  return createVerifiedAccount(request, mail, { user_type: 'client', name: 'Wren Client' }, 'client');
}

/** Logs in through the dialog the button opened. */
async function logInInDialog(page: Page, client: TestAccount) {
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByLabel('Password').fill(client.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * From the login dialog a button opened: switches to sign-up, creates the account and closes the
 * 'Confirm your Email' dialog, leaving the person on the page (the email link comes next).
 */
async function signUpInDialog(page: Page, name: string, email: string, password: string) {
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByLabel('Full Name').fill(name);
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(password);
  await signup.getByLabel('Confirm Password').fill(password);
  await signup.getByLabel(/I agree to the/).check();
  await signup.getByRole('button', { name: 'Create account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your Email' });
  await expect(confirm).toContainText(email);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
}

async function savedIds(request: APIRequestContext, client: TestAccount): Promise<string[]> {
  const res = await request.get('/api/favorites/ids', { headers: bearer(client) });
  return ((await res.json()) as { providerIds: string[] }).providerIds;
}

test('Save on a card, then log in: the provider is saved and the page stays where it was', async ({
  page,
  request,
  mail,
}) => {
  const name = `Wall Card ${Date.now().toString(36)}`;
  const provider = await createProvider(request, mail, name);
  const client = await createClient(request, mail);

  await page.goto('/');
  const card = page.getByRole('article', { name });
  await card.scrollIntoViewIfNeeded();
  const url = page.url();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await card.getByRole('button', { name: `Save ${name}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Please log in to save favorites');
  await logInInDialog(page, client);

  await expect(card.getByRole('button', { name: `Save ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Saved!')).toBeVisible();
  expect(await savedIds(request, client)).toEqual([provider.id]);
  expect(page.url()).toBe(url);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(50);
});

test('Message on a profile, then log in: the message dialog is open', async ({ page, request, mail }) => {
  const provider = await createProvider(request, mail, `Wall Message ${Date.now().toString(36)}`);
  const client = await createClient(request, mail);

  await page.goto(`/${provider.slug}`);
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Please log in to send a message.');
  await logInInDialog(page, client);

  const message = page.getByRole('dialog', { name: `Message ${provider.name}` });
  await expect(message).toBeVisible();
  await expect(message.getByLabel('Your message')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/${provider.slug}`);
});

test("Book on a profile, then log in: 'Continue to booking' opens the booking page and logs the click", async ({
  page,
  context,
  request,
  mail,
}) => {
  const provider = await createProvider(request, mail, `Wall Book ${Date.now().toString(36)}`);
  const client = await createClient(request, mail);
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book here</h1>' }),
  );

  await page.goto(`/${provider.slug}`);
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please log in to book an appointment.');
  await logInInDialog(page, client);

  const resume = page.getByRole('link', { name: /Continue to booking/ });
  await expect(resume).toBeVisible();
  const { popup, click } = await bookThrough(page, resume);
  expect(popup.url()).toBe(BOOKING_URL);
  expect(click.status()).toBe(200);
  expect(click.request().postDataJSON()).toMatchObject({ url: BOOKING_URL, provider_id: provider.id });
  await expect(resume).toBeHidden();
});

test('Closing the login dialog forgets the action: a later login saves nothing', async ({
  page,
  request,
  mail,
}) => {
  const provider = await createProvider(request, mail, `Wall Close ${Date.now().toString(36)}`);
  const client = await createClient(request, mail);

  await page.goto(`/${provider.slug}`);
  await page.getByRole('button', { name: `Save ${provider.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Sign up / Log in' }).first().click();
  await logInInDialog(page, client);

  await expect(page.getByRole('button', { name: `Save ${provider.name}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(await savedIds(request, client)).toEqual([]);
});

test('Save on a profile, sign up and confirm the email in the same tab: back on the profile, saved', async ({
  page,
  request,
  mail,
}) => {
  const provider = await createProvider(request, mail, `Wall Signup ${Date.now().toString(36)}`);
  const email = uniqueEmail('wall');
  const password = 'Velvet-Fern-2031';

  await page.goto(`/${provider.slug}`);
  await page.getByRole('button', { name: `Save ${provider.name}` }).click();
  await signUpInDialog(page, 'Nia Newcomer', email, password);

  const link = firstLink(await mail.waitForMail(email, (m) => /Confirm your email/.test(m.subject), 15_000));
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-email'));
  await page.goto(link);
  // The access token lives in the page's memory: read from the reply that handed it over.
  const { session } = (await (await verified).json()) as { session: { access_token: string } };

  await expect(page).toHaveURL(new RegExp(`/${provider.slug}$`));
  await expect(page.getByRole('button', { name: `Save ${provider.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const ids = await request.get('/api/favorites/ids', {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(((await ids.json()) as { providerIds: string[] }).providerIds).toEqual([provider.id]);
});

test("Book on an opening, sign up and confirm the email: back on /availability, 'Continue to booking' in view", async ({
  page,
  context,
  request,
  mail,
}) => {
  const provider = await createProvider(request, mail, `Wall Opening ${Date.now().toString(36)}`);
  const service = `Gloss ${Date.now().toString(36)}`;
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const posted = await request.post('/api/last-minute-openings', {
    headers: bearer(provider),
    data: { service_type: service, start_time: inHours(2), end_time: inHours(3), price: '$60' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book here</h1>' }),
  );
  const email = uniqueEmail('wall-opening');
  const password = 'Velvet-Fern-2031';

  await page.goto(`/availability?q=${encodeURIComponent(service)}`);
  const opening = page.getByRole('article', { name: service });
  await opening.getByRole('button', { name: /Book/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Please log in to book');
  await signUpInDialog(page, 'Odile Opening', email, password);

  const link = firstLink(await mail.waitForMail(email, (m) => /Confirm your email/.test(m.subject), 15_000));
  await page.goto(link);

  // Back on the page with its search, the opening's link offered and in view.
  await expect(page).toHaveURL(/\/availability\?q=/);
  await expect(page.getByRole('search', { name: 'Filter openings' }).getByLabel('Service')).toHaveValue(
    service,
  );
  const resume = opening.getByRole('link', { name: /Continue to booking/ });
  await expect(resume).toBeVisible();
  await expect(resume).toBeInViewport();
  await expect(opening.getByRole('status')).toContainText("You're logged in: continue to book this opening.");
  const { popup, click } = await bookThrough(page, resume);
  expect(popup.url()).toBe(BOOKING_URL);
  expect(click.status()).toBe(200);
  expect(click.request().postDataJSON()).toMatchObject({
    url: BOOKING_URL,
    provider_id: provider.id,
  });
  // Once used, it is the opening's ordinary Book link again.
  await expect(opening.getByRole('link', { name: /^Book/ })).toBeVisible();
});

test("A service's own Book, then log in: 'Continue to booking' at that service opens its page and logs the click naming it", async ({
  page,
  context,
  request,
  mail,
}) => {
  const serviceUrl = 'https://booking.example.com/wall-test/balayage';
  const provider = await createBookableProvider(request, mail, `Wall Service ${Date.now().toString(36)}`, {
    booking_link: BOOKING_URL,
    specialties: ['Balayage'],
    bio: 'Lived-in color.',
    pricing: [
      {
        service: 'Balayage',
        description: 'Hand-painted color',
        priceType: 'fixed',
        minPrice: 180,
        durationMin: 150,
        bookingLink: serviceUrl,
      },
      { service: 'Gloss', description: 'Shine and tone', priceType: 'fixed', minPrice: 45 },
    ],
  });
  const client = await createClient(request, mail);
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book here</h1>' }),
  );

  await page.goto(`/${provider.slug}`);
  const services = page.getByRole('region', { name: 'Services & Pricing' });
  await services.getByRole('button', { name: 'Book Balayage' }).click();
  await expect(page.getByRole('dialog')).toContainText('Please log in to book an appointment.');
  await logInInDialog(page, client);

  // Resumed at the service, not as the profile's own Book.
  const resume = services.getByRole('link', { name: /Continue to booking/ });
  await expect(resume).toBeVisible();
  await expect(page.getByRole('link', { name: /Continue to booking/ })).toHaveCount(1);
  const { popup, click } = await bookThrough(page, resume);
  expect(popup.url()).toBe(serviceUrl);
  expect(click.status()).toBe(200);
  // The service's link is the one stored: the server logs it, whatever a client would send.
  expect(click.request().postDataJSON()).toMatchObject({ provider_id: provider.id, service: 'Balayage' });
  await expect(resume).toBeHidden();
  // The provider's list of clicks names the service.
  const logs = await request.get(`/api/booking-logs?provider_id=${provider.id}`, {
    headers: bearer(provider),
  });
  expect(logs.status()).toBe(200);
  expect(JSON.stringify(await logs.json())).toContain('Balayage');
});
