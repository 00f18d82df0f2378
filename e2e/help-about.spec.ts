import { expect, expectNoAxeViolations, scrollUntilVisible, test, uniqueEmail } from './fixtures';

// The e2e servers have no SUPPORT_EMAIL: notices go to the brand's address.
const SUPPORT_INBOX = 'support@glowfind.example';

test('help search finds an article, shows the count, and the empty state for nonsense', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'How Can We Help You?' })).toBeVisible();
  await expect(page).toHaveTitle('Help Center · Glowfind');
  for (const category of [
    'Getting Started',
    'Search & Discovery',
    'Provider Profiles',
    'Booking & Appointments',
    'Account & Features',
    'For Beauty Professionals',
    'Safety & Trust',
    'Technical Support',
  ]) {
    await expect(page.getByRole('heading', { name: category })).toBeVisible();
  }
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await search.fill('UNSUBSCRIBE');
  await expect(page.getByRole('heading', { name: /^\d+ results? for "UNSUBSCRIBE"$/ })).toBeVisible();
  await expect(page.getByText(/unsubscribe/i).first()).toBeVisible();
  await search.fill('zzqxv');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText(/Try different keywords/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Contact Support from the header: empty fields are refused, a real request is sent and acknowledged', async ({
  page,
  mail,
}) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Support' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Send Request/ }).click();
  await expect(page.getByText('Please fill in all required fields.').first()).toBeVisible();
  await expect(dialog).toBeVisible();

  const email = uniqueEmail('asker');
  const subject = `Photo upload ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill('Remy Asker');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('My portfolio upload keeps failing.');
  await dialog.getByRole('button', { name: /Send Request/ }).click();
  await expect(dialog.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  // Said once: in the dialog, not again in a toast.
  await expect(page.getByText("We'll get back to you within 24 hours.")).toHaveCount(1);
  // The dialog closes by itself about 2 seconds later (a generous wait: a busy host runs timers late).
  await expect(dialog).toHaveCount(0, { timeout: 15_000 });

  // The acknowledgement repeats nothing the form carried, so it cannot carry someone else's text
  // to the address given: a fixed subject and text.
  const ack = await mail.waitForMail(email, () => true, 15_000);
  expect(ack.subject).toBe('We received your Glowfind support request');
  expect(ack.text).toContain("We'll get back to you within 24 hours");
  expect(ack.text).not.toContain(subject);
  expect(ack.text).not.toContain('Remy Asker');
  const notice = await mail.waitForMail(SUPPORT_INBOX, (m) => m.text.includes(subject), 15_000);
  expect(notice.subject).toBe('[Glowfind] New support request');
  expect(notice.replyTo).toBe(email);
});

test('the home FAQ answers seven questions and leads to help and support', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: /Frequently Asked Questions/i });
  await scrollUntilVisible(page, faq);
  const questions = faq.getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(7);
  await questions.first().click();
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(1);
  await expect(faq.getByText('Still have questions?')).toBeVisible();
  await expect(faq.getByRole('link', { name: 'Browse Help Center' })).toHaveAttribute('href', '/help');
  await faq.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Support' })).toBeVisible();
});

test('about: both forms refuse empty posts with SPEC texts, then submit, thank and reset', async ({
  page,
  mail,
}) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About Us · Glowfind');
  for (const value of ['Community First', 'Trust & Safety', 'Inclusive Beauty', 'Innovation']) {
    await expect(page.getByRole('heading', { name: value })).toBeVisible();
  }
  for (const item of ['Smart Matching', 'Inclusive Discovery', 'Professional Empowerment']) {
    await expect(page.getByRole('heading', { name: item })).toBeVisible();
  }

  const feedback = page.getByRole('form', { name: 'Feedback' });
  await feedback.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(feedback.getByText('Please enter a message')).toBeVisible();
  const note = `Love the openings ${Date.now().toString(36)}`;
  await feedback.getByLabel('Message').fill(note);
  await feedback.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Your feedback has been submitted successfully.')).toBeVisible();
  await expect(feedback.getByLabel('Message')).toHaveValue('');
  await mail.waitForMail(SUPPORT_INBOX, (m) => m.text.includes(note), 15_000);

  const investor = page.getByRole('form', { name: 'Partner With Us' });
  await investor.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(investor.getByText('Please fill in all required fields').first()).toBeVisible();
  const email = uniqueEmail('investor');
  await investor.getByLabel('Name').fill('Vera Capital');
  await investor.getByLabel('Email').fill(email);
  await investor.getByRole('button', { name: 'Submit Inquiry' }).click();
  await expect(
    page.getByText("Your investor inquiry has been submitted successfully. We'll be in touch soon."),
  ).toBeVisible();
  await expect(investor.getByLabel('Name')).toHaveValue('');
  const notice = await mail.waitForMail(SUPPORT_INBOX, (m) => m.text.includes(email), 15_000);
  expect(notice.subject).toBe('[Glowfind] New investor inquiry');
  // No SUPPORT_URL on this server: no payment link.
  await expect(page.getByRole('link', { name: /Support Our Mission/ })).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as const) {
  test(`/help, /about, /terms and /privacy have no axe violations (${theme})`, async ({ page }) => {
    await page.goto('/api/health');
    await page.evaluate((t) => localStorage.setItem('glowfind.theme', t), theme);
    for (const path of ['/help', '/about', '/terms', '/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('terms and privacy: eleven sections each, last updated 07/24/2025, titles from the server', async ({
  page,
  request,
}) => {
  for (const [path, title] of [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title} · Glowfind</title>`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Last updated 07/24/2025')).toBeVisible();
    await expect(page.locator('section[id] > h2').filter({ hasText: /^\d+\./ })).toHaveCount(11);
  }
  await page.goto('/terms');
  await expect(page.getByText(/Iowa/).first()).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText(/18/).first()).toBeVisible();
});
