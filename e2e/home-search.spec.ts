/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { SignupBody } from '../src/domain/auth';
import type { UpdateProfileBody } from '../src/domain/profiles';
import { createVerifiedAccount, expect, expectNoAxeViolations, type TestAccount, test } from './fixtures';

/**
 * The home page against the real server: a small catalogue of providers made through the API
 * (sign-up, confirmed email, profile, portfolio) whose expected hits are known. Minneapolis' 55401
 * is the searched zip: 55408 and 55414 are 2-3 miles away, Rochester (55901) is ~75 miles. Other
 * journeys add providers elsewhere (Brooklyn, Austin, Denver) to the same server: the city is ours.
 */

interface Provider {
  signup: Extract<SignupBody['userData'], { user_type: 'provider' }>;
  profile: UpdateProfileBody;
  portfolio?: number;
}

const CATALOGUE = {
  aurora: {
    signup: {
      user_type: 'provider',
      name: 'Aurora Vale Studio',
      location: 'Uptown, Minneapolis, MN 55408',
      selected_categories: ['hair'],
    },
    profile: {
      location: 'Uptown, Minneapolis, MN 55408',
      zip: '55408',
      bio: 'Soft, lived-in colour and glossy finishes in a quiet private studio.',
      specialties: ['Balayage', 'Lived-in Color', 'Glossing', 'Curtain Bangs'],
      amenities: ['LGBTQIA+ Friendly', 'Free Wi-Fi', 'Private Studio'],
      availability: 'Mon-Fri 9AM-5PM',
      pricing: [
        { service: 'Balayage', description: 'Hand-painted colour', priceType: 'fixed', minPrice: 180 },
        { service: 'Gloss', description: 'Shine and tone', priceType: 'fixed', minPrice: 45 },
      ],
    },
    portfolio: 3,
  },
  juniper: {
    signup: {
      user_type: 'provider',
      name: 'Juniper Nail Lounge',
      location: 'Marcy-Holmes, Minneapolis, MN 55414',
      selected_categories: ['nails'],
    },
    profile: {
      location: 'Marcy-Holmes, Minneapolis, MN 55414',
      zip: '55414',
      bio: 'Gel manicures and hand-painted nail art.',
      specialties: ['Gel Nails', 'Nail Art'],
      amenities: ['Free Wi-Fi', 'Parking Available', 'Kid-Friendly'],
      availability: 'Sat-Sun 10AM-4PM',
      pricing: [
        { service: 'Gel manicure', description: 'Long-wear gel colour', priceType: 'fixed', minPrice: 35 },
      ],
    },
  },
  cedar: {
    signup: {
      user_type: 'provider',
      name: 'Cedar Barber Co',
      location: 'Uptown, Minneapolis, MN 55408',
      selected_categories: ['barber'],
    },
    profile: {
      location: 'Uptown, Minneapolis, MN 55408',
      zip: '55408',
      bio: 'Skin fades and beard work after office hours.',
      specialties: ['Skin Fades', 'Beard Trim'],
      amenities: ['Kid-Friendly', 'Multilingual'],
      availability: 'Mon-Fri 5PM-8PM',
      pricing: [
        {
          service: 'Classic haircut',
          description: 'Clipper and scissor cut',
          priceType: 'fixed',
          minPrice: 30,
        },
      ],
    },
  },
  saffron: {
    signup: {
      user_type: 'provider',
      name: 'Saffron Skin Atelier',
      location: 'Marcy-Holmes, Minneapolis, MN 55414',
      selected_categories: ['esthetician'],
    },
    profile: {
      location: 'Marcy-Holmes, Minneapolis, MN 55414',
      zip: '55414',
      bio: 'Facials planned at a consultation.',
      specialties: ['Facials'],
      amenities: ['Silent Service Option'],
      pricing: [{ service: 'Signature facial', description: 'Planned together', priceType: 'contact' }],
    },
  },
  willow: {
    signup: {
      user_type: 'provider',
      name: 'Willow Massage Room',
      location: 'Downtown, Rochester, MN 55901',
      selected_categories: ['massage'],
    },
    profile: {
      location: 'Downtown, Rochester, MN 55901',
      zip: '55901',
      bio: 'Deep tissue and hot stone massage.',
      specialties: ['Deep Tissue', 'Hot Stone'],
      amenities: ['Free Wi-Fi', 'Parking Available'],
      availability: 'Mon-Sun 10AM-6PM',
      pricing: [
        { service: 'Deep tissue, 60 min', description: 'Firm pressure', priceType: 'fixed', minPrice: 90 },
      ],
    },
  },
} satisfies Record<string, Provider>;

type Key = keyof typeof CATALOGUE;
const NAME = (key: Key) => CATALOGUE[key].signup.name;
const NEARBY: Key[] = ['aurora', 'juniper', 'cedar', 'saffron'];
const slugs = new Map<Key, string>();

async function artDataUrl(hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,60%)"/><circle cx="240" cy="240" r="120" fill="hsl(${hue + 150},70%,85%)"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function createProvider(
  request: APIRequestContext,
  mail: Parameters<typeof createVerifiedAccount>[1],
  p: Provider,
) {
  const account: TestAccount = await createVerifiedAccount(request, mail, p.signup, 'provider');
  const headers = { Authorization: `Bearer ${account.session.access_token}` };
  const res = await request.put('/api/auth/profile', { headers, data: p.profile });
  expect(res.status(), await res.text()).toBe(200);
  for (let i = 0; i < (p.portfolio ?? 0); i++) {
    const up = await request.post('/api/upload/portfolio', {
      headers,
      data: { file: await artDataUrl(40 * i), userId: account.session.user.id },
    });
    expect(up.status(), await up.text()).toBe(200);
  }
  return account.session.user.routing_slug!;
}

test.beforeAll(async ({ app, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  for (const [key, provider] of Object.entries(CATALOGUE) as [Key, Provider][]) {
    slugs.set(key, await createProvider(request, app.mail, provider));
  }
  await request.dispose();
});

const queryBox = (page: Page) => page.getByRole('searchbox', { name: 'Service, style or name' });
const zipBox = (page: Page) => page.getByRole('textbox', { name: 'Zip code' });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });
const results = (page: Page) => page.getByRole('region', { name: /Search Results|Beauty Professionals/ });
const card = (page: Page, key: Key) => page.getByRole('article', { name: NAME(key) });
const banner = (page: Page) => results(page).getByRole('button', { name: 'Clear Filters' }).locator('..');

/** The names on the cards, sorted (ties in distance may come in either order). */
async function expectCards(page: Page, keys: Key[]) {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect
    .poll(async () => (await results(page).getByRole('article').locator('h3').allTextContents()).sort())
    .toEqual(keys.map(NAME).sort());
}

async function searchFor(page: Page, query: string, zip = '') {
  await queryBox(page).fill(query);
  await zipBox(page).fill(zip);
  await searchButton(page).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeVisible();
}

async function openPopover(page: Page, name: 'Availability' | 'Experience'): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the full list shows provider cards with starting price, New, thumbnails and View Profile', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your beauty, your way' })).toBeVisible();
  await expect(page.getByText('Search Smarter. Book Better.').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Beauty Professionals' })).toBeVisible();
  for (const key of Object.keys(CATALOGUE) as Key[]) await expect(card(page, key)).toBeVisible();

  const aurora = card(page, 'aurora');
  await expect(aurora).toContainText('Uptown, Minneapolis, MN 55408');
  await expect(aurora).toContainText('New');
  await expect(aurora).toContainText('From $45');
  await expect(aurora).not.toContainText(/\d\.\d|reviews/);
  // Up to 3 specialties of the 4.
  await expect(aurora.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText([
    'Balayage',
    'Lived-in Color',
    'Glossing',
  ]);
  // Two thumbnails (fixed size, lazy) and '+1' for the third picture.
  const thumbs = aurora.getByRole('list', { name: 'Portfolio' }).getByRole('img');
  await expect(thumbs).toHaveCount(2);
  for (const img of await thumbs.all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', '96');
    await expect(img).toHaveAttribute('src', /\.thumb\.webp$/);
  }
  await expect(aurora.getByRole('list', { name: 'Portfolio' })).toContainText('+1');
  await expect(card(page, 'saffron')).toContainText('Contact for pricing');
  // No distance without a zip.
  await expect(aurora).not.toContainText(' mi');

  await aurora.getByRole('link', { name: /^View Profile/ }).click();
  await expect(page).toHaveURL(`/${slugs.get('aurora')}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME('aurora') })).toBeVisible();
});

test('Search is disabled until there is a query or a zip; the boxes enforce their limits', async ({
  page,
}) => {
  await page.goto('/');
  await expect(searchButton(page)).toBeDisabled();
  await queryBox(page).fill('   ');
  await expect(searchButton(page)).toBeDisabled();
  await queryBox(page).fill('nails');
  await expect(searchButton(page)).toBeEnabled();
  await queryBox(page).fill('');
  await zipBox(page).pressSequentially('8a0-2 0 2 99');
  await expect(zipBox(page)).toHaveValue('80202');
  await expect(searchButton(page)).toBeEnabled();

  await queryBox(page).fill('x'.repeat(101));
  await expect(page.getByText('Search query is too long (max 100 characters)')).toBeVisible();
  await expect(queryBox(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(searchButton(page)).toBeDisabled();
  await queryBox(page).fill('x'.repeat(100));
  await expect(page.getByText('Search query is too long (max 100 characters)')).toHaveCount(0);

  // A short zip is refused without searching.
  await queryBox(page).fill('');
  await zipBox(page).fill('802');
  await searchButton(page).click();
  await expect(page.getByText('Zip code must be 5 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Beauty Professionals' })).toBeVisible();
});

test('search by text: the URL holds it, the banner sums it up, results are announced', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await searchFor(page, 'aurora vale');
  await expect(page).toHaveURL(/\?q=aurora\+vale$/);
  await expectCards(page, ['aurora']);
  await expect(banner(page)).toContainText('1 result for “aurora vale”');
  await expect(page.getByRole('status').filter({ hasText: /^1 result$/ })).toBeAttached();
  // The view moved down to the results.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeInViewport();

  // A category tab searches its word (and the chosen tab shows as pressed).
  await page.getByRole('button', { name: 'Nail Tech' }).click();
  await expect(page).toHaveURL(/\?q=Nail\+Tech$/);
  await expect(page.getByRole('button', { name: 'Nail Tech' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, 'juniper')).toBeVisible();
  await expect(card(page, 'aurora')).toHaveCount(0);
});

test('search by zip: providers within 25 miles, nearest first, with distances; a zip in the query moves to the zip box', async ({
  page,
}) => {
  await page.goto('/');
  await searchFor(page, '', '55401');
  await expect(page).toHaveURL(/\?zip=55401$/);
  await expectCards(page, NEARBY);
  await expect(banner(page)).toContainText('4 results within 25 miles of 55401');
  await expect(card(page, 'aurora')).toContainText(/\d+(\.\d)? mi away/);
  const distances = (
    await results(page)
      .getByRole('article')
      .getByText(/ mi away$/)
      .allTextContents()
  ).map((t) => Number.parseFloat(t));
  expect(distances).toHaveLength(4);
  expect(distances.every((d) => d > 0 && d < 5)).toBe(true);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  await queryBox(page).fill('gel nails 55414');
  await zipBox(page).fill('');
  await searchButton(page).click();
  await expect(zipBox(page)).toHaveValue('55414');
  await expect(queryBox(page)).toHaveValue('gel nails');
  await expect(page).toHaveURL(/\?q=gel\+nails&zip=55414$/);
  await expectCards(page, ['juniper']);
});

test('filters: price, availability and experience narrow the search and live in the URL', async ({
  page,
}) => {
  await page.goto('/?zip=55401');
  await expectCards(page, NEARBY);

  // Price from $50: only Aurora has a priced service at 50 or more (Saffron is contact-only).
  const min = page.getByRole('slider', { name: 'Minimum price' });
  await min.focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(min).toHaveValue('50');
  await expect(min).toHaveAttribute('aria-valuetext', '$50');
  await expect(page).toHaveURL(/price=50-500/);
  await expectCards(page, ['aurora']);
  await expect(banner(page)).toContainText('$50 - $500+');
  // Back to 15: no price filter, nothing in the URL.
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
  await expect(page).not.toHaveURL(/price=/);
  await expectCards(page, NEARBY);

  // Availability: the quick options and the custom days × times.
  let dialog = await openPopover(page, 'Availability');
  await dialog.getByRole('button', { name: 'Weekends' }).click();
  await expect(page).toHaveURL(/when=weekends/);
  await expectCards(page, ['juniper']);
  await dialog.getByRole('button', { name: 'Evenings' }).click();
  await expectCards(page, ['cedar']);
  await dialog.getByRole('button', { name: 'Mon-Fri 9-5' }).click();
  await expect(page).toHaveURL(/days=mon_tue_wed_thu_fri&times=9_10_11_12_13_14_15_16/);
  await expectCards(page, ['aurora']);
  await dialog.getByRole('button', { name: 'Sat', exact: true }).click();
  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).not.toHaveURL(/days=|times=|when=/);
  await expectCards(page, NEARBY);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Availability/ })).toBeFocused();

  // Experience: every chosen option must be offered.
  dialog = await openPopover(page, 'Experience');
  await dialog.getByRole('button', { name: 'Free Wi-Fi' }).click();
  await expectCards(page, ['aurora', 'juniper']);
  await dialog.getByRole('button', { name: 'Parking Available' }).click();
  await expectCards(page, ['juniper']);
  await expect(page).toHaveURL(/exp=Free\+Wi-Fi&exp=Parking\+Available/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(banner(page)).toContainText('Free Wi-Fi');
  // A chosen filter can be removed from the panel without reopening the popover.
  await page.getByRole('button', { name: 'Remove Parking Available' }).click();
  await expectCards(page, ['aurora', 'juniper']);
});

test('experience filters keep at most three: a fourth drops the oldest; a custom filter counts too', async ({
  page,
}) => {
  await page.goto('/?zip=55401');
  const dialog = await openPopover(page, 'Experience');
  for (const option of ['Free Wi-Fi', 'Kid-Friendly', 'Multilingual']) {
    await dialog.getByRole('button', { name: option }).click();
  }
  await expect(dialog).toContainText('3 of 3 chosen');
  await dialog.getByRole('button', { name: 'Private Studio' }).click();
  await expect(dialog.getByRole('button', { name: 'Free Wi-Fi' })).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByRole('button', { name: 'Private Studio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(/exp=Kid-Friendly&exp=Multilingual&exp=Private\+Studio$/);

  await dialog.getByLabel('Custom filter').fill('Vegan products');
  await dialog.getByLabel('Custom filter').press('Enter');
  await expect(page).toHaveURL(/exp=Multilingual&exp=Private\+Studio&exp=Vegan\+products$/);
  await expect(dialog.getByRole('button', { name: 'Vegan products' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(dialog.getByLabel('Custom filter')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('list', { name: 'Chosen experience filters' }).getByRole('listitem'),
  ).toHaveText(['Multilingual', 'Private Studio', 'Vegan products']);
  // Nobody offers all three.
  await expect(results(page).getByRole('heading', { name: 'No results found' })).toBeVisible();
});

test('Clear Filters returns to the full list and keeps the focus on the results heading', async ({
  page,
}) => {
  await page.goto('/?q=fades&zip=55401&price=20-300&when=evenings&exp=Kid-Friendly');
  await expectCards(page, ['cedar']);
  await expect(banner(page)).toContainText('Evenings');
  await results(page).getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  const heading = page.getByRole('heading', { level: 2, name: 'Beauty Professionals' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(queryBox(page)).toHaveValue('');
  await expect(zipBox(page)).toHaveValue('');
  await expect(page.getByRole('slider', { name: 'Minimum price' })).toHaveValue('15');
  await expect(page.getByRole('button', { name: /^Availability$/ })).toBeVisible();
  for (const key of Object.keys(CATALOGUE) as Key[]) await expect(card(page, key)).toBeVisible();
});

test('the URL restores a search on reload and with Back', async ({ page }) => {
  await page.goto('/');
  await searchFor(page, 'nail art', '55401');
  await expectCards(page, ['juniper']);
  await searchFor(page, 'skin fades', '55401');
  await expectCards(page, ['cedar']);

  await page.reload();
  await expect(queryBox(page)).toHaveValue('skin fades');
  await expect(zipBox(page)).toHaveValue('55401');
  await expectCards(page, ['cedar']);

  await page.goBack();
  await expect(page).toHaveURL(/\?q=nail\+art&zip=55401$/);
  await expect(queryBox(page)).toHaveValue('nail art');
  await expectCards(page, ['juniper']);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Beauty Professionals' })).toBeVisible();
  await expect(queryBox(page)).toHaveValue('');
});

test('empty, unknown-zip and failure states', async ({ page }) => {
  await page.goto('/?q=qwxzvbnm');
  await expect(results(page).getByRole('heading', { name: 'No results found' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No results found' })).toBeAttached();

  await page.goto('/?zip=00000');
  await expect(results(page).getByRole('alert')).toHaveText(
    "We couldn't find that zip code. Please check it.",
  );

  // The list call fails (the network drops it): the error state, then Try Again recovers.
  await page.route(/\/api\/providers\?/, (route) => route.abort());
  await page.goto('/');
  await expect(results(page).getByRole('heading', { name: 'Failed to load professionals' })).toBeVisible({
    timeout: 15_000,
  });
  await page.unroute(/\/api\/providers\?/);
  await results(page).getByRole('button', { name: 'Try Again' }).click();
  await expect(card(page, 'aurora')).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`the home page, its results and popovers have no axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
    await page.goto('/');
    await expect(card(page, 'aurora')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/?q=balayage&zip=55401&when=weekdays&exp=Free+Wi-Fi&price=40-400');
    await expectCards(page, ['aurora']);
    await expectNoAxeViolations(page);
    await openPopover(page, 'Availability');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await openPopover(page, 'Experience');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/?q=qwxzvbnm');
    await expect(results(page).getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expectNoAxeViolations(page);

    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/?zip=55401');
        await expectCards(page, NEARBY);
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/home-e2e-${width}-${theme}.png`,
          fullPage: true,
        });
      }
    }
  });
}

test('the demo catalogue: 24 at a time with Load more, and a typo is corrected', async ({
  page,
  demoApp,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${demoApp.baseURL}/`);
  const cards = results(page).getByRole('article');
  await expect(cards).toHaveCount(24);
  await expect(results(page)).toContainText('Showing 24 of 60 professionals');
  await results(page).getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(48);
  await results(page).getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(60);
  await expect(results(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const names = await cards.locator('h3').allTextContents();
  expect(new Set(names).size).toBe(60);

  await searchFor(page, 'balayge');
  await expect(banner(page)).toContainText('Showing results for balayage');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('list', { name: 'Specialties' })).toBeVisible();
});

test('a filter popover never covers the sticky header, also when the page scrolls under it', async ({
  page,
}) => {
  for (const viewport of [
    { width: 1366, height: 700 },
    { width: 390, height: 700 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /^Availability/ });
    await trigger.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 120));
    await trigger.click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    let box = (await panel.boundingBox())!;
    expect(box.y, `${viewport.width} px, opened`).toBeGreaterThanOrEqual(header.y + header.height);
    // Scrolled so the panel's top passes under the header: what shows there is the header.
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(300);
    box = (await panel.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = header.y + header.height / 2;
    const onTop = await page.evaluate(
      ([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest('header')),
      [x, y],
    );
    expect(onTop, `${viewport.width} px, scrolled`).toBe(true);
    await page.keyboard.press('Escape');
  }
});
