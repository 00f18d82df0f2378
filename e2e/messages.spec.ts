import type { Browser, Page } from '@playwright/test';
import { createTransport } from 'nodemailer';
import { MESSAGE_TEXTS } from '../src/domain/messages-options';
import {
  createVerifiedAccount,
  expect,
  expectNoAxeViolations,
  signInWith,
  type TestAccount,
  test,
} from './fixtures';

/*
 * Conversations (docs/product.md 'Messages'): a client writes from a profile, the provider is told by
 * email and answers from the inbox, the client reads the answer; the header's unread badge and the
 * provider's 'Unanswered' filter follow along. Then the inbox through axe in both themes, and on a
 * 390 px phone without sideways scrolling.
 */

const PHONE = 390;

/** A signed-in page of its own (a browser context: its own cookies and storage). */
async function pageFor(browser: Browser, baseURL: string, account: TestAccount, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
  const page = await context.newPage();
  // The hydration wait of the fixtures' page, for this page's navigations too.
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<typeof goto>) => {
    const res = await goto(...args);
    if (!new URL(page.url()).pathname.startsWith('/api/'))
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
    return res;
  };
  await signInWith(page, account);
  return page;
}

/** The header's Messages link (wide screen: in the main navigation), named with the unread total. */
const messagesLink = (page: Page, unread: number) =>
  page.getByRole('link', { name: MESSAGE_TEXTS.unreadTotal(unread), exact: true });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('glowfind.theme', t), theme);
  await page.reload();
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
}

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: MESSAGE_TEXTS.inboxTitle })).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE);
}

test('a client writes from a profile, the provider is emailed and answers from the inbox, the client reads the answer', async ({
  browser,
  baseURL,
  request,
  mail,
  app,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const providerName = `Lumen Studio ${tag}`;
  const clientName = `Cleo Client ${tag}`;
  const provider = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'provider', name: providerName, location: 'Austin, TX 78704' },
    'inbox-provider',
  );
  const client = await createVerifiedAccount(
    request,
    mail,
    { user_type: 'client', name: clientName },
    'inbox-client',
  );
  const clientPage = await pageFor(browser, baseURL!, client);
  const providerPage = await pageFor(browser, baseURL!, provider);

  // The client writes from the profile; the toast links to the conversation.
  await clientPage.goto(`/${provider.session.user.routing_slug}`);
  await clientPage
    .getByRole('region', { name: 'Get In Touch' })
    .getByRole('button', { name: 'Message' })
    .click();
  const dialog = clientPage.getByRole('dialog', { name: `Message ${providerName}` });
  await expect(dialog).toContainText(MESSAGE_TEXTS.dialogDescription(providerName));
  const question =
    'Hi! Could you fit a silk press on Thursday afternoon?\nPhotos: https://example.com/my-hair';
  await dialog.getByLabel('Your message').fill(question);
  await dialog.getByRole('button', { name: MESSAGE_TEXTS.send }).click();
  await expect(dialog).toBeHidden();
  await expect(clientPage.getByText(MESSAGE_TEXTS.sentTo(providerName))).toBeVisible();
  await clientPage.getByRole('button', { name: MESSAGE_TEXTS.viewConversation }).click();
  await expect(clientPage).toHaveURL(/\/messages\/[^/]+$/);
  const threadPath = new URL(clientPage.url()).pathname;
  const clientLog = clientPage.getByRole('log', { name: `Conversation with ${providerName}` });
  await expect(clientLog).toContainText('Could you fit a silk press on Thursday afternoon?');
  // The address in it is a link that opens safely.
  const photo = clientLog.getByRole('link', { name: 'https://example.com/my-hair' });
  await expect(photo).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  await expect(photo).toHaveAttribute('target', '_blank');

  // The provider is emailed: the text and the conversation's link, no Reply-To with the client's address.
  const email = await mail.waitForMail(
    provider.email,
    (m) => m.subject === `New message from ${clientName}`,
    30_000,
  );
  expect(email.text).toContain('Could you fit a silk press on Thursday afternoon?');
  expect(email.text).toContain(`${baseURL}${threadPath}`);
  expect(email.replyTo).not.toBe(client.email);

  // The provider's inbox: the badge says 1, 'Unanswered' lists the conversation.
  await providerPage.goto('/messages');
  await expect(messagesLink(providerPage, 1)).toBeVisible();
  const unansweredFilter = providerPage.getByRole('button', { name: MESSAGE_TEXTS.filterUnanswered });
  await unansweredFilter.click();
  await expect(unansweredFilter).toHaveAttribute('aria-pressed', 'true');
  const conversations = providerPage.getByRole('list', { name: 'Conversations' });
  const row = conversations.getByRole('link', { name: new RegExp(clientName) });
  await expect(row).toContainText(MESSAGE_TEXTS.unread(1));
  await row.click();
  await expect(providerPage).toHaveURL(new RegExp(`${threadPath}$`));
  const providerLog = providerPage.getByRole('log', { name: `Conversation with ${clientName}` });
  await expect(providerLog).toContainText('Could you fit a silk press on Thursday afternoon?');
  // Read once shown: the badge clears.
  await expect(messagesLink(providerPage, 0)).toBeVisible();

  // The provider answers from the inbox (Ctrl+Enter); the box keeps the focus.
  const answer = 'Yes! Thursday at 3 PM is free. Shall I hold it for you?';
  const box = providerPage.getByLabel(MESSAGE_TEXTS.replyLabel);
  await box.fill(answer);
  await box.press('Control+Enter');
  await expect(providerLog).toContainText(answer);
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  // Answered: 'Unanswered' no longer lists it.
  await expect(conversations).toHaveCount(0);
  await expect(providerPage.getByText(MESSAGE_TEXTS.unansweredEmpty)).toBeVisible();
  await providerPage.getByRole('button', { name: MESSAGE_TEXTS.filterAll }).click();
  await expect(conversations.getByRole('link', { name: new RegExp(clientName) })).toContainText(
    `${MESSAGE_TEXTS.you}: ${answer}`,
  );

  // The client: the badge says 1, the inbox lists the answer, opening it clears the badge.
  await clientPage.goto('/messages');
  await expect(messagesLink(clientPage, 1)).toBeVisible();
  const clientRow = clientPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(providerName) });
  await expect(clientRow).toContainText(answer);
  await expect(clientRow).toContainText(MESSAGE_TEXTS.unread(1));
  await clientRow.click();
  await expect(clientLog).toContainText(answer);
  await expect(messagesLink(clientPage, 0)).toBeVisible();
  await expect(clientRow).not.toContainText(MESSAGE_TEXTS.unread(1));
  // The provider's page, polling, sees that the client read the answer.
  await expect(providerLog.getByText(MESSAGE_TEXTS.read, { exact: true })).toBeVisible({ timeout: 30_000 });

  // The client was emailed the answer, with a reply address of their own; answering that email from
  // their mailbox (quoted history and all) adds the answer to the conversation, which the provider
  // sees, marked as sent by email, without the quote.
  const answerEmail = await mail.waitForMail(
    client.email,
    (m) => m.subject === `New message from ${providerName}`,
    30_000,
  );
  expect(answerEmail.text).toContain(answer);
  expect(answerEmail.replyTo).toMatch(/^reply\+[a-z2-7]+@reply\.glowfind\.test$/);
  const mailbox = createTransport({
    host: '127.0.0.1',
    port: app.inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  await mailbox.sendMail({
    from: client.email,
    to: answerEmail.replyTo!,
    subject: `Re: ${answerEmail.subject}`,
    text: `Perfect, see you Thursday at 3!\n\nOn Thu, Dec 3, 2026 at 9:00 AM ${providerName} wrote:\n> ${answer}\n`,
  });
  mailbox.close();
  await expect(providerLog).toContainText('Perfect, see you Thursday at 3!', { timeout: 30_000 });
  await expect(providerLog.getByText(MESSAGE_TEXTS.sentViaEmail)).toBeVisible();
  await expect(providerLog).not.toContainText(`${providerName} wrote:`);

  // axe: the list and an open conversation, in both themes.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(clientPage, theme);
    await clientPage.goto('/messages');
    await settle(clientPage);
    await expectNoAxeViolations(clientPage);
    await clientPage.goto(threadPath);
    await settle(clientPage);
    await expect(clientLog).toContainText(answer);
    await expectNoAxeViolations(clientPage);
  }

  // A 390 px phone: the list, then the conversation alone with 'All messages' back to the list.
  await clientPage.setViewportSize({ width: PHONE, height: 844 });
  await clientPage.goto('/messages');
  await settle(clientPage);
  await expectNoSidewaysScroll(clientPage);
  await clientPage.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
  await expect(clientLog).toContainText(answer);
  await expect(clientPage.getByRole('list', { name: 'Conversations' })).toBeHidden();
  await expectNoSidewaysScroll(clientPage);
  await expectNoAxeViolations(clientPage);
  await clientPage.getByRole('link', { name: MESSAGE_TEXTS.allMessages }).click();
  await expect(clientPage).toHaveURL(/\/messages$/);
  await expect(clientPage.getByRole('list', { name: 'Conversations' })).toBeVisible();

  await clientPage.context().close();
  await providerPage.context().close();
});
