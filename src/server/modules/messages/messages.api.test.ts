import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { blockedClients, messages, messageThreads, users } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, DAY, type RequestOptions, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  createVerifiedProvider,
  createVerifiedUser,
  insertProvider,
  insertUser,
} from '#server/test/factories.ts';

/**
 * POST /api/messages: writing to a provider from their profile starts the pair's one conversation
 * or continues it; blocks and the daily number of new conversations are enforced, and a refused
 * message stores nothing. (The threads and replies: threads.api.test.ts.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The notifier's schedule is asserted here as the message left it.
  await t.app.messageNotifier.stop();
});
afterAll(async () => {
  await t.close();
});

/** A bearer token for a user, valid at the test clock (inserted users never log in). */
async function as(userId: string): Promise<RequestOptions> {
  return { token: (await signAccessToken(t.app.ctx.secret, userId, t.clock.now())).token };
}

const threadsOf = (clientId: string) =>
  t.db.select().from(messageThreads).where(eq(messageThreads.clientId, clientId));
const messagesIn = (threadId: string) =>
  t.db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(messages.createdAt);
const countMessagesBy = (senderId: string) => t.db.$count(messages, eq(messages.senderId, senderId));

describe('POST /api/messages', () => {
  it('needs a token, and stores nothing without one', async () => {
    const provider = await insertProvider(t.db);
    const res = await t.post('/api/messages', { providerId: provider.id, message: 'Hi' });
    expect(res.status).toBe(401);
    expect(await t.db.$count(messageThreads, eq(messageThreads.providerId, provider.id))).toBe(0);
  });

  it('starts the conversation with the sender as client, the provider scheduled for an email and no direct mail', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Ana Braids' });
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Sam Client' } });
    const mailsBefore = await countOutbox(t.db, provider.email);
    const res = await t.post(
      '/api/messages',
      {
        providerId: provider.user.id,
        message: '  Do you have time for knotless braids on Friday?\nThanks!  ',
      },
      { token: client.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Message sent to Ana Braids',
      threadId: expect.any(String),
    });

    const [thread] = await threadsOf(client.user.id);
    expect(thread).toMatchObject({
      id: res.body.threadId,
      clientId: client.user.id,
      providerId: provider.user.id,
      lastSenderSide: 'client',
      providerReadAt: null,
      providerNotifiedAt: null,
    });
    const [message] = await messagesIn(thread!.id);
    expect(message).toMatchObject({
      senderId: client.user.id,
      senderSide: 'client',
      body: 'Do you have time for knotless braids on Friday?\nThanks!',
      via: 'app',
      notice: null,
      hiddenAt: null,
    });
    // The sender has read their own message; the provider owes an answer and is due an email now.
    const at = message!.createdAt.getTime();
    expect(thread!.lastMessageAt.getTime()).toBe(at);
    expect(thread!.createdAt.getTime()).toBe(at);
    expect(thread!.awaitingReplySince?.getTime()).toBe(at);
    expect(thread!.clientReadAt?.getTime()).toBe(at);
    expect(thread!.providerNotifyDueAt?.getTime()).toBe(at);
    expect(thread!.clientNotifyDueAt).toBeNull();
    // No more email with the client's address as Reply-To: the notifier writes instead.
    expect(await countOutbox(t.db, provider.email)).toBe(mailsBefore);
  });

  it('continues the one conversation of the pair, whichever of two providers wrote first', async () => {
    const a = await insertProvider(t.db, { name: 'Studio A' });
    const b = await insertProvider(t.db, { name: 'Studio B' });
    const first = await t.post('/api/messages', { providerId: b.id, message: 'Hello B' }, await as(a.id));
    expect(first.status).toBe(200);
    t.clock.advance(1000);
    const again = await t.post(
      '/api/messages',
      { providerId: b.id, message: 'Still there?' },
      await as(a.id),
    );
    expect(again.body.threadId).toBe(first.body.threadId);
    t.clock.advance(1000);
    // B writes from A's profile: the same thread, B on its provider side.
    const back = await t.post('/api/messages', { providerId: a.id, message: 'Hi A' }, await as(b.id));
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ message: 'Message sent to Studio A', threadId: first.body.threadId });

    const pairThreads = await t.db
      .select()
      .from(messageThreads)
      .where(sql`${messageThreads.clientId} in (${a.id}, ${b.id})`);
    expect(pairThreads).toHaveLength(1);
    const stored = await messagesIn(first.body.threadId);
    expect(stored.map((m) => [m.senderId, m.senderSide, m.body])).toEqual([
      [a.id, 'client', 'Hello B'],
      [a.id, 'client', 'Still there?'],
      [b.id, 'provider', 'Hi A'],
    ]);
    // B answered: nothing waits any more.
    expect(pairThreads[0]!.awaitingReplySince).toBeNull();
    expect(pairThreads[0]!.lastSenderSide).toBe('provider');
  });

  it('refuses blank and oversized messages, unknown providers, clients and messaging yourself, storing nothing', async () => {
    const provider = await insertProvider(t.db);
    const client = await insertUser(t.db);
    const before = await t.db.$count(messages);
    const threadsBefore = await t.db.$count(messageThreads);

    const blank = await t.post(
      '/api/messages',
      { providerId: provider.id, message: '   ' },
      await as(client.id),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toContainEqual({ path: 'message', message: MESSAGE_TEXTS.required });

    const long = await t.post(
      '/api/messages',
      { providerId: provider.id, message: 'x'.repeat(MESSAGE_LIMITS.bodyMax + 1) },
      await as(client.id),
    );
    expect(long.status).toBe(400);
    expect(long.body.issues).toContainEqual({ path: 'message', message: MESSAGE_TEXTS.tooLong });

    const badId = await t.post('/api/messages', { providerId: 'nope', message: 'Hi' }, await as(client.id));
    expect(badId.status).toBe(400);

    const unknown = await t.post(
      '/api/messages',
      { providerId: '00000000-0000-4000-8000-000000000000', message: 'Hi' },
      await as(client.id),
    );
    expect(unknown.status).toBe(404);

    const toClient = await t.post(
      '/api/messages',
      { providerId: client.id, message: 'Hi' },
      await as(provider.id),
    );
    expect(toClient.status).toBe(404);

    const self = await t.post(
      '/api/messages',
      { providerId: provider.id, message: 'Hi' },
      await as(provider.id),
    );
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: MESSAGE_TEXTS.ownProfile,
      issues: [{ path: 'providerId', message: MESSAGE_TEXTS.ownProfile }],
    });

    expect(await t.db.$count(messages)).toBe(before);
    expect(await t.db.$count(messageThreads)).toBe(threadsBefore);
  });

  it('refuses to write when the provider blocked the sender or the sender blocked the provider (403, nothing stored)', async () => {
    const provider = await insertProvider(t.db);
    const blockedByProvider = await insertUser(t.db);
    const blocker = await insertUser(t.db);
    await t.db.insert(blockedClients).values({ providerId: provider.id, clientId: blockedByProvider.id });
    const blockRes = await t.post(
      '/api/blocked-providers',
      { providerId: provider.id },
      await as(blocker.id),
    );
    expect(blockRes.status).toBe(200);

    for (const sender of [blockedByProvider, blocker]) {
      const res = await t.post(
        '/api/messages',
        { providerId: provider.id, message: 'Hello?' },
        await as(sender.id),
      );
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'FORBIDDEN', message: MESSAGE_TEXTS.cannotMessage });
      expect(await threadsOf(sender.id)).toHaveLength(0);
      expect(await countMessagesBy(sender.id)).toBe(0);
    }

    // An existing conversation is refused the same way once the provider blocks.
    const later = await insertUser(t.db);
    const ok = await t.post(
      '/api/messages',
      { providerId: provider.id, message: 'First' },
      await as(later.id),
    );
    expect(ok.status).toBe(200);
    await t.db.insert(blockedClients).values({ providerId: provider.id, clientId: later.id });
    const refused = await t.post(
      '/api/messages',
      { providerId: provider.id, message: 'Second' },
      await as(later.id),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGE_TEXTS.cannotMessage);
    expect(await countMessagesBy(later.id)).toBe(1);
  });

  it(`starts at most ${MESSAGE_LIMITS.newThreadsPerDay} new conversations a day (429, nothing stored); continuing one is not counted`, async () => {
    const client = await insertUser(t.db);
    const providers = await Promise.all(
      Array.from({ length: MESSAGE_LIMITS.newThreadsPerDay + 1 }, () => insertProvider(t.db)),
    );
    for (const provider of providers.slice(0, MESSAGE_LIMITS.newThreadsPerDay)) {
      const res = await t.post(
        '/api/messages',
        { providerId: provider.id, message: 'Hi' },
        await as(client.id),
      );
      expect(res.status).toBe(200);
    }
    const last = providers.at(-1)!;
    const refused = await t.post(
      '/api/messages',
      { providerId: last.id, message: 'Hi' },
      await as(client.id),
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: 'RATE_LIMITED',
      message: MESSAGE_TEXTS.tooManyThreads,
    });
    expect(await threadsOf(client.id)).toHaveLength(MESSAGE_LIMITS.newThreadsPerDay);
    expect(await countMessagesBy(client.id)).toBe(MESSAGE_LIMITS.newThreadsPerDay);

    // Continuing a conversation still works.
    const more = await t.post(
      '/api/messages',
      { providerId: providers[0]!.id, message: 'Again' },
      await as(client.id),
    );
    expect(more.status).toBe(200);

    // A day later the oldest have left the window.
    t.clock.advance(DAY);
    const nextDay = await t.post(
      '/api/messages',
      { providerId: last.id, message: 'Hi' },
      await as(client.id),
    );
    expect(nextDay.status).toBe(200);
    expect(await threadsOf(client.id)).toHaveLength(MESSAGE_LIMITS.newThreadsPerDay + 1);
  });

  it("keeps a deleted client's conversation with the provider, its client side emptied", async () => {
    const deleted = await insertUser(t.db);
    const provider = await insertProvider(t.db);
    const res = await t.post(
      '/api/messages',
      { providerId: provider.id, message: 'Hi' },
      await as(deleted.id),
    );
    expect(res.status).toBe(200);
    await t.db.delete(users).where(eq(users.id, deleted.id));
    // The thread stays with the provider, its client side gone.
    const [thread] = await t.db.select().from(messageThreads).where(eq(messageThreads.id, res.body.threadId));
    expect(thread).toMatchObject({ clientId: null, providerId: provider.id });
    expect(
      await t.db.$count(
        messages,
        and(eq(messages.threadId, res.body.threadId), eq(messages.senderSide, 'client')),
      ),
    ).toBe(1);
  });
});
