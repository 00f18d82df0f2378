import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLogs, favoriteServices, favorites, reviewReports, reviews } from '../../db/schema';
import {
  buildTestApp,
  type RequestOptions,
  type TestApp,
  type TestResponse,
} from '../../test/build-test-app';
import { createVerifiedProvider, createVerifiedUser, uniqueEmail } from '../../test/factories';

/**
 * Who may call what: every endpoint of the favourites, booking-log, reviews and access work against
 * every kind of caller, in three deployments. Each cell is its own test, so a failure names the cell.
 *
 * - open: no ADMIN_PASSWORD, no BETA_PASSWORD.
 * - locked: ADMIN_PASSWORD and BETA_PASSWORD set; every request carries a valid beta token, and the
 *   admin is asked once without and once with the 'Admin Access' token.
 * - beta-locked: the same deployment, requests without the beta token.
 */

const ADMIN_PASSWORD = 'Matrix-Admin-Step-31';
const BETA_PASSWORD = 'Matrix-Beta-Door-58';
const ADMIN_EMAIL = uniqueEmail('admin');
const LINK = 'https://book.example.com/matrix-owner';

type Role = 'anonymous' | 'client' | 'owner' | 'otherProvider' | 'admin';
type LockedRole = Role | 'adminWithStep';
/** A status; for 403 the default code is FORBIDDEN ('Access Denied'), others are spelled out. */
type Cell = 200 | 400 | 401 | 403 | 404 | 409 | '403 ADMIN_ACCESS_REQUIRED' | '403 BETA_LOCKED';

const ROLES: readonly Role[] = ['anonymous', 'client', 'owner', 'otherProvider', 'admin'];
const LOCKED_ROLES: readonly LockedRole[] = [...ROLES, 'adminWithStep'];
const DEFAULT_CODE: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

let open: TestApp;
let locked: TestApp;
const ids = { client: '', owner: '', otherProvider: '', admin: '', review: '' };
const tokens: Record<Role, string | undefined> = {
  anonymous: undefined,
  client: '',
  owner: '',
  otherProvider: '',
  admin: '',
};
let betaToken = '';
let adminStepToken = '';

const favoritesOfOwner = () => open.db.$count(favorites, eq(favorites.providerId, ids.owner));
const balayageFans = () => open.db.$count(favoriteServices, eq(favoriteServices.serviceName, 'Balayage'));
const ownerClicks = () => open.db.$count(bookingLogs, eq(bookingLogs.providerId, ids.owner));
const ownerReviews = () => open.db.$count(reviews, eq(reviews.providerId, ids.owner));
const reviewUpdatedAt = async () =>
  (await open.db.select().from(reviews).where(eq(reviews.id, ids.review)))[0]?.updatedAt.getTime() ?? 0;
const replyUpdatedAt = async () =>
  (await open.db.select().from(reviews).where(eq(reviews.id, ids.review)))[0]?.replyUpdatedAt?.getTime() ?? 0;
const replies = () => open.db.$count(reviews, and(eq(reviews.id, ids.review), isNotNull(reviews.reply)));
const reports = () => open.db.$count(reviewReports, eq(reviewReports.reviewId, ids.review));

interface Endpoint {
  request(app: TestApp, options: RequestOptions): Promise<TestResponse>;
  /** Stored state that a refused request must leave as it was. */
  probe?(): Promise<number>;
  /** Puts in place what a refusal could wrongly undo (so the probe has something to watch). */
  arrange?(): Promise<void>;
}

/** Everyone (but the owner) has saved the owner and 'Balayage', so a wrong delete would show. */
async function seedSaved() {
  const savers = [ids.client, ids.otherProvider, ids.admin];
  await open.db
    .insert(favorites)
    .values(savers.map((userId) => ({ userId, providerId: ids.owner })))
    .onConflictDoNothing();
  await open.db
    .insert(favoriteServices)
    .values([...savers, ids.owner].map((userId) => ({ userId, serviceName: 'Balayage' })))
    .onConflictDoNothing();
}

/**
 * The client's visible review of the owner, with the owner's reply and the other provider's report,
 * so a wrong edit, delete or dismissal would show (put back after a cell that rightly removed them).
 */
async function seedReview() {
  const now = new Date();
  const [row] = await open.db
    .insert(reviews)
    .values({
      providerId: ids.owner,
      clientId: ids.client,
      rating: 5,
      text: 'Matrix review',
      reply: 'Thank you',
      replyCreatedAt: now,
      replyUpdatedAt: now,
    })
    .onConflictDoUpdate({
      target: [reviews.clientId, reviews.providerId],
      set: { reply: 'Thank you', replyCreatedAt: now, replyUpdatedAt: now, hiddenAt: null, hiddenBy: null },
    })
    .returning({ id: reviews.id });
  ids.review = row!.id;
  await open.db
    .insert(reviewReports)
    .values({ reviewId: ids.review, reporterId: ids.otherProvider, reason: 'spam' })
    .onConflictDoNothing();
}

const ENDPOINTS = {
  'GET /api/favorites': { request: (app, o) => app.get('/api/favorites', o) },
  'GET /api/favorites/ids': { request: (app, o) => app.get('/api/favorites/ids', o) },
  'POST /api/favorites': {
    request: (app, o) => app.post('/api/favorites', { providerId: ids.owner }, o),
    probe: favoritesOfOwner,
  },
  'DELETE /api/favorites': {
    request: (app, o) => app.del('/api/favorites', { providerId: ids.owner }, o),
    probe: favoritesOfOwner,
    arrange: seedSaved,
  },
  'GET /api/favorite-services': { request: (app, o) => app.get('/api/favorite-services', o) },
  'POST /api/favorite-services': {
    request: (app, o) => app.post('/api/favorite-services', { serviceName: 'Manicure' }, o),
    probe: () => open.db.$count(favoriteServices, eq(favoriteServices.serviceName, 'Manicure')),
  },
  'DELETE /api/favorite-services': {
    request: (app, o) => app.del('/api/favorite-services', { serviceName: 'Balayage' }, o),
    probe: balayageFans,
    arrange: seedSaved,
  },
  'POST /api/booking-logs': {
    request: (app, o) => app.post('/api/booking-logs', { url: LINK, provider_id: ids.owner }, o),
    probe: ownerClicks,
  },
  "GET /api/booking-logs?provider_id=(owner's)": {
    request: (app, o) => app.get(`/api/booking-logs?provider_id=${ids.owner}`, o),
  },
  'GET /api/booking-logs': { request: (app, o) => app.get('/api/booking-logs', o) },
  'GET /api/search': { request: (app, o) => app.get('/api/search', o) },
  "GET /api/reviews?provider_id=(owner's)": {
    request: (app, o) => app.get(`/api/reviews?provider_id=${ids.owner}`, o),
  },
  "GET /api/reviews/eligibility?provider_id=(owner's)": {
    request: (app, o) => app.get(`/api/reviews/eligibility?provider_id=${ids.owner}`, o),
  },
  'POST /api/reviews (of the owner)': {
    request: (app, o) => app.post('/api/reviews', { provider_id: ids.owner, rating: 1, text: 'Matrix' }, o),
    probe: ownerReviews,
    arrange: seedReview,
  },
  "PUT /api/reviews/:id (client's)": {
    request: (app, o) => app.put(`/api/reviews/${ids.review}`, { rating: 4, text: 'Edited' }, o),
    probe: reviewUpdatedAt,
    arrange: seedReview,
  },
  "DELETE /api/reviews/:id (client's)": {
    request: (app, o) => app.del(`/api/reviews/${ids.review}`, undefined, o),
    probe: ownerReviews,
    arrange: seedReview,
  },
  'PUT /api/reviews/:id/reply (of the owner)': {
    request: (app, o) => app.put(`/api/reviews/${ids.review}/reply`, { text: 'Thanks again' }, o),
    probe: replyUpdatedAt,
    arrange: seedReview,
  },
  'DELETE /api/reviews/:id/reply (of the owner)': {
    request: (app, o) => app.del(`/api/reviews/${ids.review}/reply`, undefined, o),
    probe: replies,
    arrange: seedReview,
  },
  "POST /api/reviews/:id/report (client's)": {
    request: (app, o) => app.post(`/api/reviews/${ids.review}/report`, { reason: 'fake' }, o),
    probe: reports,
    arrange: seedReview,
  },
  'GET /api/admin/reviews': { request: (app, o) => app.get('/api/admin/reviews', o) },
  'PUT /api/admin/reviews/:id (dismiss)': {
    request: (app, o) => app.put(`/api/admin/reviews/${ids.review}`, { action: 'dismiss' }, o),
    probe: reports,
    arrange: seedReview,
  },
  'GET /api/admin/submissions': { request: (app, o) => app.get('/api/admin/submissions', o) },
  'GET /api/admin/access': { request: (app, o) => app.get('/api/admin/access', o) },
  'POST /api/admin/access': {
    request: (app, o) => app.post('/api/admin/access', { password: ADMIN_PASSWORD }, o),
  },
  'GET /api/beta': { request: (app, o) => app.get('/api/beta', o) },
  'POST /api/beta/access': {
    request: (app, o) => app.post('/api/beta/access', { password: BETA_PASSWORD }, o),
  },
} satisfies Record<string, Endpoint>;
type EndpointName = keyof typeof ENDPOINTS;

// biome-ignore format: the tables read as tables
const OPEN_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell]> = {
  //                                          anonymous client owner other admin
  'GET /api/favorites':                         [401, 200, 200, 200, 200],
  'GET /api/favorites/ids':                     [401, 200, 200, 200, 200],
  'POST /api/favorites':                        [401, 200, 400, 200, 200],
  'DELETE /api/favorites':                      [401, 200, 200, 200, 200],
  'GET /api/favorite-services':                 [401, 200, 200, 200, 200],
  'POST /api/favorite-services':                [401, 200, 200, 200, 200],
  'DELETE /api/favorite-services':              [401, 200, 200, 200, 200],
  'POST /api/booking-logs':                     [401, 200, 200, 200, 200],
  "GET /api/booking-logs?provider_id=(owner's)": [401, 404, 200, 404, 200],
  'GET /api/booking-logs':                      [401, 403, 403, 403, 200],
  'GET /api/search':                            [401, 403, 403, 403, 200],
  "GET /api/reviews?provider_id=(owner's)":     [200, 200, 200, 200, 200],
  "GET /api/reviews/eligibility?provider_id=(owner's)": [401, 200, 200, 200, 200],
  'POST /api/reviews (of the owner)':           [401, 409, 403, 403, 403],
  "PUT /api/reviews/:id (client's)":            [401, 200, 404, 404, 404],
  "DELETE /api/reviews/:id (client's)":         [401, 200, 404, 404, 404],
  'PUT /api/reviews/:id/reply (of the owner)':  [401, 404, 200, 404, 404],
  'DELETE /api/reviews/:id/reply (of the owner)': [401, 404, 200, 404, 404],
  "POST /api/reviews/:id/report (client's)":    [401, 403, 200, 200, 200],
  'GET /api/admin/reviews':                     [401, 403, 403, 403, 200],
  'PUT /api/admin/reviews/:id (dismiss)':       [401, 403, 403, 403, 200],
  'GET /api/admin/submissions':                 [401, 403, 403, 403, 200],
  'GET /api/admin/access':                      [401, 403, 403, 403, 200],
  'POST /api/admin/access':                     [401, 403, 403, 403, 200],
  'GET /api/beta':                              [200, 200, 200, 200, 200],
  'POST /api/beta/access':                      [404, 404, 404, 404, 404],
};

const A = '403 ADMIN_ACCESS_REQUIRED' as const;
// biome-ignore format: the tables read as tables
const LOCKED_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                                          anonymous client owner other admin admin+step
  'GET /api/favorites':                         [401, 200, 200, 200, 200, 200],
  'GET /api/favorites/ids':                     [401, 200, 200, 200, 200, 200],
  'POST /api/favorites':                        [401, 200, 400, 200, 200, 200],
  'DELETE /api/favorites':                      [401, 200, 200, 200, 200, 200],
  'GET /api/favorite-services':                 [401, 200, 200, 200, 200, 200],
  'POST /api/favorite-services':                [401, 200, 200, 200, 200, 200],
  'DELETE /api/favorite-services':              [401, 200, 200, 200, 200, 200],
  'POST /api/booking-logs':                     [401, 200, 200, 200, 200, 200],
  "GET /api/booking-logs?provider_id=(owner's)": [401, 404, 200, 404,   A, 200],
  'GET /api/booking-logs':                      [401, 403, 403, 403,   A, 200],
  'GET /api/search':                            [401, 403, 403, 403,   A, 200],
  "GET /api/reviews?provider_id=(owner's)":     [200, 200, 200, 200, 200, 200],
  "GET /api/reviews/eligibility?provider_id=(owner's)": [401, 200, 200, 200, 200, 200],
  'POST /api/reviews (of the owner)':           [401, 409, 403, 403, 403, 403],
  "PUT /api/reviews/:id (client's)":            [401, 200, 404, 404, 404, 404],
  "DELETE /api/reviews/:id (client's)":         [401, 200, 404, 404, 404, 404],
  'PUT /api/reviews/:id/reply (of the owner)':  [401, 404, 200, 404, 404, 404],
  'DELETE /api/reviews/:id/reply (of the owner)': [401, 404, 200, 404, 404, 404],
  "POST /api/reviews/:id/report (client's)":    [401, 403, 200, 200, 200, 200],
  'GET /api/admin/reviews':                     [401, 403, 403, 403,   A, 200],
  'PUT /api/admin/reviews/:id (dismiss)':       [401, 403, 403, 403,   A, 200],
  'GET /api/admin/submissions':                 [401, 403, 403, 403,   A, 200],
  'GET /api/admin/access':                      [401, 403, 403, 403, 200, 200],
  'POST /api/admin/access':                     [401, 403, 403, 403, 200, 200],
  'GET /api/beta':                              [200, 200, 200, 200, 200, 200],
  'POST /api/beta/access':                      [200, 200, 200, 200, 200, 200],
};

const B = '403 BETA_LOCKED' as const;
// biome-ignore format: the tables read as tables
const BETA_LOCKED_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                                          anonymous client owner other admin admin+step
  'GET /api/favorites':                         [B, B, B, B, B, B],
  'GET /api/favorites/ids':                     [B, B, B, B, B, B],
  'POST /api/favorites':                        [B, B, B, B, B, B],
  'DELETE /api/favorites':                      [B, B, B, B, B, B],
  'GET /api/favorite-services':                 [B, B, B, B, B, B],
  'POST /api/favorite-services':                [B, B, B, B, B, B],
  'DELETE /api/favorite-services':              [B, B, B, B, B, B],
  'POST /api/booking-logs':                     [B, B, B, B, B, B],
  "GET /api/booking-logs?provider_id=(owner's)": [B, B, B, B, B, B],
  'GET /api/booking-logs':                      [B, B, B, B, B, B],
  'GET /api/search':                            [B, B, B, B, B, B],
  "GET /api/reviews?provider_id=(owner's)":     [B, B, B, B, B, B],
  "GET /api/reviews/eligibility?provider_id=(owner's)": [B, B, B, B, B, B],
  'POST /api/reviews (of the owner)':           [B, B, B, B, B, B],
  "PUT /api/reviews/:id (client's)":            [B, B, B, B, B, B],
  "DELETE /api/reviews/:id (client's)":         [B, B, B, B, B, B],
  'PUT /api/reviews/:id/reply (of the owner)':  [B, B, B, B, B, B],
  'DELETE /api/reviews/:id/reply (of the owner)': [B, B, B, B, B, B],
  "POST /api/reviews/:id/report (client's)":    [B, B, B, B, B, B],
  'GET /api/admin/reviews':                     [B, B, B, B, B, B],
  'PUT /api/admin/reviews/:id (dismiss)':       [B, B, B, B, B, B],
  'GET /api/admin/submissions':                 [B, B, B, B, B, B],
  'GET /api/admin/access':                      [B, B, B, B, B, B],
  'POST /api/admin/access':                     [B, B, B, B, B, B],
  'GET /api/beta':                              [200, 200, 200, 200, 200, 200],
  'POST /api/beta/access':                      [200, 200, 200, 200, 200, 200],
};

beforeAll(async () => {
  open = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const [client, owner, otherProvider, admin] = [
    await createVerifiedUser(open),
    await createVerifiedProvider(open),
    await createVerifiedProvider(open),
    await createVerifiedUser(open, { email: ADMIN_EMAIL }),
  ];
  expect(admin.user.role).toBe('admin');
  const put = await open.put(
    '/api/auth/profile',
    { booking_link: LINK },
    { token: owner.session.access_token },
  );
  expect(put.status, put.text).toBe(200);
  Object.assign(ids, {
    client: client.user.id,
    owner: owner.user.id,
    otherProvider: otherProvider.user.id,
    admin: admin.user.id,
  });
  Object.assign(tokens, {
    client: client.session.access_token,
    owner: owner.session.access_token,
    otherProvider: otherProvider.session.access_token,
    admin: admin.session.access_token,
  });

  // The same database and secret behind the passwords: the same logins work there.
  locked = await buildTestApp({
    database: open.database,
    smtp: open.smtp,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD, BETA_PASSWORD },
  });
  const beta = await locked.post('/api/beta/access', { password: BETA_PASSWORD });
  expect(beta.status, beta.text).toBe(200);
  betaToken = beta.body.access_token;
  const step = await locked.post(
    '/api/admin/access',
    { password: ADMIN_PASSWORD },
    { token: tokens.admin, headers: { 'x-beta-access': betaToken } },
  );
  expect(step.status, step.text).toBe(200);
  adminStepToken = step.body.access_token;
});

afterAll(async () => {
  await locked?.close();
  await open?.close();
});

async function expectCell(endpoint: EndpointName, app: TestApp, options: RequestOptions, cell: Cell) {
  const { request, probe, arrange } = ENDPOINTS[endpoint] as Endpoint;
  await arrange?.();
  const before = await probe?.();
  const res = await request(app, options);
  const [status, code] =
    typeof cell === 'number' ? [cell, DEFAULT_CODE[cell]] : [Number(cell.slice(0, 3)), cell.slice(4)];
  expect(res.status, res.text).toBe(status);
  if (status === 200) {
    expect(res.body.success).toBe(true);
  } else {
    expect(res.body).toMatchObject({ success: false, error: code });
    if (probe) expect(await probe(), 'a refused request changed stored state').toBe(before);
  }
}

const cellsOf = <R extends string>(matrix: Record<EndpointName, Cell[]>, roles: readonly R[]) =>
  (Object.keys(matrix) as EndpointName[]).flatMap((endpoint) =>
    roles.map((role, i) => [endpoint, role, matrix[endpoint][i]!] as const),
  );

it('has a row for every endpoint and a cell for every caller in every table', () => {
  const names = Object.keys(ENDPOINTS).sort();
  for (const [matrix, width] of [
    [OPEN_MATRIX, ROLES.length],
    [LOCKED_MATRIX, LOCKED_ROLES.length],
    [BETA_LOCKED_MATRIX, LOCKED_ROLES.length],
  ] as const) {
    expect(Object.keys(matrix).sort()).toEqual(names);
    for (const row of Object.values(matrix)) expect(row).toHaveLength(width);
  }
});

describe('open deployment', () => {
  it.each(cellsOf(OPEN_MATRIX, ROLES))('%s as %s → %s', async (endpoint, role, cell) => {
    await expectCell(endpoint, open, { token: tokens[role] }, cell);
  });
});

describe('ADMIN_PASSWORD and BETA_PASSWORD set, with the beta token', () => {
  it.each(cellsOf(LOCKED_MATRIX, LOCKED_ROLES))('%s as %s → %s', async (endpoint, role, cell) => {
    const headers: Record<string, string> = { 'x-beta-access': betaToken };
    if (role === 'adminWithStep') headers['x-admin-access'] = adminStepToken;
    const token = role === 'adminWithStep' ? tokens.admin : tokens[role];
    await expectCell(endpoint, locked, { token, headers }, cell);
  });
});

describe('ADMIN_PASSWORD and BETA_PASSWORD set, without the beta token', () => {
  it.each(cellsOf(BETA_LOCKED_MATRIX, LOCKED_ROLES))('%s as %s → %s', async (endpoint, role, cell) => {
    const headers: Record<string, string> = {};
    if (role === 'adminWithStep') headers['x-admin-access'] = adminStepToken;
    const token = role === 'adminWithStep' ? tokens.admin : tokens[role];
    await expectCell(endpoint, locked, { token, headers }, cell);
  });
});

describe('after the tables above', () => {
  it('left the owner unsaved by themself and their own clicks uncounted', async () => {
    expect(
      await open.db.$count(
        favorites,
        and(eq(favorites.userId, ids.owner), eq(favorites.providerId, ids.owner)),
      ),
    ).toBe(0);
    expect(
      await open.db.$count(
        bookingLogs,
        and(eq(bookingLogs.clientId, ids.owner), eq(bookingLogs.providerId, ids.owner)),
      ),
    ).toBe(0);
    // The client's, the other provider's and the admin's clicks were counted.
    const clickers = await open.db
      .selectDistinct({ clientId: bookingLogs.clientId })
      .from(bookingLogs)
      .where(eq(bookingLogs.providerId, ids.owner));
    expect(clickers.map((c) => c.clientId).sort()).toEqual([ids.client, ids.otherProvider, ids.admin].sort());
  });

  it("left the owner with the client's review only: no review by the owner, the other provider or the admin", async () => {
    const rows = await open.db.select().from(reviews).where(eq(reviews.providerId, ids.owner));
    expect(rows.map((r) => r.clientId)).toEqual([ids.client]);
    expect(await open.db.$count(reviews, eq(reviews.clientId, ids.owner))).toBe(0);
  });
});
