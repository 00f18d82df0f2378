import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '#domain/forms.ts';
import { rowsOf } from '../db/client';
import { mailOutbox, messageThreads } from '../db/schema';
import { addressHash } from '../lib/address-hash';
import {
  buildTestApp,
  captureLog,
  DAY,
  HOUR,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '../test/build-test-app';
import {
  createVerifiedUser,
  DEFAULT_PASSWORD,
  findUserRow,
  insertProvider,
  insertUser,
  uniqueEmail,
} from '../test/factories';
import { enqueueMail, MAIL_RECIPIENT_CAPS, mailboxOf } from './outbox';

/**
 * Nobody can use the product to mail a third party. Every route that mails an
 * address a stranger typed (or a provider's address behind the message form) counts against one
 * per-recipient cap, whatever the client address; past it the mail is dropped and logged, and the
 * route answers exactly as before.
 */

const SUPPORT_EMAIL = 'help-desk@example.test';
const { perHour, perDay } = MAIL_RECIPIENT_CAPS.typed;
const typedKinds = [...MAIL_RECIPIENT_CAPS.typed.kinds];
const allCapped = [...typedKinds, ...MAIL_RECIPIENT_CAPS.messages.kinds];

let t: TestApp;
const log = captureLog();
beforeAll(async () => {
  t = await buildTestApp({ env: { SUPPORT_EMAIL }, log });
});
afterAll(async () => {
  await t?.close();
});

let ip = 0;
/** A new client address for every request: per-IP limits are no defence here. */
const rotate = () => `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.7`;

/** Rows of the typed-address group queued for this address (any case). */
async function queuedTo(address: string, kinds: string[] = typedKinds) {
  return t.db
    .select({ kind: mailOutbox.kind, status: mailOutbox.status })
    .from(mailOutbox)
    .where(
      and(eq(sql`lower(${mailOutbox.toAddress})`, address.toLowerCase()), inArray(mailOutbox.kind, kinds)),
    );
}

/** The capped events in the app's log so far. */
const cappedEvents = () => log.entries().filter((entry) => entry.security === 'mail-recipient-capped');

/** Waits until the message notifier has queued every email due (it runs in the background). */
async function messageMailsQueued() {
  await expect
    .poll(
      async () =>
        t.db.$count(
          messageThreads,
          or(
            lte(messageThreads.clientNotifyDueAt, t.clock.now()),
            lte(messageThreads.providerNotifyDueAt, t.clock.now()),
          ),
        ),
      { timeout: 15_000, interval: 50 },
    )
    .toBe(0);
}

/** Waits until everything queued is sent, then returns what the SMTP sink holds for this address. */
async function delivered(address: string) {
  await t.app.ctx.settle();
  await messageMailsQueued();
  await expect
    .poll(async () => (await queuedTo(address, allCapped)).filter((r) => r.status === 'pending').length, {
      timeout: 15_000,
      interval: 50,
    })
    .toBe(0);
  return t.smtp.mailsTo(address);
}

describe('per-recipient cap across routes and client addresses', () => {
  const victim = 'victim@example.com';
  let providerId: string;
  /** The first answer of each route: every later answer must be identical (no enumeration). */
  const firstAnswer = new Map<string, unknown>();
  let supportRequests = 0;

  beforeAll(async () => {
    // The victim's address belongs to a listed provider (so the message form reaches it); inserted
    // directly so that setting it up mails nothing.
    const provider = await insertProvider(t.db, { email: victim, name: 'Victim Studio' });
    providerId = provider.id;
  });

  /** Moves the clock. */
  async function advance(ms: number) {
    t.clock.advance(ms);
  }

  /** One attack request, chosen by turn: each reaches the victim's mailbox by another route. */
  async function attack(turn: number) {
    const route = turn % 5;
    const options = { ip: rotate() };
    let name: string;
    let res: TestResponse;
    if (route === 0) {
      name = 'signup';
      res = await t.post('/api/auth/signup', { email: victim, password: DEFAULT_PASSWORD }, options);
    } else if (route === 1) {
      name = 'forgot-password';
      res = await t.post('/api/auth/forgot-password', { email: victim }, options);
    } else if (route === 2) {
      // The victim's account is verified, so this one mails nothing; it still answers the same.
      name = 'resend-verification';
      res = await t.post('/api/auth/resend-verification', { email: victim }, options);
    } else if (route === 3) {
      name = 'support';
      supportRequests++;
      res = await t.post(
        '/api/feedback',
        { type: 'support', email: victim, subject: 'Hello', message: `Request ${turn}` },
        options,
      );
    } else {
      // Each from another client: a new conversation, whose first message is emailed at once.
      name = 'message';
      const writer = await createVerifiedUser(t, { email: uniqueEmail(`writer-${turn}`) });
      res = await t.post(
        '/api/messages',
        { providerId, message: `Message ${turn}` },
        { ...options, token: writer.session.access_token },
      );
      expect(res.body.threadId).toEqual(expect.any(String));
      delete res.body.threadId;
    }
    expect(res.status, `${name} #${turn}: ${res.text}`).toBe(200);
    expect(res.body.success).toBe(true);
    if (!firstAnswer.has(name)) firstAnswer.set(name, res.body);
    expect(res.body, `${name} #${turn} answers as the first one did`).toEqual(firstAnswer.get(name));
  }

  /** Requests that mail a typed address when under the cap: sign-up, forgot password, support
   *  (not resend: the account is verified; not messages: their own, wider cap). */
  const mailing = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => from + i).filter((turn) => [0, 1, 3].includes(turn % 5))
      .length;
  /** Messages sent in turns [from, to): all reach the provider, far under the messages cap. */
  const messagesIn = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => from + i).filter((turn) => turn % 5 === 4).length;

  it(`30 requests from 30 addresses over 5 routes: ${perHour} emails reach the victim in the hour, the rest are dropped and logged`, async () => {
    const loggedBefore = cappedEvents().length;
    for (let turn = 0; turn < 30; turn++) await attack(turn);

    const rows = await queuedTo(victim);
    expect(rows).toHaveLength(perHour);
    // The five came through different routes, counted together.
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['account-exists', 'reset-password', 'support-ack']),
    );
    // Messages to the provider's own address are counted apart, so every one of these arrived.
    await messageMailsQueued();
    expect(await queuedTo(victim, ['new-message'])).toHaveLength(messagesIn(0, 30));
    const mails = await delivered(victim);
    expect(mails).toHaveLength(perHour + messagesIn(0, 30));

    // Every dropped email is one security event, without the address in clear.
    const events = cappedEvents().slice(loggedBefore);
    expect(events).toHaveLength(mailing(0, 30) - perHour);
    for (const event of events) {
      expect(event).toMatchObject({
        security: 'mail-recipient-capped',
        window: 'hour',
        recipientDomain: 'example.com',
        recipientHash: addressHash(t.app.ctx.secret, victim),
      });
      expect(typedKinds).toContain(event.kind);
      expect(event.level).toBe(40); // warn
    }
    // The victim's address is personal data: it is nowhere in the log in clear.
    expect(log.text).not.toContain(victim);
    // Our own inbox is not a third party: every support request still reaches it.
    await expect
      .poll(() => t.smtp.mailsTo(SUPPORT_EMAIL).length, { timeout: 15_000, interval: 50 })
      .toBe(supportRequests);
    expect(firstAnswer.get('support')).toEqual({ success: true, message: FORM_TEXTS.supportSent });
  });

  it(`an hour later ${perHour} more get through, and no more than ${perDay} in a day`, async () => {
    let turn = 30;
    for (let hour = 1; hour * perHour < perDay; hour++) {
      await advance(HOUR + MINUTE);
      for (const end = turn + 15; turn < end; turn++) await attack(turn);
      expect(await queuedTo(victim)).toHaveLength((hour + 1) * perHour);
    }
    expect(await queuedTo(victim)).toHaveLength(perDay);

    // A fresh hour, but the day's share is used up: nothing more, logged as the daily cap.
    await advance(HOUR + MINUTE);
    const loggedBefore = cappedEvents().length;
    for (const end = turn + 15; turn < end; turn++) await attack(turn);
    expect(await queuedTo(victim)).toHaveLength(perDay);
    const events = cappedEvents().slice(loggedBefore);
    expect(events).toHaveLength(mailing(turn - 15, turn));
    expect(events.every((e) => e.window === 'day')).toBe(true);
    expect(await delivered(victim)).toHaveLength(perDay + messagesIn(0, turn));

    // A day after the first ones, they leave the window and the address can be mailed again.
    await advance(DAY - 4 * (HOUR + MINUTE) + MINUTE);
    for (const end = turn + 15; turn < end; turn++) await attack(turn);
    expect(await queuedTo(victim)).toHaveLength(perDay + perHour);
    expect(await delivered(victim)).toHaveLength(perDay + perHour + messagesIn(0, turn));
  });
});

describe('per-recipient cap with the per-IP limits on', () => {
  it('holds whatever the client address, while each route answers as usual', async () => {
    const limited = await buildTestApp({ rateLimit: true, env: { SUPPORT_EMAIL } });
    try {
      const victim = uniqueEmail('victim-limited');
      // The account stays unverified, so every sign-up sends a new verification link.
      for (let i = 0; i < 12; i++) {
        const options = { ip: rotate() };
        const res =
          i % 2 === 0
            ? await limited.post('/api/auth/signup', { email: victim, password: DEFAULT_PASSWORD }, options)
            : await limited.post(
                '/api/feedback',
                { type: 'support', email: victim, subject: 'Hi', message: `Note ${i}` },
                options,
              );
        expect(res.status, res.text).toBe(200);
        expect(res.body.success).toBe(true);
      }
      await limited.app.ctx.settle();
      expect(
        await limited.db.$count(
          mailOutbox,
          and(eq(mailOutbox.toAddress, victim), inArray(mailOutbox.kind, typedKinds)),
        ),
      ).toBe(perHour);
      await expect
        .poll(() => limited.smtp.mailsTo(victim).length, { timeout: 15_000, interval: 50 })
        .toBe(perHour);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(limited.smtp.mailsTo(victim)).toHaveLength(perHour);
    } finally {
      await limited.close();
    }
  });
});

describe('one mailbox, one cap', () => {
  it(`victim+0@… to victim+7@…: eight sign-ups reach one mailbox, and only ${perHour} emails get through`, async () => {
    // Eight addresses a provider delivers to the one mailbox victim-tags@example.org; each its own account.
    const tagged = Array.from({ length: 8 }, (_, i) => `victim-tags+${i}@example.org`);
    const loggedBefore = cappedEvents().length;
    const answers = [];
    for (const email of tagged) {
      const res = await t.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD }, { ip: rotate() });
      answers.push(res.body);
    }
    // Every sign-up answers alike and makes its account.
    expect(answers).toEqual(Array(tagged.length).fill(answers[0]));
    for (const email of tagged) expect(await findUserRow(t.db, email)).toBeDefined();

    // The mailbox's cap holds across the tags: the first five are queued, the other three dropped.
    const queued = await t.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(sql`mail_mailbox(${mailOutbox.toAddress})`, 'victim-tags@example.org'));
    expect(queued.map((r) => r.to).sort()).toEqual(tagged.slice(0, perHour));
    const events = cappedEvents().slice(loggedBefore);
    expect(events).toHaveLength(tagged.length - perHour);
    for (const event of events)
      expect(event).toMatchObject({
        kind: 'verify-email',
        window: 'hour',
        recipientDomain: 'example.org',
        recipientHash: addressHash(t.app.ctx.secret, 'victim-tags@example.org'),
      });
    await t.app.ctx.settle();
    await expect
      .poll(() => tagged.flatMap((email) => t.smtp.mailsTo(email)).length, { timeout: 15_000, interval: 50 })
      .toBe(perHour);

    // The untagged address, in any case, is the same mailbox: its share is used up too.
    const plain = 'Victim-Tags@Example.org';
    expect(
      await enqueueMail(t.app.ctx, t.db, {
        kind: 'reset-password',
        to: plain,
        subject: 'Reset',
        text: 'Reset',
        html: '<p>Reset</p>',
      }),
    ).toBe('capped');
    // Another mailbox at the same provider is not: `victim-tagsx` is not a tag of `victim-tags`.
    expect(
      await enqueueMail(t.app.ctx, t.db, {
        kind: 'reset-password',
        to: 'victim-tagsx+0@example.org',
        subject: 'Reset',
        text: 'Reset',
        html: '<p>Reset</p>',
      }),
    ).toBe('queued');
  });

  it("mailboxOf and the database's mail_mailbox() agree", async () => {
    const cases: [string, string][] = [
      ['victim@example.com', 'victim@example.com'],
      ['Victim+News@Example.COM', 'victim@example.com'],
      ['victim+a+b@example.com', 'victim@example.com'],
      ['victim+@example.com', 'victim@example.com'],
      ['first.last+tag@sub.example.co.uk', 'first.last@sub.example.co.uk'],
      ['plus-in-domain@exa+mple.com', 'plus-in-domain@exa+mple.com'],
      ['  Spaced+x@Example.com ', 'spaced@example.com'],
    ];
    for (const [address, mailbox] of cases) {
      expect(mailboxOf(address), address).toBe(mailbox);
      const result = await t.db.execute(sql`SELECT mail_mailbox(${address.trim()}) AS mailbox`);
      expect(rowsOf<{ mailbox: string }>(result)[0]?.mailbox, address).toBe(mailbox);
    }
  });
});

describe('the messages cap', () => {
  it(`a provider gets ${MAIL_RECIPIENT_CAPS.messages.perHour} messages an hour from many clients, then the rest are dropped and logged`, async () => {
    const { perHour: messagesPerHour } = MAIL_RECIPIENT_CAPS.messages;
    const providerEmail = uniqueEmail('busy-provider');
    const provider = await insertProvider(t.db, { email: providerEmail, name: 'Busy Studio' });
    const loggedBefore = cappedEvents().length;
    // Many clients write, as they would to a popular provider: each a new conversation, emailed at
    // once; the typed-address cap must not apply.
    for (let i = 0; i < messagesPerHour + 3; i++) {
      const client = await createVerifiedUser(t, { email: uniqueEmail(`client-${i}`) });
      const res = await t.post(
        '/api/messages',
        { providerId: provider.id, message: `Hello ${i}` },
        { ip: rotate(), token: client.session.access_token },
      );
      expect(res.status, res.text).toBe(200);
    }
    await messageMailsQueued();
    expect(await queuedTo(providerEmail, ['new-message'])).toHaveLength(messagesPerHour);
    const events = cappedEvents().slice(loggedBefore);
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.kind === 'new-message' && e.window === 'hour')).toBe(true);
    // The capped emails' messages are in the provider's inbox all the same.
    expect(await t.db.$count(messageThreads, eq(messageThreads.providerId, provider.id))).toBe(
      messagesPerHour + 3,
    );
    // The provider's share of typed-address mail is untouched: a reset link still goes out.
    expect(
      await enqueueMail(t.app.ctx, t.db, {
        kind: 'reset-password',
        to: providerEmail,
        subject: 'Reset',
        text: 'Reset',
        html: '<p>Reset</p>',
      }),
    ).toBe('queued');
  });
});

describe('enqueueMail', () => {
  it('lets requests racing for one recipient through one at a time: exactly the cap is queued', async () => {
    const target = uniqueEmail('race');
    await insertUser(t.db, { email: target });
    const raced = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.post('/api/auth/forgot-password', { email: target }, { ip: rotate() }),
      ),
    );
    expect(raced.map((r) => r.status)).toEqual(Array(12).fill(200));
    await t.app.ctx.settle();
    expect(await queuedTo(target)).toHaveLength(perHour);
  });

  it('counts an address whatever its case, and returns what it did', async () => {
    const target = uniqueEmail('case');
    const mail = { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
    const results = [];
    for (let i = 0; i < perHour + 1; i++) {
      const to = i % 2 === 0 ? target.toUpperCase() : target;
      results.push(await enqueueMail(t.app.ctx, t.db, { kind: 'verify-email', to, ...mail }));
    }
    expect(results).toEqual([...Array(perHour).fill('queued'), 'capped']);
    expect(await queuedTo(target)).toHaveLength(perHour);
  });

  it('does not cap mail the owner asked for or that follows a proof of the mailbox', async () => {
    const target = uniqueEmail('owner');
    const mail = { subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };
    for (let i = 0; i < perHour; i++)
      await enqueueMail(t.app.ctx, t.db, { kind: 'reset-password', to: target, ...mail });
    expect(await enqueueMail(t.app.ctx, t.db, { kind: 'reset-password', to: target, ...mail })).toBe(
      'capped',
    );
    for (const kind of ['password-changed', 'opening-alert', 'new-review', 'form-notice'] as const)
      expect(await enqueueMail(t.app.ctx, t.db, { kind, to: target, ...mail })).toBe('queued');
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, target))).toBe(perHour + 4);
  });
});
