import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import {
  blockedClients,
  blockedProviders,
  favorites,
  messageReplyTimes,
  messageReports,
  messages,
  messageThreads,
  users,
} from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, DAY, MINUTE, type RequestOptions, type TestApp } from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  findUserRow,
  insertProvider,
  insertUser,
  uniqueEmail,
} from '#server/test/factories.ts';
import { findThreadSide, postToThread } from './threads.service';

/**
 * The conversations API: the inbox and its pages, one thread and its pages, replies, read marks,
 * unread counts, blocking from a thread, deleted parties, who may see what, and the columns the
 * notifier and the reply times read. Stored state is checked after every write and every refusal.
 */

const ADMIN_EMAIL = uniqueEmail('admin');
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  // The notifier's columns are asserted as the messages left them.
  await t.app.messageNotifier.stop();
});
afterAll(async () => {
  await t.close();
});

/** A bearer token for a user, valid at the test clock (inserted users never log in). */
async function as(userId: string): Promise<RequestOptions> {
  return { token: (await signAccessToken(t.app.ctx.secret, userId, t.clock.now())).token };
}

type Person = Awaited<ReturnType<typeof insertUser>>;

/** `client` writes to `provider` from the profile; answers the thread's id. */
async function write(client: Person, provider: Person, message = 'Hello'): Promise<string> {
  const res = await t.post('/api/messages', { providerId: provider.id, message }, await as(client.id));
  expect(res.status).toBe(200);
  t.clock.advance(1000);
  return res.body.threadId;
}

async function reply(threadId: string, sender: Person, message = 'Reply') {
  const res = await t.post(`/api/threads/${threadId}/messages`, { message }, await as(sender.id));
  t.clock.advance(1000);
  return res;
}

async function threadRow(id: string) {
  const [row] = await t.db.select().from(messageThreads).where(eq(messageThreads.id, id));
  return row!;
}
const countMessages = (threadId: string) => t.db.$count(messages, eq(messages.threadId, threadId));

async function unread(person: Person): Promise<number> {
  const res = await t.get('/api/threads/unread', await as(person.id));
  expect(res.status).toBe(200);
  return res.body.unread;
}

async function inbox(person: Person, query = '') {
  const res = await t.get(`/api/threads${query}`, await as(person.id));
  expect(res.status).toBe(200);
  return res.body as { threads: { id: string; [k: string]: unknown }[]; nextCursor: string | null };
}

describe('the inbox: GET /api/threads', () => {
  it("lists the reader's threads on both sides, newest message first, with the other party and the last message", async () => {
    const me = await insertProvider(t.db, { name: 'Mia Provider' });
    const writer = await insertUser(t.db, { name: 'Sam Writer' });
    const other = await insertProvider(t.db, { name: 'Other Studio', avatarUrl: '/uploads/avatars/o.webp' });
    const asClient = await write(me, other, 'I wrote to Other');
    const asProvider = await write(writer, me, 'Sam wrote to Mia');

    const list = await inbox(me);
    expect(list.nextCursor).toBeNull();
    expect(list.threads.map((th) => th.id)).toEqual([asProvider, asClient]);
    const [first, second] = list.threads;
    expect(first).toEqual({
      id: asProvider,
      role: 'provider',
      other: { id: writer.id, name: 'Sam Writer', avatar_url: null, routing_slug: null },
      last_message: { body: 'Sam wrote to Mia', mine: false, hidden: false, created_at: expect.any(String) },
      unread_count: 1,
      awaiting_reply: true,
      read_only: null,
    });
    expect(second).toEqual({
      id: asClient,
      role: 'client',
      other: {
        id: other.id,
        name: 'Other Studio',
        avatar_url: '/uploads/avatars/o.webp',
        routing_slug: other.routingSlug,
      },
      last_message: { body: 'I wrote to Other', mine: true, hidden: false, created_at: expect.any(String) },
      unread_count: 0,
      awaiting_reply: false,
      read_only: null,
    });

    // An answer moves the older thread to the top.
    expect((await reply(asClient, other, 'Answer from Other')).status).toBe(200);
    expect((await inbox(me)).threads.map((th) => th.id)).toEqual([asClient, asProvider]);
  });

  it("does not show a client's default name (their email's local part)", async () => {
    const provider = await insertProvider(t.db);
    const email = uniqueEmail('nameless');
    const nameless = await insertUser(t.db, { email, name: email.split('@')[0]! });
    await write(nameless, provider);
    const [thread] = (await inbox(provider)).threads;
    expect(thread!.other).toMatchObject({ id: nameless.id, name: MESSAGE_TEXTS.unnamedMember });
  });

  it(`pages by keyset, ${MESSAGE_LIMITS.threadsPage} threads a page, without repeats or gaps`, async () => {
    const client = await insertUser(t.db);
    const count = MESSAGE_LIMITS.threadsPage + 3;
    const providers = await Promise.all(Array.from({ length: count }, () => insertProvider(t.db)));
    const ids: string[] = [];
    for (const [i, provider] of providers.entries()) {
      if (i === MESSAGE_LIMITS.newThreadsPerDay) t.clock.advance(DAY); // the daily number of new threads
      ids.push(await write(client, provider, `Message ${i}`));
    }
    const first = await inbox(client);
    expect(first.threads).toHaveLength(MESSAGE_LIMITS.threadsPage);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await inbox(client, `?cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.threads, ...second.threads].map((th) => th.id)).toEqual(ids.toReversed());

    const bad = await t.get('/api/threads?cursor=not-a-cursor', await as(client.id));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'cursor', message: 'Invalid page cursor' }]);
    const badFilter = await t.get('/api/threads?filter=starred', await as(client.id));
    expect(badFilter.status).toBe(400);
  });

  it("filters 'unanswered': threads where the reader is the provider and the client waits", async () => {
    const provider = await insertProvider(t.db);
    const waiting = await insertUser(t.db);
    const answered = await insertUser(t.db);
    const elsewhere = await insertProvider(t.db);
    const waitingThread = await write(waiting, provider);
    const answeredThread = await write(answered, provider);
    await write(provider, elsewhere); // the provider waits here as a client: not theirs to answer
    expect((await reply(answeredThread, provider)).status).toBe(200);

    const list = await inbox(provider, '?filter=unanswered');
    expect(list.threads.map((th) => th.id)).toEqual([waitingThread]);
    expect(list.threads[0]).toMatchObject({ awaiting_reply: true, role: 'provider' });
    expect((await inbox(provider)).threads).toHaveLength(3);
    // A client owes no answers.
    expect((await inbox(waiting, '?filter=unanswered')).threads).toEqual([]);
    // The client writing again keeps it waiting from the first message.
    const before = (await threadRow(waitingThread)).awaitingReplySince;
    await write(waiting, provider, 'Any news?');
    expect((await threadRow(waitingThread)).awaitingReplySince).toEqual(before);
  });
});

describe('unread counts and read marks', () => {
  it('counts unread messages per thread and in total; reading a thread does not mark it, the read route does', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const client2 = await insertUser(t.db);
    const thread = await write(client, provider, 'One');
    await write(client, provider, 'Two');
    const thread2 = await write(client2, provider, 'Three');

    expect(await unread(provider)).toBe(3);
    expect(await unread(client)).toBe(0);
    const list = await inbox(provider);
    expect(list.threads.map((th) => [th.id, th.unread_count])).toEqual([
      [thread2, 1],
      [thread, 2],
    ]);

    // Opening the thread leaves it unread; its messages say the provider has not read them.
    const seen = await t.get(`/api/threads/${thread}`, await as(provider.id));
    expect(seen.status).toBe(200);
    expect(seen.body.messages.map((m: { read: boolean; mine: boolean }) => [m.mine, m.read])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(await unread(provider)).toBe(3);
    const clientView = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(clientView.body.messages.map((m: { read: boolean }) => m.read)).toEqual([false, false]);

    const read = await t.post(`/api/threads/${thread}/read`, undefined, await as(provider.id));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true, unread: 1 });
    expect((await threadRow(thread)).providerReadAt).not.toBeNull();
    expect(await unread(provider)).toBe(1);
    expect((await inbox(provider)).threads.map((th) => th.unread_count)).toEqual([1, 0]);

    // Now the client sees their messages read, and the provider sees them read too.
    const afterClient = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(afterClient.body.messages.map((m: { read: boolean; mine: boolean }) => [m.mine, m.read])).toEqual([
      [true, true],
      [true, true],
    ]);
    const afterProvider = await t.get(`/api/threads/${thread}`, await as(provider.id));
    expect(afterProvider.body.messages.map((m: { read: boolean }) => m.read)).toEqual([true, true]);

    // A new message is unread again; the provider's own reply marks their side read.
    t.clock.advance(1000);
    await write(client, provider, 'Four');
    expect(await unread(provider)).toBe(2);
    expect((await reply(thread, provider, 'Got them all')).status).toBe(200);
    expect(await unread(provider)).toBe(1);
    expect(await unread(client)).toBe(1);
  });

  it('leaves hidden messages out of the counts and shows them without their text', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'Visible');
    await write(client, provider, 'Rude words');
    await t.db
      .update(messages)
      .set({ hiddenAt: t.clock.now() })
      .where(and(eq(messages.threadId, thread), eq(messages.body, 'Rude words')));

    expect(await unread(provider)).toBe(1);
    const [summary] = (await inbox(provider)).threads;
    expect(summary).toMatchObject({ unread_count: 1, last_message: { body: '', hidden: true, mine: false } });
    const view = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(view.body.messages.map((m: { body: string; hidden: boolean }) => [m.body, m.hidden])).toEqual([
      ['Visible', false],
      ['', true],
    ]);
  });
});

describe('one thread: GET /api/threads/:id', () => {
  it('answers the thread, its messages oldest first, and older pages by keyset', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'Message 0');
    const total = MESSAGE_LIMITS.messagesPage + 5;
    // Older history, inserted at distinct times before the first message.
    const start = t.clock.now().getTime() - 10 * DAY;
    await t.db.insert(messages).values(
      Array.from({ length: total - 1 }, (_, i) => ({
        threadId: thread,
        senderId: i % 2 ? provider.id : client.id,
        senderSide: i % 2 ? ('provider' as const) : ('client' as const),
        body: `Old ${i}`,
        createdAt: new Date(start + i * MINUTE),
      })),
    );
    const reported = await t.db.select().from(messages).where(eq(messages.body, 'Old 1'));
    await t.db
      .insert(messageReports)
      .values({ messageId: reported[0]!.id, reporterId: client.id, reason: 'spam' });

    const page1 = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(page1.status).toBe(200);
    expect(page1.body.messages).toHaveLength(MESSAGE_LIMITS.messagesPage);
    expect(page1.body.messages.at(-1)).toEqual({
      id: expect.any(String),
      mine: true,
      body: 'Message 0',
      hidden: false,
      via: 'app',
      notice: null,
      created_at: expect.any(String),
      read: false,
      reported: false,
    });
    expect(page1.body.thread).toMatchObject({ id: thread, role: 'client', read_only: null });
    expect(page1.body).toMatchObject({ can_reply: true, blocked: false, olderCursor: expect.any(String) });

    const page2 = await t.get(
      `/api/threads/${thread}?before=${encodeURIComponent(page1.body.olderCursor)}`,
      await as(client.id),
    );
    expect(page2.status).toBe(200);
    expect(page2.body.olderCursor).toBeNull();
    const bodies = [...page2.body.messages, ...page1.body.messages].map((m: { body: string }) => m.body);
    expect(bodies).toEqual([...Array.from({ length: total - 1 }, (_, i) => `Old ${i}`), 'Message 0']);
    const old1 = page2.body.messages.find((m: { body: string }) => m.body === 'Old 1');
    expect(old1).toMatchObject({ mine: false, reported: true });
    // The provider did not report it.
    const providerPage = await t.get(
      `/api/threads/${thread}?before=${encodeURIComponent(page1.body.olderCursor)}`,
      await as(provider.id),
    );
    expect(providerPage.body.messages.find((m: { body: string }) => m.body === 'Old 1')).toMatchObject({
      mine: true,
      reported: false,
    });

    const bad = await t.get(`/api/threads/${thread}?before=nope`, await as(client.id));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'before', message: 'Invalid page cursor' }]);
  });
});

describe('replies: POST /api/threads/:id/messages and postToThread', () => {
  it("answers the posted message and updates the thread: order, the sender's read mark, who waits", async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'Question');
    const res = await reply(thread, provider, '  Yes, Friday at 3 works.  ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: {
        id: expect.any(String),
        mine: true,
        body: 'Yes, Friday at 3 works.',
        hidden: false,
        via: 'app',
        notice: null,
        created_at: expect.any(String),
        read: false,
        reported: false,
      },
    });
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, res.body.message.id));
    expect(stored).toMatchObject({
      senderId: provider.id,
      senderSide: 'provider',
      body: 'Yes, Friday at 3 works.',
    });
    const row = await threadRow(thread);
    expect(row.lastSenderSide).toBe('provider');
    expect(row.lastMessageAt.getTime()).toBe(stored!.createdAt.getTime());
    expect(row.providerReadAt?.getTime()).toBe(stored!.createdAt.getTime());
    expect(row.awaitingReplySince).toBeNull();
    expect(row.clientNotifyDueAt?.getTime()).toBe(stored!.createdAt.getTime());
  });

  it("records how long the provider took to answer the client's oldest waiting message", async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'First');
    const since = (await threadRow(thread)).awaitingReplySince!;
    t.clock.advance(20 * MINUTE);
    await write(client, provider, 'Second');
    t.clock.advance(17 * MINUTE);
    expect((await reply(thread, provider, 'Answer')).status).toBe(200);
    const times = await t.db.select().from(messageReplyTimes).where(eq(messageReplyTimes.threadId, thread));
    expect(times).toHaveLength(1);
    expect(times[0]).toMatchObject({ providerId: provider.id, minutes: 37 });
    expect(times[0]!.repliedAt.getTime() - since.getTime()).toBeGreaterThanOrEqual(37 * MINUTE);
    // A second answer with nothing waiting records nothing.
    expect((await reply(thread, provider, 'And another thing')).status).toBe(200);
    expect(await t.db.$count(messageReplyTimes, eq(messageReplyTimes.threadId, thread))).toBe(1);
    // The client's own replies never do.
    expect((await reply(thread, client, 'Thanks')).status).toBe(200);
    expect(await t.db.$count(messageReplyTimes, eq(messageReplyTimes.threadId, thread))).toBe(1);
  });

  it("schedules the recipient's email: due at once, then no sooner than 15 minutes after the last one", async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'First');
    const first = await threadRow(thread);
    const [firstMessage] = await t.db.select().from(messages).where(eq(messages.threadId, thread));
    expect(first.providerNotifyDueAt?.getTime()).toBe(firstMessage!.createdAt.getTime());

    // A second message while the email is still due leaves it due as it was.
    await write(client, provider, 'Second');
    expect((await threadRow(thread)).providerNotifyDueAt).toEqual(first.providerNotifyDueAt);

    // The notifier emailed the provider (simulated): nothing due, notified now.
    const notifiedAt = t.clock.now();
    await t.db
      .update(messageThreads)
      .set({ providerNotifiedAt: notifiedAt, providerNotifyDueAt: null })
      .where(eq(messageThreads.id, thread));
    t.clock.advance(5 * MINUTE);
    await write(client, provider, 'Third');
    expect((await threadRow(thread)).providerNotifyDueAt?.getTime()).toBe(
      notifiedAt.getTime() + MESSAGE_LIMITS.notifyEveryMinutes * MINUTE,
    );

    // Long after the last email, the next one is due at once.
    await t.db.update(messageThreads).set({ providerNotifyDueAt: null }).where(eq(messageThreads.id, thread));
    t.clock.advance(30 * MINUTE);
    const at = t.clock.now().getTime();
    await write(client, provider, 'Fourth');
    const due = (await threadRow(thread)).providerNotifyDueAt!.getTime();
    expect(due).toBeGreaterThanOrEqual(at);
    expect(due).toBeLessThan(at + MINUTE);
    // The sender's side is never scheduled for their own messages.
    expect((await threadRow(thread)).clientNotifyDueAt).toBeNull();
  });

  it('posts a reply received by email with its notice, and finds each side of a thread', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'Hi');
    const posted = await postToThread(t.app.ctx, {
      threadId: thread,
      senderId: provider.id,
      body: 'Answered from my mail app',
      via: 'email',
      notice: MESSAGE_TEXTS.attachmentsDropped,
    });
    expect(posted).toMatchObject({ mine: true, via: 'email', notice: MESSAGE_TEXTS.attachmentsDropped });
    const view = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(view.body.messages.at(-1)).toMatchObject({
      body: 'Answered from my mail app',
      mine: false,
      via: 'email',
      notice: MESSAGE_TEXTS.attachmentsDropped,
    });
    expect(await findThreadSide(t.app.ctx, thread, 'client')).toBe(client.id);
    expect(await findThreadSide(t.app.ctx, thread, 'provider')).toBe(provider.id);
    expect(await findThreadSide(t.app.ctx, NO_SUCH_ID, 'client')).toBeNull();
    expect(await findThreadSide(t.app.ctx, 'not-an-id', 'client')).toBeNull();
    // Someone else cannot post by email either.
    const stranger = await insertUser(t.db);
    await expect(
      postToThread(t.app.ctx, { threadId: thread, senderId: stranger.id, body: 'Hi', via: 'email' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: MESSAGE_TEXTS.threadNotFound });
    expect(await countMessages(thread)).toBe(2);
  });

  it('refuses blank and oversized replies', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider);
    for (const message of ['  ', 'x'.repeat(MESSAGE_LIMITS.bodyMax + 1)]) {
      const res = await reply(thread, provider, message);
      expect(res.status).toBe(400);
    }
    expect(await countMessages(thread)).toBe(1);
  });
});

describe('blocking: PUT /api/threads/:id/block', () => {
  it('a provider blocks a client: neither can write, each sees why, and unblocking opens it again', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider);

    const block = await t.put(`/api/threads/${thread}/block`, { blocked: true }, await as(provider.id));
    expect(block.status).toBe(200);
    expect(block.body).toEqual({ success: true, message: MESSAGE_TEXTS.blocked, blocked: true });
    expect(
      await t.db.$count(
        blockedClients,
        and(eq(blockedClients.providerId, provider.id), eq(blockedClients.clientId, client.id)),
      ),
    ).toBe(1);
    // Idempotent.
    expect(
      (await t.put(`/api/threads/${thread}/block`, { blocked: true }, await as(provider.id))).status,
    ).toBe(200);

    const byClient = await reply(thread, client, 'Why?');
    expect(byClient.status).toBe(403);
    expect(byClient.body).toEqual({
      success: false,
      error: 'FORBIDDEN',
      message: MESSAGE_TEXTS.cannotMessage,
    });
    const byProvider = await reply(thread, provider, 'Bye');
    expect(byProvider.status).toBe(403);
    expect(byProvider.body.message).toBe(MESSAGE_TEXTS.readOnly.blocked_by_me);
    expect(await countMessages(thread)).toBe(1);

    const clientView = await t.get(`/api/threads/${thread}`, await as(client.id));
    expect(clientView.body).toMatchObject({
      can_reply: false,
      blocked: false,
      thread: { read_only: 'blocked_me' },
    });
    const providerView = await t.get(`/api/threads/${thread}`, await as(provider.id));
    expect(providerView.body).toMatchObject({
      can_reply: false,
      blocked: true,
      thread: { read_only: 'blocked_by_me' },
    });
    expect((await inbox(client)).threads[0]).toMatchObject({ read_only: 'blocked_me' });

    const unblock = await t.put(`/api/threads/${thread}/block`, { blocked: false }, await as(provider.id));
    expect(unblock.body).toEqual({ success: true, message: MESSAGE_TEXTS.unblocked, blocked: false });
    expect(await t.db.$count(blockedClients, eq(blockedClients.providerId, provider.id))).toBe(0);
    expect((await reply(thread, client, 'Thanks')).status).toBe(200);
  });

  it("a client blocks the provider through the favourites' block list (the favourite goes too)", async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const thread = await write(client, provider);
    expect((await t.post('/api/favorites', { providerId: provider.id }, await as(client.id))).status).toBe(
      200,
    );

    const block = await t.put(`/api/threads/${thread}/block`, { blocked: true }, await as(client.id));
    expect(block.status).toBe(200);
    expect(
      await t.db.$count(
        blockedProviders,
        and(eq(blockedProviders.userId, client.id), eq(blockedProviders.providerId, provider.id)),
      ),
    ).toBe(1);
    expect(await t.db.$count(favorites, eq(favorites.userId, client.id))).toBe(0);

    const byProvider = await reply(thread, provider, 'Hello?');
    expect(byProvider.status).toBe(403);
    expect(byProvider.body.message).toBe(MESSAGE_TEXTS.cannotMessage);
    const byClient = await reply(thread, client, 'Hm');
    expect(byClient.status).toBe(403);
    expect(byClient.body.message).toBe(MESSAGE_TEXTS.readOnly.blocked_by_me);
    expect(await countMessages(thread)).toBe(1);
    expect((await inbox(provider)).threads[0]).toMatchObject({ read_only: 'blocked_me' });
    expect((await t.get('/api/blocked-providers', await as(client.id))).body.providers).toHaveLength(1);

    const unblock = await t.put(`/api/threads/${thread}/block`, { blocked: false }, await as(client.id));
    expect(unblock.status).toBe(200);
    expect(await t.db.$count(blockedProviders, eq(blockedProviders.userId, client.id))).toBe(0);
    expect((await reply(thread, provider, 'Welcome back')).status).toBe(200);

    const bad = await t.put(`/api/threads/${thread}/block`, { blocked: 'yes' }, await as(client.id));
    expect(bad.status).toBe(400);
  });
});

describe('a deleted party', () => {
  it("shows as 'Deleted account', read-only, and cannot be blocked", async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db, { name: 'Gone Soon', avatarUrl: '/uploads/avatars/g.webp' });
    const thread = await write(client, provider, 'Before I go');
    await t.db.delete(users).where(eq(users.id, client.id));

    const [summary] = (await inbox(provider)).threads;
    expect(summary).toMatchObject({
      id: thread,
      other: { id: null, name: MESSAGE_TEXTS.deletedAccount, avatar_url: null, routing_slug: null },
      last_message: { body: 'Before I go', mine: false },
      read_only: 'deleted',
    });
    const view = await t.get(`/api/threads/${thread}`, await as(provider.id));
    expect(view.body).toMatchObject({ can_reply: false, thread: { read_only: 'deleted' } });
    expect(view.body.messages).toHaveLength(1);

    const res = await reply(thread, provider, 'Hello?');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGE_TEXTS.readOnly.deleted);
    expect(await countMessages(thread)).toBe(1);

    const block = await t.put(`/api/threads/${thread}/block`, { blocked: true }, await as(provider.id));
    expect(block.status).toBe(400);
    expect(block.body.issues).toEqual([{ path: 'blocked', message: MESSAGE_TEXTS.readOnly.deleted }]);
    expect(await t.db.$count(blockedClients, eq(blockedClients.providerId, provider.id))).toBe(0);
  });

  it('deleting an account through DELETE /api/account leaves the provider the thread', async () => {
    const provider = await insertProvider(t.db);
    const password = 'Velvet-Orchid-4821';
    const client = await insertUser(t.db);
    const thread = await write(client, provider, 'Hi there');
    const res = await t.del(
      '/api/account',
      { current_password: password, confirm: 'DELETE' },
      await as(client.id),
    );
    expect(res.status).toBe(200);
    expect(await threadRow(thread)).toMatchObject({ clientId: null, providerId: provider.id });
    expect((await inbox(provider)).threads[0]).toMatchObject({ read_only: 'deleted', other: { id: null } });
  });
});

describe('who may call what', () => {
  let thread = '';
  let client: Person;
  let provider: Person;
  let stranger: Person;
  let admin: Person;
  beforeAll(async () => {
    provider = await insertProvider(t.db);
    client = await insertUser(t.db);
    stranger = await insertProvider(t.db);
    admin = await insertUser(t.db, { email: ADMIN_EMAIL, role: 'admin' });
    thread = await write(client, provider, 'Private words');
  });

  const routes = (id: string) =>
    [
      ['GET', '/api/threads'],
      ['GET', '/api/threads/unread'],
      ['GET', `/api/threads/${id}`],
      ['POST', `/api/threads/${id}/messages`, { message: 'Hi' }],
      ['POST', `/api/threads/${id}/read`],
      ['PUT', `/api/threads/${id}/block`, { blocked: true }],
      ['POST', '/api/messages', { providerId: NO_SUCH_ID, message: 'Hi' }],
    ] as const;

  const send = (method: string, url: string, body: unknown, options: RequestOptions = {}) =>
    method === 'GET'
      ? t.get(url, options)
      : method === 'PUT'
        ? t.put(url, body, options)
        : t.post(url, body, options);

  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url, body] of routes(thread)) {
      const res = await send(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect(await countMessages(thread)).toBe(1);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to an account that never confirmed its email', async () => {
    const unverified = await findUserRow(t.db, (await createUnverifiedUser(t)).email);
    for (const [method, url, body] of routes(thread)) {
      const res = await send(method, url, body, await as(unverified!.id));
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe('EMAIL_NOT_VERIFIED');
    }
  });

  it('answers 404 to a third user and to an admin on every route of a thread, changing nothing', async () => {
    const before = await threadRow(thread);
    for (const person of [stranger, admin]) {
      for (const [method, url, body] of routes(thread).slice(2, 6)) {
        const res = await send(method, url, body, await as(person.id));
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'NOT_FOUND',
          message: MESSAGE_TEXTS.threadNotFound,
        });
      }
      expect((await inbox(person)).threads).toEqual([]);
      expect(await unread(person)).toBe(0);
    }
    expect(await countMessages(thread)).toBe(1);
    expect(await threadRow(thread)).toEqual(before);
    expect(await t.db.$count(blockedClients, eq(blockedClients.clientId, client.id))).toBe(0);
    expect(await t.db.$count(blockedProviders, eq(blockedProviders.providerId, provider.id))).toBe(0);
  });

  it('answers 404 to unknown and malformed thread ids', async () => {
    for (const id of [NO_SUCH_ID, 'not-a-uuid', "1' OR '1'='1"]) {
      for (const [method, url, body] of routes(encodeURIComponent(id)).slice(2, 6)) {
        const res = await send(method, url, body, await as(client.id));
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('lets both parties read, reply and mark read', async () => {
    for (const person of [client, provider]) {
      expect((await t.get(`/api/threads/${thread}`, await as(person.id))).status).toBe(200);
      expect((await reply(thread, person, 'Party message')).status).toBe(200);
      expect((await t.post(`/api/threads/${thread}/read`, undefined, await as(person.id))).status).toBe(200);
    }
    expect(await countMessages(thread)).toBe(3);
  });
});
