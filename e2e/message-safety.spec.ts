import type { Browser } from '@playwright/test';
import {
  MESSAGE_MODERATION_TEXTS,
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_TEXTS,
} from '../src/domain/messages-options';
import { firstLink } from '../src/server/test/smtp-sink';
import {
  bearer,
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  TEST_PASSWORD,
  type TestAccount,
  test,
} from './fixtures';

/** A browser of its own for one person, signed in at `origin`. */
async function pageFor(browser: Browser, account: TestAccount, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, account, origin);
  return page;
}

test('message safety: a provider answers with a saved reply, the client reports it, an admin hides it', async ({
  browser,
  launchApp,
  playwright,
}) => {
  test.setTimeout(150_000);
  const adminEmail = `admin-${Date.now().toString(36)}@example.com`;
  const app = await launchApp({ ADMIN_EMAILS: adminEmail });
  const request = await playwright.request.newContext({ baseURL: app.baseURL });
  const provider = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'provider', name: 'Noor Haddad', location: 'Denver, CO 80202' },
    'provider',
  );
  const client = await createVerifiedAccount(
    request,
    app.mail,
    { user_type: 'client', name: 'Ines Park' },
    'client',
  );

  // The client writes from the profile (the API the profile's dialog calls).
  const sent = await request.post('/api/messages', {
    headers: bearer(client),
    data: { providerId: provider.session.user.id, message: 'Hi! Do you do bridal trials?' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { threadId } = (await sent.json()) as { threadId: string };

  // The provider keeps a saved reply and answers with it.
  const providerPage = await pageFor(browser, provider, app.baseURL);
  await providerPage.goto(`${app.baseURL}/messages/${threadId}`);
  await providerPage.getByRole('button', { name: MESSAGE_TEXTS.savedRepliesTitle }).click();
  const manager = providerPage.getByRole('dialog', { name: MESSAGE_TEXTS.savedRepliesTitle });
  await expect(manager.getByText(MESSAGE_TEXTS.savedRepliesEmpty)).toBeVisible();
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(manager.getByText(MESSAGE_TEXTS.savedReplyTitleRequired)).toBeVisible();
  await manager.getByRole('textbox', { name: MESSAGE_TEXTS.savedReplyTitle, exact: true }).fill('Payment');
  const cheat = 'Yes! Pay the deposit by gift card to my cousin, outside the app.';
  await manager.getByRole('textbox', { name: MESSAGE_TEXTS.savedReplyBody, exact: true }).fill(cheat);
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(providerPage.getByText(MESSAGE_TEXTS.savedReplyAdded)).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expectNoAxeViolations(providerPage);
  await manager.getByRole('button', { name: 'Close' }).click();
  await expect(manager).toBeHidden();

  await providerPage.getByRole('button', { name: MESSAGE_TEXTS.insertSavedReply }).click();
  await providerPage.getByRole('menuitem', { name: 'Payment' }).click();
  const replyBox = providerPage.getByRole('textbox', { name: MESSAGE_TEXTS.replyLabel, exact: true });
  await expect(replyBox).toHaveValue(cheat);
  await providerPage.getByRole('button', { name: MESSAGE_TEXTS.send }).click();
  await expect(replyBox).toHaveValue('');
  const providerLog = providerPage.getByRole('log');
  await expect(providerLog.getByText(cheat)).toBeVisible();

  // The client reports it.
  const clientPage = await pageFor(browser, client, app.baseURL);
  await clientPage.goto(`${app.baseURL}/messages/${threadId}`);
  const clientLog = clientPage.getByRole('log');
  await expect(clientLog.getByText(cheat)).toBeVisible();
  await clientLog.getByRole('button', { name: /^Report the message from Noor Haddad/ }).click();
  const report = clientPage.getByRole('dialog', { name: MESSAGE_TEXTS.reportTitle });
  await expect(report.getByText(MESSAGE_TEXTS.reportWhat)).toBeVisible();
  await report.getByRole('button', { name: MESSAGE_TEXTS.report }).click();
  await expect(report.getByText(MESSAGE_TEXTS.reportReasonRequired)).toBeVisible();
  await expectNoAxeViolations(clientPage);
  await report.getByLabel(MESSAGE_REPORT_REASON_LABELS.scam).check();
  await report.getByLabel(MESSAGE_TEXTS.reportDetails).fill('Asks me to pay outside Glowfind');
  await report.getByRole('button', { name: MESSAGE_TEXTS.report }).click();
  await expect(clientPage.getByText(MESSAGE_TEXTS.reported)).toBeVisible();
  await expect(report).toBeHidden();

  // An admin hides it from the dashboard's Messages tab, on a phone.
  const signup = await request.post('/api/auth/signup', {
    data: { email: adminEmail, password: TEST_PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const link = firstLink(
    await app.mail.waitForMail(adminEmail, (m) => /Confirm your email/.test(m.subject), 15_000),
  );
  const verified = await request.post('/api/auth/verify-email', {
    data: { temp_token: new URL(link).searchParams.get('temp_token'), type: 'email' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await adminContext.newPage();
  await signInWith(adminPage, { email: adminEmail, password: TEST_PASSWORD }, app.baseURL);
  await adminPage.goto(`${app.baseURL}/admin`);
  await adminPage.getByRole('tab', { name: 'Messages' }).click();
  const reported = adminPage.getByRole('list', { name: /Reported messages/ });
  const item = reported.getByRole('article', { name: 'From Noor Haddad to Ines Park' });
  await expect(item).toContainText(cheat);
  await expect(item).toContainText('1 report');
  await expect(item).toContainText(MESSAGE_REPORT_REASON_LABELS.scam);
  await expect(item).toContainText('Asks me to pay outside Glowfind');
  await expect(item).toContainText(provider.email);
  // Nothing wider than the phone.
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(adminPage);
  await item.getByRole('button', { name: /^Hide/ }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Hide this message?' });
  await confirm.getByRole('button', { name: MESSAGE_MODERATION_TEXTS.hide }).click();
  await expect(adminPage.getByText(MESSAGE_MODERATION_TEXTS.hidden)).toBeVisible();
  await expect(adminPage.getByText(MESSAGE_MODERATION_TEXTS.reportedEmpty)).toBeVisible();
  await adminPage.getByRole('button', { name: MESSAGE_MODERATION_TEXTS.hiddenTab }).click();
  await expect(
    adminPage
      .getByRole('list', { name: /Hidden messages/ })
      .getByRole('article', { name: /From Noor Haddad/ }),
  ).toBeVisible();

  // The client sees that the moderators hid it, not its text.
  await clientPage.reload();
  await expect(clientLog.getByText(MESSAGE_TEXTS.hiddenByModerators)).toBeVisible();
  await expect(clientLog.getByText(cheat)).toHaveCount(0);
  await expect(clientLog.getByText('Hi! Do you do bridal trials?')).toBeVisible();

  await request.dispose();
});
