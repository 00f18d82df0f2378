import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  test as base,
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  TEST_PASSWORD,
  TEST_SERVICE,
  type TestAccount,
} from './fixtures';

const BOOKING_URL = 'https://booking.example.com/rosa-vale';
const HOUR_MS = 3_600_000;
/** A click opens a review only from an account at least a day old (ADR 008): tests move past it. */
const A_DAY_ON = 25 * HOUR_MS;

const bearer = (account: TestAccount) => ({ Authorization: `Bearer ${account.session.access_token}` });

/** signInWith for a server of its own (launchApp): the login and the hint go to that origin. */
async function signInAt(page: Page, baseURL: string, account: TestAccount) {
  await signInWith(page, account, baseURL);
}

/**
 * Logs in again through the API: access tokens issued before the server's clock jumped have
 * expired at its new time (and a session put into storage has no refresh cookie).
 */
async function freshLogin(request: APIRequestContext, account: TestAccount): Promise<TestAccount> {
  const res = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...account, session: ((await res.json()) as { session: TestAccount['session'] }).session };
}

/** Picks a star the way a mouse user does: a click on the star's label. */
async function chooseStars(page: Page, label: string) {
  await page.locator('label', { has: page.getByRole('radio', { name: label }) }).click();
}

/**
 * A file for TEST_CLOCK_FILE: the server's clock runs its milliseconds ahead, so a test moves time
 * without waiting. Removed after the test.
 */
const test = base.extend<{ clock: { file: string; set: (aheadMs: number) => void } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern
  clock: async ({}, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'glowfind-clock-'));
    const file = path.join(dir, 'offset');
    writeFileSync(file, '0');
    await use({ file, set: (aheadMs) => writeFileSync(file, String(aheadMs)) });
    rmSync(dir, { recursive: true, force: true });
  },
});

test('a client books, comes back after 2 hours and reviews; the provider replies; cards and search show the real average', async ({
  page,
  browser,
  launchApp,
  playwright,
  clock,
}) => {
  test.setTimeout(120_000);
  const app = await launchApp({ TEST_CLOCK_FILE: clock.file });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const name = `Rosa Vale ${Date.now().toString(36)}`;
  const provider = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'provider', name, location: 'Denver, CO 80202' },
    'provider',
  );
  const saved = await request.put('/api/auth/profile', {
    headers: bearer(provider),
    data: {
      booking_link: BOOKING_URL,
      zip: '80202',
      specialties: ['Balayage'],
      pricing: [
        {
          service: 'Balayage',
          description: 'Lived-in color',
          priceType: 'fixed',
          minPrice: 180,
          maxPrice: null,
        },
        {
          service: 'Curly Cut',
          description: 'Dry cut for curls',
          priceType: 'fixed',
          minPrice: 85,
          maxPrice: null,
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const slug = provider.session.user.routing_slug;
  const newClient = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'client', name: 'Nadia Quinn Okoro' },
    'client',
  );

  // Before any review: 'New' on the card, the rule in plain words on the profile.
  await page.goto(`${app.baseURL}/`);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('New')).toBeVisible();
  // A day on, the client's account is old enough for its click to open a review.
  clock.set(A_DAY_ON);
  let client = await freshLogin(request, newClient);
  await signInAt(page, app.baseURL, client);
  await page.goto(`${app.baseURL}/${slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Reviews come from clients who booked through this page.')).toBeVisible();
  await expect(reviews.getByText('No reviews yet.').first()).toBeVisible();
  // No booking click yet: nothing to write.
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

  // The client clicks Book: the provider's page opens, and the click is logged with the page's
  // click token (the profile was read signed in), which is what makes it count for a review.
  const logged = page.waitForResponse(
    (r) => r.url().endsWith('/api/booking-logs') && r.request().method() === 'POST',
  );
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Book Appointment/ }).click();
  const popup = await popupOpened;
  const click = await logged;
  expect(click.status()).toBe(200);
  expect(click.request().postDataJSON()).toMatchObject({
    url: BOOKING_URL,
    provider_id: provider.session.user.id,
    click_token: expect.any(String),
  });
  await popup.close();

  // Too early: the page says when reviewing opens; the API refuses.
  await page.reload();
  await expect(reviews.getByText(/You can review this professional after your appointment/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review invitation' })).toHaveCount(0);
  const early = await request.post('/api/reviews', {
    headers: bearer(client),
    data: { provider_id: provider.session.user.id, rating: 5, service: 'Balayage' },
  });
  expect(early.status()).toBe(403);

  // Two hours and a minute later, the next visit invites a review.
  clock.set(A_DAY_ON + 2 * HOUR_MS + 60_000);
  client = await freshLogin(request, client);
  await signInAt(page, app.baseURL, client);
  await page.goto(`${app.baseURL}/${slug}`);
  const invite = page.getByRole('region', { name: 'Review invitation' });
  await expect(invite.getByRole('heading', { name: `How was your visit with ${name}?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await invite.getByRole('button', { name: 'Write a review' }).click();
  const dialog = page.getByRole('dialog', { name: `Review ${name}` });
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  await chooseStars(page, '4 stars, Very good');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog.getByText('Please choose the service you had')).toBeVisible();
  await dialog.getByLabel('Service').selectOption('Balayage');
  await dialog
    .getByLabel('Your review (optional)')
    .fill('  Gorgeous, natural balayage. Ran a little late.  ');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you! Your review is posted.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(invite).toHaveCount(0);

  const mine = reviews.getByRole('article', { name: 'Review by Nadia O.' });
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(mine.getByText('Gorgeous, natural balayage. Ran a little late.')).toBeVisible();
  await expect(mine.getByText('Your review')).toBeVisible();
  await expect(mine).toContainText('Balayage');
  await expect(
    reviews.getByRole('list', { name: 'Rating breakdown' }).getByRole('listitem').nth(1),
  ).toContainText('4 stars1');
  await expect(page.getByRole('link', { name: /4\.0 out of 5, \(1 review\)/ })).toBeVisible();
  // The author may edit for 30 days.
  await expect(reviews.getByText(/You can edit your review until/)).toBeVisible();

  // The provider is told by email, with the review and a link to reply.
  const told = await app.mail.waitForMail(
    provider.email,
    (m) => /New 4-star review from Nadia O\./.test(m.subject),
    15_000,
  );
  expect(told.text).toContain('Gorgeous, natural balayage. Ran a little late.');
  expect(told.text).toContain(`${app.baseURL}/${slug}#reviews`);
  expect(told.text).not.toContain(client.email);

  // The provider replies on their own page; a second client's reply attempt would be a 404.
  await signInAt(page, app.baseURL, await freshLogin(request, provider));
  await page.goto(`${app.baseURL}/${slug}`);
  const theirs = reviews.getByRole('article', { name: 'Review by Nadia O.' });
  await theirs.getByRole('button', { name: 'Reply to Nadia O.' }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply to this review' });
  await replyDialog.getByLabel('Your reply').fill('Thank you, Nadia! Sorry for the wait, see you next time.');
  await replyDialog.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('Your reply is posted.')).toBeVisible();
  await expect(theirs.getByText(`Response from ${name}`)).toBeVisible();
  await expect(theirs.getByText('Thank you, Nadia! Sorry for the wait, see you next time.')).toBeVisible();

  // Stored: the list API has the review, the reply, and only the first name and last initial.
  const listed = await request.get(`/api/reviews?provider_id=${provider.session.user.id}`);
  const body = (await listed.json()) as {
    reviews: {
      rating: number;
      text: string;
      reviewer_name: string;
      created_at: string;
      reply: { text: string } | null;
    }[];
    summary: { average: number; count: number };
  };
  expect(body.summary).toMatchObject({ average: 4, count: 1 });
  expect(body.reviews).toHaveLength(1);
  expect(body.reviews[0]).toMatchObject({
    rating: 4,
    text: 'Gorgeous, natural balayage. Ran a little late.',
    reviewer_name: 'Nadia O.',
    reply: { text: 'Thank you, Nadia! Sorry for the wait, see you next time.' },
  });
  expect(JSON.stringify(body)).not.toContain(client.email);

  // The card on the home page and the search result show the new average.
  await page.goto(`${app.baseURL}/`);
  await expect(card.getByText('4.0')).toBeVisible();
  await expect(card).toContainText('(1)');
  await page.goto(`${app.baseURL}/?q=${encodeURIComponent(name)}`);
  const result = page.getByRole('region', { name: 'Search Results' }).getByRole('article', { name });
  await expect(result.getByText('4.0')).toBeVisible();

  // A visitor far west of the server: the review and its reply are in the page the server sent, and
  // the app hydrates them as they are (the date is the same in both), without asking for them again.
  const html = await (await request.get(`/${slug}`)).text();
  expect(html).toContain('Gorgeous, natural balayage. Ran a little late.');
  expect(html).toContain('Thank you, Nadia! Sorry for the wait, see you next time.');
  const visitor = await browser.newContext({ timezoneId: 'Pacific/Honolulu' });
  const visit = await visitor.newPage();
  const errors: string[] = [];
  visit.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  visit.on('pageerror', (e) => errors.push(e.message));
  const reviewCalls: string[] = [];
  visit.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/reviews') reviewCalls.push(r.url());
  });
  await visit.goto(`${app.baseURL}/${slug}`);
  await visit.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const seen = visit
    .getByRole('region', { name: 'Reviews' })
    .getByRole('article', { name: 'Review by Nadia O.' });
  await expect(seen.getByText('Gorgeous, natural balayage. Ran a little late.')).toBeVisible();
  await expect(seen.locator('time')).toHaveText(
    new Date(body.reviews[0]!.created_at).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  );
  expect(reviewCalls).toEqual([]);
  expect(errors, errors.join('\n')).toEqual([]);
  await visitor.close();
});

test('a signed-out visitor is asked to log in to review, and the profile states the rule', async ({
  page,
  request,
  mail,
}) => {
  const name = `Ines Loft ${Date.now().toString(36)}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name, location: 'Denver, CO 80202' },
    'provider',
  );
  await page.goto(`/${provider.session.user.routing_slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Reviews come from clients who booked through this page.')).toBeVisible();
  // The hero says 'New', never an invented number.
  await expect(page.getByRole('list', { name: 'Highlights' })).toContainText('New provider, no reviews yet');
  await reviews.getByRole('button', { name: 'Booked through this page? Log in to review' }).click();
  await expect(page.getByRole('dialog').getByText('Please log in to leave a review')).toBeVisible();
});

test('a reported review: an admin hides it in the dashboard and the average drops it; search sorts and filters by rating', async ({
  page,
  launchApp,
  playwright,
  clock,
}) => {
  test.setTimeout(120_000);
  const adminEmail = `admin-${Date.now().toString(36)}@example.com`;
  const app = await launchApp({ TEST_CLOCK_FILE: clock.file, ADMIN_EMAILS: adminEmail });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const name = `Tova Reyes ${Date.now().toString(36)}`;
  const provider = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'provider', name, location: 'Denver, CO 80202' },
    'provider',
  );
  expect(
    (
      await request.put('/api/auth/profile', {
        headers: bearer(provider),
        data: { booking_link: BOOKING_URL },
      })
    ).status(),
  ).toBe(200);
  const [fan, troll, reader] = await Promise.all(
    ['Ada Fan', 'Tro Ll', 'Rea Der'].map((n) =>
      createVerifiedAccount(request, app.mail, { user_type: 'client', name: n }, 'client'),
    ),
  );
  // A day on (accounts old enough), each clicks Book as the page does: with the profile's click token.
  clock.set(A_DAY_ON);
  for (const account of [fan!, troll!]) {
    const client = await freshLogin(request, account);
    const profile = await request.get(`/api/user/${provider.session.user.routing_slug}`, {
      headers: bearer(client),
    });
    const { click_token } = ((await profile.json()) as { profile: { click_token: string } }).profile;
    expect(click_token).toEqual(expect.any(String));
    const click = await request.post('/api/booking-logs', {
      headers: bearer(client),
      data: { url: BOOKING_URL, provider_id: provider.session.user.id, click_token },
    });
    expect(click.status()).toBe(200);
  }
  clock.set(A_DAY_ON + 3 * HOUR_MS);
  // Tokens issued before the jump have expired at the server's new time: log in again.
  const login = async (account: TestAccount) =>
    (
      (await (
        await request.post('/api/auth/login', {
          data: { email: account.email, password: account.password },
        })
      ).json()) as {
        session: TestAccount['session'];
      }
    ).session;
  for (const [client, rating, text] of [
    [fan!, 5, 'Wonderful.'],
    [troll!, 1, 'Buy cheap watches at example.net'],
  ] as const) {
    const session = await login(client);
    const posted = await request.post('/api/reviews', {
      headers: { Authorization: `Bearer ${session.access_token}` },
      // The provider lists the journeys' one service (TEST_SERVICE); a review names it.
      data: { provider_id: provider.session.user.id, rating, text, service: TEST_SERVICE.service },
    });
    expect(posted.status(), await posted.text()).toBe(200);
  }

  // A reader reports the spam through the profile.
  await signInAt(page, app.baseURL, { ...reader!, session: await login(reader!) });
  await page.goto(`${app.baseURL}/${provider.session.user.routing_slug}`);
  await expect(page.getByRole('link', { name: /3\.0 out of 5, \(2 reviews\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Report review by Tro L.' }).click();
  const report = page.getByRole('dialog', { name: 'Report this review' });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Please choose why you are reporting this review')).toBeVisible();
  await report.getByLabel('Spam or advertising').check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks. Our team will look at this review.')).toBeVisible();

  // The admin hides it from the dashboard's Reviews tab.
  const adminAccount = await request.post('/api/auth/signup', {
    data: { email: adminEmail, password: TEST_PASSWORD },
  });
  expect(adminAccount.ok()).toBe(true);
  const { firstLink } = await import('../src/server/test/smtp-sink');
  const link = firstLink(
    await app.mail.waitForMail(adminEmail, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verified = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  const admin = { email: adminEmail, password: TEST_PASSWORD, session: (await verified.json()).session };
  await signInAt(page, app.baseURL, admin);
  await page.goto(`${app.baseURL}/admin`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const table = page.getByRole('table', { name: /Reported reviews/ });
  const row = table.getByRole('row', { name: /Tro L\./ });
  await expect(row).toContainText('Buy cheap watches at example.net');
  await expect(row).toContainText('Spam or advertising');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: 'Hide review by Tro L.' }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByText('No reported reviews')).toBeVisible();
  await page.getByRole('button', { name: 'Hidden' }).click();
  await expect(
    page.getByRole('table', { name: /Hidden reviews/ }).getByRole('row', { name: /Tro L\./ }),
  ).toBeVisible();

  // The hidden review stops counting: 5.0 from 1 review, on the profile and in search.
  await page.goto(`${app.baseURL}/${provider.session.user.routing_slug}`);
  await expect(page.getByRole('link', { name: /5\.0 out of 5, \(1 review\)/ })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Review by Tro L.' })).toHaveCount(0);

  await page.goto(`${app.baseURL}/?q=${encodeURIComponent(name)}`);
  const searched = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/search') &&
      r.postDataJSON()?.sort === 'rating' &&
      r.postDataJSON()?.minRating === 4.5,
  );
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rating');
  await page.getByRole('combobox', { name: 'Rating', exact: true }).selectOption('4.5');
  await searched;
  await expect(page).toHaveURL(/sort=rating/);
  await expect(page).toHaveURL(/rating=4\.5/);
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('list', { name: 'Filters' })).toContainText('4.5+ stars');
  await expect(results.getByRole('article', { name })).toContainText('5.0');
});
