import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { SmtpSink } from '../src/server/test/smtp-sink';
import { bearer, createBookableProvider, expect, test } from './fixtures';

// A phone: touch is the primary pointer, so '(pointer: coarse)' matches.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A flat-colour PNG as a data URL (the server re-encodes it to WebP). */
async function picture(hue: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="100%" height="100%" fill="hsl(${hue},60%,55%)"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A provider with three portfolio images; answers its slug and the image URLs in order. */
async function providerWithPortfolio(request: APIRequestContext, mail: SmtpSink) {
  const provider = await createBookableProvider(request, mail, 'Iris Vale', {
    booking_link: 'https://booking.example.com/iris-vale',
  });
  let images: string[] = [];
  for (const hue of [10, 140, 260]) {
    const res = await request.post('/api/upload/portfolio', {
      headers: bearer(provider),
      data: { file: await picture(hue), userId: provider.id },
    });
    expect(res.status(), await res.text()).toBe(200);
    images = ((await res.json()) as { portfolioImages: string[] }).portfolioImages;
  }
  expect(images).toHaveLength(3);
  return { slug: provider.slug, images };
}

/**
 * One finger dragged across `target` by (dx, dy) from its centre, sent as real touch input through
 * the browser (CDP), so the page gets the pointer events Chromium makes of it, after touch-action.
 */
async function swipe(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await touch('touchStart', [{ x, y }]);
  for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: x + (dx * i) / 8, y: y + (dy * i) / 8 }]);
  await touch('touchEnd', []);
  await cdp.detach();
}

test('on a phone the portfolio viewer says to swipe, and a sideways swipe moves between images', async ({
  page,
  request,
  mail,
}) => {
  const { slug, images } = await providerWithPortfolio(request, mail);
  await page.goto(`/${slug}`);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const thumbs = page.getByRole('region', { name: 'My Work' }).getByRole('button');
  await expect(thumbs).toHaveCount(3);
  await thumbs.first().scrollIntoViewIfNeeded();
  await thumbs.first().click();

  const viewer = page.getByRole('dialog', { name: 'My Work' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAccessibleDescription('Swipe left or right to move between images.');
  await expect(viewer).not.toContainText('arrow keys');
  const big = viewer.getByRole('img');
  await expect(big).toHaveAttribute('src', images[0]!);
  await expect(viewer).toContainText('Image 1 of 3');

  // Right to left: the next image.
  await swipe(page, big, -200, 10);
  await expect(viewer).toContainText('Image 2 of 3');
  await expect(big).toHaveAttribute('src', images[1]!);
  await expect(big).toHaveAttribute('alt', 'Work by Iris Vale, 2 of 3');

  // A vertical drag is the page's, a short one is nothing: still the second. (Radix's scroll lock
  // also keeps sideways drags from the browser here; touch-action says so without relying on it.)
  expect(await big.evaluate((img) => getComputedStyle(img.parentElement!).touchAction)).toBe(
    'pan-y pinch-zoom',
  );
  await swipe(page, big, 10, -200);
  await swipe(page, big, -30, 0);
  await expect(viewer).toContainText('Image 2 of 3');
  await expect(big).toHaveAttribute('src', images[1]!);

  // Left to right: back to the first, and on round to the last.
  await swipe(page, big, 200, 0);
  await expect(viewer).toContainText('Image 1 of 3');
  await swipe(page, big, 200, -20);
  await expect(viewer).toContainText('Image 3 of 3');
  await expect(big).toHaveAttribute('src', images[2]!);
});
