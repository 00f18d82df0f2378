// A provider states their policies and posts an opening from one of their services at a reduced
// price, all through the account page; clients see 'was $180, now $140' and the policies on
// /availability (filtered to reduced prices) and the policies on the profile.
import { createVerifiedAccount, expect, signInWith, test } from './fixtures';

/** A datetime-local value (local time, minutes) `hours` from now, on a whole quarter hour. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setMinutes(Math.ceil(d.getMinutes() / 15) * 15, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('policies and an opening from a service at a reduced price, from the account page to /availability and the profile', async ({
  page,
  request,
  mail,
}) => {
  const tag = Date.now().toString(36);
  const service = `Balayage ${tag}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    {
      user_type: 'provider',
      name: `Reduced Studio ${tag}`,
      location: 'Austin, TX 78701',
      selected_categories: ['hair'],
    },
    'provider',
  );
  const res = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${provider.session.access_token}` },
    data: {
      zip: '78701',
      location: 'Austin, TX 78701',
      booking_link: 'https://booking.example.com/reduced',
      pricing: [
        { service, description: 'Hand-painted color', priceType: 'fixed', minPrice: 180, durationMin: 90 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await signInWith(page, provider);
  await page.goto('/account');

  // Policies, through the form.
  await page.getByRole('heading', { name: 'Booking Policies' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Deposit', { exact: true }).selectOption({ label: 'An amount in dollars' });
  await page.getByLabel('Deposit amount ($)').fill('25');
  await page.getByLabel('Cancellation notice (hours)').fill('24');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();

  // The opening from the service: its name, and an end at the start plus its 90 minutes.
  const manager = page.getByRole('region', { name: 'Upcoming Availability' });
  await manager.getByRole('button', { name: 'Add Opening' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Opening' });
  await dialog.getByLabel('From one of your services').selectOption(service);
  await expect(dialog.getByLabel('Service type')).toHaveValue(service);
  const start = localInput(3);
  await dialog.getByLabel('Start').fill(start);
  const startMs = Date.parse(start);
  const endMs = Date.parse(await dialog.getByLabel('End').inputValue());
  expect(endMs - startMs).toBe(90 * 60_000);
  await dialog.getByLabel('Reduced price').fill('140');
  await expect(dialog.getByText("Shown as 'was $180, now $140'")).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Opening' }).click();
  await expect(page.getByText('Upcoming availability created successfully')).toBeVisible();
  const mine = manager.getByRole('article', { name: service });
  await expect(mine).toContainText('was $180, now $140');
  await expect(mine).toContainText('Deposit $25 · 24 h cancellation notice');

  // Clients: the 'Reduced price' filter finds it, with both prices and the policies.
  await page.goto(`/availability?reduced=true&q=${encodeURIComponent(service)}`);
  const item = page.getByRole('article', { name: service });
  await expect(item).toContainText('was $180, now $140');
  await expect(item).toContainText('Deposit $25 · 24 h cancellation notice');
  await page.goto(`/${provider.session.user.routing_slug}`);
  await expect(page.getByText('Deposit: $25 when booking')).toBeVisible();
});
