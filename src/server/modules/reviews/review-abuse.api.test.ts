import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupUserData } from '#domain/auth.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from '#domain/reviews.ts';
import { bookingLogs, mailOutbox, providerRatings, reviews, users } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import {
  buildTestApp,
  captureLog,
  DAY,
  HOUR,
  type LogCapture,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  freshLogins,
  readVerifyLink,
  setBookingLink,
  TEST_SERVICE,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * Review eligibility that a script cannot mint in bulk (ADR 008). Each test
 * performs one attack and checks the refusal and the stored state: a click POSTed without the
 * page's click token, a click by an account under a day old, a token for another provider or user,
 * a fourth review in a day, and a review from an account that signed up from the provider's
 * address (held for a moderator, who publishes or hides it). The clock only moves forward.
 */

const ADMIN_EMAIL = uniqueEmail('admin');
/** Documentation addresses (RFC 5737): the provider's sign-up address and a stranger's. */
const PROVIDER_IP = '203.0.113.7';
const STRANGER_IP = '198.51.100.23';

let t: TestApp;
let log: LogCapture;
let admin: VerifiedUser;
beforeAll(async () => {
  log = captureLog();
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, log });
  admin = await createVerifiedUser(t, { email: ADMIN_EMAIL });
  expect(admin.user.role).toBe('admin');
});
afterAll(async () => {
  await t.close();
});

/** Who these tests act as: they log in again with the password whenever the clock has moved. */
type Person = Pick<VerifiedUser, 'email' | 'password' | 'user' | 'session'>;
type Provider = Person & { link: string };

const { as } = freshLogins(() => t);

/** Gives a provider a booking link through the API. */
async function withLink(provider: Person): Promise<Provider> {
  return { ...provider, link: await setBookingLink(t, await as(provider)) };
}

const newProvider = async () => withLink(await createVerifiedProvider(t));

/** Sign-up, the emailed link and verification, all from `ip` (the socket address). */
async function signUpFrom(ip: string, userData: SignupUserData): Promise<Person> {
  const email = uniqueEmail(userData.user_type);
  const signup = await t.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD, userData }, { ip });
  expect(signup.status, signup.text).toBe(200);
  const { token } = await readVerifyLink(t, email);
  const verified = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' }, { ip });
  expect(verified.status, verified.text).toBe(200);
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  // Sign-up keeps a keyed hash of the address, never the address.
  expect(row!.registrationIpHash).toBe(addressHash(t.app.ctx.secret, ip));
  if (userData.user_type === 'provider') {
    // One service lists the profile.
    const token = verified.body.session.access_token;
    expect((await t.put('/api/auth/profile', { pricing: [TEST_SERVICE] }, { token })).status).toBe(200);
  }
  return {
    email,
    password: DEFAULT_PASSWORD,
    user: verified.body.session.user,
    session: verified.body.session,
  };
}

/**
 * A fresh account, made now on the app's clock. Sign-up stamps created_at with the database's
 * clock, which this file's moved test clock has left behind (in production the two agree).
 */
async function justSignedUp<T extends Person>(person: T): Promise<T> {
  await t.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, person.user.id));
  return person;
}

/** An account whose sign-up was a day and an hour ago (the age a click needs to open a review). */
async function aDayOld<T extends Person>(person: T): Promise<T> {
  await t.db
    .update(users)
    .set({ createdAt: new Date(t.clock.now().getTime() - DAY - HOUR) })
    .where(eq(users.id, person.user.id));
  return person;
}

/** The click token the provider's profile hands `viewer` (signed in). */
async function pageToken(viewer: Person, provider: Provider): Promise<string> {
  const res = await t.get(`/api/user/${provider.user.routing_slug}`, await as(viewer));
  expect(res.body.profile.click_token, res.text).toEqual(expect.any(String));
  return res.body.profile.click_token;
}

/** POST /api/booking-logs, with this click token or none. */
async function click(client: Person, provider: Provider, clickToken?: string) {
  const res = await t.post(
    '/api/booking-logs',
    { url: provider.link, provider_id: provider.user.id, ...(clickToken ? { click_token: clickToken } : {}) },
    await as(client),
  );
  expect(res.body).toEqual({ success: true, logged: true });
}

/** Clicks Book on the provider's page as the web app does: with the page's token. */
const clickThroughPage = async (client: Person, provider: Provider) =>
  click(client, provider, await pageToken(client, provider));

const postReview = async (client: Person, provider: Provider, rating = 5, text = '') =>
  t.post(
    '/api/reviews',
    { provider_id: provider.user.id, rating, text, service: TEST_SERVICE.service },
    await as(client),
  );

const eligibility = async (client: Person, provider: Provider) =>
  (await t.get(`/api/reviews/eligibility?provider_id=${provider.user.id}`, await as(client))).body;

const reviewsOf = (providerId: string) =>
  t.db.select().from(reviews).where(eq(reviews.providerId, providerId)).orderBy(asc(reviews.createdAt));

const reviewsBy = (clientId: string) =>
  t.db.select().from(reviews).where(eq(reviews.clientId, clientId)).orderBy(asc(reviews.createdAt));

const clicksBy = (clientId: string, providerId: string) =>
  t.db
    .select()
    .from(bookingLogs)
    .where(and(eq(bookingLogs.clientId, clientId), eq(bookingLogs.providerId, providerId)))
    .orderBy(asc(bookingLogs.createdAt));

const ratingOf = async (providerId: string) =>
  (await t.db.select().from(providerRatings).where(eq(providerRatings.providerId, providerId)))[0];

const reviewMails = (provider: Person) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, provider.email), eq(mailOutbox.kind, 'new-review')));

function expectError(res: TestResponse, status: number, error: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, error, ...(message ? { message } : {}) });
}

const NOT_YET = { eligible_from: null, review: null, editable_until: null };

describe('review eligibility from booking clicks', () => {
  it('a fresh account POSTing the public booking link (no click token) is not eligible 2 hours later, nor once a day old', async () => {
    const provider = await newProvider();
    const script = await justSignedUp(await createVerifiedUser(t));
    await click(script, provider);
    t.clock.advance(2 * HOUR + MINUTE);

    expect(await eligibility(script, provider)).toEqual({ success: true, status: 'no_booking', ...NOT_YET });
    expectError(await postReview(script, provider), 403, 'FORBIDDEN', REVIEW_TEXTS.noBooking);

    // A day later the account is old enough, but a click without the page's token still opens nothing.
    t.clock.advance(DAY);
    await click(script, provider);
    t.clock.advance(2 * HOUR + MINUTE);
    expect((await eligibility(script, provider)).status).toBe('no_booking');
    expectError(await postReview(script, provider), 403, 'FORBIDDEN', REVIEW_TEXTS.noBooking);

    expect((await clicksBy(script.user.id, provider.user.id)).map((c) => c.viaPage)).toEqual([false, false]);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect(await reviewMails(provider)).toEqual([]);
  });

  it('a click through the page by an account under a day old opens no review; a click once it is a day old does', async () => {
    const provider = await newProvider();
    const fresh = await justSignedUp(await createVerifiedUser(t));
    await clickThroughPage(fresh, provider);
    expect((await clicksBy(fresh.user.id, provider.user.id)).map((c) => c.viaPage)).toEqual([true]);
    // Said at once, not after a 2-hour wait that would end in a refusal.
    expect(await eligibility(fresh, provider)).toEqual({
      success: true,
      status: 'account_too_new',
      ...NOT_YET,
    });
    t.clock.advance(2 * HOUR + MINUTE);
    expect((await eligibility(fresh, provider)).status).toBe('account_too_new');
    expectError(await postReview(fresh, provider), 403, 'FORBIDDEN', REVIEW_TEXTS.accountTooNew);
    expect(await reviewsOf(provider.user.id)).toEqual([]);

    // 22 hours on (the account is a day and a minute old), a new click through the page counts.
    t.clock.advance(22 * HOUR);
    await clickThroughPage(fresh, provider);
    expect((await eligibility(fresh, provider)).status).toBe('too_early');
    t.clock.advance(2 * HOUR);
    expect((await eligibility(fresh, provider)).status).toBe('eligible');
    const posted = await postReview(fresh, provider, 4, 'Worth the wait');
    expect(posted.status, posted.text).toBe(200);
    expect((await reviewsOf(provider.user.id)).map((r) => [r.clientId, r.rating])).toEqual([
      [fresh.user.id, 4],
    ]);
  });

  it('a token for another provider or of another user leaves the click off the page: not eligible', async () => {
    const provider = await newProvider();
    const other = await newProvider();
    const client = await aDayOld(await createVerifiedUser(t));
    const friend = await aDayOld(await createVerifiedUser(t));
    await click(client, provider, await pageToken(client, other));
    t.clock.advance(11_000);
    await click(client, provider, await pageToken(friend, provider));
    t.clock.advance(2 * HOUR + MINUTE);

    expect((await clicksBy(client.user.id, provider.user.id)).map((c) => c.viaPage)).toEqual([false, false]);
    expect(await eligibility(client, provider)).toEqual({ success: true, status: 'no_booking', ...NOT_YET });
    expectError(await postReview(client, provider), 403, 'FORBIDDEN', REVIEW_TEXTS.noBooking);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    // The friend whose token it was did not click: nothing is theirs either.
    expect(await clicksBy(friend.user.id, provider.user.id)).toEqual([]);
  });
});

describe('at most 3 new reviews per account per day', () => {
  it('refuses the 4th review of the day (429) and stores nothing; room opens a day after the first', async () => {
    const providers = await Promise.all([1, 2, 3, 4].map(() => newProvider()));
    const client = await aDayOld(await createVerifiedUser(t));
    for (const provider of providers) await clickThroughPage(client, provider);
    t.clock.advance(2 * HOUR + MINUTE);

    for (const provider of providers.slice(0, 3)) {
      const res = await postReview(client, provider);
      expect(res.status, res.text).toBe(200);
      t.clock.advance(MINUTE);
    }
    const fourth = providers[3]!;
    const [first] = await reviewsBy(client.user.id);
    const roomAt = new Date(first!.createdAt.getTime() + DAY).toISOString();
    expect(await eligibility(client, fourth)).toEqual({
      success: true,
      status: 'daily_limit',
      eligible_from: roomAt,
      review: null,
      editable_until: null,
    });
    expectError(await postReview(client, fourth, 1, 'Fourth'), 429, 'RATE_LIMITED', REVIEW_TEXTS.dailyLimit);
    expect(await reviewsBy(client.user.id)).toHaveLength(REVIEW_LIMITS.perDayMax);
    expect(await reviewsOf(fourth.user.id)).toEqual([]);
    expect(await ratingOf(fourth.user.id)).toBeUndefined();
    expect(await reviewMails(fourth)).toEqual([]);

    // Just before the first review is a day old: still full. Just after: room for one.
    t.clock.advance(Date.parse(roomAt) - t.clock.now().getTime() - MINUTE);
    expectError(await postReview(client, fourth), 429, 'RATE_LIMITED');
    t.clock.advance(2 * MINUTE);
    expect((await eligibility(client, fourth)).status).toBe('eligible');
    expect((await postReview(client, fourth, 3)).status).toBe(200);
    expect(await reviewsBy(client.user.id)).toHaveLength(4);
    expect(await reviewMails(fourth)).toHaveLength(1);
  });

  it('lets only one of two simultaneous posts take the last place of the day', async () => {
    const providers = await Promise.all([1, 2, 3, 4].map(() => newProvider()));
    const client = await aDayOld(await createVerifiedUser(t));
    for (const provider of providers) await clickThroughPage(client, provider);
    t.clock.advance(2 * HOUR + MINUTE);
    for (const provider of providers.slice(0, 2))
      expect((await postReview(client, provider)).status).toBe(200);

    const options = await as(client);
    const replies = await Promise.all(
      providers
        .slice(2)
        .map((p) =>
          t.post(
            '/api/reviews',
            { provider_id: p.user.id, rating: 5, service: TEST_SERVICE.service },
            options,
          ),
        ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await reviewsBy(client.user.id)).toHaveLength(3);
  });
});

describe('reviews from accounts that share a registration address with the provider', () => {
  it('are held for a moderator: not shown or counted, no email; the author is told; an admin publishes it', async () => {
    const provider = await withLink(
      await signUpFrom(PROVIDER_IP, {
        user_type: 'provider',
        name: `Held Studio ${randomBytes(2).toString('hex')}`,
        location: 'Austin, TX 78701',
      }),
    );
    const friend = await aDayOld(await signUpFrom(PROVIDER_IP, { user_type: 'client', name: 'Fran Kay' }));
    const stranger = await aDayOld(
      await signUpFrom(STRANGER_IP, { user_type: 'client', name: 'Stella Range' }),
    );
    for (const client of [friend, stranger]) await clickThroughPage(client, provider);
    t.clock.advance(2 * HOUR + MINUTE);
    const logged = log.entries().length;

    const held = await postReview(friend, provider, 5, 'Best in town!');
    expect(held.status, held.text).toBe(200);
    expect(held.body.message).toBe(REVIEW_TEXTS.postedHeld);
    expect(held.body.summary).toMatchObject({ average: null, count: 0 });
    const id = held.body.review.id as string;
    const [row] = await reviewsBy(friend.user.id);
    expect(row).toMatchObject({ id, rating: 5, text: 'Best in town!', hiddenBy: null });
    expect(row!.hiddenAt).not.toBeNull();
    expect(row!.heldReason).toBe('shared_registration_address');
    // Not shown, not counted, and the provider is not told.
    expect((await t.get(`/api/reviews?provider_id=${provider.user.id}`)).body.reviews).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect(await reviewMails(provider)).toEqual([]);
    // One security event, with ids and the reason, never an address.
    const events = log
      .entries()
      .slice(logged)
      .filter((e) => e.security === 'review-held');
    expect(events).toEqual([
      expect.objectContaining({
        reviewId: id,
        providerId: provider.user.id,
        clientId: friend.user.id,
        reason: 'shared_registration_address',
      }),
    ]);
    expect(log.text).not.toContain(PROVIDER_IP);

    // The author sees their review waiting; they can neither change, delete, nor post it again.
    expect(await eligibility(friend, provider)).toEqual({
      success: true,
      status: 'held',
      eligible_from: null,
      review: held.body.review,
      editable_until: null,
    });
    expectError(await t.put(`/api/reviews/${id}`, { rating: 4 }, await as(friend)), 404, 'NOT_FOUND');
    expectError(await t.del(`/api/reviews/${id}`, undefined, await as(friend)), 404, 'NOT_FOUND');
    expectError(await postReview(friend, provider), 409, 'CONFLICT');
    // Nobody replies to or reports what is not shown.
    expectError(
      await t.put(`/api/reviews/${id}/reply`, { text: 'Thanks' }, await as(provider)),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.post(`/api/reviews/${id}/report`, { reason: 'fake' }, await as(stranger)),
      404,
      'NOT_FOUND',
    );

    // A stranger's review is published at once, and the provider hears of it.
    expect((await postReview(stranger, provider, 3, 'Fine')).body.message).toBe(REVIEW_TEXTS.posted);
    expect(await reviewMails(provider)).toHaveLength(1);
    expect(await ratingOf(provider.user.id)).toMatchObject({ reviewCount: 1, ratingSum: 3 });

    // Admin → Reviews → Held lists it with its reason; not among the hidden ones.
    const heldList = await t.get('/api/admin/reviews?status=held&limit=100', await as(admin));
    expect(heldList.status, heldList.text).toBe(200);
    expect(heldList.body.reviews.find((r: { id: string }) => r.id === id)).toMatchObject({
      id,
      text: 'Best in town!',
      reviewer_name: 'Fran K.',
      held_reason: 'shared_registration_address',
      hidden_at: expect.any(String),
    });
    expect(heldList.body.total).toBe(
      (await t.db.select().from(reviews)).filter((r) => r.heldReason && r.hiddenAt && !r.hiddenBy).length,
    );
    const hiddenList = await t.get('/api/admin/reviews?status=hidden&limit=100', await as(admin));
    expect(hiddenList.body.reviews.map((r: { id: string }) => r.id)).not.toContain(id);

    // Restore publishes it: shown, counted, the provider told now.
    const publish = await t.put(`/api/admin/reviews/${id}`, { action: 'restore' }, await as(admin));
    expect(publish.body).toEqual({ success: true, message: REVIEW_TEXTS.published });
    expect((await reviewsBy(friend.user.id))[0]).toMatchObject({
      hiddenAt: null,
      hiddenBy: null,
      heldReason: null,
    });
    expect(await ratingOf(provider.user.id)).toMatchObject({ reviewCount: 2, ratingSum: 8 });
    const listed = (await t.get(`/api/reviews?provider_id=${provider.user.id}`)).body.reviews;
    expect(listed.map((r: { id: string }) => r.id)).toContain(id);
    const mails = await reviewMails(provider);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('New 3-star review from Stella R.'),
      expect.stringContaining('New 5-star review from Fran K.'),
    ]);
    expect((await eligibility(friend, provider)).status).toBe('reviewed');
    // A second restore is not a second publication: no second email.
    await t.put(`/api/admin/reviews/${id}`, { action: 'restore' }, await as(admin));
    expect(await reviewMails(provider)).toHaveLength(2);
  });

  it('a held review the admin hides stays untold; restoring it later publishes it once', async () => {
    const provider = await withLink(
      await signUpFrom(PROVIDER_IP, {
        user_type: 'provider',
        name: `Second Studio ${randomBytes(2).toString('hex')}`,
        location: 'Austin, TX 78701',
      }),
    );
    const alt = await aDayOld(await signUpFrom(PROVIDER_IP, { user_type: 'client', name: 'Al Tee' }));
    await clickThroughPage(alt, provider);
    t.clock.advance(2 * HOUR + MINUTE);
    const id = (await postReview(alt, provider, 5, 'My own studio is great')).body.review.id as string;

    const hide = await t.put(`/api/admin/reviews/${id}`, { action: 'hide' }, await as(admin));
    expect(hide.body).toEqual({ success: true, message: REVIEW_TEXTS.hidden });
    const [row] = await reviewsBy(alt.user.id);
    expect(row).toMatchObject({ hiddenBy: admin.user.id, heldReason: 'shared_registration_address' });
    // Now the moderators' decision: in the hidden list (with why it was held), off the held one.
    const hidden = await t.get('/api/admin/reviews?status=hidden&limit=100', await as(admin));
    expect(hidden.body.reviews.find((r: { id: string }) => r.id === id)).toMatchObject({
      held_reason: 'shared_registration_address',
    });
    const heldList = await t.get('/api/admin/reviews?status=held&limit=100', await as(admin));
    expect(heldList.body.reviews.map((r: { id: string }) => r.id)).not.toContain(id);
    expect(await eligibility(alt, provider)).toEqual({
      success: true,
      status: 'reviewed',
      ...NOT_YET,
    });
    expect(await reviewMails(provider)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();

    const restore = await t.put(`/api/admin/reviews/${id}`, { action: 'restore' }, await as(admin));
    expect(restore.body.message).toBe(REVIEW_TEXTS.published);
    expect(await reviewMails(provider)).toHaveLength(1);
    expect(await ratingOf(provider.user.id)).toMatchObject({ reviewCount: 1, ratingSum: 5 });
  });

  it('are not held for accounts that share only the server’s own loopback address', async () => {
    const provider = await withLink(
      await signUpFrom('127.0.0.1', {
        user_type: 'provider',
        name: `Local Studio ${randomBytes(2).toString('hex')}`,
        location: 'Austin, TX 78701',
      }),
    );
    const client = await aDayOld(await signUpFrom('127.0.0.1', { user_type: 'client', name: 'Lo Cal' }));
    await clickThroughPage(client, provider);
    t.clock.advance(2 * HOUR + MINUTE);
    expect((await postReview(client, provider)).body.message).toBe(REVIEW_TEXTS.posted);
    expect((await reviewsBy(client.user.id))[0]).toMatchObject({ hiddenAt: null, heldReason: null });
    expect(await reviewMails(provider)).toHaveLength(1);
  });
});
