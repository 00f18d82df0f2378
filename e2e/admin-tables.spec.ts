import { readFileSync } from 'node:fs';
import type { Session } from '../src/domain/auth';
import { expect, expectNoAxeViolations, signInWith, TEST_PASSWORD, test } from './fixtures';

const ADMIN_EMAIL = 'admin-tables-e2e@example.com';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

test('an admin marks a submission handled, filters the list by status and dates, and downloads it as a safe CSV', async ({
  page,
  launchApp,
  playwright,
}) => {
  const app = await launchApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const sent = await request.post('/api/feedback', {
    data: { type: 'bug', name: 'Quinn Reporter', subject: FORMULA, message: 'The map, "again", breaks' },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const signup = await request.post('/api/auth/signup', {
    data: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const { firstLink } = await import('../src/server/test/smtp-sink');
  const link = firstLink(
    await app.mail.waitForMail(ADMIN_EMAIL, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verify = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  const { session } = (await verify.json()) as { session: Session };
  expect(session.user.role).toBe('admin');
  await request.dispose();

  await signInWith(page, { email: ADMIN_EMAIL, password: TEST_PASSWORD }, app.baseURL);
  await page.goto(`${app.baseURL}/admin`);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Submissions' }).click();

  // Open submissions are the default view.
  const table = page.getByRole('region', { name: /feedback, support requests and investor inquiries/ });
  const row = table.getByRole('row', { name: /Quinn Reporter/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Mark handled the submission from Quinn Reporter' }).click();
  await expect(page.getByText('Marked handled')).toBeVisible();
  await expect(table.getByText('No submissions match these filters')).toBeVisible();

  await page.getByLabel('Status').selectOption('handled');
  const handled = table.getByRole('row', { name: /Quinn Reporter/ });
  await expect(handled.getByText(/^Handled/)).toBeVisible();
  await expect(handled.getByRole('button', { name: /^Reopen/ })).toBeVisible();

  // A backwards range is refused by the shared schema before anything is sent.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From (UTC)').fill(tomorrow);
  await page.getByLabel('To (UTC)').fill(yesterday);
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page.getByText("The 'to' date must be on or after the 'from' date")).toBeVisible();

  await page.getByLabel('To (UTC)').fill(tomorrow);
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(table.getByText('No submissions match these filters')).toBeVisible();

  await page.getByLabel('From (UTC)').fill(today);
  await page.getByLabel('To (UTC)').fill(today);
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(table.getByRole('row', { name: /Quinn Reporter/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV of submissions' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^glowfind-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, line] = csv.split('\r\n');
  expect(header).toBe('id,created_at,type,status,handled_at,name,email,phone,subject,urgency,message');
  expect(line).toContain(',bug,handled,');
  expect(line).toContain(`,Quinn Reporter,,,"'=HYPERLINK(""http://evil.example"",""click"")",,`);
  expect(line).toContain('"The map, ""again"", breaks"');
  await expect(page.getByText('Exported 1 row')).toBeVisible();

  // And back to open.
  await table.getByRole('button', { name: /^Reopen/ }).click();
  await expect(page.getByText('Marked open')).toBeVisible();
  await expect(table.getByText('No submissions match these filters')).toBeVisible();
});
