import { and, eq } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { blockedClients, messages, messageThreads } from '#server/db/schema/messages.ts';
import { buildTestApp, DAY, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider, insertUser, uniqueEmail } from '#server/test/factories.ts';
import { INBOUND_PER_MINUTE } from './inbound-smtp';
import { replyAddress } from './reply-address';

/**
 * Replies by email through our own SMTP server (inbound-smtp.ts): real SMTP sessions from
 * nodemailer to the app's server on a free port. An accepted reply lands in its thread as the
 * address's owner, without the quoted history; anything not a valid, unexpired reply address of a
 * thread that can still take it is refused at RCPT TO (550) and stores nothing; so is an email over
 * the size limit (552).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ inboundSmtp: true });
});
afterAll(async () => {
  await t?.close();
});

const DOMAIN = 'glowfind.test';

let counter = 0;
async function pair() {
  counter++;
  const client = await insertUser(t.db, { name: `Ana Lima ${counter}`, email: uniqueEmail('ana') });
  const provider = await insertProvider(t.db, { name: `Bea Hair ${counter}`, email: uniqueEmail('bea') });
  const [thread] = await t.db
    .insert(messageThreads)
    .values({ clientId: client.id, providerId: provider.id, lastSenderSide: 'client' })
    .returning();
  return { client, provider, threadId: thread!.id };
}

const addressFor = (
  threadId: string,
  side: 'client' | 'provider',
  expiresAt = new Date(t.clock.now().getTime() + 30 * DAY),
  secret = t.app.ctx.secret,
) => replyAddress(secret, { threadId, side, expiresAt, domain: DOMAIN });

function transport() {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.app.inboundSmtp!.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
  });
}

async function send(mail: SendMailOptions) {
  const smtp = transport();
  try {
    return await smtp.sendMail({ from: 'someone@example.com', subject: 'Re: New message', ...mail });
  } finally {
    smtp.close();
  }
}

/** The SMTP error a refused send fails with. */
async function refusal(mail: SendMailOptions): Promise<{ responseCode: number; message: string }> {
  const error = await send(mail).then(
    () => null,
    (e: { responseCode: number; message: string }) => e,
  );
  if (!error) throw new Error('The email was accepted');
  return error;
}

const messagesOf = (threadId: string) =>
  t.db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(messages.createdAt);

describe('an emailed reply', () => {
  it('lands in its thread as the address owner, via email, without the quoted history and signature', async () => {
    const { client, provider, threadId } = await pair();
    const info = await send({
      from: `Bea <${provider.email}>`,
      to: addressFor(threadId, 'provider').toUpperCase(),
      text: [
        'Yes, Tuesday at 3 is free.',
        'See you then!',
        '',
        '-- ',
        'Bea Hair · 555-0100',
        '',
        'On Wed, Dec 2, 2026 at 3:04 PM Glowfind <no-reply@glowfind.test> wrote:',
        '> Hi! Is your opening on Tuesday still free?',
      ].join('\r\n'),
    });
    expect(info.accepted).toHaveLength(1);
    const stored = await messagesOf(threadId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      body: 'Yes, Tuesday at 3 is free.\nSee you then!',
      via: 'email',
      senderId: provider.id,
      senderSide: 'provider',
      notice: null,
    });
    // The thread moved like any reply, and the client's email is due.
    const [thread] = await t.db.select().from(messageThreads).where(eq(messageThreads.id, threadId));
    expect(thread!.lastSenderSide).toBe('provider');
    await t.smtp.waitForMail(client.email);
  });

  it('takes the HTML part as text when there is no plain one', async () => {
    const { threadId, client } = await pair();
    await send({
      to: addressFor(threadId, 'client'),
      html: '<p>Thanks &amp; <b>see you</b> soon</p><blockquote>old</blockquote>',
    });
    const [stored] = await messagesOf(threadId);
    // The quoted part (<blockquote>) is quoted text ('> old') in the derived text, and dropped.
    expect(stored!.body).toBe('Thanks & see you soon');
    expect(stored!.senderId).toBe(client.id);
  });

  it('drops attachments, saying so on the message', async () => {
    const { threadId } = await pair();
    await send({
      to: addressFor(threadId, 'client'),
      text: 'Here is a photo of the style I want.',
      attachments: [{ filename: 'style.jpg', content: Buffer.alloc(2048, 1), contentType: 'image/jpeg' }],
    });
    const [stored] = await messagesOf(threadId);
    expect(stored).toMatchObject({
      body: 'Here is a photo of the style I want.',
      notice: MESSAGE_TEXTS.attachmentsDropped,
      via: 'email',
    });
  });

  it('cuts a text over the message limit, saying so', async () => {
    const { threadId } = await pair();
    await send({ to: addressFor(threadId, 'client'), text: 'a'.repeat(MESSAGE_LIMITS.bodyMax + 100) });
    const [stored] = await messagesOf(threadId);
    expect(stored!.body).toHaveLength(MESSAGE_LIMITS.bodyMax);
    expect(stored!.notice).toMatch(/was cut/);
  });

  it('is taken but adds nothing when only quoted history is left, or it is an auto-reply', async () => {
    const { threadId } = await pair();
    await send({ to: addressFor(threadId, 'client'), text: '> quoted only\n\nSent from my iPhone' });
    await send({
      to: addressFor(threadId, 'client'),
      text: 'I am out of the office until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(await messagesOf(threadId)).toEqual([]);
  });
});

describe('refused at RCPT TO (550), storing nothing', () => {
  it('a forged address, an altered one and another domain', async () => {
    const { threadId } = await pair();
    const forged = addressFor(threadId, 'client', undefined, new TextEncoder().encode('x'.repeat(48)));
    const good = addressFor(threadId, 'client');
    const altered = good.replace(/reply\+(.)/, (_, c: string) => `reply+${c === 'a' ? 'b' : 'a'}`);
    for (const to of [forged, altered, good.replace(DOMAIN, 'example.com'), `someone@${DOMAIN}`]) {
      const error = await refusal({ to, text: 'Let me in' });
      expect(error.responseCode, to).toBe(550);
    }
    expect(await messagesOf(threadId)).toEqual([]);
  });

  it('an expired address', async () => {
    const { threadId } = await pair();
    const expired = addressFor(threadId, 'client', new Date(t.clock.now().getTime() - 2 * DAY));
    const error = await refusal({ to: expired, text: 'Too late?' });
    expect(error.responseCode).toBe(550);
    expect(await messagesOf(threadId)).toEqual([]);
  });

  it('a read-only thread (a block), and a side whose account is gone', async () => {
    const { client, provider, threadId } = await pair();
    await t.db.insert(blockedClients).values({ providerId: provider.id, clientId: client.id });
    for (const side of ['client', 'provider'] as const) {
      const error = await refusal({ to: addressFor(threadId, side), text: 'Blocked' });
      expect(error.responseCode, side).toBe(550);
    }
    await t.db
      .delete(blockedClients)
      .where(and(eq(blockedClients.providerId, provider.id), eq(blockedClients.clientId, client.id)));
    await t.db.update(messageThreads).set({ clientId: null }).where(eq(messageThreads.id, threadId));
    for (const side of ['client', 'provider'] as const) {
      const error = await refusal({ to: addressFor(threadId, side), text: 'Gone' });
      expect(error.responseCode, side).toBe(550);
    }
    expect(await messagesOf(threadId)).toEqual([]);
  });
});

describe('limits', () => {
  it('an email over the size limit is refused with 552 and stores nothing', async () => {
    const { threadId } = await pair();
    const error = await refusal({
      to: addressFor(threadId, 'client'),
      text: 'big',
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(MESSAGE_LIMITS.inboundMaxBytes, 7) }],
    });
    expect(error.responseCode).toBe(552);
    expect(await messagesOf(threadId)).toEqual([]);
  });

  it(`takes at most ${INBOUND_PER_MINUTE} emails a minute per reply address (450: try later)`, async () => {
    const { threadId } = await pair();
    const to = addressFor(threadId, 'client');
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.app.inboundSmtp!.port,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Number.POSITIVE_INFINITY,
    });
    try {
      for (let i = 1; i <= INBOUND_PER_MINUTE; i++)
        await smtp.sendMail({ from: 'a@example.com', to, subject: 'Re', text: `Reply ${i}` });
      const error = await smtp
        .sendMail({ from: 'a@example.com', to, subject: 'Re', text: 'One too many' })
        .then(
          () => null,
          (e: { responseCode: number }) => e,
        );
      expect(error?.responseCode).toBe(450);
    } finally {
      smtp.close();
    }
    expect(await messagesOf(threadId)).toHaveLength(INBOUND_PER_MINUTE);
    // A minute later the address takes mail again.
    t.clock.advance(61_000);
    await send({ to, text: 'After the pause' });
    expect(await messagesOf(threadId)).toHaveLength(INBOUND_PER_MINUTE + 1);
  });
});
