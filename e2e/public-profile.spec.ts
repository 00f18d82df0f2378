/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { UpdateProfileBody } from '../src/domain/profiles';
import type { SmtpSink } from '../src/server/test/smtp-sink';
import {
  bearer,
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  TEST_PASSWORD,
  type TestAccount,
  test,
} from './fixtures';

const BOOKING_URL = 'https://booking.example.com/maya-lopez?ref=glowfind';

type Account = TestAccount;

async function updateProfile(request: APIRequestContext, account: Account, body: UpdateProfileBody) {
  const res = await request.put('/api/auth/profile', { headers: bearer(account), data: body });
  expect(res.status(), await res.text()).toBe(200);
}

/** A soft gradient picture with a circle, as a PNG data URL (the server re-encodes it to WebP). */
async function artDataUrl(width: number, height: number, hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,70%)"/><stop offset="1" stop-color="hsl(${hue + 60},60%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="hsla(${hue + 180},80%,90%,0.55)"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function uploadPortfolio(request: APIRequestContext, account: Account, file: string) {
  const res = await request.post('/api/upload/portfolio', {
    headers: bearer(account),
    data: { file, userId: account.session.user.id },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { portfolioImages: string[] }).portfolioImages;
}

const FULL_PROFILE = {
  name: 'Maya Lopez',
  bio: 'Colorist and curl specialist with twelve years behind the chair.\nI love lived-in color that grows out softly.',
  location: 'Brooklyn, NY 11201',
  booking_link: BOOKING_URL,
  license_details: 'NY Cosmetology License #12345678',
  additional_details: 'Studio on the second floor; the building has an elevator.',
  availability: 'Mon-Fri 9AM-5PM, Sat 10AM-2PM. Evenings by request | Cash and cards accepted',
  specialties: ['Balayage', 'Curly cuts', 'Color correction'],
  certifications: ['Olaplex Certified', 'DevaCurl Certified'],
  amenities: ['LGBTQIA+ Friendly', 'Parking Available', 'Silent Service Option', 'Free Wi-Fi'],
  products: ['Olaplex', 'Redken', 'Aveda'],
  pricing: [
    {
      service: 'Balayage',
      description: 'Hand-painted, lived-in color',
      priceType: 'range',
      minPrice: 180,
      maxPrice: 260,
    },
    { service: 'Curly cut', description: 'Dry cut, curl by curl', priceType: 'fixed', minPrice: 95 },
    { service: 'Gloss', description: 'Shine and tone refresh', priceType: 'starting_at', minPrice: 45 },
    { service: 'Color correction', description: 'Consultation first', priceType: 'contact' },
  ],
} satisfies UpdateProfileBody;

/** A provider with every field filled and three portfolio images. */
async function createFullProvider(request: APIRequestContext, mail: SmtpSink) {
  const account = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Maya Lopez',
      location: 'Brooklyn, NY 11201',
      selected_categories: ['hair'],
    },
    'provider',
  );
  await updateProfile(request, account, FULL_PROFILE);
  let images: string[] = [];
  for (const [w, h, hue] of [
    [900, 600, 330],
    [600, 900, 20],
    [800, 800, 200],
  ] as const) {
    images = await uploadPortfolio(request, account, await artDataUrl(w, h, hue));
  }
  expect(images).toHaveLength(3);
  return { ...account, slug: account.session.user.routing_slug, images };
}

/** Signs this page in as `account`: the refresh cookie and the hint, resumed on the next load. */
async function signIn(page: Page, account: Account) {
  await signInWith(page, account);
}

/** With SHOTS_DIR set, keeps a screenshot for a person to look at (the tests never compare pixels). */
async function shot(page: Page, name: string, fullPage = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

test('a visitor sees every section of a full profile, with the server title and no invented rating', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  const response = await page.goto(`/${maya.slug}`);
  expect(response?.status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: 'Maya Lopez' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle('Maya Lopez · Hair professional in Brooklyn, NY 11201 | Glowfind');
  await expect(page.getByText('Brooklyn, NY 11201').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Maya Lopez', exact: true })).toHaveCount(0); // no avatar yet
  const highlights = page.getByRole('list', { name: 'Highlights' });
  await expect(highlights).toContainText('New');
  await expect(highlights).toContainText('Hair');
  await expect(highlights).toContainText('Licensed');
  await expect(page.getByText(/4\.9|95 reviews/)).toHaveCount(0);

  const section = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(section('About')).toContainText('twelve years behind the chair');

  const work = section('My Work');
  await expect(work.getByRole('img')).toHaveCount(3);
  for (const [i, img] of (await work.getByRole('img').all()).entries()) {
    await expect(img).toHaveAttribute('alt', `Work by Maya Lopez, ${i + 1} of 3`);
    await expect(img).toHaveAttribute('width', '320');
    await expect(img).toHaveAttribute('height', '320');
    await expect(img).toHaveAttribute('src', /\.thumb\.webp$/);
  }

  const services = section('Services & Pricing');
  await expect(services.getByRole('heading', { level: 3 })).toHaveText([
    'Balayage',
    'Curly cut',
    'Gloss',
    'Color correction',
  ]);
  await expect(services).toContainText('$180 - $260');
  await expect(services).toContainText('$95');
  await expect(services).toContainText('Starting at $45');
  await expect(services).toContainText('Contact for pricing');
  await expect(services).not.toContainText('Initial consultation to discuss your needs');

  await expect(section('Specialties').getByRole('listitem')).toHaveText([
    'Balayage',
    'Curly cuts',
    'Color correction',
  ]);
  await expect(section('Additional Information')).toContainText('the building has an elevator');
  const availability = section('Availability');
  await expect(availability.getByRole('term')).toHaveText(['Monday – Friday', 'Saturday']);
  await expect(availability.getByRole('definition')).toHaveText(['9AM – 5PM', '10AM – 2PM']);
  await expect(availability).toContainText('Evenings by request');
  await expect(availability).toContainText('Cash and cards accepted');
  await expect(section('Certifications').getByRole('listitem')).toHaveText([
    'Olaplex Certified',
    'DevaCurl Certified',
  ]);
  await expect(section('Certifications')).not.toContainText('Licensed Professional');

  const amenities = section('Amenities');
  await expect(amenities.locator('[data-kind="inclusive"]')).toHaveText(/LGBTQIA\+ Friendly/);
  await expect(amenities.locator('[data-kind="convenience"]')).toHaveText(/Parking Available/);
  await expect(amenities.locator('[data-kind="experience"]')).toHaveText(/Silent Service Option/);
  await expect(amenities.locator('[data-kind="other"]')).toHaveText('Free Wi-Fi');
  await expect(section('Products Used').getByRole('listitem')).toHaveText(['Olaplex', 'Redken', 'Aveda']);
  await expect(section('Licensed Professional')).toContainText('NY Cosmetology License #12345678');

  const contact = page.getByRole('region', { name: 'Get In Touch' });
  // No invented response time (the reviews issue: no number on any page is invented).
  await expect(contact).not.toContainText('2-4 hours');
  await expect(contact).toContainText('inbox; their replies come to your Messages and your email');
  await expect(contact.getByRole('button', { name: 'Book Appointment' })).toBeEnabled();
  await expect(contact.getByRole('button', { name: 'Message' })).toBeEnabled();
  await expect(contact.getByRole('link', { name: /Edit/ })).toHaveCount(0);
  // The email stays private.
  await expect(page.locator('body')).not.toContainText(maya.email);
});

test('the owner sees Edit Profile instead of the actions, and it leads to the account page', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  await signIn(page, maya);
  await page.goto(`/${maya.slug}`);
  const contact = page.getByRole('region', { name: 'Get In Touch' });
  const edit = contact.getByRole('link', { name: 'Edit Profile' });
  await expect(edit).toBeVisible();
  await expect(contact.getByRole('button', { name: 'Message' })).toHaveCount(0);
  await expect(contact.getByRole('button', { name: /Book Appointment/ })).toHaveCount(0);
  await expect(contact.getByRole('link', { name: /Book Appointment/ })).toHaveCount(0);
  await edit.click();
  await expect(page).toHaveURL(/\/account$/);
});

test('a signed-in visitor books: the link opens in a new tab with noopener noreferrer', async ({
  page,
  context,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  const visitor = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Vera Visitor' },
    'visitor',
  );
  // The booking site is external: answer it locally.
  await context.route('https://booking.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Booking</title><h1>Book with Maya</h1>' }),
  );
  await signIn(page, visitor);
  await page.goto(`/${maya.slug}`);

  const book = page.getByRole('link', { name: /Book Appointment/ });
  await expect(book).toHaveAttribute('href', BOOKING_URL);
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
  const popupOpened = page.waitForEvent('popup');
  await book.click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(BOOKING_URL);
  await expect(popup.getByRole('heading', { name: 'Book with Maya' })).toBeVisible();
  // noopener: the booking page cannot reach back into ours.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
});

test('a signed-out visitor gets the login dialog from Book and from Message', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  await page.goto(`/${maya.slug}`);
  const contact = page.getByRole('region', { name: 'Get In Touch' });

  const book = contact.getByRole('button', { name: 'Book Appointment' });
  await book.click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await expect(login).toContainText('Please log in to book an appointment.');
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(book).toBeFocused();

  await contact.getByRole('button', { name: 'Message' }).click();
  await expect(login).toBeVisible();
  await expect(login).toContainText('Please log in to send a message.');
  await expect(page.getByRole('dialog', { name: /Message Maya/ })).toHaveCount(0);

  // Logging in from the dialog turns the buttons into the real actions.
  await page.keyboard.press('Escape');
  const visitor = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Lee Later' },
    'later',
  );
  await contact.getByRole('button', { name: 'Message' }).click();
  await login.getByLabel('Email').fill(visitor.email);
  await login.getByLabel('Password').fill(TEST_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  // The action pressed before logging in is carried out: the message dialog opens.
  const message = page.getByRole('dialog', { name: /Message Maya/ });
  await expect(message).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();
  await expect(contact.getByRole('link', { name: /Book Appointment/ })).toHaveAttribute('href', BOOKING_URL);
});

test('a visitor messages the provider, who gets an email linking to the conversation, without the visitor’s address', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  const visitor = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Vera Visitor' },
    'visitor',
  );
  await signIn(page, visitor);
  await page.goto(`/${maya.slug}`);

  const messageButton = page
    .getByRole('region', { name: 'Get In Touch' })
    .getByRole('button', { name: 'Message' });
  await messageButton.click();
  const dialog = page.getByRole('dialog', { name: 'Message Maya Lopez' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByLabel('Your message');
  await expect(box).toBeFocused();
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await box.fill('   \n  ');
  await expect(send).toBeDisabled();

  // A failed send keeps the text and says so.
  const text = 'Hi Maya! Do you have time for a gloss next Saturday morning?';
  await box.fill(text);
  await page.route('**/api/messages', (route) => route.abort('connectionrefused'));
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to send message. Please try again.');
  await expect(box).toHaveValue(text);
  await page.unroute('**/api/messages');

  await send.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Message sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Message sent to Maya Lopez')).toBeVisible();
  await expect(messageButton).toBeFocused();

  // The toast leads to the conversation, which the visitor's inbox now holds.
  await expect(page.getByRole('button', { name: 'View conversation' })).toBeVisible();

  const received = await mail.waitForMail(
    maya.email,
    (m) => m.subject === 'New message from Vera Visitor',
    30_000,
  );
  // Into the product, not private email: the visitor's address is not in it.
  expect(received.replyTo).not.toBe(visitor.email);
  expect(received.text).not.toContain(visitor.email);
  expect(received.text).toContain(text);
  const threadLink = /https?:\/\/\S+\/messages\/[\w-]+/.exec(received.text)?.[0];
  expect(threadLink).toBeTruthy();

  // Reopening starts with an empty box.
  await messageButton.click();
  await expect(dialog.getByLabel('Your message')).toHaveValue('');
  await page.keyboard.press('Escape');

  // The email's link opens the conversation in the visitor's inbox too.
  await page.goto(new URL(threadLink!).pathname);
  await expect(page.getByRole('log', { name: 'Conversation with Maya Lopez' })).toContainText(text);
});

test('an unknown slug shows Profile Not Found with a 404 status and a way home', async ({ page }) => {
  const response = await page.goto('/nobody-by-this-name');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(
    page.getByText("The profile you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(page.getByText('Could not find user nobody-by-this-name')).toBeVisible();
  await expect(page).toHaveTitle('Profile Not Found | Glowfind');
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a server failure shows Failed to load profile, and Try Again loads it', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  let failing = true;
  await page.route(`**/api/user/${maya.slug}`, (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'SERVICE_UNAVAILABLE', message: 'Down' }),
        })
      : route.continue(),
  );
  // Opened from within the app (a card's link): a profile loaded directly comes rendered by the
  // server with its data (ADR 017), so only a navigation in the app asks the API first.
  await page.goto('/help');
  await page.evaluate((slug) => {
    window.history.pushState({}, '', `/${slug}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, maya.slug);
  await expect(page.getByRole('heading', { level: 1, name: 'Failed to load profile' })).toBeVisible({
    timeout: 20_000,
  });
  failing = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Lopez' })).toBeVisible();
});

test('a portfolio image opens enlarged; arrows move, Escape closes and focus returns', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  await page.goto(`/${maya.slug}`);
  const thumbs = page.getByRole('region', { name: 'My Work' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await thumbs.nth(0).focus();
  await page.keyboard.press('Enter');

  const viewer = page.getByRole('dialog', { name: 'My Work' });
  await expect(viewer).toBeVisible();
  const big = viewer.getByRole('img');
  await expect(big).toHaveAttribute('alt', 'Work by Maya Lopez, 1 of 3');
  // The full image, not the thumbnail, and it really loaded.
  await expect(big).toHaveAttribute('src', maya.images[0]!);
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(320);
  await expect(viewer).toContainText('Image 1 of 3');

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Image 2 of 3');
  await expect(big).toHaveAttribute('src', maya.images[1]!);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Image 3 of 3');
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(viewer).toContainText('Image 1 of 3');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbs.nth(0)).toBeFocused();
});

test('a client who becomes a provider is listed only once complete; until then the owner sees a preview and nothing is invented', async ({
  page,
  request,
  mail,
}) => {
  // A client who upgrades has nothing but an account (and the name sign-up gave it): no place or service.
  const account = await createVerifiedAccount(request, mail, { user_type: 'client' }, 'blank');
  const upgrade = await request.post('/api/auth/upgrade-to-provider', { headers: bearer(account) });
  expect(upgrade.ok()).toBe(true);
  const slug = account.session.user.routing_slug;
  expect((await request.get(`/api/user/${slug}`)).status()).toBe(404);

  // Anyone else: 'Profile not found'.
  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');

  // The owner: a preview that says what is missing, and none of the invented defaults (docs/product.md §10).
  await signIn(page, account);
  await page.goto(`/${slug}`);
  const banner = page.getByRole('status').filter({ hasText: 'Only you can see this page.' });
  await expect(banner).toContainText(
    'Clients will see it once your profile has: your location, with a zip code; at least one service with its price.',
  );
  const section = (title: string) => page.getByRole('region', { name: title, exact: true });
  await expect(section('About')).toContainText('No bio yet.');
  await expect(section('Services & Pricing')).toContainText('No services yet.');
  await expect(section('Availability')).toContainText('Please contact for availability');
  for (const invented of [
    'Professional bio...',
    'Location not specified',
    'Consultation',
    'Starting at $50',
    'Initial consultation to discuss your needs',
    'Licensed Professional',
    'Professional service',
  ]) {
    await expect(page.getByText(invented)).toHaveCount(0);
  }
  for (const hidden of [
    'Certifications',
    'Specialties',
    'Additional Information',
    'Amenities',
    'Products Used',
  ]) {
    await expect(section(hidden)).toHaveCount(0);
  }
  // Nobody can review a profile nobody can see: no Reviews section (and no failing call) in the preview.
  await expect(section('Reviews')).toHaveCount(0);
  await shot(page, 'profile-preview', true);

  // The account page's checklist names what is missing, each a link to its section.
  await page.getByRole('link', { name: 'Finish your profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const checklist = page.getByRole('region', { name: 'Finish your profile to be listed' });
  await expect(checklist.getByRole('listitem')).toHaveCount(3);
  await expect(checklist.getByRole('listitem').first()).toHaveText('Your name (done)');
  await expect(checklist.getByRole('link')).toHaveText([
    'Your location, with a zip code (missing)',
    'At least one service with its price (missing)',
  ]);
  await checklist.getByRole('link', { name: /At least one service/ }).click();
  await expect(page).toHaveURL(/#pricing$/);

  // Name and place saved: one item left.
  const put = await request.put('/api/auth/profile', {
    headers: bearer(account),
    data: { name: 'Blanca Nuevo', location: 'Austin, TX 78704' },
  });
  expect(put.ok()).toBe(true);
  await page.reload();
  await expect(checklist.getByRole('link')).toHaveText(['At least one service with its price (missing)']);

  // A service lists it: the checklist says so, and anyone can open the page, with no banner.
  const priced = await request.put('/api/auth/profile', {
    headers: bearer(account),
    data: {
      pricing: [{ service: 'Silk press', description: 'Wash and press', priceType: 'fixed', minPrice: 80 }],
    },
  });
  expect(priced.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your profile is live' })).toBeVisible();
  expect((await request.get(`/api/user/${slug}`)).status()).toBe(200);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(page.url().replace(/\/account.*$/, `/${slug}`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Blanca Nuevo');
  await expect(visitor.getByText('Only you can see this page.')).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Services & Pricing', exact: true })).toContainText('$80');
  await expect(visitor.getByText('No reviews yet.')).toHaveCount(1);
  await visitor.close();
});

for (const theme of ['dark', 'light'] as const) {
  test(`the profile, its viewer and the message dialog pass axe (${theme})`, async ({
    page,
    request,
    mail,
  }) => {
    const maya = await createFullProvider(request, mail);
    const visitor = await createVerifiedAccount(
      request,
      mail,
      { user_type: 'client', name: 'Ada Axe' },
      'axe',
    );
    await page.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
    await signIn(page, visitor);
    await page.goto(`/${maya.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Maya Lopez' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('region', { name: 'My Work' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog', { name: 'My Work' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, `profile-viewer-${theme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Message' }).click();
    await expect(page.getByRole('dialog', { name: 'Message Maya Lopez' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, `profile-message-${theme}`);
  });
}

test('at phone width the page fits the screen and Book is reachable near the top', async ({
  page,
  request,
  mail,
}) => {
  const maya = await createFullProvider(request, mail);
  const avatar = await request.post('/api/upload/avatar', {
    headers: bearer(maya),
    data: { file: await artDataUrl(500, 500, 280), userId: maya.session.user.id },
  });
  expect(avatar.status()).toBe(200);

  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
      await page.goto(`/${maya.slug}`);
      await expect(page.getByRole('img', { name: 'Maya Lopez', exact: true })).toBeVisible();
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const book = page.getByRole('button', { name: 'Book Appointment' });
      const box = await book.boundingBox();
      expect(box).not.toBeNull();
      // On a phone the booking card follows the hero, within about one screen.
      expect(box!.y).toBeLessThan(width === 390 ? 844 : 900);
      await shot(page, `profile-${width}-${theme}`, true);
      if (theme === 'dark') {
        await page.getByRole('region', { name: 'My Work' }).getByRole('button').nth(1).click();
        const viewer = page.getByRole('dialog', { name: 'My Work' });
        // The whole viewer, buttons included, fits the screen.
        await expect(viewer.getByRole('button', { name: 'Next' })).toBeInViewport({ ratio: 1 });
        await shot(page, `profile-viewer-${width}`);
        await page.keyboard.press('Escape');
      }
    }
  }
});
