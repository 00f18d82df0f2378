import { bearer, createVerifiedAccount, expect, expectNoAxeViolations, signInWith, test } from './fixtures';

/** 'YYYY-MM-DD' in Austin, `days` from now: the opening's date on the provider's clocks. */
function austinDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test("a client saves a search from the results, gets one email when a matching opening is posted and sees it first on the home page under 'New for you'; the provider sees the insights", async ({
  page,
  request,
  mail,
}) => {
  const tag = Date.now().toString(36);
  const providerName = `Lumen Balayage ${tag}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name: providerName, location: 'Austin, TX 78704' },
    'saved-provider',
  );
  const profile = await request.put('/api/auth/profile', {
    headers: bearer(provider),
    data: {
      booking_link: `https://booking.example.com/${tag}`,
      pricing: [
        { service: 'Balayage', description: 'Hand-painted colour', priceType: 'fixed', minPrice: 180 },
      ],
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: 'Sal Saver' },
    'saver',
  );

  // Save the page's search from the results banner.
  await signInWith(page, client);
  await page.goto('/?q=balayage&zip=78704');
  await expect(page.getByRole('article', { name: providerName })).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel(/Name/)).toHaveValue('balayage near 78704');
  await expect(
    dialog.getByRole('checkbox', { name: 'Email me when a matching opening is posted' }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved')).toBeVisible();

  // The account page lists it with its alert switch on.
  await page.goto('/account#saved-searches');
  const section = page.getByRole('region', { name: 'Saved searches' });
  await expect(section.getByText('balayage near 78704')).toBeVisible();
  await expect(
    section.getByRole('switch', { name: 'Opening alerts for “balayage near 78704”' }),
  ).toBeChecked();

  // The provider posts a matching Saturday-or-any-day balayage opening at $180, three days ahead.
  const date = austinDate(3);
  const posted = await request.post('/api/last-minute-openings', {
    headers: bearer(provider),
    data: { service_type: 'Balayage', start_time: `${date}T10:00`, end_time: `${date}T11:30`, price: '$180' },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  // One email, through the outbox and the SMTP server, with the opening, Book and the unsubscribe.
  const alert = await mail.waitForMail(
    client.email,
    (m) => m.subject === 'New opening for “balayage near 78704” on Glowfind',
    30_000,
  );
  expect(alert.text).toContain(providerName);
  expect(alert.text).toContain('Balayage');
  expect(alert.text).toContain(`https://booking.example.com/${tag}`);
  expect(alert.text).toMatch(/\/unsubscribe\?/);

  // The home page puts the opening first, under 'New for you', labelled with the saved search.
  await page.goto('/');
  const forYou = page.getByRole('region', { name: 'New for you' });
  const match = forYou.getByRole('article').filter({ hasText: providerName });
  await expect(match).toBeVisible();
  await expect(match).toContainText('Matches “balayage near 78704”');
  await expect(match).toContainText('$180');
  await expect(match.getByRole('link', { name: /^Book Balayage with/ })).toHaveAttribute(
    'href',
    `https://booking.example.com/${tag}`,
  );
  const results = page.getByRole('heading', { level: 2 }).filter({ hasNotText: 'New for you' }).first();
  await expect(results).toBeVisible();
  expect((await forYou.boundingBox())!.y).toBeLessThan((await results.boundingBox())!.y);
  await expectNoAxeViolations(page);
  await page.evaluate(() => localStorage.setItem('glowfind.theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(match).toBeVisible();
  await expectNoAxeViolations(page);

  // Blocking the provider from their profile takes the opening out of 'New for you'; the account
  // page lists the block, and Unblock brings it back.
  await page.getByRole('link', { name: providerName }).first().click();
  await page.getByRole('button', { name: 'Block provider' }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${providerName}?` });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('You blocked this provider.')).toBeVisible();
  const forYouAfterBlock = page.waitForResponse((r) => r.url().endsWith('/api/saved-searches/openings'));
  await page.goto('/');
  const afterBlock = (await (await forYouAfterBlock).json()) as { openings: { provider_name: string }[] };
  expect(afterBlock.openings.map((o) => o.provider_name)).not.toContain(providerName);
  await expect(page.getByRole('region', { name: 'Beauty Professionals' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'New for you' }).getByRole('link', { name: providerName, exact: true }),
  ).toHaveCount(0);
  await page.goto('/account#blocked-providers');
  const blockedSection = page.getByRole('region', { name: 'Blocked providers' });
  await blockedSection.getByRole('button', { name: `Unblock ${providerName}` }).click();
  await expect(blockedSection.getByText("You haven't blocked any providers.")).toBeVisible();
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'New for you' }).getByRole('link', { name: providerName, exact: true }),
  ).toBeVisible();

  // The provider's account page shows the insights, a chart per figure with its summary in words.
  await signInWith(page, provider);
  await page.goto('/account#insights');
  const insights = page.getByRole('region', { name: 'Insights' });
  await expect(insights).toBeVisible();
  for (const figure of [
    'Search impressions',
    'Profile views',
    'New favorites',
    'Saved-search alerts',
    'Booking clicks',
  ])
    await expect(insights.getByText(figure, { exact: true })).toBeVisible();
  // The alert that listed the provider is counted (on their own day, in their time zone).
  await expect(insights.getByText(/1 alert in the last 30 days/)).toBeVisible();
});
