/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Session } from '../src/domain/auth';
import { createVerifiedAccount, expect, signInWith, test } from './fixtures';

/** A flat-coloured PNG: a different hue is a different picture, so a different content-hash name. */
const picture = (hue: number) =>
  sharp({ create: { width: 600, height: 450, channels: 3, background: `hsl(${hue}, 60%, 55%)` } })
    .png()
    .toBuffer();

const headerPicture = (page: Page) =>
  page.getByRole('button', { name: 'Account menu for Rae Castillo' }).locator('img');

async function uploadAvatar(page: Page, hue: number) {
  await page.getByTestId('avatar-input').setInputFiles({
    name: `me-${hue}.png`,
    mimeType: 'image/png',
    buffer: await picture(hue),
  });
}

/**
 * What the server answers the page for a URL (redirects followed). Past this browser's own cache:
 * it keeps every picture it has shown for a year (immutable), so only another browser would ask.
 */
function fetchFromPage(page: Page, url: string) {
  return page.evaluate(async (src) => {
    const res = await fetch(src, { cache: 'no-store' });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      finalPath: new URL(res.url).pathname,
      redirected: res.redirected,
      // 'RIFF….WEBP': a WebP file, not an error page.
      webp: String.fromCharCode(...bytes.slice(0, 4), ...bytes.slice(8, 12)) === 'RIFFWEBP',
    };
  }, url);
}

test('a new avatar shows in the header at once, and the replaced URL still answers with the picture', async ({
  page,
  browser,
  request,
  mail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const rae = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: 'Rae Castillo',
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'fresh',
  );
  await signInWith(page, rae);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

  await uploadAvatar(page, 20);
  await expect(headerPicture(page)).toHaveAttribute('src', /^\/uploads\/avatar\/.+\.webp$/);
  const first = (await headerPicture(page).getAttribute('src'))!;

  // The second picture: the header and the user menu follow without a reload.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await uploadAvatar(page, 200);
  await expect(headerPicture(page)).not.toHaveAttribute('src', first);
  const second = (await headerPicture(page).getAttribute('src'))!;
  expect(second).toMatch(/^\/uploads\/avatar\/.+\.webp$/);
  expect(navigations).toEqual([]);
  await expect
    .poll(() => headerPicture(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await headerPicture(page).click();
  await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Storage holds no session to go stale: only the hint that someone is signed in.
  expect(await page.evaluate(() => localStorage.getItem('glowfind.session'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('glowfind.signed-in'))).toBe(rae.session.user.id);

  // The old URL, as a page or another session still holding it asks for it: the current picture.
  const old = await fetchFromPage(page, first);
  expect(old).toMatchObject({
    status: 200,
    type: 'image/webp',
    redirected: true,
    finalPath: second,
    webp: true,
  });
  const thumb = await fetchFromPage(page, first.replace(/\.webp$/, '.thumb.webp'));
  expect(thumb).toMatchObject({
    status: 200,
    type: 'image/webp',
    finalPath: second.replace(/\.webp$/, '.thumb.webp'),
  });
  const current = await fetchFromPage(page, second);
  expect(current).toMatchObject({ status: 200, type: 'image/webp', redirected: false, webp: true });

  // Another session that has not heard of the change (its refresh answered with the user as it
  // was) shows a picture, not the initials, from the URL it holds.
  const other = await browser.newContext({ baseURL });
  try {
    const tab = await other.newPage();
    const answers: number[] = [];
    tab.on('response', (res) => new URL(res.url()).pathname === first && answers.push(res.status()));
    await signInWith(tab, rae);
    await tab.route('**/api/auth/refresh', async (route) => {
      const response = await route.fetch();
      const reply = (await response.json()) as { session: Session };
      reply.session.user.avatar_url = first;
      await route.fulfill({ response, json: reply });
    });
    await tab.goto('/help');
    await expect(headerPicture(tab)).toHaveAttribute('src', first);
    await expect
      .poll(() => headerPicture(tab).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(answers).toContain(302);
  } finally {
    await other.close();
  }
});
