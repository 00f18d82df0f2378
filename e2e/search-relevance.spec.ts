import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { SignupBody } from '../src/domain/auth';
import type { UpdateProfileBody } from '../src/domain/profiles';
import { SEARCH_TEXTS } from '../src/domain/search-options';
import { createVerifiedAccount, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * 'Search that finds what the person asked for' in the browser: filters that search on
 * their own, the matched service's price on a card, the related block, sort and radius, 'Use my
 * location', and the no-results and unknown-zip states. The providers are in and around Tucson
 * (857xx), where no other journey puts any, so what a zip search finds is known; searches without a
 * zip also see other journeys' providers on the same server, and say only what holds regardless.
 * Downtown 85701 is searched: 85719 and 85705 are 2–3 miles away, Marana (85653) about 20.
 */

interface Provider {
  signup: Extract<SignupBody['userData'], { user_type: 'provider' }>;
  profile: UpdateProfileBody;
}

const CATALOGUE = {
  saguaro: {
    signup: {
      user_type: 'provider',
      name: 'Saguaro Color Bar',
      location: 'Downtown, Tucson, AZ 85701',
      selected_categories: ['hair'],
    },
    profile: {
      location: 'Downtown, Tucson, AZ 85701',
      zip: '85701',
      bio: 'Hand-painted colour in a step-free studio.',
      specialties: ['Balayage', 'Gloss'],
      amenities: ['Wheelchair Accessible', 'Free Wi-Fi'],
      pricing: [
        {
          service: 'Balayage',
          description: 'Hand-painted colour',
          priceType: 'range',
          minPrice: 150,
          maxPrice: 240,
        },
        { service: 'Gloss', description: 'Shine and tone', priceType: 'fixed', minPrice: 45 },
      ],
    },
  },
  paloVerde: {
    signup: {
      user_type: 'provider',
      name: 'Palo Verde Hair Loft',
      location: 'Sam Hughes, Tucson, AZ 85719',
      selected_categories: ['hair'],
    },
    profile: {
      location: 'Sam Hughes, Tucson, AZ 85719',
      zip: '85719',
      bio: 'Lived-in colour near the university.',
      specialties: ['Balayage'],
      amenities: ['Parking Available'],
      pricing: [{ service: 'Balayage', description: 'Soft colour', priceType: 'fixed', minPrice: 120 }],
    },
  },
  tortolita: {
    signup: {
      user_type: 'provider',
      name: 'Tortolita Color Studio',
      location: 'Marana, AZ 85653',
      selected_categories: ['hair'],
    },
    profile: {
      location: 'Marana, AZ 85653',
      zip: '85653',
      bio: 'Colour with a view of the mountains.',
      specialties: ['Balayage'],
      amenities: ['Parking Available'],
      pricing: [{ service: 'Balayage', description: 'Full colour', priceType: 'fixed', minPrice: 200 }],
    },
  },
  ocotillo: {
    signup: {
      user_type: 'provider',
      name: 'Ocotillo Shears',
      location: 'Dunbar Spring, Tucson, AZ 85705',
      selected_categories: ['hair'],
    },
    profile: {
      location: 'Dunbar Spring, Tucson, AZ 85705',
      zip: '85705',
      bio: 'Precision cuts and blow-dries.',
      specialties: ['Precision Cuts'],
      amenities: ['Kid-Friendly'],
      pricing: [{ service: 'Haircut', description: 'Cut and finish', priceType: 'fixed', minPrice: 65 }],
    },
  },
} satisfies Record<string, Provider>;

type Key = keyof typeof CATALOGUE;
const NAME = (key: Key) => CATALOGUE[key].signup.name;

async function createProvider(
  request: APIRequestContext,
  mail: Parameters<typeof createVerifiedAccount>[1],
  p: Provider,
) {
  const account = await createVerifiedAccount(request, mail, p.signup, 'provider');
  const res = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${account.session.access_token}` },
    data: p.profile,
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ app, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  for (const provider of Object.values(CATALOGUE)) await createProvider(request, app.mail, provider);
  await request.dispose();
});

const zipBox = (page: Page) => page.getByRole('textbox', { name: 'Zip code' });
const results = (page: Page) => page.getByRole('region', { name: /^(Search Results|Beauty Professionals)$/ });
const card = (page: Page, key: Key) => results(page).getByRole('article', { name: NAME(key) });
const banner = (page: Page) => results(page).getByRole('button', { name: 'Clear Filters' }).locator('..');
const locateButton = (page: Page) => page.getByRole('button', { name: SEARCH_TEXTS.useMyLocation });
/** The line beside 'Use my location' (the price slider's <output> is a status too). */
const locationStatus = (page: Page) => locateButton(page).locator('..').getByRole('status');

/** The names on the result cards, in order. */
async function cardNames(page: Page): Promise<string[]> {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  return results(page).getByRole('article').locator('h3').allTextContents();
}

async function expectCards(page: Page, keys: Key[]) {
  await expect.poll(() => cardNames(page)).toEqual(keys.map(NAME));
}

async function chooseExperience(page: Page, option: string): Promise<Locator> {
  await page.getByRole('button', { name: /^Experience/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Experience' });
  await dialog.getByRole('button', { name: option }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return dialog;
}

test('filters work on their own: no text, no zip, and the list follows them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Beauty Professionals' })).toBeVisible();
  await expect(card(page, 'saguaro')).toBeVisible();
  await expect(card(page, 'paloVerde')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();

  await chooseExperience(page, 'Wheelchair Accessible');
  await expect(page).toHaveURL(/\?exp=Wheelchair\+Accessible$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeVisible();
  await expect(banner(page)).toContainText(/\d+ results? with your filters/);
  await expect(banner(page)).toContainText('Wheelchair Accessible');
  await expect(card(page, 'saguaro')).toBeVisible();
  await expect(card(page, 'paloVerde')).toHaveCount(0);
  // The Search button still needs text or a zip (docs/product.md §5); the filters did not need it.
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();

  // A minimum rating alone narrows too: none of these providers has a review yet.
  await page.getByRole('button', { name: 'Remove Wheelchair Accessible' }).click();
  await expect(page).not.toHaveURL(/exp=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Beauty Professionals' })).toBeVisible();
  await expect(card(page, 'paloVerde')).toBeVisible();
  await page.getByRole('combobox', { name: 'Rating' }).selectOption('4');
  await expect(page).toHaveURL(/\?rating=4$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeVisible();
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(card(page, 'saguaro')).toHaveCount(0);
  await expect(card(page, 'paloVerde')).toHaveCount(0);
});

test('a search with no results names its filters, each with a one-click remove', async ({ page }) => {
  await page.goto('/?zip=85701&price=300-500&exp=Wheelchair+Accessible');
  await expect(results(page).getByRole('heading', { name: SEARCH_TEXTS.noResults })).toBeVisible();
  const filters = results(page).getByRole('list', { name: 'Filters of this search' });
  await expect(filters.getByRole('button')).toHaveText([
    'Remove price $300–$500+',
    'Remove experience Wheelchair Accessible',
  ]);
  await filters.getByRole('button', { name: 'Remove price $300–$500+' }).click();
  await expect(page).toHaveURL(/\?zip=85701&exp=Wheelchair\+Accessible$/);
  await expectCards(page, ['saguaro']);
  await expect(banner(page)).toContainText('1 result within 25 miles of 85701');
  await expect(page.getByRole('heading', { level: 2, name: 'Search Results' })).toBeFocused();
});

test('a service search shows its price on the cards, sorts by it, follows the radius, and suggests related providers after the results', async ({
  page,
}) => {
  await page.goto('/?q=balayage&zip=85701');
  await expect(banner(page)).toContainText('3 results for “balayage” within 25 miles of 85701');
  await expect(card(page, 'saguaro')).toContainText('Balayage · from $150');
  await expect(card(page, 'paloVerde')).toContainText('Balayage · $120');
  await expect(card(page, 'tortolita')).toContainText('Balayage · $200');
  await expect(card(page, 'ocotillo')).toHaveCount(0);

  // The related block: after the results, a region of its own, not in the count.
  const related = page.getByRole('region', { name: 'More hair stylists near 85701' });
  await expect(related.getByRole('article', { name: NAME('ocotillo') })).toBeVisible();
  await expect(related.getByRole('article', { name: NAME('ocotillo') })).toContainText('From $65');
  const resultsBox = await results(page).boundingBox();
  const relatedBox = await related.boundingBox();
  expect(relatedBox!.y).toBeGreaterThanOrEqual(resultsBox!.y + resultsBox!.height);

  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort.getByRole('option')).toHaveText([
    'Best match',
    'Distance',
    'Price: low to high',
    'Highest rated (weighted by number of reviews)',
  ]);
  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]sort=price/);
  await expectCards(page, ['paloVerde', 'saguaro', 'tortolita']);

  const radius = page.getByRole('combobox', { name: 'Search radius' });
  await expect(radius).toHaveValue('25');
  await radius.selectOption('10');
  await expect(page).toHaveURL(/[?&]radius=10/);
  await expectCards(page, ['paloVerde', 'saguaro']);
  await expect(banner(page)).toContainText('2 results for “balayage” within 10 miles of 85701');

  // Distance is offered only with a zip.
  await page.goto('/?q=balayage&sort=distance');
  await expect(page).toHaveURL(/\?q=balayage&sort=distance$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await expect(page.getByRole('combobox', { name: 'Sort by' }).getByRole('option')).toHaveText([
    'Best match',
    'Price: low to high',
    'Highest rated (weighted by number of reviews)',
  ]);
});

test('an unknown zip shows only its message', async ({ page }) => {
  await page.goto('/?q=balayage&zip=99999');
  await expect(results(page).getByRole('alert')).toHaveText(SEARCH_TEXTS.unknownZip);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(results(page)).not.toContainText('Searching');
  await expect(results(page)).not.toContainText(SEARCH_TEXTS.searchFailed);
  await expect(results(page).getByRole('article')).toHaveCount(0);
  await expect(results(page).getByRole('alert')).toHaveCount(1);
});

test("'Use my location' fills the nearest zip and searches, with the permission granted", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['geolocation'], { origin: baseURL! });
  await context.setGeolocation({ latitude: 30.25, longitude: -97.75 });
  await page.goto('/?q=balayage');
  const nearest = page.waitForRequest(/\/api\/zips\/nearest\?/);
  await locateButton(page).click();
  expect(new URL((await nearest).url()).search).toBe('?latitude=30.25&longitude=-97.75');
  await expect(zipBox(page)).toHaveValue(/^787\d\d$/);
  const zip = await zipBox(page).inputValue();
  await expect(page).toHaveURL(new RegExp(`\\?q=balayage&zip=${zip}$`));
  await expect(locationStatus(page)).toHaveText(new RegExp(`^Using ${zip}, Austin, TX$`));
  await expect(locateButton(page)).toBeFocused();
  await expect(banner(page)).toContainText(`within 25 miles of ${zip}`);
});

test("'Use my location' says the permission was denied, and asks nothing of the server", async ({ page }) => {
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/zips/nearest')) asked = true;
  });
  await page.goto('/');
  await locateButton(page).click();
  await expect(locationStatus(page)).toHaveText(SEARCH_TEXTS.locationDenied);
  await expect(zipBox(page)).toHaveAttribute(
    'aria-describedby',
    (await locationStatus(page).getAttribute('id')) ?? 'missing',
  );
  await expect(locateButton(page)).toBeFocused();
  await expect(zipBox(page)).toHaveValue('');
  expect(asked).toBe(false);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the search's states have no axe violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('glowfind.theme', t), theme);
    await page.goto('/?q=balayage&zip=85701');
    await expect(page.getByRole('region', { name: 'More hair stylists near 85701' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/?zip=85701&price=300-500');
    await expect(results(page).getByRole('heading', { name: SEARCH_TEXTS.noResults })).toBeVisible();
    await expect(results(page).getByRole('list', { name: 'Filters of this search' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
