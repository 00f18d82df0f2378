import { createBookableProvider, expect, test } from './fixtures';

/**
 * Pages rendered on the server (issue 22 item 5, ADR 017): the content is in the first response,
 * readable without JavaScript, and the app hydrates it without a mismatch and works.
 */

const BOOKING_URL = 'https://booking.example.com/ines-duarte';

async function provider(
  request: Parameters<typeof createBookableProvider>[0],
  mail: Parameters<typeof createBookableProvider>[1],
) {
  return createBookableProvider(request, mail, `Ines Duarte ${Date.now().toString(36)}`, {
    booking_link: BOOKING_URL,
    bio: 'Silk presses and trims for curly and coily hair, in a quiet studio.',
    pricing: [
      {
        service: 'Silk Press',
        description: 'Wash, blow-dry and flat iron',
        priceType: 'fixed',
        minPrice: 95,
      },
      { service: 'Curly Trim', description: 'Dry cut, curl by curl', priceType: 'starting_at', minPrice: 60 },
    ],
    specialties: ['Silk Press', 'Curly Cuts'],
  });
}

test('a profile reads whole with JavaScript off: name, bio, services, prices and its head', async ({
  browser,
  baseURL,
  request,
  mail,
}) => {
  const p = await provider(request, mail);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto(`/${p.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  await expect(
    page.getByText('Silk presses and trims for curly and coily hair, in a quiet studio.'),
  ).toBeVisible();
  for (const text of ['Silk Press', 'Wash, blow-dry and flat iron', '$95', 'Curly Trim', 'Starting at $60']) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page).toHaveTitle(new RegExp(`^${p.name} · `));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/${p.slug}`);
  await context.close();
});

test('the server-rendered profile hydrates without a mismatch and its buttons work', async ({
  page,
  request,
  mail,
}) => {
  const p = await provider(request, mail);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The profile is in the HTML the server sent, before any script ran.
  const html = await (await request.get(`/${p.slug}`)).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${p.name}</h1>`));
  expect(html).toContain('<script id="glowfind-state" type="application/json">');

  await page.goto(`/${p.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
  // Hydrated: the visitor's Save asks to log in (a click handler React attached to the server's HTML).
  await page.getByRole('button', { name: /Save/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Please log in to save favorites')).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
});
