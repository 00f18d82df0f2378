import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_TEXTS, DELETE_CONFIRM_WORD } from '#domain/account-data.ts';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { rowsOf } from '#server/db/client.ts';
import {
  accountDeletions,
  blockedClients,
  bookingLogs,
  favorites,
  mailOutbox,
  messageReplyTimes,
  messageReports,
  messages,
  messageThreads,
  providerRatings,
  reviews,
  savedReplies,
  savedSearches,
  users,
} from '#server/db/schema/index.ts';
import { fillEveryUserTable, referencesToUsers, type UserReference } from '#server/test/account-fixture.ts';
import { buildTestApp, DAY, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  findUserRow,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { loginWithCookie, refreshWithCookie } from '#server/test/session-cookie.ts';
import { dataUrl, photo } from '#server/test/test-images.ts';

const ADMIN_EMAIL = uniqueEmail('admin');
const PATH = '/api/account';
const confirm = DELETE_CONFIRM_WORD;

let t: TestApp;
let admin: VerifiedUser;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await createVerifiedUser(t, { email: ADMIN_EMAIL });
  png = await photo(600, 400, 'png', 7);
});
afterAll(async () => {
  await t?.close();
});

const auth = (token: string) => ({ token });
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
function storedFiles(kind: 'avatar' | 'portfolio', userId: string): string[] {
  const dir = path.join(uploadsDir(), kind, userId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** A session proven by the password (the verification's own session counts as a fresh link). */
async function passwordLogin(person: VerifiedUser) {
  return loginWithCookie(t, person.email, person.password);
}

async function deletionTotal(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`coalesce(sum(count), 0)::int` }).from(accountDeletions);
  return row?.n ?? 0;
}

/** A listed balayage stylist in Austin with an avatar and a portfolio picture, uploaded through the API. */
async function stylist() {
  const provider = await createVerifiedProvider(t, { selected_categories: ['hair'] });
  const token = provider.session.access_token;
  const profile = await t.put(
    '/api/auth/profile',
    { pricing: [{ service: 'Balayage', description: 'Colour', priceType: 'fixed', minPrice: 150 }] },
    auth(token),
  );
  expect(profile.status, profile.text).toBe(200);
  for (const kind of ['avatar', 'portfolio'] as const) {
    const res = await t.post(
      `/api/upload/${kind}`,
      { file: dataUrl(png), userId: provider.user.id },
      auth(token),
    );
    expect(res.status, res.text).toBe(200);
  }
  expect(storedFiles('avatar', provider.user.id)).toHaveLength(2);
  expect(storedFiles('portfolio', provider.user.id)).toHaveLength(2);
  const row = await findUserRow(t.db, provider.email);
  return { ...provider, slug: row!.routingSlug };
}

const searchIds = async () => {
  const res = await t.post('/api/search', { query: 'balayage', locationZip: '78701' });
  expect(res.status, res.text).toBe(200);
  return (res.body.results as { id: string }[]).map((r) => r.id);
};
const landingIds = async () => {
  const res = await t.get('/api/places/balayage/austin-tx');
  if (res.status === 404) return [];
  expect(res.status, res.text).toBe(200);
  return (res.body.providers as { id: string }[]).map((r) => r.id);
};
const sitemapText = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/sitemaps/providers-1.xml' });
  return res.statusCode === 200 ? res.body : '';
};

describe('DELETE /api/account: refusals change nothing', () => {
  it('needs a signed-in person', async () => {
    const before = await deletionTotal();
    const res = await t.del(PATH, { confirm });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
    expect(await deletionTotal()).toBe(before);
  });

  it('a wrong password, a missing one after a password login, or no DELETE: 400 and the account stays', async () => {
    const person = await createVerifiedUser(t);
    const { session } = await passwordLogin(person);
    const before = await deletionTotal();

    const wrong = await t.del(
      PATH,
      { current_password: 'Not-The-Password-9', confirm },
      auth(session.access_token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: 'current_password', message: SECURITY_TEXTS.currentPasswordWrong },
    ]);

    const missing = await t.del(PATH, { confirm }, auth(session.access_token));
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([
      { path: 'current_password', message: SECURITY_TEXTS.currentPasswordRequired },
    ]);

    for (const body of [
      { current_password: person.password },
      { current_password: person.password, confirm: 'delete' },
    ]) {
      const unconfirmed = await t.del(PATH, body, auth(session.access_token));
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.error).toBe('VALIDATION_ERROR');
      expect(unconfirmed.body.issues[0].path).toBe('confirm');
    }
    const noConfirmText = await t.del(
      PATH,
      { current_password: person.password, confirm: 'delete' },
      auth(session.access_token),
    );
    expect(noConfirmText.body.issues[0].message).toBe(ACCOUNT_DATA_TEXTS.confirmRequired);

    expect(await findUserRow(t.db, person.email)).toBeDefined();
    expect(await deletionTotal()).toBe(before);
    expect((await t.post('/api/auth/login', { email: person.email, password: person.password })).status).toBe(
      200,
    );
    expect((await t.get('/api/account/identity', auth(session.access_token))).status).toBe(200);
  });
});

describe('DELETE /api/account: a provider', () => {
  it('leaves no public trace: page 404, out of search, landing pages and the sitemap, images gone from disk, saved by nobody', async () => {
    const provider = await stylist();
    const fan = await createVerifiedUser(t);
    await t.db.insert(favorites).values({ userId: fan.user.id, providerId: provider.user.id });
    const pending = await t.db
      .insert(mailOutbox)
      .values({
        kind: 'opening-alert',
        toAddress: provider.email,
        subject: 'Due tomorrow',
        textBody: 'x',
        htmlBody: 'x',
        nextAttemptAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: mailOutbox.id });

    // Seen everywhere before.
    expect((await t.get(`/api/user/${provider.slug}`)).status).toBe(200);
    expect(await searchIds()).toContain(provider.user.id);
    expect(await landingIds()).toContain(provider.user.id);
    expect(await sitemapText()).toContain(`/${provider.slug}<`);

    const { session, refreshToken } = await passwordLogin(provider);
    const before = await deletionTotal();
    const res = await t.del(
      PATH,
      { current_password: provider.password, confirm },
      auth(session.access_token),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: ACCOUNT_DATA_TEXTS.deleted });

    // Signed out everywhere, at once: the token in hand, the refresh cookie, a new login.
    for (const token of [session.access_token, provider.session.access_token]) {
      const refused = await t.get('/api/account/identity', auth(token));
      expect(refused.status).toBe(401);
    }
    expect((await refreshWithCookie(t, refreshToken)).status).toBe(401);
    expect((await refreshWithCookie(t, provider.refreshToken)).status).toBe(401);
    const login = await t.post('/api/auth/login', { email: provider.email, password: provider.password });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({
      error: 'INVALID_CREDENTIALS',
      message: ERROR_MESSAGES.INVALID_CREDENTIALS,
    });

    // Gone from every public place on the very next request.
    const page = await t.get(`/api/user/${provider.slug}`);
    expect(page.status).toBe(404);
    expect(await searchIds()).not.toContain(provider.user.id);
    expect(await landingIds()).not.toContain(provider.user.id);
    expect(await sitemapText()).not.toContain(`/${provider.slug}<`);

    expect(storedFiles('avatar', provider.user.id)).toEqual([]);
    expect(storedFiles('portfolio', provider.user.id)).toEqual([]);
    expect(await t.db.$count(favorites, eq(favorites.providerId, provider.user.id))).toBe(0);
    expect(await t.db.$count(users, eq(users.id, provider.user.id))).toBe(0);

    // Mail that had not gone is cancelled; the confirmation is the one email after.
    const [alert] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending[0]!.id));
    expect(alert).toMatchObject({ status: 'cancelled', subject: '', textBody: '' });
    const confirmation = await t.smtp.waitForMail(provider.email, (m) =>
      m.subject.includes('account was deleted'),
    );
    expect(confirmation.text).toContain('This is the last email we send you.');
    const stillPending = await t.db.$count(
      mailOutbox,
      and(
        sql`lower(${mailOutbox.toAddress}) = ${provider.email}`,
        eq(mailOutbox.status, 'pending'),
        sql`${mailOutbox.kind} <> 'account-deleted'`,
      ),
    );
    expect(stillPending).toBe(0);

    expect(await deletionTotal()).toBe(before + 1);
  });
});

describe('DELETE /api/account: followers’ alerts about a deleted provider', () => {
  it('cancels the opening-alert emails about them that were still waiting, and no follower gets one', async () => {
    const leaving = await createVerifiedProvider(t, { name: 'Gone Studio' });
    const staying = await createVerifiedProvider(t, { name: 'Still Studio' });
    const fan = await createVerifiedUser(t);
    await t.db.insert(favorites).values([
      { userId: fan.user.id, providerId: leaving.user.id },
      { userId: fan.user.id, providerId: staying.user.id },
    ]);
    // Two alerts to the fan, waiting (a retry after an SMTP failure): one about each provider.
    const dueAt = new Date(t.clock.now().getTime() + 10 * 60_000);
    const alertAbout = (provider: VerifiedUser, name: string) => ({
      kind: 'opening-alert',
      toAddress: fan.email,
      subject: `${name}: new openings on Glowfind`,
      textBody: `${name} just posted an opening`,
      htmlBody: `<p>${name} just posted an opening</p>`,
      alertUserId: fan.user.id,
      alertProviderId: provider.user.id,
      nextAttemptAt: dueAt,
    });
    const [gone, kept] = await t.db
      .insert(mailOutbox)
      .values([alertAbout(leaving, 'Gone Studio'), alertAbout(staying, 'Still Studio')])
      .returning({ id: mailOutbox.id });
    const rowOf = async (id: number) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

    const res = await t.del(PATH, { confirm }, auth(leaving.session.access_token));
    expect(res.status, res.text).toBe(200);
    // Cancelled by the deletion itself, not later by the worker's send-time check.
    expect(await rowOf(gone!.id)).toMatchObject({ status: 'cancelled', lastError: null });
    expect(await rowOf(kept!.id)).toMatchObject({ status: 'pending' });

    // When they fall due the other is delivered; the one about the deleted provider never is.
    t.clock.advance(11 * 60_000);
    t.app.ctx.kickMail();
    await t.smtp.waitForMail(fan.email, (m) => m.subject === 'Still Studio: new openings on Glowfind');
    expect(t.smtp.mailsTo(fan.email).filter((m) => m.subject.startsWith('Gone Studio'))).toEqual([]);
    expect(await rowOf(gone!.id)).toMatchObject({ status: 'cancelled', sentAt: null });
  });
});

describe('DELETE /api/account: a client', () => {
  it('removes their reviews and recomputes ratings, keeps clicks as anonymous counts, empties their messages', async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Rita Reviewer' } });
    const other = await createVerifiedUser(t);
    await t.db.insert(reviews).values([
      { providerId: provider.user.id, clientId: client.user.id, rating: 1, text: 'Late.' },
      { providerId: provider.user.id, clientId: other.user.id, rating: 5, text: 'Lovely.' },
    ]);
    const ratingOf = async () =>
      (await t.db.select().from(providerRatings).where(eq(providerRatings.providerId, provider.user.id)))[0];
    expect(await ratingOf()).toMatchObject({ reviewCount: 2, rating: 3 });
    await t.db.insert(bookingLogs).values([
      { clientId: client.user.id, providerId: provider.user.id, url: 'https://book.example.com/a' },
      { clientId: other.user.id, providerId: provider.user.id, url: 'https://book.example.com/a' },
    ]);
    await t.db.insert(savedSearches).values({
      userId: client.user.id,
      name: 'Near me',
      params: { query: 'nails' },
      matchCells: [-1],
    });
    // A message emailed to the provider before conversations were kept on the site (its outbox row).
    await t.db.insert(mailOutbox).values({
      kind: 'provider-message',
      toAddress: provider.email,
      replyTo: client.email,
      senderId: client.user.id,
      subject: 'New message from Rita Reviewer',
      textBody: 'Do you have time on Friday?',
      htmlBody: '<p>Do you have time on Friday?</p>',
      status: 'sent',
    });

    // Right after the emailed verification link the session is freshly proven: no password needed.
    const res = await t.del(PATH, { confirm }, auth(client.session.access_token));
    expect(res.status, res.text).toBe(200);

    expect(await t.db.$count(reviews, eq(reviews.clientId, client.user.id))).toBe(0);
    expect(await ratingOf()).toMatchObject({ reviewCount: 1, rating: 5, ratingSum: 5 });
    const clicks = await t.db.select().from(bookingLogs).where(eq(bookingLogs.providerId, provider.user.id));
    expect(clicks.map((c) => c.clientId).sort()).toEqual([null, other.user.id].sort());
    const analytics = await t.get(
      `/api/booking-logs?provider_id=${provider.user.id}`,
      auth(provider.session.access_token),
    );
    expect(analytics.status, analytics.text).toBe(200);
    expect(analytics.body.data.total).toBe(2);
    expect(analytics.body.data.stats.total_clicks).toBe(2);
    // The list shows both clicks: the deleted client's with no id and no name (shown 'Deleted account').
    expect(
      analytics.body.data.logs.map((l: { client_id: string | null; client: unknown }) => [
        l.client_id,
        l.client,
      ]),
    ).toContainEqual([null, null]);
    expect(analytics.body.data.logs).toHaveLength(2);
    const adminList = await t.get('/api/admin/booking-logs', auth(admin.session.access_token));
    expect(adminList.status, adminList.text).toBe(200);
    const listed = adminList.body.data.logs.filter(
      (l: { provider_id: string }) => l.provider_id === provider.user.id,
    );
    expect(
      listed.map((l: { client_id: string | null; client_name: string | null }) => [
        l.client_id,
        l.client_name,
      ]),
    ).toContainEqual([null, null]);
    expect(await t.db.$count(savedSearches, eq(savedSearches.userId, client.user.id))).toBe(0);

    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'provider-message'), eq(mailOutbox.toAddress, provider.email)));
    expect(sent).toMatchObject({
      senderId: null,
      replyTo: null,
      subject: ACCOUNT_DATA_TEXTS.deletedAccount,
      textBody: '',
    });
    expect(sent?.textBody).not.toContain('Friday');
  });

  it('frees the address: it signs up again as a new account', async () => {
    const email = uniqueEmail('again');
    const first = await createVerifiedUser(t, { email });
    const res = await t.del(PATH, { confirm }, auth(first.session.access_token));
    expect(res.status, res.text).toBe(200);
    const again = await createVerifiedUser(t, { email });
    expect(again.user.id).not.toBe(first.user.id);
    expect((await t.post('/api/auth/login', { email, password: again.password })).status).toBe(200);
  });
});

describe('DELETE /api/account: conversations', () => {
  it("leaves the other party the conversation, read-only under 'Deleted account'; the person's own tools go, and no email reaches them", async () => {
    const provider = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Carla Client' } });
    const blockedOne = await createVerifiedUser(t);
    const asProvider = auth(provider.session.access_token);
    const asClient = auth(client.session.access_token);

    const first = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Is Friday free?' },
      asClient,
    );
    expect(first.status, first.text).toBe(200);
    const threadId = first.body.threadId as string;
    const answer = await t.post(`/api/threads/${threadId}/messages`, { message: 'Yes, at 3pm.' }, asProvider);
    expect(answer.status, answer.text).toBe(200);
    const again = await t.post(`/api/threads/${threadId}/messages`, { message: 'See you then!' }, asClient);
    expect(again.status, again.text).toBe(200);
    // The provider has an email due about it and an answer owed; their saved reply, a block and a report.
    await t.db
      .update(messageThreads)
      .set({ providerNotifyDueAt: new Date(t.clock.now().getTime() + DAY) })
      .where(eq(messageThreads.id, threadId));
    await t.db.insert(savedReplies).values({ providerId: provider.user.id, title: 'Hours', body: '9 to 5' });
    await t.db.insert(blockedClients).values({ providerId: provider.user.id, clientId: blockedOne.user.id });
    const [clientMessage] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.threadId, threadId), eq(messages.senderSide, 'client')))
      .limit(1);
    await t.db
      .insert(messageReports)
      .values({ messageId: clientMessage!.id, reporterId: provider.user.id, reason: 'spam' });
    // A second conversation of the provider's whose client deleted their account already.
    const goneClient = await createVerifiedUser(t);
    const other = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Hello from an account about to go' },
      auth(goneClient.session.access_token),
    );
    expect(other.status, other.text).toBe(200);
    const otherThreadId = other.body.threadId as string;
    await t.db.insert(messageReplyTimes).values({
      providerId: provider.user.id,
      threadId: otherThreadId,
      repliedAt: t.clock.now(),
      minutes: 5,
    });
    expect((await t.del(PATH, { confirm }, auth(goneClient.session.access_token))).status).toBe(200);
    expect(
      (await t.db.select().from(messageThreads).where(eq(messageThreads.id, otherThreadId)))[0],
    ).toMatchObject({ clientId: null, providerId: provider.user.id });

    const deletedAt = t.clock.now();
    const res = await t.del(PATH, { confirm }, asProvider);
    expect(res.status, res.text).toBe(200);

    // The client keeps the thread: the provider's side and their messages' sender are gone, nothing is due
    // to that side, and nothing waits for an answer.
    const [thread] = await t.db.select().from(messageThreads).where(eq(messageThreads.id, threadId));
    expect(thread).toMatchObject({
      clientId: client.user.id,
      providerId: null,
      providerNotifyDueAt: null,
      awaitingReplySince: null,
    });
    const kept = await t.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, threadId))
      .orderBy(messages.createdAt);
    expect(kept.map((m) => [m.senderSide, m.senderId, m.body])).toEqual([
      ['client', client.user.id, 'Is Friday free?'],
      ['provider', null, 'Yes, at 3pm.'],
      ['client', client.user.id, 'See you then!'],
    ]);
    const read = await t.get(`/api/threads/${threadId}`, asClient);
    expect(read.status, read.text).toBe(200);
    expect(read.body.thread).toMatchObject({
      other: { id: null, name: MESSAGE_TEXTS.deletedAccount, avatar_url: null, routing_slug: null },
      read_only: 'deleted',
    });
    expect(read.body.can_reply).toBe(false);
    expect(read.body.messages.map((m: { body: string; mine: boolean }) => [m.mine, m.body])).toEqual([
      [true, 'Is Friday free?'],
      [false, 'Yes, at 3pm.'],
      [true, 'See you then!'],
    ]);
    const list = await t.get('/api/threads', asClient);
    expect(list.body.threads).toEqual([
      expect.objectContaining({
        id: threadId,
        other: expect.objectContaining({ name: MESSAGE_TEXTS.deletedAccount }),
      }),
    ]);

    // Both sides gone: that thread is deleted, with its messages and reply times.
    expect(await t.db.$count(messageThreads, eq(messageThreads.id, otherThreadId))).toBe(0);
    expect(await t.db.$count(messages, eq(messages.threadId, otherThreadId))).toBe(0);
    // Their own tools are deleted with the account.
    expect(await t.db.$count(savedReplies, eq(savedReplies.providerId, provider.user.id))).toBe(0);
    expect(await t.db.$count(blockedClients, eq(blockedClients.providerId, provider.user.id))).toBe(0);
    expect(await t.db.$count(messageReports, eq(messageReports.reporterId, provider.user.id))).toBe(0);
    expect(await t.db.$count(messageReplyTimes, eq(messageReplyTimes.providerId, provider.user.id))).toBe(0);

    // The email that was due to them is not sent: a pass of the notifier queues nothing for the address.
    await t.app.messageNotifier.runOnce();
    const after = await t.db
      .select({ kind: mailOutbox.kind, status: mailOutbox.status, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, provider.email));
    expect(after.filter((m) => m.createdAt >= deletedAt).map((m) => m.kind)).toEqual(['account-deleted']);
    expect(after.filter((m) => m.status === 'pending' && m.kind !== 'account-deleted')).toEqual([]);
  });
});

/** The primary key of each row of `table` whose `column` holds `userId` (tables kept with SET NULL have an id). */
async function rowsHolding({ table, column }: UserReference, userId: string): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await t.db.execute(
      sql`SELECT ${sql.identifier('id')}::text AS key FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}::uuid`,
    ),
  );
  return rows.map((r) => r.key);
}
async function countHolding({ table, column }: UserReference, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}::uuid`,
    ),
  );
  return row!.n;
}
/** Of `ids`, the rows of a SET NULL table still there: each with its `column`. */
async function keptRows({ table, column }: UserReference, ids: string[]) {
  if (ids.length === 0) return [];
  return rowsOf<{ id: string; holder: string | null }>(
    await t.db.execute(
      sql`SELECT id::text AS id, ${sql.identifier(column)}::text AS holder FROM ${sql.identifier(table)} WHERE id::text IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
}

describe('DELETE /api/account: every table that references users', () => {
  it('leaves no row holding the deleted id in any column the catalogue lists; SET NULL ones keep the row, anonymous', async () => {
    const references = await referencesToUsers(t.db);
    expect(references.length).toBeGreaterThan(40);
    // What each rule may be: a new RESTRICT or NO ACTION would refuse the deletion, and a new SET NULL
    // keeps a row after the person is gone, so each such column is a decision (ADR 026).
    const kept = references.filter((r) => r.onDelete !== 'cascade').map((r) => `${r.ref} ${r.onDelete}`);
    expect(kept, 'a kept row is a decision: say it in docs/decisions/026-account-deletion.md').toEqual([
      'booking_logs.client_id set null',
      'mail_outbox.sender_id set null',
      'message_threads.client_id set null',
      'message_threads.provider_id set null',
      'messages.hidden_by set null',
      'messages.sender_id set null',
      'reviews.hidden_by set null',
      'search_logs.user_id set null',
    ]);

    const provider = await createVerifiedProvider(t, { selected_categories: ['hair'] });
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Cora Client' } });
    await loginWithCookie(t, provider.email, provider.password);
    await loginWithCookie(t, client.email, client.password);
    await fillEveryUserTable(t, provider, client);
    const people = [client, provider];

    // The fixture puts one of the two in every such column.
    const before = new Map<string, Map<string, string[]>>();
    for (const ref of references) {
      const held = new Map<string, string[]>();
      let total = 0;
      for (const person of people) {
        const n = await countHolding(ref, person.user.id);
        total += n;
        held.set(person.user.id, ref.onDelete === 'set null' ? await rowsHolding(ref, person.user.id) : []);
      }
      expect(total, `the fixture leaves ${ref.ref} empty`).toBeGreaterThan(0);
      before.set(ref.ref, held);
    }

    // The client first (the emailed verification's session is a fresh proof), then the provider.
    for (const person of people) {
      const res = await t.del(PATH, { confirm }, auth(person.session.access_token));
      expect(res.status, res.text).toBe(200);
      for (const ref of references) {
        expect(await countHolding(ref, person.user.id), `${ref.ref} still holds a deleted id`).toBe(0);
        if (ref.onDelete !== 'set null') continue;
        // The rows it held that are still there (another rule may have deleted some) hold nothing.
        for (const row of await keptRows(ref, before.get(ref.ref)!.get(person.user.id)!))
          expect(row.holder, `${ref.ref} of row ${row.id}`).toBeNull();
      }
      if (person !== client) continue;
      // While the provider stays, the client's booking click, search and emailed message stay, without them.
      for (const ref of ['booking_logs.client_id', 'search_logs.user_id', 'mail_outbox.sender_id']) {
        const ids = before.get(ref)!.get(client.user.id)!;
        expect(ids, ref).toHaveLength(1);
        expect(await keptRows(references.find((r) => r.ref === ref)!, ids), ref).toEqual([
          { id: ids[0], holder: null },
        ]);
      }
    }
    // Their conversation went with the second of its two parties.
    const threadIds = before.get('message_threads.client_id')!.get(client.user.id)!;
    expect(await t.db.$count(messageThreads, eq(messageThreads.id, threadIds[0]!))).toBe(0);
  });
});

describe('GET /api/admin/account-deletions', () => {
  it('answers 401 signed out and 403 to anyone but an admin', async () => {
    expect((await t.get('/api/admin/account-deletions')).status).toBe(401);
    const person = await createVerifiedUser(t);
    const res = await t.get('/api/admin/account-deletions', auth(person.session.access_token));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
  });

  it('counts deletions per day and kind, and nothing else about who they were', async () => {
    const before = await t.get('/api/admin/account-deletions', auth(admin.session.access_token));
    expect(before.status, before.text).toBe(200);
    const person = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Quinn Quietly' } });
    expect((await t.del(PATH, { confirm }, auth(person.session.access_token))).status).toBe(200);

    const after = await t.get('/api/admin/account-deletions', auth(admin.session.access_token));
    expect(after.status).toBe(200);
    expect(after.body.total_30_days).toBe(before.body.total_30_days + 1);
    const today = t.clock.now().toISOString().slice(0, 10);
    const day = (body: typeof after.body) =>
      body.days.find((d: { day: string }) => d.day === today) ?? { client: 0, provider: 0 };
    expect(day(after.body).client).toBe(day(before.body).client + 1);
    expect(after.text).not.toContain(person.email);
    expect(after.text).not.toContain(person.user.id);
    expect(after.text).not.toContain('Quinn');
    expect(Object.keys(after.body).sort()).toEqual(['days', 'success', 'total_30_days']);
    const rows = await t.db.select().from(accountDeletions);
    expect(Object.keys(rows[0]!).sort()).toEqual(['count', 'day', 'userType']);
  });
});

describe('limits per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('wrong passwords: the 11th try in 15 minutes is a 429 even with the right one, and the account stays', async () => {
    const person = await createVerifiedUser(limited);
    const token = { token: person.session.access_token };
    for (let i = 0; i < 10; i++) {
      const res = await limited.del(PATH, { current_password: `Wrong-Password-${i}`, confirm }, token);
      expect(res.status).toBe(400);
    }
    const res = await limited.del(PATH, { current_password: person.password, confirm }, token);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('RATE_LIMITED');
    expect(await findUserRow(limited.db, person.email)).toBeDefined();
  });

  it('the data file: 5 an hour per account', async () => {
    const person = await createVerifiedUser(limited);
    const token = { token: person.session.access_token };
    for (let i = 0; i < 5; i++) expect((await limited.get('/api/account/export', token)).status).toBe(200);
    const res = await limited.get('/api/account/export', token);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
