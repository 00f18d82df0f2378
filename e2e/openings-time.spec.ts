import type { Browser } from '@playwright/test';
import { createVerifiedAccount, expect, signInWith, test } from './fixtures';

/**
 * An opening happens on its provider's clocks. An Austin provider posts 3 PM in
 * the form from a browser in Los Angeles; visitors whose browsers are in UTC, New York and Los
 * Angeles all read 3:00 – 4:00 PM Central, each with their own time beside it.
 */

/** Tomorrow's date in Austin, 'YYYY-MM-DD'. */
function austinTomorrow(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 86_400_000));
  return parts;
}

const PROVIDER_TIME = /3:00\s–\s4:00\sPM\sC[SD]T/;

async function contextIn(browser: Browser, baseURL: string | undefined, timezoneId: string) {
  return browser.newContext({ timezoneId, locale: 'en-US', ...(baseURL ? { baseURL } : {}) });
}

test('the same opening reads 3:00 – 4:00 PM Central in UTC, New York and Los Angeles browsers', async ({
  browser,
  baseURL,
  request,
  mail,
}) => {
  const tag = Date.now().toString(36);
  const service = `Curl cut ${tag}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name: `Austin Curls ${tag}`, location: 'Austin, TX 78701' },
    'tzprovider',
  );

  // The provider, travelling: their browser is in Los Angeles, the form is in Austin's time.
  const travelling = await contextIn(browser, baseURL, 'America/Los_Angeles');
  const page = await travelling.newPage();
  await signInWith(page, provider);
  await page.goto('/account');
  const manager = page.getByRole('region', { name: 'Upcoming Availability' });
  await expect(manager.getByLabel('Time zone of your openings')).toHaveValue('');
  await expect(manager.getByText('Times are in Central Time (Austin)')).toBeVisible();
  await manager.getByRole('button', { name: 'Add Opening' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Opening' });
  await expect(dialog.getByText('Times are in Central Time (Austin)')).toBeVisible();
  await dialog.getByLabel('Service type').fill(service);
  const day = austinTomorrow();
  await dialog.getByLabel('Start').fill(`${day}T15:00`);
  await dialog.getByLabel('End').fill(`${day}T16:00`);
  await dialog.getByRole('button', { name: 'Add Opening' }).click();
  await expect(page.getByText('Upcoming availability created successfully')).toBeVisible();
  await expect(manager.getByRole('article', { name: service })).toContainText(PROVIDER_TIME);
  await travelling.close();

  // Stored as 3 PM in Austin.
  const list = await request.get(`/api/last-minute-openings?q=${encodeURIComponent(tag)}`);
  const [opening] = ((await list.json()) as { openings: { start_time: string; time_zone: string }[] })
    .openings;
  expect(opening?.time_zone).toBe('America/Chicago');
  expect(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric' }).format(
      new Date(opening!.start_time),
    ),
  ).toBe('3 PM');

  const viewers = [
    { timezoneId: 'UTC', yours: /\(9:00\s–\s10:00\sPM your time\)|\(8:00\s–\s9:00\sPM your time\)/ },
    { timezoneId: 'America/New_York', yours: /\(4:00\s–\s5:00\sPM your time\)/ },
    { timezoneId: 'America/Los_Angeles', yours: /\(1:00\s–\s2:00\sPM your time\)/ },
  ];
  for (const viewer of viewers) {
    const context = await contextIn(browser, baseURL, viewer.timezoneId);
    const visitor = await context.newPage();
    await visitor.goto(`/availability?q=${encodeURIComponent(tag)}`);
    const item = visitor.getByRole('article', { name: service });
    await expect(item, viewer.timezoneId).toContainText(PROVIDER_TIME);
    await expect(item, viewer.timezoneId).toContainText(viewer.yours);
    // The profile, rendered on the server (which does not know the viewer's zone; ADR 017): the
    // provider's time at once, the viewer's after hydration, and no mismatch on the way.
    const errors: string[] = [];
    visitor.on('pageerror', (e) => errors.push(e.message));
    visitor.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await visitor.goto(`/${provider.session.user.routing_slug}`);
    const onProfile = visitor.getByRole('article', { name: service });
    await expect(onProfile, viewer.timezoneId).toContainText(PROVIDER_TIME);
    await expect(onProfile, viewer.timezoneId).toContainText(viewer.yours);
    expect(errors, `${viewer.timezoneId}: ${errors.join('\n')}`).toEqual([]);
    await context.close();
  }

  // A Chicago browser reads the same clocks: no second time.
  const local = await contextIn(browser, baseURL, 'America/Chicago');
  const neighbour = await local.newPage();
  await neighbour.goto(`/availability?q=${encodeURIComponent(tag)}`);
  const item = neighbour.getByRole('article', { name: service });
  await expect(item).toContainText(PROVIDER_TIME);
  await expect(item).not.toContainText('your time');
  await local.close();
});
