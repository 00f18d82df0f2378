import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_TEXTS, DELETE_CONFIRM_WORD } from '#domain/account-data.ts';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import {
  accountDeletions,
  bookingLogs,
  favorites,
  mailOutbox,
  providerRatings,
  reviews,
  savedSearches,
  users,
} from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
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
    const message = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Do you have time on Friday?' },
      auth(client.session.access_token),
    );
    expect(message.status, message.text).toBe(200);
    await t.smtp.waitForMail(provider.email, (m) => m.subject.startsWith('New message from Rita'));

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

    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'provider-message'));
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
