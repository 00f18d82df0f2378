/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from '@playwright/test';
import { bearer, createBookableProvider, expect, scrollUntilVisible, test } from './fixtures';

/**
 * On a 390 px phone, when an opening starts within 48 hours, Upcoming
 * Availability comes before the list of professionals (as a strip, first in the DOM too); otherwise,
 * and on a desktop, it stays below the list.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** An ISO instant `hours` from now, on a whole hour. */
const inHours = (hours: number) => {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};

const openings = (page: Page) => page.getByRole('region', { name: 'Upcoming Availability' });
const professionals = (page: Page) => page.getByRole('heading', { level: 2, name: 'Beauty Professionals' });

async function top(page: Page, locator: ReturnType<Page['getByRole']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box.y + (await page.evaluate(() => window.scrollY));
}

test.describe('Upcoming Availability on the home page', () => {
  let service = '';

  test.beforeEach(async ({ page, request, mail }, testInfo) => {
    const hours = testInfo.title.includes('no opening') ? 60 : 3;
    const tag = Date.now().toString(36);
    service = `Phone cut ${tag}`;
    const provider = await createBookableProvider(request, mail, `Phone Home ${tag}`, {
      booking_link: 'https://booking.example.com/phone-home',
    });
    const res = await request.post('/api/last-minute-openings', {
      headers: bearer(provider),
      data: { service_type: service, start_time: inHours(hours), end_time: inHours(hours + 1), price: '$45' },
    });
    expect(res.status(), await res.text()).toBe(200);
    // Only this test's opening, whatever else the shared server holds: the home's request asks the
    // server for the opening's own word (filtering the reply instead fails once other journeys'
    // sooner openings fill the page the home asks for).
    await page.route('**/api/last-minute-openings?*', async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('q', tag);
      await route.continue({ url: url.toString() });
    });
  });

  test('phone, an opening within 48 hours: the openings come first', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // The strip loads as its place (just below the hero) scrolls into view.
    await expect(professionals(page)).toBeVisible();
    await page.mouse.wheel(0, 300);
    const section = openings(page);
    await expect(section.getByRole('article', { name: service })).toBeVisible();
    await expect(professionals(page)).toBeVisible();
    expect(await top(page, section)).toBeLessThan(await top(page, professionals(page)));
    // First in the DOM as well, and only once.
    const order = await page.evaluate(() => {
      const regions = Array.from(document.querySelectorAll('main section, main h2')).map(
        (e) => e.textContent ?? '',
      );
      return {
        openings: regions.findIndex((t) => t.startsWith('Upcoming Availability')),
        list: regions.indexOf('Beauty Professionals'),
      };
    });
    expect(order.openings).toBeGreaterThanOrEqual(0);
    expect(order.openings).toBeLessThan(order.list);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(800);
    await expect(openings(page)).toHaveCount(1);
  });

  test('desktop, an opening within 48 hours: the openings stay below the list', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await expect(professionals(page)).toBeVisible();
    const section = openings(page);
    await scrollUntilVisible(page, section);
    await expect(section.getByRole('article', { name: service })).toBeVisible();
    expect(await top(page, section)).toBeGreaterThan(await top(page, professionals(page)));
    await expect(openings(page)).toHaveCount(1);
  });

  test('phone, no opening within 48 hours: the openings stay below the list', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(professionals(page)).toBeVisible();
    await page.waitForTimeout(800);
    const section = openings(page);
    await scrollUntilVisible(page, section);
    await expect(section.getByRole('article', { name: service })).toBeVisible();
    expect(await top(page, section)).toBeGreaterThan(await top(page, professionals(page)));
    await expect(openings(page)).toHaveCount(1);
  });
});
