import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import { BRAND } from '#domain/brand.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from '#domain/reviews.ts';
import {
  bookingLogs,
  mailOutbox,
  providerRatings,
  reviewReports,
  reviews,
  users,
} from '#server/db/schema/index.ts';
import { encodeKeyset } from '#server/lib/keyset-cursor.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  findUserRow,
  freshLogins,
  setBookingLink,
  TEST_SERVICE,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * The reviews API (the reviews issue): who may review (a booking click 2 hours to 90 days old, once
 * per provider, never oneself), editing for 30 days, deleting, the provider's reply, reports, the
 * admin's hide/restore/dismiss, the public list with its summary, and the rating the profile page
 * and its JSON-LD show. The clock only moves forward in this file; every test makes its own people.
 */

const ADMIN_EMAIL = uniqueEmail('admin');
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const INDEX = '<!doctype html><html lang="en"><head><title>Glowfind</title></head><body></body></html>';
/** An email address anywhere in a reply. */
const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

let t: TestApp;
let admin: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL }, indexHtml: INDEX });
  admin = remember(await createVerifiedUser(t, { email: ADMIN_EMAIL }));
  expect(admin.user.role).toBe('admin');
});
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// People. Access tokens live 15 minutes and the clock jumps hours and days: log in again when the
// token in hand may have expired.

const { as, remember } = freshLogins(() => t);

type Provider = VerifiedUser & { link: string };

const pricing = (services: string[]) =>
  services.map((service) => ({
    service,
    description: `${service} appointment`,
    priceType: 'fixed',
    minPrice: 60,
  }));

/** A verified provider with a booking link (and these services), set through the API. */
async function newProvider(services: string[] = []): Promise<Provider> {
  const provider = remember(await createVerifiedProvider(t));
  const fields = services.length > 0 ? { pricing: pricing(services) } : {};
  return { ...provider, link: await setBookingLink(t, await as(provider), fields) };
}

/**
 * A client whose account was made a day and an hour ago: only a click made by an account at least
 * a day old opens a review (ADR 008; review-abuse.api.test.ts tries younger ones).
 */
async function newClient(name?: string): Promise<VerifiedUser> {
  return aDayOld(
    remember(
      await createVerifiedUser(t, name === undefined ? {} : { userData: { user_type: 'client', name } }),
    ),
  );
}

async function aDayOld(client: VerifiedUser): Promise<VerifiedUser> {
  await t.db
    .update(users)
    .set({ createdAt: new Date(t.clock.now().getTime() - DAY - HOUR) })
    .where(eq(users.id, client.user.id));
  return client;
}

/**
 * The client clicks Book on the provider's page: the profile, read signed in, carries the click
 * token that POST /api/booking-logs sends with the click.
 */
async function clickBook(client: VerifiedUser, provider: Provider) {
  const page = await t.get(`/api/user/${provider.user.routing_slug}`, await as(client));
  expect(page.body.profile.click_token).toEqual(expect.any(String));
  const res = await t.post(
    '/api/booking-logs',
    { url: provider.link, provider_id: provider.user.id, click_token: page.body.profile.click_token },
    await as(client),
  );
  expect(res.body).toEqual({ success: true, logged: true });
}

/** New clients who clicked Book on the provider's page 2 hours and a minute ago. */
async function eligibleClients(provider: Provider, names: (string | undefined)[]) {
  const clients: VerifiedUser[] = [];
  for (const name of names) {
    const client = await newClient(name);
    await clickBook(client, provider);
    clients.push(client);
  }
  t.clock.advance(2 * HOUR + MINUTE);
  return clients;
}

const eligibleClient = async (provider: Provider, name?: string) =>
  (await eligibleClients(provider, [name]))[0]!;

/**
 * Posts a review; without a `service` key it names TEST_SERVICE, the one service a provider from
 * newProvider() lists (every listed provider lists one, and a review names it).
 */
async function postReview(client: VerifiedUser, body: Record<string, unknown>) {
  const withService = 'service' in body ? body : { ...body, service: TEST_SERVICE.service };
  return t.post('/api/reviews', withService, await as(client));
}

/** Posts a review that must succeed; its id. */
async function review(client: VerifiedUser, provider: Provider, rating: number, extra = {}) {
  const res = await postReview(client, { provider_id: provider.user.id, rating, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.review.id as string;
}

const eligibility = async (person: VerifiedUser, provider: { user: { id: string } }) =>
  t.get(`/api/reviews/eligibility?provider_id=${provider.user.id}`, await as(person));

const listOf = (providerId: string, query = '') => t.get(`/api/reviews?provider_id=${providerId}${query}`);

// ---------------------------------------------------------------------------------------------
// Stored state

const reviewsOf = (providerId: string) =>
  t.db
    .select()
    .from(reviews)
    .where(eq(reviews.providerId, providerId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));

const reviewRow = async (id: string) => (await t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

const ratingOf = async (providerId: string) =>
  (await t.db.select().from(providerRatings).where(eq(providerRatings.providerId, providerId)))[0];

const reportsOf = (reviewId: string) =>
  t.db
    .select()
    .from(reviewReports)
    .where(eq(reviewReports.reviewId, reviewId))
    .orderBy(asc(reviewReports.createdAt));

/** Visible reviews with open reports: what the admin's reported list counts. */
const reportedTotal = async () =>
  (
    await t.db
      .selectDistinct({ id: reviewReports.reviewId })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .where(isNull(reviews.hiddenAt))
  ).length;

/** The 'new review' emails queued for this provider. */
const reviewMails = (provider: VerifiedUser) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, provider.email), eq(mailOutbox.kind, 'new-review')));

type Stars = Partial<Record<1 | 2 | 3 | 4 | 5, number>>;

/** The provider_ratings row for these per-star counts (the sum and the average are spelled out). */
const ratingRow = (providerId: string, sum: number, rating: number, stars: Stars) => {
  const reviewCount = Object.values(stars).reduce((a, b) => a + b, 0);
  return {
    providerId,
    reviewCount,
    ratingSum: sum,
    rating,
    stars1: stars[1] ?? 0,
    stars2: stars[2] ?? 0,
    stars3: stars[3] ?? 0,
    stars4: stars[4] ?? 0,
    stars5: stars[5] ?? 0,
  };
};

/** The reply's summary for these per-star counts. */
const summaryOf = (average: number | null, stars: Stars) => ({
  average,
  count: Object.values(stars).reduce((a, b) => a + b, 0),
  breakdown: ([5, 4, 3, 2, 1] as const).map((s) => ({ stars: s, count: stars[s] ?? 0 })),
});
const EMPTY_SUMMARY = summaryOf(null, {});

const ISO_MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const isoOf = (date: Date) => `${date.toISOString().slice(0, 23)}000Z`;

function expectError(res: TestResponse, status: number, error: string, message?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, error, ...(message ? { message } : {}) });
}

function expectIssues(res: TestResponse, issues: { path: string; message: string }[]) {
  expectError(res, 400, 'VALIDATION_ERROR', issues[0]!.message);
  expect(res.body.issues).toEqual(issues);
}

// =============================================================================================

describe('POST /api/reviews: who may review', () => {
  it('needs a token, and stores nothing', async () => {
    const provider = await newProvider();
    const res = await t.post('/api/reviews', {
      provider_id: provider.user.id,
      rating: 5,
      service: TEST_SERVICE.service,
    });
    expectError(res, 401, 'UNAUTHORIZED');
    expect(await reviewsOf(provider.user.id)).toEqual([]);
  });

  it('refuses a client who never clicked Book (403), and stores nothing', async () => {
    const provider = await newProvider();
    const client = await newClient();
    // A click on another provider's page does not count for this one.
    const other = await newProvider();
    await clickBook(client, other);
    t.clock.advance(3 * HOUR);

    const res = await postReview(client, { provider_id: provider.user.id, rating: 5, text: 'Great' });
    expectError(res, 403, 'FORBIDDEN', REVIEW_TEXTS.noBooking);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect(await reviewMails(provider)).toEqual([]);
    expect((await eligibility(client, provider)).body).toEqual({
      success: true,
      status: 'no_booking',
      eligible_from: null,
      review: null,
      editable_until: null,
    });
  });

  it('opens 2 hours after the click: 403 at 1 h 59 min, posted at 2 h', async () => {
    const provider = await newProvider();
    const client = await newClient('Jordan Mae Smith');
    await clickBook(client, provider);
    const [click] = await t.db.select().from(bookingLogs).where(eq(bookingLogs.providerId, provider.user.id));
    const opensAt = new Date(click!.createdAt.getTime() + 2 * HOUR).toISOString();

    t.clock.advance(HOUR + 59 * MINUTE);
    const early = await postReview(client, { provider_id: provider.user.id, rating: 4 });
    expectError(early, 403, 'FORBIDDEN', REVIEW_TEXTS.tooEarly);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await reviewMails(provider)).toEqual([]);
    expect((await eligibility(client, provider)).body).toEqual({
      success: true,
      status: 'too_early',
      eligible_from: opensAt,
      review: null,
      editable_until: null,
    });

    t.clock.advance(MINUTE);
    const before = t.clock.now().getTime();
    const res = await postReview(client, {
      provider_id: provider.user.id,
      rating: 4,
      text: '  Lovely cut, on time.  ',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: REVIEW_TEXTS.posted,
      review: {
        id: expect.any(String),
        provider_id: provider.user.id,
        rating: 4,
        text: 'Lovely cut, on time.',
        service: TEST_SERVICE.service,
        reviewer_name: 'Jordan S.',
        created_at: expect.stringMatching(ISO_MICROS),
        updated_at: expect.stringMatching(ISO_MICROS),
        reply: null,
      },
      summary: summaryOf(4, { 4: 1 }),
    });
    expect(res.body.review.updated_at).toBe(res.body.review.created_at);

    const rows = await reviewsOf(provider.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.review.id,
      providerId: provider.user.id,
      clientId: client.user.id,
      rating: 4,
      text: 'Lovely cut, on time.',
      service: TEST_SERVICE.service,
      reply: null,
      hiddenAt: null,
      hiddenBy: null,
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 4, 4, { 4: 1 }));
    // The provider is told, by the short name too.
    const mails = await reviewMails(provider);
    expect(mails.map((m) => m.subject)).toEqual([`New 4-star review from Jordan S. on ${BRAND.name}`]);
    expect(mails[0]!.textBody).toContain('Lovely cut, on time.');
    expect(mails[0]!.textBody).not.toContain('Smith');
    expect(mails[0]!.textBody).not.toContain(client.email);

    const status = await eligibility(client, provider);
    expect(status.body).toEqual({
      success: true,
      status: 'reviewed',
      eligible_from: null,
      review: res.body.review,
      editable_until: new Date(rows[0]!.createdAt.getTime() + 30 * DAY).toISOString(),
    });
  });

  it('closes 90 days after the click (403), until the client books again', async () => {
    const provider = await newProvider();
    const client = await newClient();
    await clickBook(client, provider);

    t.clock.advance(90 * DAY - MINUTE);
    expect((await eligibility(client, provider)).body.status).toBe('eligible');
    t.clock.advance(2 * MINUTE);
    expect((await eligibility(client, provider)).body).toMatchObject({
      status: 'expired',
      eligible_from: null,
    });
    const late = await postReview(client, { provider_id: provider.user.id, rating: 5 });
    expectError(late, 403, 'FORBIDDEN', REVIEW_TEXTS.tooLate);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();

    // A new click opens a new window, 2 hours later.
    await clickBook(client, provider);
    expect((await eligibility(client, provider)).body.status).toBe('too_early');
    expectError(
      await postReview(client, { provider_id: provider.user.id, rating: 5 }),
      403,
      'FORBIDDEN',
      REVIEW_TEXTS.tooEarly,
    );
    t.clock.advance(2 * HOUR);
    expect((await eligibility(client, provider)).body.status).toBe('eligible');
    await review(client, provider, 5);
    expect(await reviewsOf(provider.user.id)).toHaveLength(1);
  });

  it('allows one review per client and provider: the second is 409 and changes nothing', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 5, { text: 'First visit' });
    // Booking again does not make room for another review.
    await clickBook(client, provider);
    t.clock.advance(2 * HOUR + MINUTE);

    const again = await postReview(client, { provider_id: provider.user.id, rating: 1, text: 'Second' });
    expectError(again, 409, 'CONFLICT', REVIEW_TEXTS.alreadyReviewed);
    const rows = await reviewsOf(provider.user.id);
    expect(rows.map((r) => [r.id, r.rating, r.text])).toEqual([[id, 5, 'First visit']]);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 5, 5, { 5: 1 }));
    expect(await reviewMails(provider)).toHaveLength(1);
  });

  it('lets one of two simultaneous posts in; the other is 409', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const options = await as(client);
    const replies = await Promise.all(
      [5, 2].map((rating) =>
        t.post(
          '/api/reviews',
          { provider_id: provider.user.id, rating, service: TEST_SERVICE.service },
          options,
        ),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe(REVIEW_TEXTS.alreadyReviewed);
    const rows = await reviewsOf(provider.user.id);
    expect(rows).toHaveLength(1);
    expect(await ratingOf(provider.user.id)).toMatchObject({ reviewCount: 1, ratingSum: rows[0]!.rating });
    expect(await reviewMails(provider)).toHaveLength(1);
  });

  it('never lets a provider review themself (403), even with a booking click on record', async () => {
    const provider = await newProvider();
    // The API does not log a provider's click on their own link; put one in place by hand.
    await t.db.insert(bookingLogs).values({
      clientId: provider.user.id,
      providerId: provider.user.id,
      url: provider.link,
      createdAt: new Date(t.clock.now().getTime() - 3 * HOUR),
    });
    const res = await postReview(provider, { provider_id: provider.user.id, rating: 5, text: 'Best ever' });
    expectError(res, 403, 'FORBIDDEN', REVIEW_TEXTS.ownProfile);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect(await reviewMails(provider)).toEqual([]);
    expect((await eligibility(provider, provider)).body).toEqual({
      success: true,
      status: 'own_profile',
      eligible_from: null,
      review: null,
      editable_until: null,
    });
  });

  it('answers 404 for an unknown provider, a client and an unverified provider; 400 for a malformed id', async () => {
    const client = await newClient();
    const otherClient = await newClient();
    const unverified = await createUnverifiedUser(t, {
      userData: { user_type: 'provider', name: 'Pending Studio', location: 'Austin, TX 78701' },
    });
    const pending = await findUserRow(t.db, unverified.email);
    const total = await t.db.$count(reviews);
    for (const providerId of [NO_SUCH_ID, otherClient.user.id, pending!.id]) {
      const res = await postReview(client, { provider_id: providerId, rating: 5 });
      expectError(res, 404, 'NOT_FOUND', 'Provider not found');
      expectError(await eligibility(client, { user: { id: providerId } }), 404, 'NOT_FOUND');
    }
    expectIssues(await postReview(client, { provider_id: 'abc', rating: 5 }), [
      { path: 'provider_id', message: 'Provider not found' },
    ]);
    expectIssues(await postReview(client, { rating: 5 }), [
      { path: 'provider_id', message: 'Provider not found' },
    ]);
    expect(await t.db.$count(reviews)).toBe(total);
  });
});

describe('POST /api/reviews: the fields', () => {
  it('needs a whole rating from 1 to 5; text at most 1000 characters after trimming', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const base = { provider_id: provider.user.id };
    const badRatings: unknown[] = [0, 6, -1, 4.5, '5', null, true];
    for (const rating of badRatings) {
      expectIssues(await postReview(client, { ...base, rating }), [
        { path: 'rating', message: REVIEW_TEXTS.ratingRequired },
      ]);
    }
    expectIssues(await postReview(client, { ...base, text: 'No stars' }), [
      { path: 'rating', message: REVIEW_TEXTS.ratingRequired },
    ]);
    expectIssues(
      await postReview(client, { ...base, rating: 5, text: 'x'.repeat(REVIEW_LIMITS.textMax + 1) }),
      [{ path: 'text', message: REVIEW_TEXTS.textTooLong }],
    );
    expect(await reviewsOf(provider.user.id)).toEqual([]);

    // Exactly 1000 characters once the spaces around them are trimmed.
    const text = `${'a'.repeat(REVIEW_LIMITS.textMax - 1)}z`;
    await review(client, provider, 3, { text: `\n  ${text}  \t` });
    expect((await reviewsOf(provider.user.id))[0]!.text).toBe(text);
  });

  it("names one of the provider's services (spelled as they list it) when they list any", async () => {
    const provider = await newProvider(['Curly Cut', 'Balayage']);
    const [first, second] = await eligibleClients(provider, [undefined, undefined]);
    const base = { provider_id: provider.user.id, rating: 5 };

    for (const service of [undefined, null, '', '   ']) {
      expectIssues(await postReview(first!, { ...base, service }), [
        { path: 'service', message: REVIEW_TEXTS.serviceRequired },
      ]);
    }
    for (const service of ['Perm', 'Curly', 'Curly Cut and more']) {
      expectIssues(await postReview(first!, { ...base, service }), [
        { path: 'service', message: REVIEW_TEXTS.unknownService },
      ]);
    }
    expect(await reviewsOf(provider.user.id)).toEqual([]);

    await review(first!, provider, 5, { service: '  curly CUT ' });
    await review(second!, provider, 4, { service: 'Balayage' });
    expect((await reviewsOf(provider.user.id)).map((r) => r.service)).toEqual(['Curly Cut', 'Balayage']);
  });

  it('is 404 for a provider who no longer lists a service (not listed), and stores nothing', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    expect((await t.put('/api/auth/profile', { pricing: [] }, await as(provider))).status).toBe(200);
    const res = await postReview(client, { provider_id: provider.user.id, rating: 5 });
    expect(res.status).toBe(404);
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect((await t.put('/api/auth/profile', { pricing: [TEST_SERVICE] }, await as(provider))).status).toBe(
      200,
    );
    await review(client, provider, 5);
    expect((await reviewsOf(provider.user.id))[0]!.service).toBe(TEST_SERVICE.service);
  });

  it("refuses fields that are not the client's to set (strict body), and stores nothing", async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const victim = await newClient();
    const base = { provider_id: provider.user.id, rating: 5, text: 'Great' };
    for (const extra of [
      { client_id: victim.user.id },
      { hidden_at: null },
      { id: NO_SUCH_ID },
      { created_at: '2020-01-01T00:00:00Z' },
      { reply: 'Thanks!' },
    ]) {
      const res = await postReview(client, { ...base, ...extra });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.issues).toHaveLength(1);
      expect(res.body.issues[0].message).toContain(Object.keys(extra)[0]);
    }
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await t.db.$count(reviews, eq(reviews.clientId, victim.user.id))).toBe(0);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect(await reviewMails(provider)).toEqual([]);
  });
});

describe('PUT /api/reviews/:id (edit)', () => {
  it('lets the author change the rating, words and service; the rating follows', async () => {
    const provider = await newProvider(['Gel Manicure', 'Pedicure']);
    const [author, other] = await eligibleClients(provider, ['Ana Lima', undefined]);
    const id = await review(author!, provider, 5, { service: 'Gel Manicure', text: 'Perfect' });
    await review(other!, provider, 3, { service: 'Pedicure' });
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 8, 4, { 5: 1, 3: 1 }));
    const created = (await reviewRow(id))!.createdAt;

    t.clock.advance(DAY);
    const res = await t.put(
      `/api/reviews/${id}`,
      { rating: 2, text: ' Chipped after two days ', service: 'pedicure' },
      await as(author!),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: REVIEW_TEXTS.updated,
      review: expect.objectContaining({
        id,
        rating: 2,
        text: 'Chipped after two days',
        service: 'Pedicure',
        reviewer_name: 'Ana L.',
        created_at: isoOf(created),
      }),
      summary: summaryOf(2.5, { 3: 1, 2: 1 }),
    });
    expect(Date.parse(res.body.review.updated_at) - created.getTime()).toBeGreaterThanOrEqual(DAY);
    expect(await reviewRow(id)).toMatchObject({
      rating: 2,
      text: 'Chipped after two days',
      service: 'Pedicure',
      createdAt: created,
      clientId: author!.user.id,
    });
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 5, 2.5, { 3: 1, 2: 1 }));
  });

  it('keeps a service the provider has since renamed, but takes no other unknown one', async () => {
    const provider = await newProvider(['Brow Lamination']);
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 4, { service: 'Brow Lamination' });
    const renamed = await t.put('/api/auth/profile', { pricing: pricing(['Brow Lift']) }, await as(provider));
    expect(renamed.status, renamed.text).toBe(200);

    const kept = await t.put(
      `/api/reviews/${id}`,
      { rating: 5, service: 'Brow Lamination' },
      await as(client),
    );
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.review.service).toBe('Brow Lamination');
    expectIssues(await t.put(`/api/reviews/${id}`, { rating: 5, service: 'Tint' }, await as(client)), [
      { path: 'service', message: REVIEW_TEXTS.unknownService },
    ]);
    expect(await reviewRow(id)).toMatchObject({ rating: 5, service: 'Brow Lamination' });
  });

  it('is open for 30 days after posting: 403 after, and nothing changes', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 4, { text: 'Good' });

    t.clock.advance(30 * DAY - MINUTE);
    const inTime = await t.put(
      `/api/reviews/${id}`,
      { rating: 5, text: 'Good, and again', service: TEST_SERVICE.service },
      await as(client),
    );
    expect(inTime.status, inTime.text).toBe(200);
    expect(await ratingOf(provider.user.id)).toMatchObject({ ratingSum: 5, rating: 5 });

    t.clock.advance(2 * MINUTE);
    const late = await t.put(
      `/api/reviews/${id}`,
      { rating: 1, text: 'Changed my mind', service: TEST_SERVICE.service },
      await as(client),
    );
    expectError(late, 403, 'FORBIDDEN', REVIEW_TEXTS.editExpired);
    expect(await reviewRow(id)).toMatchObject({ rating: 5, text: 'Good, and again' });
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 5, 5, { 5: 1 }));
    const status = await eligibility(client, provider);
    expect(status.body).toMatchObject({ status: 'reviewed', editable_until: null });
    expect(status.body.review).toMatchObject({ id, rating: 5 });
  });

  it("answers 404 for someone else's review (other client, the provider, an admin) and unknown ids", async () => {
    const provider = await newProvider();
    const [author, stranger] = await eligibleClients(provider, [undefined, undefined]);
    const id = await review(author!, provider, 4, { text: 'Mine' });
    for (const someone of [stranger!, provider, admin]) {
      const res = await t.put(
        `/api/reviews/${id}`,
        { rating: 1, text: 'Hijacked', service: TEST_SERVICE.service },
        await as(someone),
      );
      expectError(res, 404, 'NOT_FOUND', REVIEW_TEXTS.notFound);
      expectError(await t.del(`/api/reviews/${id}`, undefined, await as(someone)), 404, 'NOT_FOUND');
    }
    expectError(
      await t.put(
        `/api/reviews/${NO_SUCH_ID}`,
        { rating: 1, service: TEST_SERVICE.service },
        await as(author!),
      ),
      404,
      'NOT_FOUND',
      REVIEW_TEXTS.notFound,
    );
    expectIssues(await t.put('/api/reviews/not-an-id', { rating: 1 }, await as(author!)), [
      { path: 'id', message: REVIEW_TEXTS.notFound },
    ]);
    expectError(
      await t.put(`/api/reviews/${id}`, { rating: 1, service: TEST_SERVICE.service }),
      401,
      'UNAUTHORIZED',
    );
    expectError(await t.del(`/api/reviews/${id}`), 401, 'UNAUTHORIZED');
    expect(await reviewRow(id)).toMatchObject({ rating: 4, text: 'Mine', clientId: author!.user.id });
  });

  it('refuses ownership, moderation and reply fields (strict body), changing nothing', async () => {
    const provider = await newProvider();
    const otherProvider = await newProvider();
    const [author, victim] = await eligibleClients(provider, [undefined, undefined]);
    const id = await review(author!, provider, 4, { text: 'Honest' });
    const before = await reviewRow(id);
    for (const extra of [
      { provider_id: otherProvider.user.id },
      { client_id: victim!.user.id },
      { hidden_at: null },
      { hidden_by: null },
      { created_at: t.clock.now().toISOString() },
      { reply: 'Thanks' },
    ]) {
      const res = await t.put(
        `/api/reviews/${id}`,
        { rating: 1, text: 'Edited', ...extra, service: TEST_SERVICE.service },
        await as(author!),
      );
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.issues).toHaveLength(1);
      expect(res.body.issues[0].message).toContain(Object.keys(extra)[0]);
    }
    expect(await reviewRow(id)).toEqual(before);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 4, 4, { 4: 1 }));
    expect(await ratingOf(otherProvider.user.id)).toBeUndefined();
  });

  it('checks the fields as a new review does', async () => {
    const provider = await newProvider(['Facial']);
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 4, { service: 'Facial' });
    const put = async (body: object) => t.put(`/api/reviews/${id}`, body, await as(client));
    expectIssues(await put({ rating: 0, service: 'Facial' }), [
      { path: 'rating', message: REVIEW_TEXTS.ratingRequired },
    ]);
    expectIssues(await put({ rating: 3, service: 'Facial', text: 'x'.repeat(1001) }), [
      { path: 'text', message: REVIEW_TEXTS.textTooLong },
    ]);
    expectIssues(await put({ rating: 3 }), [{ path: 'service', message: REVIEW_TEXTS.serviceRequired }]);
    expect(await reviewRow(id)).toMatchObject({ rating: 4, service: 'Facial' });
  });
});

describe('DELETE /api/reviews/:id', () => {
  it('lets the author delete at any time; the rating is recounted, and gone with the last review', async () => {
    const provider = await newProvider();
    const [first, second] = await eligibleClients(provider, [undefined, undefined]);
    const firstId = await review(first!, provider, 5);
    const secondId = await review(second!, provider, 2);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 7, 3.5, { 5: 1, 2: 1 }));

    // Long after the edit window has closed.
    t.clock.advance(45 * DAY);
    const res = await t.del(`/api/reviews/${firstId}`, undefined, await as(first!));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: REVIEW_TEXTS.deleted,
      summary: summaryOf(2, { 2: 1 }),
    });
    expect((await reviewsOf(provider.user.id)).map((r) => r.id)).toEqual([secondId]);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 2, 2, { 2: 1 }));
    // Deleting again: nothing there.
    expectError(await t.del(`/api/reviews/${firstId}`, undefined, await as(first!)), 404, 'NOT_FOUND');

    const last = await t.del(`/api/reviews/${secondId}`, undefined, await as(second!));
    expect(last.body).toEqual({ success: true, message: REVIEW_TEXTS.deleted, summary: EMPTY_SUMMARY });
    expect(await reviewsOf(provider.user.id)).toEqual([]);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
    expect((await listOf(provider.user.id)).body).toMatchObject({ reviews: [], summary: EMPTY_SUMMARY });
  });

  it('keeps a review the moderators hid: its author can neither delete it nor post again', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 1, { text: 'Rude words' });
    const hide = await t.put(`/api/admin/reviews/${id}`, { action: 'hide' }, await as(admin));
    expect(hide.status, hide.text).toBe(200);
    const res = await t.del(`/api/reviews/${id}`, undefined, await as(client));
    expect(res.status, res.text).toBe(404);
    expect(res.body).toMatchObject({ error: 'NOT_FOUND', message: REVIEW_TEXTS.notFound });
    expect(await reviewRow(id)).toBeDefined();
    const again = await t.post(
      '/api/reviews',
      { provider_id: provider.user.id, rating: 5, service: TEST_SERVICE.service },
      await as(client),
    );
    expect(again.status, again.text).toBe(409);
    expect(await ratingOf(provider.user.id)).toBeUndefined();
  });
});

describe('PUT and DELETE /api/reviews/:id/reply', () => {
  it('lets the reviewed provider reply, edit the reply and delete it; the rating stays', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 3, { text: 'Fine' });
    const rating = await ratingOf(provider.user.id);

    const res = await t.put(
      `/api/reviews/${id}/reply`,
      { text: '  Thanks for coming!  ' },
      await as(provider),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(REVIEW_TEXTS.replyPosted);
    expect(res.body.review).toMatchObject({
      id,
      reply: { text: 'Thanks for coming!', created_at: expect.stringMatching(ISO_MICROS) },
    });
    expect(res.body.review.reply.updated_at).toBe(res.body.review.reply.created_at);
    const posted = await reviewRow(id);
    expect(posted).toMatchObject({ reply: 'Thanks for coming!', rating: 3, text: 'Fine' });

    t.clock.advance(HOUR);
    const edit = await t.put(
      `/api/reviews/${id}/reply`,
      { text: 'Thanks, see you soon' },
      await as(provider),
    );
    expect(edit.status).toBe(200);
    const edited = await reviewRow(id);
    expect(edited!.reply).toBe('Thanks, see you soon');
    expect(edited!.replyCreatedAt).toEqual(posted!.replyCreatedAt);
    expect(edited!.replyUpdatedAt!.getTime() - posted!.replyCreatedAt!.getTime()).toBeGreaterThanOrEqual(
      HOUR,
    );
    // The review itself is not 'edited' by a reply.
    expect(edited!.updatedAt).toEqual(posted!.updatedAt);
    expect((await listOf(provider.user.id)).body.reviews[0].reply).toEqual({
      text: 'Thanks, see you soon',
      created_at: isoOf(posted!.replyCreatedAt!),
      updated_at: isoOf(edited!.replyUpdatedAt!),
    });

    const removed = await t.del(`/api/reviews/${id}/reply`, undefined, await as(provider));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: REVIEW_TEXTS.replyDeleted, review: { id, reply: null } });
    expect(await reviewRow(id)).toMatchObject({ reply: null, replyCreatedAt: null, replyUpdatedAt: null });
    expectError(
      await t.del(`/api/reviews/${id}/reply`, undefined, await as(provider)),
      404,
      'NOT_FOUND',
      REVIEW_TEXTS.notFound,
    );
    expect(await ratingOf(provider.user.id)).toEqual(rating);
  });

  it('answers 404 to anyone but the reviewed provider (a stranger, the author, an admin)', async () => {
    const provider = await newProvider();
    const stranger = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 5);
    const replied = await t.put(`/api/reviews/${id}/reply`, { text: 'Thank you!' }, await as(provider));
    expect(replied.status).toBe(200);
    const before = await reviewRow(id);

    for (const someone of [stranger, client, admin]) {
      const put = await t.put(`/api/reviews/${id}/reply`, { text: 'Not mine to say' }, await as(someone));
      expectError(put, 404, 'NOT_FOUND', REVIEW_TEXTS.notFound);
      const del = await t.del(`/api/reviews/${id}/reply`, undefined, await as(someone));
      expectError(del, 404, 'NOT_FOUND', REVIEW_TEXTS.notFound);
    }
    expectError(await t.put(`/api/reviews/${id}/reply`, { text: 'Hi' }), 401, 'UNAUTHORIZED');
    expectError(await t.del(`/api/reviews/${id}/reply`), 401, 'UNAUTHORIZED');
    expectError(
      await t.put(`/api/reviews/${NO_SUCH_ID}/reply`, { text: 'Hi' }, await as(provider)),
      404,
      'NOT_FOUND',
    );
    expect(await reviewRow(id)).toEqual(before);
  });

  it('needs words (at most 1000) and nothing else', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 5);
    const put = async (body: unknown) => t.put(`/api/reviews/${id}/reply`, body, await as(provider));
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 5 }]) {
      expectIssues(await put(body), [{ path: 'text', message: REVIEW_TEXTS.replyRequired }]);
    }
    expectIssues(await put({ text: 'x'.repeat(REVIEW_LIMITS.replyMax + 1) }), [
      { path: 'text', message: REVIEW_TEXTS.replyTooLong },
    ]);
    const extra = await put({ text: 'Thanks', rating: 5 });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(extra.body.issues[0].message).toContain('rating');
    expect(await reviewRow(id)).toMatchObject({ reply: null, rating: 5 });
  });
});

describe('POST /api/reviews/:id/report', () => {
  it('takes a report from anyone signed in but the author; reporting again replaces the reason', async () => {
    const provider = await newProvider();
    const otherProvider = await newProvider();
    const [author, otherClient] = await eligibleClients(provider, [undefined, undefined]);
    const id = await review(author!, provider, 1, { text: 'Awful' });

    const report = async (who: VerifiedUser, body: object) =>
      t.post(`/api/reviews/${id}/report`, body, await as(who));
    for (const [who, body] of [
      [otherClient!, { reason: 'fake', details: '  Never saw this person  ' }],
      [provider, { reason: 'offensive' }],
      [otherProvider, { reason: 'spam', details: '' }],
    ] as const) {
      const res = await report(who, body);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ success: true, message: REVIEW_TEXTS.reported });
    }
    const rows = await reportsOf(id);
    expect(rows.map((r) => [r.reporterId, r.reason, r.details])).toEqual([
      [otherClient!.user.id, 'fake', 'Never saw this person'],
      [provider.user.id, 'offensive', null],
      [otherProvider.user.id, 'spam', null],
    ]);

    t.clock.advance(MINUTE);
    expect((await report(otherClient!, { reason: 'private', details: 'Has my phone number' })).status).toBe(
      200,
    );
    const after = await reportsOf(id);
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.reporterId === otherClient!.user.id)).toMatchObject({
      reason: 'private',
      details: 'Has my phone number',
    });
    // Reports do not change the rating.
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 1, 1, { 1: 1 }));
  });

  it('refuses the author (403), unknown ids (404), anonymous callers (401) and bad reasons (400)', async () => {
    const provider = await newProvider();
    const [author, other] = await eligibleClients(provider, [undefined, undefined]);
    const id = await review(author!, provider, 5);
    const url = `/api/reviews/${id}/report`;

    expectError(
      await t.post(url, { reason: 'spam' }, await as(author!)),
      403,
      'FORBIDDEN',
      REVIEW_TEXTS.reportOwn,
    );
    expectError(await t.post(url, { reason: 'spam' }), 401, 'UNAUTHORIZED');
    expectError(
      await t.post(`/api/reviews/${NO_SUCH_ID}/report`, { reason: 'spam' }, await as(other!)),
      404,
      'NOT_FOUND',
      REVIEW_TEXTS.notFound,
    );
    for (const body of [{}, { reason: 'boring' }, { reason: '' }, { reason: null }]) {
      expectIssues(await t.post(url, body, await as(other!)), [
        { path: 'reason', message: REVIEW_TEXTS.reportReasonRequired },
      ]);
    }
    expectIssues(
      await t.post(
        url,
        { reason: 'other', details: 'x'.repeat(REVIEW_LIMITS.reportReasonMax + 1) },
        await as(other!),
      ),
      [{ path: 'details', message: `Details must be at most ${REVIEW_LIMITS.reportReasonMax} characters` }],
    );
    const extra = await t.post(url, { reason: 'spam', reporter_id: author!.user.id }, await as(other!));
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(extra.body.issues[0].message).toContain('reporter_id');
    expect(await reportsOf(id)).toEqual([]);
  });
});

describe('admin moderation', () => {
  it("is the admins' only: 401 without a token, 'Access Denied' to everyone else, and nothing changes", async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 2);
    const before = await reviewRow(id);
    for (const someone of [client, provider]) {
      for (const url of ['/api/admin/reviews', '/api/admin/reviews?status=hidden']) {
        expectError(await t.get(url, await as(someone)), 403, 'FORBIDDEN', ADMIN_TEXTS.accessDenied);
      }
      for (const action of ['hide', 'restore', 'dismiss']) {
        const res = await t.put(`/api/admin/reviews/${id}`, { action }, await as(someone));
        expectError(res, 403, 'FORBIDDEN', ADMIN_TEXTS.accessDenied);
      }
    }
    expectError(await t.get('/api/admin/reviews'), 401, 'UNAUTHORIZED');
    expectError(await t.put(`/api/admin/reviews/${id}`, { action: 'hide' }), 401, 'UNAUTHORIZED');
    expect(await reviewRow(id)).toEqual(before);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 2, 2, { 2: 1 }));
  });

  it('lists reported reviews, latest report first, with their reasons', async () => {
    const provider = await newProvider();
    const [a, b, reporter1, reporter2] = await eligibleClients(provider, [
      'Alex Carter',
      'Bo Diaz',
      'R1',
      'R2',
    ]);
    const aId = await review(a!, provider, 1, { text: 'Bad' });
    const bId = await review(b!, provider, 2, { text: 'Meh' });
    const report = async (who: VerifiedUser, id: string, body: object) => {
      expect((await t.post(`/api/reviews/${id}/report`, body, await as(who))).status).toBe(200);
      t.clock.advance(MINUTE);
    };
    await report(reporter1!, aId, { reason: 'fake', details: 'Not a client' });
    await report(reporter1!, bId, { reason: 'spam' });
    await report(reporter2!, aId, { reason: 'offensive' });

    const res = await t.get('/api/admin/reviews?status=reported', await as(admin));
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(await reportedTotal());
    expect(res.body.reviews.slice(0, 2).map((r: { id: string }) => r.id)).toEqual([aId, bId]);
    const lastReport = (await reportsOf(aId)).at(-1)!;
    expect(res.body.reviews[0]).toEqual({
      id: aId,
      provider_id: provider.user.id,
      rating: 1,
      text: 'Bad',
      service: TEST_SERVICE.service,
      reviewer_name: 'Alex C.',
      created_at: expect.stringMatching(ISO_MICROS),
      updated_at: expect.stringMatching(ISO_MICROS),
      reply: null,
      provider_name: provider.user.name,
      provider_slug: provider.user.routing_slug,
      // The admin sees the author's own name (a client: no profile to link to).
      client_id: expect.any(String),
      client_name: 'Alex Carter',
      client_slug: null,
      report_count: 2,
      reasons: [
        { reason: 'offensive', details: null },
        { reason: 'fake', details: 'Not a client' },
      ],
      last_reported_at: isoOf(lastReport.createdAt),
      hidden_at: null,
      held_reason: null,
    });
    expect(res.body.reviews[1]).toMatchObject({ id: bId, report_count: 1, reasons: [{ reason: 'spam' }] });
    // The default list is the reported one.
    const byDefault = await t.get('/api/admin/reviews', await as(admin));
    expect(byDefault.body).toEqual(res.body);
  });

  it('hides a review: out of the list, the average, the count, the profile; restore brings it back', async () => {
    const provider = await newProvider();
    const [kind, harsh, reporter] = await eligibleClients(provider, [undefined, undefined, undefined]);
    const kindId = await review(kind!, provider, 5, { text: 'Wonderful' });
    const harshId = await review(harsh!, provider, 1, { text: 'Terrible and rude' });
    expect(
      (await t.post(`/api/reviews/${harshId}/report`, { reason: 'offensive' }, await as(reporter!))).status,
    ).toBe(200);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 6, 3, { 5: 1, 1: 1 }));

    const hide = await t.put(`/api/admin/reviews/${harshId}`, { action: 'hide' }, await as(admin));
    expect(hide.status, hide.text).toBe(200);
    expect(hide.body).toEqual({ success: true, message: REVIEW_TEXTS.hidden });
    const hiddenRow = await reviewRow(harshId);
    expect(hiddenRow!.hiddenAt).not.toBeNull();
    expect(hiddenRow!.hiddenBy).toBe(admin.user.id);
    // Still stored: the text is the author's.
    expect(hiddenRow).toMatchObject({ rating: 1, text: 'Terrible and rude' });

    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 5, 5, { 5: 1 }));
    const list = await listOf(provider.user.id);
    expect(list.body.reviews.map((r: { id: string }) => r.id)).toEqual([kindId]);
    expect(list.body.summary).toEqual(summaryOf(5, { 5: 1 }));
    expect(list.text).not.toContain('Terrible');
    const profile = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(profile.body.profile).toMatchObject({ rating: 5, review_count: 1 });
    const card = (await t.get('/api/providers?limit=50')).body.providers.find(
      (p: { id: string }) => p.id === provider.user.id,
    );
    expect(card).toMatchObject({ rating: 5, review_count: 1 });

    // The moderators' lists: hidden now, no longer among the reported.
    const reported = await t.get('/api/admin/reviews?status=reported&limit=100', await as(admin));
    expect(reported.body.reviews.map((r: { id: string }) => r.id)).not.toContain(harshId);
    const hidden = await t.get('/api/admin/reviews?status=hidden', await as(admin));
    expect(hidden.body.reviews[0]).toMatchObject({
      id: harshId,
      hidden_at: isoOf(hiddenRow!.hiddenAt!),
      report_count: 1,
    });
    expect(hidden.body.total).toBe(await t.db.$count(reviews, isNotNull(reviews.hiddenAt)));

    // Its author sees that it is there (no second review), but neither its text nor an edit.
    const status = await eligibility(harsh!, provider);
    expect(status.body).toEqual({
      success: true,
      status: 'reviewed',
      eligible_from: null,
      review: null,
      editable_until: null,
    });
    expectError(
      await postReview(harsh!, { provider_id: provider.user.id, rating: 5 }),
      409,
      'CONFLICT',
      REVIEW_TEXTS.alreadyReviewed,
    );
    expectError(
      await t.put(`/api/reviews/${harshId}`, { rating: 5, service: TEST_SERVICE.service }, await as(harsh!)),
      404,
      'NOT_FOUND',
    );
    // Nobody reports, or replies to, what is not shown.
    expectError(
      await t.post(`/api/reviews/${harshId}/report`, { reason: 'spam' }, await as(kind!)),
      404,
      'NOT_FOUND',
      REVIEW_TEXTS.notFound,
    );
    expectError(
      await t.put(`/api/reviews/${harshId}/reply`, { text: 'Sorry' }, await as(provider)),
      404,
      'NOT_FOUND',
    );
    expect(await reviewRow(harshId)).toEqual(hiddenRow);

    // Hiding twice keeps the first time and admin.
    expect((await t.put(`/api/admin/reviews/${harshId}`, { action: 'hide' }, await as(admin))).status).toBe(
      200,
    );
    expect(await reviewRow(harshId)).toEqual(hiddenRow);

    const restore = await t.put(`/api/admin/reviews/${harshId}`, { action: 'restore' }, await as(admin));
    expect(restore.body).toEqual({ success: true, message: REVIEW_TEXTS.restored });
    expect(await reviewRow(harshId)).toMatchObject({ hiddenAt: null, hiddenBy: null });
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 6, 3, { 5: 1, 1: 1 }));
    expect((await listOf(provider.user.id)).body.summary).toEqual(summaryOf(3, { 5: 1, 1: 1 }));
    // Its reports are still open.
    const again = await t.get('/api/admin/reviews?status=reported&limit=100', await as(admin));
    expect(again.body.reviews.map((r: { id: string }) => r.id)).toContain(harshId);
  });

  it('dismisses the reports: the review stays, off the reported list', async () => {
    const provider = await newProvider();
    const [author, reporter] = await eligibleClients(provider, [undefined, undefined]);
    const id = await review(author!, provider, 4, { text: 'Solid' });
    expect((await t.post(`/api/reviews/${id}/report`, { reason: 'spam' }, await as(reporter!))).status).toBe(
      200,
    );
    const before = await reviewRow(id);

    const res = await t.put(`/api/admin/reviews/${id}`, { action: 'dismiss' }, await as(admin));
    expect(res.body).toEqual({ success: true, message: REVIEW_TEXTS.dismissed });
    expect(await reportsOf(id)).toEqual([]);
    expect(await reviewRow(id)).toEqual(before);
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 4, 4, { 4: 1 }));
    const reported = await t.get('/api/admin/reviews?status=reported&limit=100', await as(admin));
    expect(reported.body.reviews.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('answers 404 for unknown reviews and 400 for bad actions, queries and cursors', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider, 3);
    const options = await as(admin);
    for (const action of ['hide', 'restore', 'dismiss']) {
      expectError(
        await t.put(`/api/admin/reviews/${NO_SUCH_ID}`, { action }, options),
        404,
        'NOT_FOUND',
        REVIEW_TEXTS.notFound,
      );
    }
    const before = await reviewRow(id);
    for (const body of [{}, { action: 'delete' }, { action: 'hide', hidden_by: client.user.id }]) {
      expectError(await t.put(`/api/admin/reviews/${id}`, body, options), 400, 'VALIDATION_ERROR');
    }
    expect(await reviewRow(id)).toEqual(before);
    for (const [query, path] of [
      ['status=deleted', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['cursor=garbage', 'cursor'],
      [`cursor=${encodeKeyset({ createdAt: '2024-02-30T12:00:00.000000Z', id: NO_SUCH_ID })}`, 'cursor'],
    ] as const) {
      const res = await t.get(`/api/admin/reviews?${query}`, options);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
  });

  it('pages through the reported reviews without duplicates', async () => {
    const options = await as(admin);
    const total = await reportedTotal();
    expect(total).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: TestResponse = await t.get(
        `/api/admin/reviews?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        options,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(total);
      seen.push(...res.body.reviews.map((r: { id: string }) => r.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe('GET /api/reviews (public list)', () => {
  it('needs no token; answers 404 for an unknown provider or a client, 400 for bad queries', async () => {
    const provider = await newProvider();
    const client = await newClient();
    const res = await listOf(provider.user.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, reviews: [], summary: EMPTY_SUMMARY, nextCursor: null });

    for (const id of [NO_SUCH_ID, client.user.id]) {
      expectError(await listOf(id), 404, 'NOT_FOUND', 'Provider not found');
    }
    expectIssues(await t.get('/api/reviews'), [{ path: 'provider_id', message: 'Provider not found' }]);
    expectIssues(await t.get('/api/reviews?provider_id=abc'), [
      { path: 'provider_id', message: 'Provider not found' },
    ]);
    for (const [query, path] of [
      ['&limit=0', 'limit'],
      [`&limit=${REVIEW_LIMITS.pageMax + 1}`, 'limit'],
      ['&limit=ten', 'limit'],
      ['&cursor=garbage', 'cursor'],
      [`&cursor=${encodeKeyset({ createdAt: '2024-05-01T12:00:00.000000Z', id: '12345' })}`, 'cursor'],
      [`&cursor=${encodeKeyset({ createdAt: '2024-02-30T12:00:00.000000Z', id: NO_SUCH_ID })}`, 'cursor'],
    ] as const) {
      const bad = await listOf(provider.user.id, query);
      expectError(bad, 400, 'VALIDATION_ERROR');
      expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
    expect(await t.get(`/api/reviews/eligibility?provider_id=${provider.user.id}`)).toMatchObject({
      status: 401,
      body: { error: 'UNAUTHORIZED' },
    });
  });

  it('summarises the average (one decimal), the count and the stars', async () => {
    const provider = await newProvider();
    const clients = await eligibleClients(provider, [undefined, undefined, undefined]);
    const ids: string[] = [];
    for (const [i, rating] of [5, 4, 4].entries()) ids.push(await review(clients[i]!, provider, rating));
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 13, 4.3, { 5: 1, 4: 2 }));
    const res = await listOf(provider.user.id);
    expect(res.body.summary).toEqual(summaryOf(4.3, { 5: 1, 4: 2 }));
    const profile = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(profile.body.profile).toMatchObject({ rating: 4.3, review_count: 3 });

    // 14 / 3 = 4.67: rounded, not cut.
    const edit = await t.put(
      `/api/reviews/${ids[2]}`,
      { rating: 5, service: TEST_SERVICE.service },
      await as(clients[2]!),
    );
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.summary).toEqual(summaryOf(4.7, { 5: 2, 4: 1 }));
    expect(await ratingOf(provider.user.id)).toEqual(ratingRow(provider.user.id, 14, 4.7, { 5: 2, 4: 1 }));
  });

  it('shows the reviewer as first name and last initial, and no email or client id anywhere', async () => {
    const provider = await newProvider();
    const [full, single, nameless] = await eligibleClients(provider, [
      '  jordan   mae  smith ',
      'Cher',
      undefined,
    ]);
    await review(full!, provider, 5, { text: 'Great' });
    await review(single!, provider, 4);
    await review(nameless!, provider, 4);
    const res = await listOf(provider.user.id);
    expect(res.body.reviews.map((r: { reviewer_name: string }) => r.reviewer_name)).toEqual([
      // No name at signup: signup stores the address's local part as the name (outside this
      // module, see the report); the address itself is checked below.
      expect.any(String),
      'Cher',
      'jordan S.',
    ]);
    expect(res.body.reviews[2]).toEqual({
      id: expect.any(String),
      provider_id: provider.user.id,
      rating: 5,
      text: 'Great',
      service: TEST_SERVICE.service,
      reviewer_name: 'jordan S.',
      created_at: expect.stringMatching(ISO_MICROS),
      updated_at: expect.stringMatching(ISO_MICROS),
      reply: null,
    });
    const replies = [
      res,
      await eligibility(full!, provider),
      await t.put(
        `/api/reviews/${res.body.reviews[2].id}`,
        { rating: 4, text: 'Good', service: TEST_SERVICE.service },
        await as(full!),
      ),
      await t.put(`/api/reviews/${res.body.reviews[2].id}/reply`, { text: 'Thanks' }, await as(provider)),
      await t.get('/api/admin/reviews?status=hidden', await as(admin)),
    ];
    for (const reply of replies) {
      expect(reply.status, reply.text).toBe(200);
      expect(reply.text).not.toMatch(EMAIL_PATTERN);
      for (const client of [full!, single!, nameless!]) {
        expect(reply.text).not.toContain(client.email);
        expect(reply.text).not.toContain(client.user.id);
      }
      expect(reply.text).not.toContain('smith');
    }
  });

  it('pages newest first with a cursor, without duplicates, ties included', async () => {
    const provider = await newProvider();
    const clients = await eligibleClients(
      provider,
      Array.from({ length: 7 }, (_, i) => `Client ${i}`),
    );
    const ids: string[] = [];
    for (const [i, client] of clients.entries()) {
      ids.push(await review(client, provider, (i % 5) + 1));
      t.clock.advance(MINUTE);
    }
    // Two reviews posted at the same instant: the id breaks the tie.
    const [, , third, fourth] = await reviewsOf(provider.user.id);
    await t.db.update(reviews).set({ createdAt: third!.createdAt }).where(eq(reviews.id, fourth!.id));
    const newestFirst = (await reviewsOf(provider.user.id))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(newestFirst[0]).toBe(ids.at(-1));

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: TestResponse = await listOf(
        provider.user.id,
        `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.summary.count).toBe(7);
      pages.push(res.body.reviews.map((r: { id: string }) => r.id));
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(new Set(pages.flat()).size).toBe(7);
    expect(pages.flat()).toEqual(newestFirst);

    const firstPage = await listOf(provider.user.id);
    expect(firstPage.body.reviews.map((r: { id: string }) => r.id)).toEqual(newestFirst);
    expect(firstPage.body.nextCursor).toBeNull();
  });
});

describe('the profile page', () => {
  function jsonLd(html: string) {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : null;
  }

  it('has no aggregateRating without reviews, and the real one after a review', async () => {
    const provider = await newProvider();
    const slug = provider.user.routing_slug;
    const before = await t.get(`/${slug}`);
    expect(before.status).toBe(200);
    expect(jsonLd(before.text)).not.toHaveProperty('aggregateRating');
    expect((await t.get(`/api/user/${slug}`)).body.profile).toMatchObject({ rating: null, review_count: 0 });

    const client = await eligibleClient(provider);
    await review(client, provider, 4, { text: 'Relaxing' });
    const after = jsonLd((await t.get(`/${slug}`)).text);
    expect(after.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect((await t.get(`/api/user/${slug}`)).body.profile).toMatchObject({ rating: 4, review_count: 1 });

    // Hidden, it no longer counts: no rating again.
    const [row] = await reviewsOf(provider.user.id);
    await t.put(`/api/admin/reviews/${row!.id}`, { action: 'hide' }, await as(admin));
    expect(jsonLd((await t.get(`/${slug}`)).text)).not.toHaveProperty('aggregateRating');
  });
});

describe('a reviewer who gave no name at sign-up', () => {
  it('is shown as "Client", never by the part of their email before the @', async () => {
    const provider = await newProvider();
    const email = uniqueEmail('jordan.smith');
    const nameless = await aDayOld(remember(await createVerifiedUser(t, { email })));
    expect(nameless.user.name).toBe(email.split('@')[0]);
    await clickBook(nameless, provider);
    t.clock.advance(3 * HOUR);
    const res = await t.post(
      '/api/reviews',
      { provider_id: provider.user.id, rating: 5, service: TEST_SERVICE.service },
      await as(nameless),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.review.reviewer_name).toBe('Client');
    const listed = await listOf(provider.user.id);
    expect(listed.body.reviews[0].reviewer_name).toBe('Client');
    expect(JSON.stringify(listed.body)).not.toContain('jordan');
    // Nor in the email the provider gets.
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, provider.email), eq(mailOutbox.kind, 'new-review')));
    expect(mail?.subject).toBe(`New 5-star review from Client on ${BRAND.name}`);
    expect(`${mail?.subject} ${mail?.textBody}`).not.toContain('jordan');
  });
});
