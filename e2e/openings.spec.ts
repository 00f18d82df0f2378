import {
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  scrollUntilVisible,
  signInWith,
  test,
} from './fixtures';

const BOOKING_URL = 'https://booking.example.com/juno-hair';

/** A datetime-local value (local time, minutes) `hours` from now, on a whole quarter hour. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setMinutes(Math.ceil(d.getMinutes() / 15) * 15, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('a provider posts, edits, deactivates and deletes an opening; it shows on home and /availability, and a fan gets the alert', async ({
  page,
  request,
  mail,
}) => {
  const tag = Date.now().toString(36);
  const providerName = `Juno Hair ${tag}`;
  const service = `Silk press ${tag}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name: providerName, location: 'Austin, TX 78701' },
    'provider',
  );
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const updated = await request.put('/api/auth/profile', {
    headers: auth(provider.session.access_token),
    data: { booking_link: BOOKING_URL },
  });
  expect(updated.status()).toBe(200);
  const fan = await createVerifiedAccount(request, mail, { user_type: 'client', name: 'Fay Fan' }, 'fan');
  const saved = await request.post('/api/favorites', {
    headers: auth(fan.session.access_token),
    data: { providerId: provider.session.user.id },
  });
  expect(saved.status()).toBe(200);

  // Post.
  await signInWith(page, provider);
  await page.goto('/account');
  const manager = page.getByRole('region', { name: 'Upcoming Availability' });
  await manager.getByRole('button', { name: 'Add Opening' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Opening' });
  await dialog.getByLabel('Service type').fill(service);
  await dialog.getByLabel('Start').fill(localInput(3));
  await dialog.getByLabel('End').fill(localInput(4));
  await dialog.getByLabel('Price').fill('$60');
  await dialog.getByRole('button', { name: 'Add Opening' }).click();
  await expect(page.getByText('Upcoming availability created successfully')).toBeVisible();
  const mine = manager.getByRole('article', { name: service });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('$60');

  // The fan's alert, through the real outbox and SMTP.
  const alert = await mail.waitForMail(fan.email, (m) => m.subject.startsWith(providerName), 30_000);
  expect(alert.subject).toBe(`${providerName}: new opening on Glowfind`);
  expect(alert.text).toContain(service);
  expect(alert.text).toContain('Price: $60');
  expect(alert.text).toContain(BOOKING_URL);
  expect(alert.text).toMatch(/\/unsubscribe\?token=/);

  // Home (anyone) and /availability (providers).
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Upcoming Availability' });
  await scrollUntilVisible(page, section);
  await expect(section.getByRole('article', { name: service })).toBeVisible();
  await expect(section.getByRole('link', { name: 'View All Available Openings' })).toHaveAttribute(
    'href',
    '/availability',
  );
  await page.goto('/availability');
  await expect(page.getByRole('heading', { name: 'All Available Openings' })).toBeVisible();
  const listed = page.getByRole('article', { name: service });
  await expect(listed).toBeVisible();
  await expect(listed.getByRole('link', { name: providerName, exact: true })).toHaveAttribute(
    'href',
    `/${provider.session.user.routing_slug}`,
  );
  await expectNoAxeViolations(page);

  // Edit.
  await page.goto('/account');
  await mine.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Opening' });
  await edit.getByLabel('Price').fill('$55');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Opening updated successfully')).toBeVisible();
  await expect(mine).toContainText('$55');

  // Deactivate: 'Inactive' for the owner, gone from the public list.
  await mine.getByRole('button', { name: /^Deactivate / }).click();
  await expect(mine.getByText('Inactive', { exact: true })).toBeVisible();
  const publicList = await request.get('/api/last-minute-openings?limit=100');
  const openings = ((await publicList.json()) as { openings: { service_type: string }[] }).openings;
  expect(openings.map((o) => o.service_type)).not.toContain(service);

  // Delete, after confirming.
  await mine.getByRole('button', { name: /^Delete / }).click();
  await page
    .getByRole('dialog', { name: 'Delete this opening?' })
    .getByRole('button', { name: 'Delete opening' })
    .click();
  await expect(page.getByText('Opening deleted successfully')).toBeVisible();
  await expect(mine).toHaveCount(0);
  const own = await request.get(
    `/api/last-minute-openings?provider_id=${provider.session.user.id}&include_inactive=true`,
    { headers: auth(provider.session.access_token) },
  );
  expect(((await own.json()) as { openings: unknown[] }).openings).toEqual([]);
});
