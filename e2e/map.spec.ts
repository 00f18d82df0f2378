import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createVerifiedAccount, expect, signInWith, test } from './fixtures';

/**
 * The results map against the real server (needs the cards' `position` and POST /api/search's `bbox`).
 * Tiles are served by a local fixture: every request to OpenStreetMap's tile host answers a small PNG,
 * so the journey never leaves this machine. Three providers in Boise (83702, 83704, 83706) share a
 * specialty word no other journey uses.
 */

const WORD = 'Mapbraids';
const PROVIDERS = [
  { name: 'Harbor Map Braids', zip: '83702' },
  { name: 'Ridge Map Braids', zip: '83704' },
  { name: 'Bench Map Braids', zip: '83706' },
];

async function serveTiles(page: Page) {
  const png = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 220, g: 230, b: 220 } },
  })
    .png()
    .toBuffer();
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
}

/** Markers drawn one by one plus those counted inside clusters. */
async function pinsShown(page: Page): Promise<number> {
  const single = await page.locator('.pin-map-pin').count();
  const clustered = await page
    .locator('.marker-cluster span')
    .allTextContents()
    .then((texts) => texts.reduce((sum, t) => sum + Number(t), 0));
  return single + clustered;
}

test('a search on a map: a marker per provider, popups to profiles, and Search this area', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  for (const p of PROVIDERS) {
    const account = await createVerifiedAccount(
      request,
      mail,
      {
        user_type: 'provider',
        name: p.name,
        location: `Boise, ID ${p.zip}`,
        selected_categories: ['hair'],
      },
      'map',
    );
    const res = await request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${account.session.access_token}` },
      data: { zip: p.zip, location: `Boise, ID ${p.zip}`, specialties: [WORD] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await serveTiles(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/?q=${WORD}&zip=83702`);
  // The results' cards (the home page may also show other journeys' openings, as articles too).
  const results = page.getByRole('region', { name: 'Search Results' });
  await expect(results.getByRole('article')).toHaveCount(3);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole('region', { name: 'Map of the results' });
  await expect(map).toBeVisible();
  await expect.poll(() => pinsShown(page)).toBe(3);

  // A marker's popup names the provider and leads to the profile. Zoomed in, the clusters open up.
  for (let i = 0; i < 6 && (await page.locator('.pin-map-pin').count()) === 0; i++) {
    await page.locator('.marker-cluster').first().click();
    await page.waitForTimeout(500);
  }
  const marker = page.locator('.pin-map-pin').first();
  const name = await marker.getAttribute('title');
  expect(PROVIDERS.map((p) => p.name)).toContain(name);
  await marker.focus();
  await page.keyboard.press('Enter');
  const link = page.locator('.leaflet-popup-content').getByRole('link', { name: name! });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${name!.toLowerCase().replaceAll(' ', '-')}`));
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();

  // Back on the map, a pan offers 'Search this area', which searches the map's bounds instead of the zip.
  await page.goBack();
  await expect(map).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
  // From the middle of the part of the map on screen (going back may restore a scroll that leaves
  // the map's lower half below the window), between the markers.
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const viewport = page.viewportSize()!;
  const x = box.x + box.width / 2;
  const y = (Math.max(box.y, 0) + Math.min(box.y + box.height, viewport.height)) / 2;
  const onMarker = await page.evaluate(
    ([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest('.leaflet-marker-icon')),
    [x, y] as const,
  );
  const start = { x, y: onMarker ? y + 60 : y };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x - 80, start.y - 40, { steps: 8 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Search this area' }).click();
  await expect(page).toHaveURL(
    /bbox=-?\d+(\.\d{1,4})?(%2C|,)-?\d+(\.\d{1,4})?(%2C|,)-?\d+(\.\d{1,4})?(%2C|,)-?\d+(\.\d{1,4})?/,
  );
  const url = new URL(page.url());
  expect(url.searchParams.has('zip')).toBe(false);
  expect(url.searchParams.get('view')).toBe('map');
  await expect.poll(() => pinsShown(page)).toBeGreaterThan(0);

  // The shared link opens the same area, on a phone instead of the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url.pathname + url.search);
  await expect(map).toBeVisible();
  await expect(results.getByRole('article').first()).toBeHidden();
  await expect.poll(() => pinsShown(page)).toBeGreaterThan(0);
});

test('a provider places their pin with a click on a map, and the profile says so', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(90_000);
  const account = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Pinned Map Braids',
      location: 'Boise, ID 83702',
      selected_categories: ['hair'],
    },
    'map',
  );
  const res = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${account.session.access_token}` },
    data: { zip: '83702', location: 'Boise, ID 83702', specialties: ['Pinbraids'] },
  });
  expect(res.status(), await res.text()).toBe(200);

  await serveTiles(page);
  await signInWith(page, account);
  await page.goto('/account#map-position');
  const card = page.locator('#map-position');
  await expect(card.getByText('Now: the centre of 83702')).toBeVisible();
  await card.getByRole('radio', { name: /Place my pin/ }).check();
  const map = card.getByRole('region', { name: 'Map to place your pin' });
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // A click away from the map's centre (the zip's) places the pin there and fills both fields.
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
  await expect(map.locator('.pin-map-pin')).toHaveCount(1);
  const latitude = Number(await card.getByLabel('Latitude').inputValue());
  const longitude = Number(await card.getByLabel('Longitude').inputValue());
  expect(Number.isFinite(latitude) && Number.isFinite(longitude)).toBe(true);
  await card.getByRole('button', { name: 'Save map position' }).click();
  await expect(card.getByText(`Now: your own pin (${latitude}, ${longitude})`)).toBeVisible();

  const profile = (await (await request.get(`/api/user/${account.session.user.routing_slug}`)).json()) as {
    profile: { pinned: boolean; position: { latitude: number; longitude: number }; map_zip: string | null };
  };
  expect(profile.profile).toMatchObject({ pinned: true, position: { latitude, longitude }, map_zip: null });
  await page.goto(`/${account.session.user.routing_slug}`);
  await expect(page.getByText(/On the map at their own pin/)).toBeVisible();
});
