import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// Help search understands US and UK spellings and simple synonyms.

/** The results region, named by its heading ('3 results for "favorite"'). */
function results(page: Page, query: string) {
  return page.getByRole('region', { name: new RegExp(`^\\d+ results? for "${query}"$`) });
}

test('help search: "favorite" finds the favourites articles, questions first', async ({ page }) => {
  await page.goto('/help');
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await search.fill('favorite');
  const found = results(page, 'favorite');
  await expect(found).toBeVisible();
  const titles = found.getByRole('heading', { level: 3 });
  await expect(titles.nth(0)).toHaveText('How do I save a provider to my favourites?');
  await expect(titles.nth(1)).toHaveText('How do I save favourite services?');
  const count = await titles.count();

  // The UK spelling finds the same articles.
  await search.fill('Favourites');
  await expect(results(page, 'Favourites').getByRole('heading', { level: 3 })).toHaveCount(count);
  await expectNoAxeViolations(page);
});

test('help search: "refund" and "money back" find the refund article, which sends you to the provider', async ({
  page,
}) => {
  await page.goto('/help');
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  for (const query of ['refund', 'money back']) {
    await search.fill(query);
    const found = results(page, query);
    await expect(found).toBeVisible();
    await expect(found.getByRole('heading', { level: 3 }).first()).toHaveText('How do I get a refund?');
    await expect(found.getByText(/^Ask the provider\./).first()).toBeVisible();
  }

  // Deposits and cancellations have their answers too, whatever the spelling.
  await search.fill('cancelled deposit');
  await expect(
    results(page, 'cancelled deposit').getByRole('heading', {
      level: 3,
      name: 'Do I have to pay a deposit?',
    }),
  ).toBeVisible();
});
