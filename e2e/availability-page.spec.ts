import { createVerifiedAccount, expect, expectNoAxeViolations, scrollUntilVisible, test } from './fixtures';

/**
 * /availability is for everyone (docs/product.md §11). A signed-out visitor follows 'View All Available
 * Openings' from a home search (its words and zip go along), filters by zip, and is asked to log in
 * to book.
 */

/** An ISO instant `hours` from now, on a whole hour. */
const inHours = (hours: number) => {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};

test('a signed-out visitor finds openings near a zip on /availability', async ({ page, request, mail }) => {
  const tag = Date.now().toString(36);
  const post = async (name: string, location: string, service: string) => {
    const provider = await createVerifiedAccount(
      request,
      mail,
      { user_type: 'provider', name: `${name} ${tag}`, location, booking_link: 'https://book.example.com/x' },
      'avail',
    );
    const res = await request.post('/api/last-minute-openings', {
      headers: { Authorization: `Bearer ${provider.session.access_token}` },
      data: { service_type: service, start_time: inHours(2), end_time: inHours(3), price: '$70' },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const austinService = `Braids ${tag}`;
  const laService = `Braids deluxe ${tag}`;
  await post('Austin Braids', 'Austin, TX 78701', austinService);
  await post('LA Braids', 'Los Angeles, CA 90012', laService);

  // The home search's words and zip go to /availability.
  await page.goto(`/?q=${tag}&zip=78701`);
  const section = page.getByRole('region', { name: 'Upcoming Availability' });
  await scrollUntilVisible(page, section);
  const viewAll = section.getByRole('link', { name: 'View All Available Openings' });
  await expect(viewAll).toHaveAttribute('href', `/availability?q=${tag}&zip=78701`);
  await viewAll.click();

  await expect(page).toHaveURL(new RegExp(`/availability\\?q=${tag}&zip=78701$`));
  await expect(page.getByRole('heading', { name: 'All Available Openings' })).toBeVisible();
  await expect(page.getByRole('article', { name: austinService })).toBeVisible();
  await expect(page.getByRole('article', { name: laService })).toHaveCount(0);
  const filters = page.getByRole('search', { name: 'Filter openings' });
  await expect(filters.getByLabel('Zip code')).toHaveValue('78701');
  await expect(filters.getByLabel('Service')).toHaveValue(tag);

  // Another zip.
  await filters.getByLabel('Zip code').fill('90012');
  await filters.getByRole('button', { name: 'Search openings' }).click();
  await expect(page).toHaveURL(/zip=90012/);
  const la = page.getByRole('article', { name: laService });
  await expect(la).toBeVisible();
  await expect(page.getByRole('article', { name: austinService })).toHaveCount(0);
  await expect(la).toContainText('$70');
  await expect(la).toContainText(/P[SD]T/);

  // A radius wide enough still leaves Austin out of Los Angeles.
  await filters.getByLabel('Within').selectOption('50');
  await expect(page).toHaveURL(/radius=50/);
  await expect(page.getByRole('article', { name: austinService })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Book asks a visitor to log in.
  await la.getByRole('button', { name: /Book/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a zip and words typed on /availability stay and apply when Category changes', async ({
  page,
  request,
  mail,
}) => {
  const tag = Date.now().toString(36);
  const post = async (name: string, location: string, category: string, service: string) => {
    const provider = await createVerifiedAccount(
      request,
      mail,
      {
        user_type: 'provider',
        name: `${name} ${tag}`,
        location,
        booking_link: 'https://book.example.com/x',
        selected_categories: [category],
      },
      'avail',
    );
    const res = await request.post('/api/last-minute-openings', {
      headers: { Authorization: `Bearer ${provider.session.access_token}` },
      // Two days out: the openings of this worker's shared server stay out of the home strip's six
      // soonest, which a later journey reads.
      data: { service_type: service, start_time: inHours(50), end_time: inHours(51), price: '$70' },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const austinHair = `Silk press ${tag}`;
  const austinNails = `Gel nails ${tag}`;
  const laHair = `Blowout ${tag}`;
  await post('Austin Hair', 'Austin, TX 78701', 'hair', austinHair);
  await post('Austin Nails', 'Austin, TX 78701', 'nails', austinNails);
  await post('LA Hair', 'Los Angeles, CA 90012', 'hair', laHair);

  await page.goto('/availability');
  const filters = page.getByRole('search', { name: 'Filter openings' });
  const zip = filters.getByLabel('Zip code');
  await expect(zip).toHaveAttribute('placeholder', 'e.g. 78701');
  await expect(filters.getByLabel('Within')).toBeDisabled();

  // Typed, not searched: Within opens with a whole zip, and Category searches with what the boxes show.
  await filters.getByLabel('Service').fill(tag);
  await zip.fill('78701');
  await expect(filters.getByLabel('Within')).toBeEnabled();
  await filters.getByLabel('Category').selectOption('hair');

  await expect(page).toHaveURL(new RegExp(`/availability\\?q=${tag}&zip=78701&category=hair$`));
  await expect(zip).toHaveValue('78701');
  await expect(filters.getByLabel('Service')).toHaveValue(tag);
  await expect(page.getByRole('article', { name: austinHair })).toBeVisible();
  await expect(page.getByRole('article', { name: austinNails })).toHaveCount(0);
  await expect(page.getByRole('article', { name: laHair })).toHaveCount(0);
});
