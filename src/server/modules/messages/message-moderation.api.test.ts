import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import {
  MESSAGE_LIMITS,
  MESSAGE_MODERATION_TEXTS,
  MESSAGE_TEXTS,
  type MessageReportReason,
} from '#domain/messages-options.ts';
import { mailOutbox, messageReports, messages, messageThreads } from '#server/db/schema/index.ts';
import { buildTestApp, MINUTE, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * Reporting a message (a party who did not send it, once) and the moderators' lists and actions.
 * Threads and messages are stored straight into the tables (the conversations' own routes are
 * tested beside them), so each case starts from a known state.
 */

const ADMIN_EMAIL = uniqueEmail('admin');
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
const { remember, as } = freshLogins(() => t);
let admin: VerifiedUser;
let stranger: VerifiedUser;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = remember(await createVerifiedUser(t, { email: ADMIN_EMAIL }));
  expect(admin.user.role).toBe('admin');
  stranger = remember(
    await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sid Stranger' } }),
  );
});
afterAll(async () => {
  await t?.close();
});

function expectError(res: TestResponse, status: number, error: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, error, ...(message ? { message } : {}) });
}

/** A client and a provider with a thread between them. */
async function conversation(names: { client?: string; provider?: string } = {}) {
  const client = remember(
    await createVerifiedUser(t, { userData: { user_type: 'client', name: names.client ?? 'Cora Client' } }),
  );
  const provider = remember(await createVerifiedProvider(t, names.provider ? { name: names.provider } : {}));
  const [thread] = await t.db
    .insert(messageThreads)
    .values({ clientId: client.user.id, providerId: provider.user.id, lastSenderSide: 'client' })
    .returning({ id: messageThreads.id });
  return { client, provider, threadId: thread!.id };
}

async function send(
  c: Awaited<ReturnType<typeof conversation>>,
  side: 'client' | 'provider',
  body: string,
  createdAt = t.clock.now(),
) {
  const [row] = await t.db
    .insert(messages)
    .values({
      threadId: c.threadId,
      senderId: side === 'client' ? c.client.user.id : c.provider.user.id,
      senderSide: side,
      body,
      createdAt,
    })
    .returning({ id: messages.id });
  return row!.id;
}

const reportsOf = (messageId: string) =>
  t.db.select().from(messageReports).where(eq(messageReports.messageId, messageId));
const messageRow = async (id: string) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const allReports = () => t.db.$count(messageReports);

async function report(who: VerifiedUser, id: string, reason: MessageReportReason = 'spam', details?: string) {
  const res = await t.post(
    `/api/messages/${id}/report`,
    { reason, ...(details === undefined ? {} : { details }) },
    await as(who),
  );
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('POST /api/messages/:id/report', () => {
  it('lets the party who received the message report it, once, with its reason and details', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Buy cheap followers at spam.example');
    const res = await t.post(
      `/api/messages/${id}/report`,
      { reason: 'spam', details: '  An advert.  ' },
      await as(c.provider),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGE_TEXTS.reported });
    const stored = await reportsOf(id);
    expect(stored).toEqual([
      {
        messageId: id,
        reporterId: c.provider.user.id,
        reason: 'spam',
        details: 'An advert.',
        createdAt: expect.any(Date),
      },
    ]);

    // Again (another reason): 409, and the first report stands.
    const again = await t.post(`/api/messages/${id}/report`, { reason: 'scam' }, await as(c.provider));
    expectError(again, 409, 'CONFLICT', MESSAGE_TEXTS.alreadyReported);
    expect(await reportsOf(id)).toEqual(stored);
  });

  it('lets a client report a message from the provider; empty details are stored as none', async () => {
    const c = await conversation();
    const id = await send(c, 'provider', 'Pay me in gift cards first');
    await report(c.client, id, 'scam', '   ');
    expect(await reportsOf(id)).toEqual([
      expect.objectContaining({ reporterId: c.client.user.id, details: null }),
    ]);
  });

  it("refuses the message's own sender with a clear 400, and stores nothing", async () => {
    const c = await conversation();
    const fromClient = await send(c, 'client', 'Hello');
    const fromProvider = await send(c, 'provider', 'Hi there');
    for (const [who, id] of [
      [c.client, fromClient],
      [c.provider, fromProvider],
    ] as const) {
      const res = await t.post(`/api/messages/${id}/report`, { reason: 'spam' }, await as(who));
      expectError(res, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.reportOwn);
      expect(res.body.issues).toEqual([{ path: 'id', message: MESSAGE_TEXTS.reportOwn }]);
    }
    expect(await reportsOf(fromClient)).toEqual([]);
    expect(await reportsOf(fromProvider)).toEqual([]);
  });

  it('answers 404 to anyone outside the conversation (an admin too), and for unknown or malformed ids', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Private words');
    const before = await allReports();
    const otherProvider = remember(await createVerifiedProvider(t));
    for (const who of [stranger, otherProvider, admin]) {
      const res = await t.post(`/api/messages/${id}/report`, { reason: 'spam' }, await as(who));
      expectError(res, 404, 'NOT_FOUND', MESSAGE_MODERATION_TEXTS.messageNotFound);
    }
    for (const bad of [NO_SUCH_ID, 'not-an-id', c.threadId]) {
      const res = await t.post(`/api/messages/${bad}/report`, { reason: 'spam' }, await as(c.provider));
      expectError(res, 404, 'NOT_FOUND', MESSAGE_MODERATION_TEXTS.messageNotFound);
    }
    expect(await allReports()).toBe(before);
  });

  it('needs a signed-in account', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Hello');
    expectError(await t.post(`/api/messages/${id}/report`, { reason: 'spam' }), 401, 'UNAUTHORIZED');
    expect(await reportsOf(id)).toEqual([]);
  });

  it('refuses a missing reason or long details with the form’s words, and stores nothing', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Hello');
    const auth = await as(c.provider);
    const cases: [object, string, string][] = [
      [{}, 'reason', MESSAGE_TEXTS.reportReasonRequired],
      [{ reason: 'rude' }, 'reason', MESSAGE_TEXTS.reportReasonRequired],
      [
        { reason: 'other', details: 'x'.repeat(MESSAGE_LIMITS.reportDetailsMax + 1) },
        'details',
        MESSAGE_TEXTS.reportDetailsTooLong,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.post(`/api/messages/${id}/report`, body, auth);
      expectError(res, 400, 'VALIDATION_ERROR', message);
      expect(res.body.issues).toEqual([{ path, message }]);
    }
    expect(await reportsOf(id)).toEqual([]);
  });
});

describe('the moderators: GET /api/admin/messages and PUT /api/admin/messages/:id', () => {
  it("is the admins' only: 401 without a token, 'Access Denied' to everyone else, and nothing changes", async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Reported words');
    await report(c.provider, id);
    const before = await messageRow(id);
    for (const who of [c.client, c.provider, stranger]) {
      for (const url of ['/api/admin/messages', '/api/admin/messages?status=hidden']) {
        expectError(await t.get(url, await as(who)), 403, 'FORBIDDEN', ADMIN_TEXTS.accessDenied);
      }
      for (const action of ['hide', 'restore', 'warn', 'dismiss']) {
        const res = await t.put(`/api/admin/messages/${id}`, { action }, await as(who));
        expectError(res, 403, 'FORBIDDEN', ADMIN_TEXTS.accessDenied);
      }
    }
    expectError(await t.get('/api/admin/messages'), 401, 'UNAUTHORIZED');
    expectError(await t.put(`/api/admin/messages/${id}`, { action: 'hide' }), 401, 'UNAUTHORIZED');
    expect(await messageRow(id)).toEqual(before);
    expect(await reportsOf(id)).toHaveLength(1);
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.kind, 'message-warning'))).toBe(0);
  });

  it('lists reported messages, the newest report first, with the text, both people and every report', async () => {
    const c = await conversation({ client: 'Rita Rude', provider: 'Calm Studio' });
    const first = await send(c, 'client', 'First bad message');
    const second = await send(c, 'client', 'Second bad message');
    const reporter2 = c.provider;
    await report(reporter2, first, 'harassment', 'Threatening');
    t.clock.advance(MINUTE);
    await report(reporter2, second, 'spam');
    t.clock.advance(MINUTE);
    // A provider's message reported by the client.
    const fromProvider = await send(c, 'provider', 'Provider spam');
    await report(c.client, fromProvider, 'offensive', 'Rude words');
    t.clock.advance(MINUTE);

    const res = await t.get('/api/admin/messages?status=reported', await as(admin));
    expect(res.status, res.text).toBe(200);
    const ids = res.body.messages.map((m: { id: string }) => m.id);
    expect(ids.slice(0, 3)).toEqual([fromProvider, second, first]);
    const [stored] = await reportsOf(first);
    expect(res.body.messages[2]).toEqual({
      id: first,
      thread_id: c.threadId,
      body: 'First bad message',
      created_at: expect.stringMatching(/Z$/),
      sender: { id: c.client.user.id, name: 'Rita Rude', email: c.client.email },
      recipient: { id: c.provider.user.id, name: c.provider.user.name },
      report_count: 1,
      reasons: ['harassment'],
      details: ['Threatening'],
      last_reported_at: expect.stringMatching(/Z$/),
      hidden_at: null,
      warned_at: null,
    });
    expect(Date.parse(res.body.messages[2].last_reported_at)).toBe(stored!.createdAt.getTime());
    expect(res.body.messages[0]).toMatchObject({
      sender: { id: c.provider.user.id, name: c.provider.user.name, email: c.provider.email },
      recipient: { id: c.client.user.id, name: 'Rita Rude' },
      reasons: ['offensive'],
      details: ['Rude words'],
    });
    // The default list is the reported one.
    const byDefault = await t.get('/api/admin/messages', await as(admin));
    expect(byDefault.body.messages.map((m: { id: string }) => m.id).slice(0, 3)).toEqual(ids.slice(0, 3));
  });

  it('hides a message (out of the reported list, into the hidden one), shows it again, and keeps the first hider', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Hide me');
    await report(c.provider, id);
    const auth = await as(admin);

    const hide = await t.put(`/api/admin/messages/${id}`, { action: 'hide' }, auth);
    expect(hide.status, hide.text).toBe(200);
    expect(hide.body).toMatchObject({
      success: true,
      message: MESSAGE_MODERATION_TEXTS.hidden,
      item: { id, body: 'Hide me', hidden_at: expect.any(String), report_count: 1 },
    });
    const hiddenRow = await messageRow(id);
    expect(hiddenRow.hiddenBy).toBe(admin.user.id);
    expect(hiddenRow.hiddenAt).not.toBeNull();

    // Both parties now see that the moderators hid it, never its text.
    for (const who of [c.client, c.provider]) {
      const thread = await t.get(`/api/threads/${c.threadId}`, await as(who));
      expect(thread.status, thread.text).toBe(200);
      expect(thread.body.messages).toEqual([expect.objectContaining({ id, body: '', hidden: true })]);
      expect(thread.text).not.toContain('Hide me');
    }

    const reported = await t.get('/api/admin/messages?status=reported', auth);
    expect(reported.body.messages.map((m: { id: string }) => m.id)).not.toContain(id);
    const hidden = await t.get('/api/admin/messages?status=hidden', auth);
    expect(hidden.body.messages[0]).toMatchObject({ id, hidden_at: hide.body.item.hidden_at });

    // Hiding again keeps the first time.
    t.clock.advance(MINUTE);
    expect((await t.put(`/api/admin/messages/${id}`, { action: 'hide' }, auth)).status).toBe(200);
    expect(await messageRow(id)).toEqual(hiddenRow);

    const restore = await t.put(`/api/admin/messages/${id}`, { action: 'restore' }, auth);
    expect(restore.status, restore.text).toBe(200);
    expect(restore.body).toMatchObject({
      message: MESSAGE_MODERATION_TEXTS.restored,
      item: { hidden_at: null },
    });
    expect(await messageRow(id)).toMatchObject({ hiddenAt: null, hiddenBy: null });
    const shown = await t.get(`/api/threads/${c.threadId}`, await as(c.client));
    expect(shown.body.messages).toEqual([expect.objectContaining({ id, body: 'Hide me', hidden: false })]);
    const back = await t.get('/api/admin/messages?status=reported', auth);
    expect(back.body.messages.map((m: { id: string }) => m.id)).toContain(id);
  });

  it('warns the sender by email: the rules, the message quoted as text, what repeated breaches bring', async () => {
    const c = await conversation({ client: 'Wanda Warned' });
    const id = await send(c, 'client', '<b>Pay me</b> & "now" <script>alert(1)</script>');
    await report(c.provider, id, 'scam');
    const res = await t.put(`/api/admin/messages/${id}`, { action: 'warn' }, await as(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      message: MESSAGE_MODERATION_TEXTS.warned,
      item: { id, warned_at: expect.any(String), hidden_at: null },
    });
    expect((await messageRow(id)).warnedAt).not.toBeNull();
    const mail = await t.smtp.waitForMail(c.client.email, (m) => m.subject.includes('warning'));
    expect(mail.text).toContain('“<b>Pay me</b> & "now" <script>alert(1)</script>”');
    expect(mail.text).toContain('Hi Wanda Warned,');
    expect(mail.text).toContain(c.provider.user.name);
    expect(mail.text).toMatch(/close your Glowfind account/);
    expect(mail.text).toContain('Be respectful');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;b&gt;Pay me&lt;/b&gt;');
    // Nothing went to the person who reported it.
    expect(t.smtp.mailsTo(c.provider.email).filter((m) => m.subject.includes('warning'))).toEqual([]);
    // Still reported: a warning neither hides the message nor dismisses its reports.
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it("dismisses a message's reports; after that (never hidden) it is a 404 for every action", async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Fine after all');
    await report(c.provider, id, 'other', 'Not sure');
    const auth = await as(admin);
    const res = await t.put(`/api/admin/messages/${id}`, { action: 'dismiss' }, auth);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      message: MESSAGE_MODERATION_TEXTS.dismissed,
      item: { id, report_count: 0, reasons: [], details: [], last_reported_at: null },
    });
    expect(await reportsOf(id)).toEqual([]);
    const list = await t.get('/api/admin/messages?status=reported', auth);
    expect(list.body.messages.map((m: { id: string }) => m.id)).not.toContain(id);
    const before = await messageRow(id);
    for (const action of ['hide', 'restore', 'warn', 'dismiss']) {
      expectError(
        await t.put(`/api/admin/messages/${id}`, { action }, auth),
        404,
        'NOT_FOUND',
        MESSAGE_MODERATION_TEXTS.messageNotFound,
      );
    }
    expect(await messageRow(id)).toEqual(before);
  });

  it('dismissing the reports of a hidden message keeps it hidden and in the hidden list', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Hidden and dismissed');
    await report(c.provider, id);
    const auth = await as(admin);
    expect((await t.put(`/api/admin/messages/${id}`, { action: 'hide' }, auth)).status).toBe(200);
    expect((await t.put(`/api/admin/messages/${id}`, { action: 'dismiss' }, auth)).status).toBe(200);
    expect((await messageRow(id)).hiddenAt).not.toBeNull();
    const hidden = await t.get('/api/admin/messages?status=hidden', auth);
    expect(hidden.body.messages.map((m: { id: string }) => m.id)).toContain(id);
    // Still hidden, so still moderated: it can be shown again.
    expect((await t.put(`/api/admin/messages/${id}`, { action: 'restore' }, auth)).status).toBe(200);
  });

  it('answers 404 for a message never reported, unknown or malformed ids, and 400 for a bad action', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'Never reported');
    const before = await messageRow(id);
    const auth = await as(admin);
    for (const target of [id, NO_SUCH_ID, 'not-an-id']) {
      for (const action of ['hide', 'restore', 'warn', 'dismiss']) {
        expectError(
          await t.put(`/api/admin/messages/${target}`, { action }, auth),
          404,
          'NOT_FOUND',
          MESSAGE_MODERATION_TEXTS.messageNotFound,
        );
      }
    }
    for (const body of [{}, { action: 'delete' }]) {
      expectError(await t.put(`/api/admin/messages/${id}`, body, auth), 400, 'VALIDATION_ERROR');
    }
    expectError(await t.get('/api/admin/messages?status=all', auth), 400, 'VALIDATION_ERROR');
    expectError(await t.get('/api/admin/messages?cursor=nope', auth), 400, 'VALIDATION_ERROR');
    expect(await messageRow(id)).toEqual(before);
  });

  it('names a deleted sender and recipient as deleted accounts, and warns nobody', async () => {
    const c = await conversation();
    const id = await send(c, 'client', 'From a gone account');
    await report(c.provider, id);
    // The sender's account is deleted: its foreign keys set the thread's side and the sender to null.
    const del = await t.del(
      '/api/account',
      { current_password: c.client.password, confirm: 'DELETE' },
      await as(c.client),
    );
    expect(del.status, del.text).toBe(200);
    const auth = await as(admin);
    const list = await t.get('/api/admin/messages?status=reported', auth);
    const item = list.body.messages.find((m: { id: string }) => m.id === id);
    expect(item).toMatchObject({
      sender: { id: null, name: MESSAGE_TEXTS.deletedAccount, email: null },
      recipient: { id: c.provider.user.id, name: c.provider.user.name },
    });
    const warn = await t.put(`/api/admin/messages/${id}`, { action: 'warn' }, auth);
    expect(warn.status, warn.text).toBe(200);
    expect(warn.body.message).toBe(MESSAGE_MODERATION_TEXTS.warnedNoSender);
    expect((await messageRow(id)).warnedAt).toBeNull();
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, c.client.email))).toBeGreaterThan(0);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'message-warning'))
        .then((rows) => rows.filter((r) => r.toAddress === c.client.email)),
    ).toEqual([]);
  });

  it('pages both lists by cursor, newest first, without gaps or repeats', async () => {
    const c = await conversation();
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const id = await send(c, 'client', `Paged ${i}`);
      await t.db
        .insert(messageReports)
        .values({ messageId: id, reporterId: c.provider.user.id, reason: 'spam', createdAt: t.clock.now() });
      t.clock.advance(1000);
      ids.unshift(id);
    }
    const auth = await as(admin);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse = await t.get(
        `/api/admin/messages?status=reported${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        auth,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.messages.length).toBeLessThanOrEqual(20);
      seen.push(...res.body.messages.map((m: { id: string }) => m.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    // Newest reports first: these 23 lead, and nothing repeats.
    expect(seen.slice(0, 23)).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThanOrEqual(2);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('20 reports an hour per account: the 21st is a 429 and stores nothing', async () => {
    const client = await createVerifiedUser(limited, {
      userData: { user_type: 'client', name: 'Rapid Reporter' },
    });
    const provider = await createVerifiedUser(limited, {
      userData: { user_type: 'client', name: 'Other Side' },
    });
    const [thread] = await limited.db
      .insert(messageThreads)
      .values({ clientId: client.user.id, providerId: provider.user.id, lastSenderSide: 'provider' })
      .returning({ id: messageThreads.id });
    const [message] = await limited.db
      .insert(messages)
      .values({ threadId: thread!.id, senderId: provider.user.id, senderSide: 'provider', body: 'Spam' })
      .returning({ id: messages.id });
    const token = { token: client.session.access_token };
    // Every attempt counts, refused ones too.
    for (let i = 0; i < 20; i++) {
      const res = await limited.post(`/api/messages/${NO_SUCH_ID}/report`, { reason: 'spam' }, token);
      expect(res.status, res.text).toBe(404);
    }
    const res = await limited.post(`/api/messages/${message!.id}/report`, { reason: 'spam' }, token);
    expectRateLimited(res, 3600);
    expect(await limited.db.$count(messageReports)).toBe(0);
    // Another account has its own allowance.
    const own = await limited.post(
      `/api/messages/${message!.id}/report`,
      { reason: 'spam' },
      { token: provider.session.access_token },
    );
    expectError(own, 400, 'VALIDATION_ERROR', MESSAGE_TEXTS.reportOwn);
  });
});
