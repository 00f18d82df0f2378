import type { APIRequestContext } from '@playwright/test';
import { bearer, createBookableProvider, expect, test } from './fixtures';

// Provider insights count what a person's browser rendered, and only with the tokens the server
// issued for it: a search reply's (the cards it returned, the words searched) and a profile view's.
// A visitor searches, sees the provider's card, opens the profile; the provider's figures show the
// impression, the view and the word. (A headless browser's own User-Agent is not counted, as a
// bot's is not: the visitor here browses with a desktop Chrome's.)

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function insightsOf(
  request: APIRequestContext,
  provider: { id: string } & Parameters<typeof bearer>[0],
) {
  const res = await request.get(`/api/insights?provider_id=${provider.id}&days=7`, {
    headers: bearer(provider),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).insights as {
    totals: { impressions: number; profile_views: number };
    top_words: { word: string; count: number }[];
  };
}

test('a real visit counts: the search page and the profile page the browser rendered', async ({
  browser,
  request,
  mail,
  baseURL,
}) => {
  const provider = await createBookableProvider(request, mail, 'Quillonne Braid Studio', {
    booking_link: 'https://booking.example.com/quillonne',
  });
  const visitor = await browser.newContext({ baseURL, userAgent: DESKTOP_CHROME });
  const page = await visitor.newPage();
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/insights/events')) beacons.push(r.postData() ?? '');
  });
  await page.goto('/?q=Quillonne');
  const card = page.getByRole('article', { name: 'Quillonne Braid Studio' });
  await expect(card).toBeVisible();
  await expect.poll(() => beacons.length).toBe(1);
  // The beacon carries the server's token and nothing it could choose.
  expect(Object.keys(JSON.parse(beacons[0]!))).toEqual(['token']);
  await card
    .getByRole('link', { name: /Quillonne Braid Studio/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quillonne Braid Studio' })).toBeVisible();
  await expect.poll(() => beacons.length).toBe(2);
  // Reloading the profile is the same visitor: still one view.
  await page.reload();
  await expect.poll(() => beacons.length).toBe(3);
  await expect
    .poll(async () => {
      const insights = await insightsOf(request, provider);
      return [insights.totals.impressions, insights.totals.profile_views, insights.top_words];
    })
    .toEqual([1, 1, [{ word: 'quillonne', count: 1 }]]);
  await visitor.close();
});
