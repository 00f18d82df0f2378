import type { Locator, Page } from '@playwright/test';
import type { Session } from '../src/domain/auth';
import {
  bearer,
  createBookableProvider,
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  TEST_PASSWORD,
  test,
} from './fixtures';

const ADMIN_EMAIL = 'admin-phone-e2e@example.com';
const WIDTH = 390;

test.use({ viewport: { width: WIDTH, height: 844 } });

/** The value next to `label` on a card ('Provider' → the provider's name). */
const field = (card: Locator, label: string) =>
  card
    .locator('div')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/**
 * Nothing is wider than the screen: neither the page (sideways scrolling) nor anything inside it
 * (a column pushed off-screen inside a scrolling box). Answers what sticks out, to show on failure.
 */
async function expectNothingOffScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  const outside = await page.evaluate((width) => {
    return Array.from(document.querySelectorAll('main *'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()} '${(el.textContent ?? '').slice(0, 40)}'`);
  }, WIDTH);
  expect(outside).toEqual([]);
}

test('on a 390 px phone every admin table is a list of cards that fit the screen, and a card marks a submission handled', async ({
  page,
  launchApp,
  playwright,
}) => {
  test.setTimeout(120_000);
  const app = await launchApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const suffix = Date.now().toString(36);

  const query = `knotless braids near downtown denver ${suffix}`;
  expect((await request.post('/api/search', { data: { query } })).status()).toBe(200);

  const providerName = `Noor Salon ${suffix}`;
  const provider = await createBookableProvider(request, app.mail, providerName, {
    booking_link: 'https://booking.example.com/noor',
  });
  const client = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'client', name: 'Bo Client' },
    'client',
  );
  const click = await request.post('/api/booking-logs', {
    headers: bearer(client),
    data: { url: 'https://booking.example.com/noor', provider_id: provider.id },
  });
  expect(click.status(), await click.text()).toBe(200);

  const sent = await request.post('/api/feedback', {
    data: { type: 'bug', name: 'Quinn Reporter', subject: 'Map', message: 'The map breaks on my phone' },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const signup = await request.post('/api/auth/signup', {
    data: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { firstLink } = await import('../src/server/test/smtp-sink');
  const link = firstLink(
    await app.mail.waitForMail(ADMIN_EMAIL, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verify = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  const { session } = (await verify.json()) as { session: Session };
  expect(session.user.role).toBe('admin');
  await request.dispose();

  await signInWith(page, { email: ADMIN_EMAIL, password: TEST_PASSWORD }, app.baseURL);
  await page.goto(`${app.baseURL}/admin`);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();

  // Search logs: a card per search, no table.
  const searches = page.getByRole('list', { name: 'Search logs, newest first' });
  const searchCard = searches.getByRole('listitem').filter({ hasText: query });
  await expect(searchCard).toBeVisible();
  await expect(field(searchCard, 'Query')).toHaveText(query);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);

  // Booking logs: the provider, the client and when, each under its label.
  await page.getByRole('tab', { name: 'Booking Logs' }).click();
  const clicks = page.getByRole('list', { name: 'Booking clicks, newest first' });
  await expect(clicks.getByRole('listitem')).toHaveCount(1);
  const clickCard = clicks.getByRole('listitem').first();
  await expect(field(clickCard, 'Provider')).toHaveText(providerName);
  await expect(field(clickCard, 'Provider').getByRole('link', { name: providerName })).toHaveAttribute(
    'href',
    `/${provider.slug}`,
  );
  await expect(field(clickCard, 'Client')).toHaveText('Bo Client');
  await expect(field(clickCard, 'URL')).toHaveText('https://booking.example.com/noor');
  const time = field(clickCard, 'Timestamp').locator('time');
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
  const at = Date.parse((await time.getAttribute('datetime')) ?? '');
  expect(Math.abs(Date.now() - at)).toBeLessThan(10 * 60_000);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNothingOffScreen(page);

  // Submissions: the card's button works from the keyboard.
  await page.getByRole('tab', { name: 'Submissions' }).click();
  const inbox = page.getByRole('list', { name: /feedback, support requests and investor inquiries/ });
  const card = inbox.getByRole('listitem').filter({ hasText: 'Quinn Reporter' });
  await expect(field(card, 'Type')).toHaveText('Bug Report');
  await expect(field(card, 'Subject/Message')).toContainText('The map breaks on my phone');
  await expect(field(card, 'Status')).toContainText('Open');
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);
  const markHandled = card.getByRole('button', { name: 'Mark handled the submission from Quinn Reporter' });
  await markHandled.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Marked handled')).toBeVisible();
  await expect(page.getByText('No submissions match these filters')).toBeVisible();

  await page.getByLabel('Status').selectOption('handled');
  const handled = page
    .getByRole('list', { name: /^Handled feedback/ })
    .getByRole('listitem')
    .filter({ hasText: 'Quinn Reporter' });
  await expect(field(handled, 'Status')).toContainText(/^Handled/);
  await expect(handled.getByRole('button', { name: /^Reopen/ })).toBeVisible();
  await expectNothingOffScreen(page);

  // Reviews: nothing reported yet, and the tab fits too.
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByText('No reported reviews')).toBeVisible();
  await expectNothingOffScreen(page);

  // From md up the same rows are a real table again, every column on screen at 1024 px.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.getByRole('tab', { name: 'Submissions' }).click();
  const table = page.getByRole('table', { name: /^Handled feedback/ });
  await expect(table.getByRole('row', { name: /Quinn Reporter/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Handled feedback/ })).toHaveCount(0);
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
});
