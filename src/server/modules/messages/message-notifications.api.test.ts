import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAIL_TEXTS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { NOTIFICATION_TEXTS } from '#domain/notifications.ts';
import { mailOutbox, users } from '#server/db/schema/index.ts';
import { messageThreads } from '#server/db/schema/messages.ts';
import { buildTestApp, MINUTE, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider, insertUser, uniqueEmail } from '#server/test/factories.ts';
import { isNotificationMailStillWanted, setNotification } from '../notifications/notifications.service';
import { readReplyAddress } from './reply-address';
import { markThreadRead, postToThread } from './threads.service';

/**
 * Emails about messages (message-notifications.service.ts): the first unread message is emailed at
 * once; more within 15 minutes wait and go together in one email; a thread read meanwhile sends
 * nothing; the 'new_messages' switch and its one-click link; deleted parties. The app's own notifier
 * and mail worker run in the background, so each test waits for the outcome; a pass run by the test
 * (runOnce) only makes a due side go sooner.
 */

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([buildTestApp({ inboundSmtp: true }), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

let counter = 0;
async function pair(app: TestApp = t) {
  counter++;
  const client = await insertUser(app.db, { name: `Ana Client ${counter}`, email: uniqueEmail('ana') });
  const provider = await insertProvider(app.db, {
    name: `Bea Provider ${counter}`,
    email: uniqueEmail('bea'),
  });
  const [thread] = await app.db
    .insert(messageThreads)
    .values({ clientId: client.id, providerId: provider.id, lastSenderSide: 'client' })
    .returning();
  return { client, provider, threadId: thread!.id };
}

const write = (app: TestApp, threadId: string, senderId: string, body: string) =>
  postToThread(app.app.ctx, { threadId, senderId, body, via: 'app' });

async function threadRow(app: TestApp, threadId: string) {
  const [row] = await app.db.select().from(messageThreads).where(eq(messageThreads.id, threadId));
  return row!;
}

async function outboxTo(app: TestApp, email: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
}

/** Waits until the background notifier has dealt with the side (nothing due any more). */
async function settled(app: TestApp, threadId: string, side: 'client' | 'provider') {
  await expect
    .poll(async () => {
      await app.app.messageNotifier.runOnce();
      const row = await threadRow(app, threadId);
      return side === 'client' ? row.clientNotifyDueAt : row.providerNotifyDueAt;
    })
    .toBeNull();
}

describe('the first message', () => {
  it('is emailed at once: the text, the sender, the thread link, a Reply-To for the recipient side and List-Unsubscribe', async () => {
    const { client, provider, threadId } = await pair();
    await write(t, threadId, client.id, 'Hi! Is your opening on Tuesday still free?\n\n<b>Thanks</b> & bye');
    const mail = await t.smtp.waitForMail(provider.email);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subject(client.name));
    expect(mail.text).toContain('Hi! Is your opening on Tuesday still free?');
    expect(mail.text).toContain('<b>Thanks</b> & bye');
    // Plain text, escaped in the HTML part.
    expect(mail.html).toContain('&lt;b&gt;Thanks&lt;/b&gt; &amp; bye');
    expect(mail.html).not.toContain('<b>Thanks</b>');
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/messages/${threadId}`);
    expect(mail.text).toContain(MESSAGE_MAIL_TEXTS.replyByEmail);
    expect(mail.text).not.toContain(MESSAGE_MAIL_TEXTS.replyInApp);
    expect(mail.replyTo).toMatch(/^reply\+[a-z2-7]{47}@glowfind\.test$/);
    expect(readReplyAddress(t.app.ctx.secret, mail.replyTo!, t.clock.now(), 'glowfind.test')).toEqual({
      threadId,
      side: 'provider',
    });

    const [row] = await outboxTo(t, provider.email);
    expect(row).toMatchObject({ kind: 'new-message', replyTo: mail.replyTo });
    expect(row!.listUnsubscribe).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/api/account/notifications/unsubscribe\\?token=`),
    );
    const thread = await threadRow(t, threadId);
    expect(thread.providerNotifiedAt).not.toBeNull();
    expect(thread.providerNotifyDueAt).toBeNull();
    // The sender is not emailed about their own message.
    expect(await outboxTo(t, client.email)).toEqual([]);
    expect(thread.clientNotifyDueAt).toBeNull();
  });
});

describe('grouping', () => {
  it('two more within 15 minutes wait until notified_at + 15 minutes, then go in ONE email', async () => {
    const { client, provider, threadId } = await pair();
    await write(t, threadId, client.id, 'First question');
    await t.smtp.waitForMail(provider.email);
    const notifiedAt = (await threadRow(t, threadId)).providerNotifiedAt!;

    await write(t, threadId, client.id, 'Second: do you do balayage?');
    await write(t, threadId, client.id, 'Third: and the price?');
    const due = (await threadRow(t, threadId)).providerNotifyDueAt!;
    expect(due.getTime()).toBe(notifiedAt.getTime() + 15 * MINUTE);
    expect(await t.app.messageNotifier.runOnce()).toBe(0);
    expect(await outboxTo(t, provider.email)).toHaveLength(1);

    t.clock.advance(15 * MINUTE + 1000);
    const mail = await t.smtp.waitForMail(provider.email, () => true, 10_000);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subjectMany(client.name, 2));
    expect(mail.text).toContain('Second: do you do balayage?');
    expect(mail.text).toContain('Third: and the price?');
    expect(mail.text).not.toContain('First question');
    // Oldest first, as the thread shows them.
    expect(mail.text.indexOf('Second')).toBeLessThan(mail.text.indexOf('Third'));
    await settled(t, threadId, 'provider');
    expect(await outboxTo(t, provider.email)).toHaveLength(2);
  });

  it('a thread read before the email is due sends nothing', async () => {
    const { client, provider, threadId } = await pair();
    await write(t, threadId, client.id, 'Hello');
    await t.smtp.waitForMail(provider.email);
    const notifiedAt = (await threadRow(t, threadId)).providerNotifiedAt!;
    await write(t, threadId, client.id, 'Are you there?');
    await markThreadRead(t.app.ctx, provider.id, threadId);

    t.clock.advance(16 * MINUTE);
    await settled(t, threadId, 'provider');
    expect(await outboxTo(t, provider.email)).toHaveLength(1);
    // No email went, so the last one's time stays.
    expect((await threadRow(t, threadId)).providerNotifiedAt).toEqual(notifiedAt);
  });

  it('shows the newest 5 and counts them all', async () => {
    const { client, provider, threadId } = await pair();
    await t.db
      .update(messageThreads)
      .set({ providerNotifiedAt: t.clock.now() })
      .where(eq(messageThreads.id, threadId));
    for (let i = 1; i <= 7; i++) await write(t, threadId, client.id, `Line number ${i}`);
    t.clock.advance(15 * MINUTE + 1000);
    const mail = await t.smtp.waitForMail(provider.email);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subjectMany(client.name, 7));
    expect(mail.text).toContain('2 earlier messages are in the conversation');
    for (let i = 3; i <= 7; i++) expect(mail.text).toContain(`Line number ${i}`);
    expect(mail.text).not.toContain('Line number 2');
  });
});

describe("the 'new_messages' switch", () => {
  it('off: no email, but the side counts as notified (grouping holds); on again: emails resume', async () => {
    const { client, provider, threadId } = await pair();
    await setNotification(t.app.ctx, provider.id, { kind: 'new_messages', channel: 'email', enabled: false });
    await write(t, threadId, client.id, 'Nobody will email you this');
    await settled(t, threadId, 'provider');
    const row = await threadRow(t, threadId);
    expect(row.providerNotifiedAt).not.toBeNull();
    expect(await outboxTo(t, provider.email)).toEqual([]);

    await setNotification(t.app.ctx, provider.id, { kind: 'new_messages', channel: 'email', enabled: true });
    await write(t, threadId, client.id, 'This one is emailed');
    expect((await threadRow(t, threadId)).providerNotifyDueAt!.getTime()).toBe(
      row.providerNotifiedAt!.getTime() + 15 * MINUTE,
    );
    t.clock.advance(15 * MINUTE + 1000);
    const mail = await t.smtp.waitForMail(provider.email);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subject(client.name));
    expect(mail.text).toContain('This one is emailed');
    expect(mail.text).not.toContain('Nobody will email you this');
  });

  it("the email's one-click List-Unsubscribe turns message emails off, and a queued one is not sent", async () => {
    const { client, provider, threadId } = await pair();
    await write(t, threadId, client.id, 'Unsubscribe me');
    await t.smtp.waitForMail(provider.email);
    const [row] = await outboxTo(t, provider.email);
    const url = new URL(row!.listUnsubscribe!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'new_messages',
      message: NOTIFICATION_TEXTS.unsubscribed.new_messages,
    });
    expect(
      await isNotificationMailStillWanted(t.db, { kind: 'new-message', toAddress: provider.email }),
    ).toBe(false);
    // Another kind to the same address is not this switch's business.
    expect(
      await isNotificationMailStillWanted(t.db, { kind: 'review-reply', toAddress: provider.email }),
    ).toBe(true);

    await write(t, threadId, client.id, 'Not emailed');
    t.clock.advance(15 * MINUTE + 1000);
    await settled(t, threadId, 'provider');
    expect(await outboxTo(t, provider.email)).toHaveLength(1);
  });
});

describe('deleted accounts', () => {
  it('a deleted recipient gets nothing, and nothing stays due', async () => {
    const { client, provider, threadId } = await pair();
    await t.db
      .update(messageThreads)
      .set({ providerNotifiedAt: t.clock.now() })
      .where(eq(messageThreads.id, threadId));
    await write(t, threadId, client.id, 'Written before they left');
    await t.db.delete(users).where(eq(users.id, provider.id));
    t.clock.advance(15 * MINUTE + 1000);
    await settled(t, threadId, 'provider');
    expect(await outboxTo(t, provider.email)).toEqual([]);
  });

  it("a deleted sender shows as 'Deleted account'", async () => {
    const { client, provider, threadId } = await pair();
    await t.db
      .update(messageThreads)
      .set({ providerNotifiedAt: t.clock.now() })
      .where(eq(messageThreads.id, threadId));
    await write(t, threadId, client.id, 'My last words here');
    await t.db.delete(users).where(eq(users.id, client.id));
    t.clock.advance(15 * MINUTE + 1000);
    const mail = await t.smtp.waitForMail(provider.email);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subject(MESSAGE_TEXTS.deletedAccount));
    expect(mail.text).toContain('My last words here');
  });
});

describe('without INBOUND_SMTP_PORT', () => {
  it('offers no reply by email: no Reply-To, and the email says to answer in Glowfind', async () => {
    expect(plain.config.inboundSmtp).toBeUndefined();
    expect(plain.app.inboundSmtp).toBeNull();
    const { client, provider, threadId } = await pair(plain);
    await write(plain, threadId, provider.id, 'Yes, Tuesday at 3 is free.');
    const mail = await plain.smtp.waitForMail(client.email);
    expect(mail.subject).toBe(MESSAGE_MAIL_TEXTS.subject(provider.name));
    expect(mail.replyTo).toBeNull();
    expect(mail.text).toContain(MESSAGE_MAIL_TEXTS.replyInApp);
    expect(mail.text).not.toContain(MESSAGE_MAIL_TEXTS.replyByEmail);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/messages/${threadId}`);
    const [row] = await outboxTo(plain, client.email);
    expect(row!.replyTo).toBeNull();
  });
});
