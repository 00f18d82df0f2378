import { createECDH, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingLogs,
  emailTokens,
  favoriteServices,
  favorites,
  formSubmissions,
  messageReports,
  messages,
  messageThreads,
  openings,
  passkeys,
  providerProfiles,
  providerRatings,
  pushSubscriptions,
  refreshTokens,
  reviewReports,
  reviews,
  revokedAccessTokens,
  savedReplies,
  savedSearches,
  users,
} from '#server/db/schema/index.ts';
import { hashToken, signAccessToken } from '#server/lib/tokens.ts';
import {
  buildTestApp,
  DAY,
  MINUTE,
  type RequestOptions,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  findUserRow,
  TEST_SERVICE,
  uniqueEmail,
} from '#server/test/factories.ts';
import { asBrowser, refreshTokenOf } from '#server/test/session-cookie.ts';
import { dataUrl, swatch } from '#server/test/test-images.ts';

/**
 * Who may call what: every API route of the app (read from Fastify's route table, so a new route
 * without a row fails the suite) against every kind of caller, in three deployments. Each cell is
 * its own test, so a failure names the cell; a refused write is also checked to have changed nothing.
 *
 * Callers: anonymous; an unverified account (a token minted for a user who never confirmed their
 * email: no route may honour it); a client; the provider who owns the data ('owner'); another
 * provider; an admin; the owner's token 16 minutes after it expired; and the client's token with
 * its subject rewritten to the admin's id (signature left as it was).
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

type BaseRole = 'anonymous' | 'client' | 'owner' | 'otherProvider' | 'admin';
type Role = BaseRole | 'unverified' | 'expired' | 'tampered';
type LockedRole = BaseRole | 'adminWithStep';
/** A status; for 403 the default code is FORBIDDEN ('Access Denied'), others are spelled out. */
type Cell =
  | 200
  | 201
  | 400
  | 401
  | 403
  | 404
  | 409
  | '403 ADMIN_ACCESS_REQUIRED'
  | '403 BETA_LOCKED'
  | '403 EMAIL_NOT_VERIFIED'
  | '400 INVALID_TOKEN'
  | '401 INVALID_CREDENTIALS';

const ROLES: readonly Role[] = [
  'anonymous',
  'unverified',
  'client',
  'owner',
  'otherProvider',
  'admin',
  'expired',
  'tampered',
];
const LOCKED_ROLES: readonly LockedRole[] = [
  'anonymous',
  'client',
  'owner',
  'otherProvider',
  'admin',
  'adminWithStep',
];
const DEFAULT_CODE: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

let open: TestApp;
let locked: TestApp;
const ids = {
  client: '',
  owner: '',
  otherProvider: '',
  admin: '',
  review: '',
  opening: '',
  submission: '',
  portfolioUrl: '',
  savedSearch: '',
  clientLogin: '',
  thread: '',
  message: '',
  savedReply: '',
  pushDevice: '',
};
const emails = { client: '', owner: '' };
let ownerSlug = '';
const tokens: Record<Role, string | undefined> = {
  anonymous: undefined,
  unverified: '',
  client: '',
  owner: '',
  otherProvider: '',
  admin: '',
  expired: '',
  tampered: '',
};
let betaToken = '';
let adminStepToken = '';
/** The client's refresh token (its cookie): a request refused for want of the CSRF header must leave it be. */
let clientRefresh = '';

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
  probe?(): Promise<number | string>;
  /** Puts in place what a refusal could wrongly undo (so the probe has something to watch). */
  arrange?(): Promise<void>;
  /** Undoes what an allowed request changed that later cells rely on. */
  restore?(): Promise<void>;
  /** Answers 200 without the `success` envelope (health check, OpenAPI document). */
  plain?: true;
}

const ownerAvatar = async () =>
  (await open.db.select().from(users).where(eq(users.id, ids.owner)))[0]?.avatarUrl ?? '';
const ownerPortfolio = async () =>
  (await open.db.select().from(providerProfiles).where(eq(providerProfiles.userId, ids.owner)))[0]
    ?.portfolioImages.length ?? -1;
const ownerOpenings = () => open.db.$count(openings, eq(openings.providerId, ids.owner));
const ownerOpening = async () => {
  const [row] = await open.db.select().from(openings).where(eq(openings.id, ids.opening));
  return row ? `${row.isActive} ${row.updatedAt.getTime()}` : 'gone';
};
/** The client's login as stored: its refresh token row, and how many access tokens are denylisted. */
const clientLogin = async () => {
  const [row] = await open.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(clientRefresh)));
  return `${row?.rotatedAt?.getTime()} ${row?.revokedAt?.getTime()} ${await open.db.$count(revokedAccessTokens)}`;
};
/** A logout with a valid bearer puts it on the denylist; later cells need the token again. */
const liftDenylist = async () => {
  await open.db.delete(revokedAccessTokens);
};
/** The client's refresh cookie without the CSRF header, as a cross-site form would send it. */
const withClientCookie = (o: RequestOptions): RequestOptions => ({
  ...o,
  headers: { ...o.headers, cookie: `glowfind_refresh=${clientRefresh}` },
});

const userTypes = async () =>
  (await open.db.select({ t: users.userType }).from(users).orderBy(users.id)).map((r) => r.t).join();

/** An open submission, so a wrong 'handled' mark would show (reopened after a cell that marked it). */
async function seedSubmission() {
  if (ids.submission) {
    await open.db
      .update(formSubmissions)
      .set({ handledAt: null })
      .where(eq(formSubmissions.id, ids.submission));
    return;
  }
  const [row] = await open.db
    .insert(formSubmissions)
    .values({ kind: 'feedback', type: 'feedback', message: 'Matrix submission' })
    .returning({ id: formSubmissions.id });
  ids.submission = row!.id;
}
const submissionHandledAt = async () =>
  (
    await open.db.select().from(formSubmissions).where(eq(formSubmissions.id, ids.submission))
  )[0]?.handledAt?.getTime() ?? 0;

/** The owner's upcoming opening, active, so a wrong edit or deactivation would show. */
async function seedOpening() {
  const start = new Date(open.clock.now().getTime() + DAY);
  if (ids.opening) {
    await open.db.update(openings).set({ isActive: true }).where(eq(openings.id, ids.opening));
    return;
  }
  const [row] = await open.db
    .insert(openings)
    .values({
      providerId: ids.owner,
      serviceType: 'Silk press',
      startTime: start,
      endTime: new Date(start.getTime() + 60 * MINUTE),
    })
    .returning({ id: openings.id });
  ids.opening = row!.id;
}

/** The owner's portfolio holds the image a delete aims at (re-added after the owner deleted it). */
async function seedPortfolio() {
  await open.db
    .update(providerProfiles)
    .set({
      portfolioImages: sql`array_append(array_remove(${providerProfiles.portfolioImages}, ${ids.portfolioUrl}), ${ids.portfolioUrl})`,
    })
    .where(eq(providerProfiles.userId, ids.owner));
}

/** Undoes upgrade-to-provider for every account that was not a provider to begin with. */
async function unUpgrade() {
  for (const id of [ids.client, ids.admin]) {
    await open.db.update(users).set({ userType: 'client' }).where(eq(users.id, id));
    await open.db.delete(providerProfiles).where(eq(providerProfiles.userId, id));
  }
}

/** Every account's password hash: a refused password change must leave them all as they were. */
const passwordHashes = async () =>
  (await open.db.select({ h: users.passwordHash }).from(users).orderBy(users.id)).map((r) => r.h).join();
const emailChangeTokens = () => open.db.$count(emailTokens, eq(emailTokens.purpose, 'change-email'));
const passkeyCount = () => open.db.$count(passkeys);
/** A second login of the client (its own browser), which 'Sign out' and 'everywhere else' aim at. */
async function newClientLogin() {
  const res = await open.post('/api/auth/login', { email: emails.client, password: DEFAULT_PASSWORD });
  expect(res.status, res.text).toBe(200);
  const [row] = await open.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshTokenOf(res))));
  ids.clientLogin = row!.familyId;
}
const clientLoginLive = () =>
  open.db.$count(
    refreshTokens,
    and(eq(refreshTokens.familyId, ids.clientLogin), isNull(refreshTokens.revokedAt)),
  );
/** A passkey's answers in the browser library's shape, signed by no known key and for no asked challenge. */
const BOGUS_ASSERTION = {
  id: 'bWF0cml4LXBhc3NrZXk',
  rawId: 'bWF0cml4LXBhc3NrZXk',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const BOGUS_REGISTRATION = {
  id: 'bWF0cml4LXBhc3NrZXk',
  rawId: 'bWF0cml4LXBhc3NrZXk',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
  clientExtensionResults: {},
};

/** Upload bodies always name the owner; the token travels in the header, as everywhere. */
const uploadBody = (fields: Record<string, string>) => ({ userId: ids.owner, ...fields });
const image = { file: '' };
const openingBody = () => {
  const start = new Date(open.clock.now().getTime() + 2 * DAY);
  return {
    service_type: 'Matrix cut',
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 60 * MINUTE).toISOString(),
  };
};

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

/** The client's saved search as it was seeded, so a wrong rename, switch or delete would show. */
async function seedSavedSearch() {
  const [row] = await open.db
    .insert(savedSearches)
    .values({
      ...(ids.savedSearch ? { id: ids.savedSearch } : {}),
      userId: ids.client,
      name: 'Matrix search',
      // As POST /api/search's schema parses { query: 'balayage' }.
      params: {
        query: 'balayage',
        locationZip: '',
        availability: '',
        availabilityType: 'flexible',
        requestedDays: [],
        requestedTimes: [],
        experience: [],
        radiusMiles: 25,
        sort: 'relevance',
        minRating: 0,
      },
      matchCells: [-1],
    })
    .onConflictDoUpdate({ target: savedSearches.id, set: { name: 'Matrix search', alert: true } })
    .returning({ id: savedSearches.id });
  ids.savedSearch = row!.id;
}
/** Numbers each saved search the matrix posts. */
let savedSearchSerial = 0;

const clientSavedSearch = async () => {
  const [row] = await open.db.select().from(savedSearches).where(eq(savedSearches.id, ids.savedSearch));
  return row ? `${row.name} ${row.alert}` : 'gone';
};
const savedSearchCount = () => open.db.$count(savedSearches);

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

/** The client's thread with the owner and the client's first message in it (made once, kept). */
async function seedThread() {
  if (ids.thread) return;
  const at = open.clock.now();
  // 'POST /api/messages (to the owner)' may have started it already.
  await open.db
    .insert(messageThreads)
    .values({ clientId: ids.client, providerId: ids.owner, lastMessageAt: at, lastSenderSide: 'client' })
    .onConflictDoNothing();
  const [thread] = await open.db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.clientId, ids.client), eq(messageThreads.providerId, ids.owner)));
  ids.thread = thread!.id;
  const [message] = await open.db
    .insert(messages)
    .values({
      threadId: ids.thread,
      senderId: ids.client,
      senderSide: 'client',
      body: 'Matrix question',
      createdAt: at,
    })
    .returning({ id: messages.id });
  ids.message = message!.id;
}
const threadMessages = () => open.db.$count(messages, eq(messages.threadId, ids.thread));
const threadReadMarks = async () => {
  const [row] = await open.db.select().from(messageThreads).where(eq(messageThreads.id, ids.thread));
  return `${row?.clientReadAt?.toISOString()} ${row?.providerReadAt?.toISOString()}`;
};
const messageReportCount = () => open.db.$count(messageReports, eq(messageReports.messageId, ids.message));
/** The owner's report of the client's message, so a moderator's dismissal has something to remove. */
async function seedMessageReport() {
  await seedThread();
  await open.db
    .insert(messageReports)
    .values({ messageId: ids.message, reporterId: ids.owner, reason: 'spam' })
    .onConflictDoNothing();
}
const clearOwnerReports = async () => {
  await open.db.delete(messageReports).where(eq(messageReports.reporterId, ids.owner));
};
/** The owner's one saved reply (put back after a cell that rightly deleted or changed it). */
async function seedSavedReply() {
  const values = { providerId: ids.owner, title: 'Matrix hours', body: 'Open 9 to 5' };
  if (!ids.savedReply) {
    const [row] = await open.db.insert(savedReplies).values(values).returning({ id: savedReplies.id });
    ids.savedReply = row!.id;
    return;
  }
  await open.db
    .insert(savedReplies)
    .values({ id: ids.savedReply, ...values })
    .onConflictDoUpdate({ target: savedReplies.id, set: values });
}
const savedReplyState = async () => {
  const rows = await open.db.select().from(savedReplies);
  return rows
    .map((r) => `${r.providerId === ids.owner ? 'owner' : 'other'}:${r.title}`)
    .sort()
    .join(',');
};
const dropAddedSavedReplies = async () => {
  await open.db.delete(savedReplies).where(eq(savedReplies.title, 'Matrix added'));
};

/** A browser's PushSubscription.toJSON(): a real P-256 key, at an endpoint of its own. */
const pushSubscription = () => ({
  endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
  expirationTime: null,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});
const MATRIX_DEVICE_ENDPOINT = 'http://127.0.0.1:9/push/matrix-client-device';
/** The client's device with every kind on, so a wrong change of its kinds or a wrong delete would show. */
async function seedPushDevice() {
  const values = {
    userId: ids.client,
    endpoint: MATRIX_DEVICE_ENDPOINT,
    ...pushSubscription().keys,
    kinds: ['opening_alerts', 'saved_search_alerts', 'new_messages'],
  };
  const [row] = await open.db
    .insert(pushSubscriptions)
    .values({ ...(ids.pushDevice ? { id: ids.pushDevice } : {}), ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: ids.client, kinds: values.kinds },
    })
    .returning({ id: pushSubscriptions.id });
  ids.pushDevice = row!.id;
}
const pushDeviceState = async () => {
  const [row] = await open.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, ids.pushDevice));
  return row ? `${row.userId === ids.client ? 'client' : 'other'} ${row.kinds.join()}` : 'gone';
};
const pushDeviceCount = () => open.db.$count(pushSubscriptions);
const dropAddedPushDevices = async () => {
  await open.db.delete(pushSubscriptions).where(ne(pushSubscriptions.endpoint, MATRIX_DEVICE_ENDPOINT));
};
/** PATCH through the app (TestApp has no helper for it), with the options the other calls take. */
async function patch(app: TestApp, url: string, body: unknown, o: RequestOptions): Promise<TestResponse> {
  const res = await app.app.inject({
    method: 'PATCH',
    url,
    payload: body as object,
    headers: { ...o.headers, ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body };
}

const ENDPOINTS = {
  'GET /api/health': { request: (app, o) => app.get('/api/health', o), plain: true },
  'GET /api/openapi.json': { request: (app, o) => app.get('/api/openapi.json', o), plain: true },
  'POST /api/auth/signup': {
    request: (app, o) =>
      app.post('/api/auth/signup', { email: uniqueEmail('matrix'), password: DEFAULT_PASSWORD }, o),
  },
  'POST /api/auth/login': {
    request: (app, o) => app.post('/api/auth/login', { email: emails.client, password: DEFAULT_PASSWORD }, o),
  },
  'POST /api/auth/verify-email (unknown token)': {
    request: (app, o) => app.post('/api/auth/verify-email', { temp_token: 'not-a-token', type: 'email' }, o),
  },
  'POST /api/auth/resend-verification': {
    request: (app, o) => app.post('/api/auth/resend-verification', { email: uniqueEmail('matrix') }, o),
  },
  'POST /api/auth/refresh (unknown token)': {
    request: (app, o) => app.post('/api/auth/refresh', undefined, asBrowser('x'.repeat(43), o)),
  },
  "POST /api/auth/refresh (client's cookie, no CSRF header)": {
    request: (app, o) => app.post('/api/auth/refresh', undefined, withClientCookie(o)),
    probe: clientLogin,
  },
  'POST /api/auth/logout': {
    request: (app, o) => app.post('/api/auth/logout', undefined, asBrowser(undefined, o)),
    restore: liftDenylist,
  },
  "POST /api/auth/logout (client's cookie, no CSRF header)": {
    request: (app, o) => app.post('/api/auth/logout', undefined, withClientCookie(o)),
    probe: clientLogin,
  },
  'POST /api/auth/forgot-password': {
    request: (app, o) => app.post('/api/auth/forgot-password', { email: emails.client }, o),
  },
  'POST /api/auth/reset-password (unknown token)': {
    request: (app, o) =>
      app.post('/api/auth/reset-password', { token: 'not-a-token', password: DEFAULT_PASSWORD }, o),
  },
  'POST /api/auth/reset-password/check (unknown token)': {
    request: (app, o) => app.post('/api/auth/reset-password/check', { token: 'not-a-token' }, o),
  },
  'POST /api/auth/signin-link': {
    request: (app, o) => app.post('/api/auth/signin-link', { email: emails.client }, o),
  },
  'POST /api/auth/signin-link/verify (unknown token)': {
    request: (app, o) => app.post('/api/auth/signin-link/verify', { token: 'not-a-token' }, o),
  },
  'GET /api/auth/verify': { request: (app, o) => app.get('/api/auth/verify', o) },
  'POST /api/auth/upgrade-to-provider': {
    request: (app, o) => app.post('/api/auth/upgrade-to-provider', undefined, o),
    probe: userTypes,
    restore: unUpgrade,
  },
  'GET /api/auth/profile': { request: (app, o) => app.get('/api/auth/profile', o) },
  'PUT /api/auth/profile (own)': {
    request: (app, o) => app.put('/api/auth/profile', { bio: 'Matrix bio' }, o),
  },
  'PUT /api/auth/profile/map-position (own)': {
    request: (app, o) => app.put('/api/auth/profile/map-position', { pinned: false }, o),
  },
  "GET /api/user/:slug (owner's)": { request: (app, o) => app.get(`/api/user/${ownerSlug}`, o) },
  'POST /api/messages (to the owner)': {
    request: (app, o) => app.post('/api/messages', { providerId: ids.owner, message: 'Matrix hello' }, o),
  },
  "POST /api/upload/avatar (owner's)": {
    request: (app, o) => app.post('/api/upload/avatar', uploadBody(image), o),
    probe: ownerAvatar,
  },
  "POST /api/upload/portfolio (owner's)": {
    request: (app, o) => app.post('/api/upload/portfolio', uploadBody(image), o),
    probe: ownerPortfolio,
    restore: seedPortfolio,
  },
  "DELETE /api/upload/portfolio (owner's)": {
    request: (app, o) => app.del('/api/upload/portfolio', uploadBody({ imageUrl: ids.portfolioUrl }), o),
    probe: ownerPortfolio,
    arrange: seedPortfolio,
  },
  'GET /api/providers': { request: (app, o) => app.get('/api/providers', o) },
  'POST /api/search': { request: (app, o) => app.post('/api/search', { query: 'hair' }, o) },
  'GET /api/zips/nearest': {
    request: (app, o) => app.get('/api/zips/nearest?latitude=30.27&longitude=-97.74', o),
  },
  // Public and alike for everyone; no provider here sells a massage: the page is a 404 for all.
  'GET /api/places/:service/:place (no providers there)': {
    request: (app, o) => app.get('/api/places/massage/austin-tx', o),
  },
  'GET /api/last-minute-openings': { request: (app, o) => app.get('/api/last-minute-openings', o) },
  "GET /api/last-minute-openings?provider_id=(owner's)&include_inactive": {
    request: (app, o) =>
      app.get(`/api/last-minute-openings?provider_id=${ids.owner}&include_inactive=true`, o),
  },
  'PUT /api/last-minute-openings/time-zone (own)': {
    request: (app, o) => app.put('/api/last-minute-openings/time-zone', { time_zone: 'America/Denver' }, o),
  },
  'POST /api/last-minute-openings (own)': {
    request: (app, o) => app.post('/api/last-minute-openings', openingBody(), o),
    probe: ownerOpenings,
  },
  "PUT /api/last-minute-openings?id=(owner's)": {
    request: (app, o) => app.put(`/api/last-minute-openings?id=${ids.opening}`, openingBody(), o),
    probe: ownerOpening,
    arrange: seedOpening,
  },
  "DELETE /api/last-minute-openings?id=(owner's)": {
    request: (app, o) => app.del(`/api/last-minute-openings?id=${ids.opening}`, undefined, o),
    probe: ownerOpening,
    arrange: seedOpening,
  },
  'GET /api/opening-alerts': { request: (app, o) => app.get('/api/opening-alerts', o) },
  'PUT /api/opening-alerts (own)': {
    request: (app, o) => app.put('/api/opening-alerts', { enabled: true }, o),
  },
  'POST /api/opening-alerts/unsubscribe (unknown token)': {
    request: (app, o) => app.post('/api/opening-alerts/unsubscribe', { token: 'not-a-token' }, o),
  },
  'POST /api/feedback': {
    request: (app, o) => app.post('/api/feedback', { type: 'feedback', message: 'Matrix feedback' }, o),
  },
  'POST /api/investor-signup': {
    request: (app, o) =>
      app.post('/api/investor-signup', { name: 'Matrix', email: uniqueEmail('investor') }, o),
  },
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
  'GET /api/blocked-providers': { request: (app, o) => app.get('/api/blocked-providers', o) },
  'POST /api/blocked-providers': {
    request: (app, o) => app.post('/api/blocked-providers', { providerId: ids.owner }, o),
  },
  'DELETE /api/blocked-providers': {
    request: (app, o) => app.del('/api/blocked-providers', { providerId: ids.owner }, o),
  },
  'GET /api/saved-searches': { request: (app, o) => app.get('/api/saved-searches', o) },
  'POST /api/saved-searches': {
    // A new search each time: an account may save a search once.
    request: (app, o) =>
      app.post(
        '/api/saved-searches',
        { name: 'Matrix', search: { query: `nails ${++savedSearchSerial}` } },
        o,
      ),
    probe: savedSearchCount,
  },
  'GET /api/saved-searches/settings': { request: (app, o) => app.get('/api/saved-searches/settings', o) },
  'GET /api/saved-searches/openings': { request: (app, o) => app.get('/api/saved-searches/openings', o) },
  'PUT /api/saved-searches/settings': {
    request: (app, o) => app.put('/api/saved-searches/settings', { dailyCap: 2 }, o),
  },
  'DELETE /api/saved-searches/history': {
    request: (app, o) => app.del('/api/saved-searches/history', undefined, o),
  },
  'POST /api/saved-searches/unsubscribe (unknown token)': {
    request: (app, o) => app.post('/api/saved-searches/unsubscribe', { token: 'not-a-token' }, o),
    probe: clientSavedSearch,
    arrange: seedSavedSearch,
  },
  "PUT /api/saved-searches/:id (client's)": {
    request: (app, o) => app.put(`/api/saved-searches/${ids.savedSearch}`, { name: 'Renamed' }, o),
    probe: clientSavedSearch,
    arrange: seedSavedSearch,
  },
  "PUT /api/saved-searches/:id/alert (client's)": {
    request: (app, o) => app.put(`/api/saved-searches/${ids.savedSearch}/alert`, { alert: false }, o),
    probe: clientSavedSearch,
    arrange: seedSavedSearch,
  },
  "DELETE /api/saved-searches/:id (client's)": {
    request: (app, o) => app.del(`/api/saved-searches/${ids.savedSearch}`, undefined, o),
    probe: clientSavedSearch,
    arrange: seedSavedSearch,
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
  // The view token and the beacon take no bearer (navigator.sendBeacon sends none) and answer everyone alike.
  'GET /api/insights/view-token': {
    request: (app, o) => app.get(`/api/insights/view-token?provider_id=${ids.owner}`, o),
  },
  'POST /api/insights/events': {
    request: async (app, o) => {
      const view = await app.get(`/api/insights/view-token?provider_id=${ids.owner}`, o);
      return app.post(
        '/api/insights/events',
        { token: view.body.token ?? 'none' },
        { ...o, headers: { ...o.headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0' } },
      );
    },
  },
  "GET /api/insights?provider_id=(owner's)": {
    request: (app, o) => app.get(`/api/insights?provider_id=${ids.owner}`, o),
  },
  "GET /api/insights/export?provider_id=(owner's)": {
    request: (app, o) => app.get(`/api/insights/export?provider_id=${ids.owner}`, o),
    plain: true,
  },
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
    request: (app, o) =>
      app.put(`/api/reviews/${ids.review}`, { rating: 4, text: 'Edited', service: TEST_SERVICE.service }, o),
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
  'GET /api/admin/reviews?status=held': {
    request: (app, o) => app.get('/api/admin/reviews?status=held', o),
  },
  'PUT /api/admin/reviews/:id (dismiss)': {
    request: (app, o) => app.put(`/api/admin/reviews/${ids.review}`, { action: 'dismiss' }, o),
    probe: reports,
    arrange: seedReview,
  },
  'GET /api/threads': { request: (app, o) => app.get('/api/threads', o), arrange: seedThread },
  'GET /api/threads/unread': { request: (app, o) => app.get('/api/threads/unread', o), arrange: seedThread },
  "GET /api/threads/:id (client and owner's)": {
    request: (app, o) => app.get(`/api/threads/${ids.thread}`, o),
    arrange: seedThread,
  },
  "POST /api/threads/:id/messages (client and owner's)": {
    request: (app, o) => app.post(`/api/threads/${ids.thread}/messages`, { message: 'Matrix reply' }, o),
    probe: threadMessages,
    arrange: seedThread,
  },
  "POST /api/threads/:id/read (client and owner's)": {
    request: (app, o) => app.post(`/api/threads/${ids.thread}/read`, {}, o),
    probe: threadReadMarks,
    arrange: seedThread,
  },
  "PUT /api/threads/:id/block (client and owner's, unblock)": {
    request: (app, o) => app.put(`/api/threads/${ids.thread}/block`, { blocked: false }, o),
    arrange: seedThread,
  },
  "POST /api/messages/:id/report (the client's message)": {
    request: (app, o) => app.post(`/api/messages/${ids.message}/report`, { reason: 'spam' }, o),
    probe: messageReportCount,
    arrange: async () => {
      await seedThread();
      await clearOwnerReports();
    },
    restore: clearOwnerReports,
  },
  'GET /api/admin/messages': { request: (app, o) => app.get('/api/admin/messages', o) },
  'PUT /api/admin/messages/:id (dismiss)': {
    request: (app, o) => app.put(`/api/admin/messages/${ids.message}`, { action: 'dismiss' }, o),
    probe: messageReportCount,
    arrange: seedMessageReport,
  },
  'GET /api/saved-replies': { request: (app, o) => app.get('/api/saved-replies', o) },
  'POST /api/saved-replies': {
    request: (app, o) => app.post('/api/saved-replies', { title: 'Matrix added', body: 'Hello' }, o),
    probe: savedReplyState,
    arrange: seedSavedReply,
    restore: dropAddedSavedReplies,
  },
  "PUT /api/saved-replies/:id (owner's)": {
    request: (app, o) =>
      app.put(`/api/saved-replies/${ids.savedReply}`, { title: 'Matrix changed', body: 'Closed' }, o),
    probe: savedReplyState,
    arrange: seedSavedReply,
    restore: seedSavedReply,
  },
  "DELETE /api/saved-replies/:id (owner's)": {
    request: (app, o) => app.del(`/api/saved-replies/${ids.savedReply}`, undefined, o),
    probe: savedReplyState,
    arrange: seedSavedReply,
    restore: seedSavedReply,
  },
  'GET /api/admin/submissions': { request: (app, o) => app.get('/api/admin/submissions', o) },
  'GET /api/admin/submissions/export': {
    request: (app, o) => app.get('/api/admin/submissions/export', o),
    plain: true,
  },
  'PUT /api/admin/submissions/:id (handled)': {
    request: (app, o) => app.put(`/api/admin/submissions/${ids.submission}`, { handled: true }, o),
    probe: submissionHandledAt,
    arrange: seedSubmission,
  },
  'GET /api/admin/booking-logs': { request: (app, o) => app.get('/api/admin/booking-logs', o) },
  'GET /api/admin/search-logs/export': {
    request: (app, o) => app.get('/api/admin/search-logs/export', o),
    plain: true,
  },
  'GET /api/admin/booking-logs/export': {
    request: (app, o) => app.get('/api/admin/booking-logs/export', o),
    plain: true,
  },
  'GET /api/admin/reviews/export': {
    request: (app, o) => app.get('/api/admin/reviews/export', o),
    plain: true,
  },
  'GET /api/admin/access': { request: (app, o) => app.get('/api/admin/access', o) },
  'GET /api/account/identity': { request: (app, o) => app.get('/api/account/identity', o) },
  'POST /api/account/password (wrong current password)': {
    request: (app, o) =>
      app.post(
        '/api/account/password',
        { current_password: 'Wrong-Password-31', new_password: 'Lantern-Meadow-7391' },
        o,
      ),
    probe: passwordHashes,
  },
  'GET /api/account/sessions': { request: (app, o) => app.get('/api/account/sessions', o) },
  "DELETE /api/account/sessions/:id (client's other login)": {
    arrange: newClientLogin,
    request: (app, o) => app.del(`/api/account/sessions/${ids.clientLogin}`, undefined, o),
    probe: clientLoginLive,
  },
  'POST /api/account/sessions/end-others': {
    arrange: newClientLogin,
    request: (app, o) => app.post('/api/account/sessions/end-others', undefined, o),
    probe: clientLoginLive,
  },
  'GET /api/account/email': { request: (app, o) => app.get('/api/account/email', o) },
  'POST /api/account/email (wrong current password)': {
    request: (app, o) =>
      app.post(
        '/api/account/email',
        { new_email: 'matrix-new@example.com', current_password: 'Wrong-Password-31' },
        o,
      ),
    probe: emailChangeTokens,
  },
  'POST /api/account/email/confirm (unknown token)': {
    request: (app, o) => app.post('/api/account/email/confirm', { token: 'not-a-token' }, o),
  },
  'POST /api/account/email/undo (unknown token)': {
    request: (app, o) => app.post('/api/account/email/undo', { token: 'not-a-token' }, o),
  },
  'GET /api/account/passkeys': { request: (app, o) => app.get('/api/account/passkeys', o) },
  'POST /api/account/passkeys/register/options (wrong current password)': {
    request: (app, o) =>
      app.post('/api/account/passkeys/register/options', { current_password: 'Wrong-Password-31' }, o),
  },
  'POST /api/account/passkeys/register (no challenge asked)': {
    request: (app, o) => app.post('/api/account/passkeys/register', { response: BOGUS_REGISTRATION }, o),
    probe: passkeyCount,
  },
  'POST /api/account/passkeys/reauth/options (no passkey yet)': {
    request: (app, o) => app.post('/api/account/passkeys/reauth/options', undefined, o),
  },
  'POST /api/account/passkeys/reauth (unknown passkey)': {
    request: (app, o) => app.post('/api/account/passkeys/reauth', { response: BOGUS_ASSERTION }, o),
  },
  'PUT /api/account/passkeys/:id (unknown)': {
    request: (app, o) => app.put('/api/account/passkeys/not-a-passkey', { name: 'Matrix key' }, o),
  },
  'DELETE /api/account/passkeys/:id (unknown)': {
    request: (app, o) => app.del('/api/account/passkeys/not-a-passkey', undefined, o),
  },
  'POST /api/auth/passkey/options': {
    request: (app, o) => app.post('/api/auth/passkey/options', undefined, o),
  },
  'POST /api/auth/passkey/login (unknown passkey)': {
    request: (app, o) => app.post('/api/auth/passkey/login', { response: BOGUS_ASSERTION }, o),
  },
  'GET /api/account/notifications': { request: (app, o) => app.get('/api/account/notifications', o) },
  'PUT /api/account/notifications (own)': {
    request: (app, o) =>
      app.put('/api/account/notifications', { kind: 'product_news', channel: 'email', enabled: true }, o),
  },
  'POST /api/account/notifications/unsubscribe (unknown token)': {
    request: (app, o) => app.post('/api/account/notifications/unsubscribe', { token: 'not-a-token' }, o),
  },
  'GET /api/account/export': { request: (app, o) => app.get('/api/account/export', o), plain: true },
  'GET /api/push/public-key': { request: (app, o) => app.get('/api/push/public-key', o) },
  'GET /api/push/devices': { request: (app, o) => app.get('/api/push/devices', o) },
  'POST /api/push/devices (a new device)': {
    request: (app, o) => app.post('/api/push/devices', pushSubscription(), o),
    probe: pushDeviceCount,
    restore: dropAddedPushDevices,
  },
  "PATCH /api/push/devices/:id (client's)": {
    request: (app, o) => patch(app, `/api/push/devices/${ids.pushDevice}`, { kinds: ['new_messages'] }, o),
    probe: pushDeviceState,
    arrange: seedPushDevice,
  },
  "DELETE /api/push/devices/:id (client's)": {
    request: (app, o) => app.del(`/api/push/devices/${ids.pushDevice}`, undefined, o),
    probe: pushDeviceState,
    arrange: seedPushDevice,
  },
  'PUT /api/push/quiet-hours (own)': {
    request: (app, o) =>
      app.put('/api/push/quiet-hours', { quietHours: { start: '22:00', end: '07:00', timeZone: 'UTC' } }, o),
  },
  'POST /api/push/opened (unknown token)': {
    request: (app, o) => app.post('/api/push/opened', { token: 'not-a-token' }, o),
  },
  'DELETE /api/account (wrong current password)': {
    request: (app, o) =>
      app.del('/api/account', { current_password: 'Wrong-Password-31', confirm: 'DELETE' }, o),
    probe: userTypes,
  },
  'GET /api/admin/account-deletions': { request: (app, o) => app.get('/api/admin/account-deletions', o) },
  'POST /api/admin/access': {
    request: (app, o) => app.post('/api/admin/access', { password: ADMIN_PASSWORD }, o),
  },
  'GET /api/beta': { request: (app, o) => app.get('/api/beta', o) },
  'POST /api/beta/access': {
    request: (app, o) => app.post('/api/beta/access', { password: BETA_PASSWORD }, o),
  },
} satisfies Record<string, Endpoint>;
type EndpointName = keyof typeof ENDPOINTS;

const E = '403 EMAIL_NOT_VERIFIED' as const;
const T = '400 INVALID_TOKEN' as const;
const I = '401 INVALID_CREDENTIALS' as const;
// biome-ignore format: the tables read as tables
const OPEN_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                                                                       anon  unver client owner other admin expired tampered
  'GET /api/health':                                                      [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/openapi.json':                                                [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/signup':                                                [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/login':                                                 [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/verify-email (unknown token)':                          [  T,   T,   T,   T,   T,   T,   T,   T],
  'POST /api/auth/resend-verification':                                   [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/refresh (unknown token)':                               [401, 401, 401, 401, 401, 401, 401, 401],
  "POST /api/auth/refresh (client's cookie, no CSRF header)":             [403, 403, 403, 403, 403, 403, 403, 403],
  'POST /api/auth/logout':                                                [200, 200, 200, 200, 200, 200, 200, 200],
  "POST /api/auth/logout (client's cookie, no CSRF header)":              [403, 403, 403, 403, 403, 403, 403, 403],
  'POST /api/auth/forgot-password':                                       [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/reset-password (unknown token)':                        [  T,   T,   T,   T,   T,   T,   T,   T],
  'POST /api/auth/reset-password/check (unknown token)':                  [  T,   T,   T,   T,   T,   T,   T,   T],
  'POST /api/auth/signin-link':                                           [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/signin-link/verify (unknown token)':                    [  T,   T,   T,   T,   T,   T,   T,   T],
  'GET /api/auth/verify':                                                 [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/auth/upgrade-to-provider':                                   [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/auth/profile':                                                [401,   E, 200, 200, 200, 200, 401, 401],
  'PUT /api/auth/profile (own)':                                          [401,   E, 403, 200, 200, 403, 401, 401],
  'PUT /api/auth/profile/map-position (own)':                             [401,   E, 403, 200, 200, 403, 401, 401],
  "GET /api/user/:slug (owner's)":                                        [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/messages (to the owner)':                                    [401,   E, 200, 400, 200, 200, 401, 401],
  "POST /api/upload/avatar (owner's)":                                    [401,   E, 403, 200, 403, 403, 401, 401],
  "POST /api/upload/portfolio (owner's)":                                 [401,   E, 403, 200, 403, 403, 401, 401],
  "DELETE /api/upload/portfolio (owner's)":                               [401,   E, 403, 200, 403, 403, 401, 401],
  'GET /api/providers':                                                   [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/search':                                                     [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/zips/nearest':                                                [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/places/:service/:place (no providers there)':                 [404, 404, 404, 404, 404, 404, 404, 404],
  'GET /api/last-minute-openings':                                        [200, 200, 200, 200, 200, 200, 200, 200],
  "GET /api/last-minute-openings?provider_id=(owner's)&include_inactive": [401,   E, 404, 200, 404, 404, 401, 401],
  'PUT /api/last-minute-openings/time-zone (own)':                        [401,   E, 403, 200, 200, 403, 401, 401],
  'POST /api/last-minute-openings (own)':                                 [401,   E, 403, 200, 200, 403, 401, 401],
  "PUT /api/last-minute-openings?id=(owner's)":                           [401,   E, 404, 200, 404, 404, 401, 401],
  "DELETE /api/last-minute-openings?id=(owner's)":                        [401,   E, 404, 200, 404, 404, 401, 401],
  'GET /api/opening-alerts':                                              [401,   E, 200, 200, 200, 200, 401, 401],
  'PUT /api/opening-alerts (own)':                                        [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/opening-alerts/unsubscribe (unknown token)':                 [  T,   T,   T,   T,   T,   T,   T,   T],
  'POST /api/feedback':                                                   [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/investor-signup':                                            [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/favorites':                                                   [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/favorites/ids':                                               [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/favorites':                                                  [401,   E, 200, 400, 200, 200, 401, 401],
  'DELETE /api/favorites':                                                [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/blocked-providers':                                           [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/blocked-providers':                                          [401,   E, 200, 400, 200, 200, 401, 401],
  'DELETE /api/blocked-providers':                                        [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/saved-searches':                                              [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/saved-searches':                                             [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/saved-searches/settings':                                     [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/saved-searches/openings':                                     [401,   E, 200, 200, 200, 200, 401, 401],
  'PUT /api/saved-searches/settings':                                     [401,   E, 200, 200, 200, 200, 401, 401],
  'DELETE /api/saved-searches/history':                                   [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/saved-searches/unsubscribe (unknown token)':                 [  T,   T,   T,   T,   T,   T,   T,   T],
  "PUT /api/saved-searches/:id (client's)":                               [401,   E, 200, 404, 404, 404, 401, 401],
  "PUT /api/saved-searches/:id/alert (client's)":                         [401,   E, 200, 404, 404, 404, 401, 401],
  "DELETE /api/saved-searches/:id (client's)":                            [401,   E, 200, 404, 404, 404, 401, 401],
  'GET /api/favorite-services':                                           [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/favorite-services':                                          [401,   E, 200, 200, 200, 200, 401, 401],
  'DELETE /api/favorite-services':                                        [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/booking-logs':                                               [401,   E, 200, 200, 200, 200, 401, 401],
  "GET /api/booking-logs?provider_id=(owner's)":                          [401,   E, 404, 200, 404, 200, 401, 401],
  'GET /api/booking-logs':                                                [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/insights/view-token':                                         [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/insights/events':                                            [200, 200, 200, 200, 200, 200, 200, 200],
  "GET /api/insights?provider_id=(owner's)":                              [401,   E, 404, 200, 404, 404, 401, 401],
  "GET /api/insights/export?provider_id=(owner's)":                       [401,   E, 404, 200, 404, 404, 401, 401],
  'GET /api/search':                                                      [401,   E, 403, 403, 403, 200, 401, 401],
  "GET /api/reviews?provider_id=(owner's)":                               [200, 200, 200, 200, 200, 200, 200, 200],
  "GET /api/reviews/eligibility?provider_id=(owner's)":                   [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/reviews (of the owner)':                                     [401,   E, 409, 403, 403, 403, 401, 401],
  "PUT /api/reviews/:id (client's)":                                      [401,   E, 200, 404, 404, 404, 401, 401],
  "DELETE /api/reviews/:id (client's)":                                   [401,   E, 200, 404, 404, 404, 401, 401],
  'PUT /api/reviews/:id/reply (of the owner)':                            [401,   E, 404, 200, 404, 404, 401, 401],
  'DELETE /api/reviews/:id/reply (of the owner)':                         [401,   E, 404, 200, 404, 404, 401, 401],
  "POST /api/reviews/:id/report (client's)":                              [401,   E, 403, 200, 200, 200, 401, 401],
  'GET /api/threads':                                                     [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/threads/unread':                                              [401,   E, 200, 200, 200, 200, 401, 401],
  "GET /api/threads/:id (client and owner's)":                            [401,   E, 200, 200, 404, 404, 401, 401],
  "POST /api/threads/:id/messages (client and owner's)":                  [401,   E, 200, 200, 404, 404, 401, 401],
  "POST /api/threads/:id/read (client and owner's)":                      [401,   E, 200, 200, 404, 404, 401, 401],
  "PUT /api/threads/:id/block (client and owner's, unblock)":             [401,   E, 200, 200, 404, 404, 401, 401],
  "POST /api/messages/:id/report (the client's message)":                 [401,   E, 400, 200, 404, 404, 401, 401],
  'GET /api/admin/messages':                                              [401,   E, 403, 403, 403, 200, 401, 401],
  'PUT /api/admin/messages/:id (dismiss)':                                [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/saved-replies':                                               [401,   E, 403, 200, 200, 403, 401, 401],
  'POST /api/saved-replies':                                              [401,   E, 403, 200, 200, 403, 401, 401],
  "PUT /api/saved-replies/:id (owner's)":                                 [401,   E, 403, 200, 404, 403, 401, 401],
  "DELETE /api/saved-replies/:id (owner's)":                              [401,   E, 403, 200, 404, 403, 401, 401],
  'GET /api/admin/reviews':                                               [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/reviews/export':                                        [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/reviews?status=held':                                   [401,   E, 403, 403, 403, 200, 401, 401],
  'PUT /api/admin/reviews/:id (dismiss)':                                 [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/submissions':                                           [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/submissions/export':                                    [401,   E, 403, 403, 403, 200, 401, 401],
  'PUT /api/admin/submissions/:id (handled)':                             [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/booking-logs':                                          [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/search-logs/export':                                    [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/booking-logs/export':                                   [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/admin/access':                                                [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/account/identity':                                            [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/account/password (wrong current password)':                  [401,   E, 400, 400, 400, 400, 401, 401],
  'GET /api/account/sessions':                                            [401,   E, 200, 200, 200, 200, 401, 401],
  "DELETE /api/account/sessions/:id (client's other login)":              [401,   E, 200, 404, 404, 404, 401, 401],
  'POST /api/account/sessions/end-others':                                [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/account/email':                                               [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/account/email (wrong current password)':                     [401,   E, 400, 400, 400, 400, 401, 401],
  'POST /api/account/email/confirm (unknown token)':                      [  T,   T,   T,   T,   T,   T,   T,   T],
  'POST /api/account/email/undo (unknown token)':                         [  T,   T,   T,   T,   T,   T,   T,   T],
  'GET /api/account/passkeys':                                            [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/account/passkeys/register/options (wrong current password)': [401,   E, 400, 400, 400, 400, 401, 401],
  'POST /api/account/passkeys/register (no challenge asked)':             [401,   E, 400, 400, 400, 400, 401, 401],
  'POST /api/account/passkeys/reauth/options (no passkey yet)':           [401,   E, 400, 400, 400, 400, 401, 401],
  'POST /api/account/passkeys/reauth (unknown passkey)':                  [401,   E, 400, 400, 400, 400, 401, 401],
  'PUT /api/account/passkeys/:id (unknown)':                              [401,   E, 404, 404, 404, 404, 401, 401],
  'DELETE /api/account/passkeys/:id (unknown)':                           [401,   E, 404, 404, 404, 404, 401, 401],
  'POST /api/auth/passkey/options':                                       [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/passkey/login (unknown passkey)':                       [  I,   I,   I,   I,   I,   I,   I,   I],
  'GET /api/account/notifications':                                       [401,   E, 200, 200, 200, 200, 401, 401],
  'PUT /api/account/notifications (own)':                                 [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/account/notifications/unsubscribe (unknown token)':          [  T,   T,   T,   T,   T,   T,   T,   T],
  'GET /api/account/export':                                              [401,   E, 200, 200, 200, 200, 401, 401],
  'GET /api/push/public-key':                                             [200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/push/devices':                                                [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/push/devices (a new device)':                                [401,   E, 201, 201, 201, 201, 401, 401],
  "PATCH /api/push/devices/:id (client's)":                               [401,   E, 200, 404, 404, 404, 401, 401],
  "DELETE /api/push/devices/:id (client's)":                              [401,   E, 200, 404, 404, 404, 401, 401],
  'PUT /api/push/quiet-hours (own)':                                      [401,   E, 200, 200, 200, 200, 401, 401],
  'POST /api/push/opened (unknown token)':                                [  T,   T,   T,   T,   T,   T,   T,   T],
  'DELETE /api/account (wrong current password)':                         [401,   E, 400, 400, 400, 400, 401, 401],
  'GET /api/admin/account-deletions':                                     [401,   E, 403, 403, 403, 200, 401, 401],
  'POST /api/admin/access':                                               [401,   E, 403, 403, 403, 200, 401, 401],
  'GET /api/beta':                                                        [200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/beta/access':                                                [404, 404, 404, 404, 404, 404, 404, 404],
};

const A = '403 ADMIN_ACCESS_REQUIRED' as const;
// biome-ignore format: the tables read as tables
const LOCKED_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                                                                       anon client owner other admin admin+step
  'GET /api/health':                                                      [200, 200, 200, 200, 200, 200],
  'GET /api/openapi.json':                                                [200, 200, 200, 200, 200, 200],
  'POST /api/auth/signup':                                                [200, 200, 200, 200, 200, 200],
  'POST /api/auth/login':                                                 [200, 200, 200, 200, 200, 200],
  'POST /api/auth/verify-email (unknown token)':                          [  T,   T,   T,   T,   T,   T],
  'POST /api/auth/resend-verification':                                   [200, 200, 200, 200, 200, 200],
  'POST /api/auth/refresh (unknown token)':                               [401, 401, 401, 401, 401, 401],
  "POST /api/auth/refresh (client's cookie, no CSRF header)":             [403, 403, 403, 403, 403, 403],
  'POST /api/auth/logout':                                                [200, 200, 200, 200, 200, 200],
  "POST /api/auth/logout (client's cookie, no CSRF header)":              [403, 403, 403, 403, 403, 403],
  'POST /api/auth/forgot-password':                                       [200, 200, 200, 200, 200, 200],
  'POST /api/auth/reset-password (unknown token)':                        [  T,   T,   T,   T,   T,   T],
  'POST /api/auth/reset-password/check (unknown token)':                  [  T,   T,   T,   T,   T,   T],
  'POST /api/auth/signin-link':                                           [200, 200, 200, 200, 200, 200],
  'POST /api/auth/signin-link/verify (unknown token)':                    [  T,   T,   T,   T,   T,   T],
  'GET /api/auth/verify':                                                 [401, 200, 200, 200, 200, 200],
  'POST /api/auth/upgrade-to-provider':                                   [401, 200, 200, 200, 200, 200],
  'GET /api/auth/profile':                                                [401, 200, 200, 200, 200, 200],
  'PUT /api/auth/profile (own)':                                          [401, 403, 200, 200, 403, 403],
  'PUT /api/auth/profile/map-position (own)':                             [401, 403, 200, 200, 403, 403],
  "GET /api/user/:slug (owner's)":                                        [200, 200, 200, 200, 200, 200],
  'POST /api/messages (to the owner)':                                    [401, 200, 400, 200, 200, 200],
  "POST /api/upload/avatar (owner's)":                                    [401, 403, 200, 403, 403, 403],
  "POST /api/upload/portfolio (owner's)":                                 [401, 403, 200, 403, 403, 403],
  "DELETE /api/upload/portfolio (owner's)":                               [401, 403, 200, 403, 403, 403],
  'GET /api/providers':                                                   [200, 200, 200, 200, 200, 200],
  'POST /api/search':                                                     [200, 200, 200, 200, 200, 200],
  'GET /api/zips/nearest':                                                [200, 200, 200, 200, 200, 200],
  'GET /api/places/:service/:place (no providers there)':                 [404, 404, 404, 404, 404, 404],
  'GET /api/last-minute-openings':                                        [200, 200, 200, 200, 200, 200],
  "GET /api/last-minute-openings?provider_id=(owner's)&include_inactive": [401, 404, 200, 404, 404, 404],
  'PUT /api/last-minute-openings/time-zone (own)':                        [401, 403, 200, 200, 403, 403],
  'POST /api/last-minute-openings (own)':                                 [401, 403, 200, 200, 403, 403],
  "PUT /api/last-minute-openings?id=(owner's)":                           [401, 404, 200, 404, 404, 404],
  "DELETE /api/last-minute-openings?id=(owner's)":                        [401, 404, 200, 404, 404, 404],
  'GET /api/opening-alerts':                                              [401, 200, 200, 200, 200, 200],
  'PUT /api/opening-alerts (own)':                                        [401, 200, 200, 200, 200, 200],
  'POST /api/opening-alerts/unsubscribe (unknown token)':                 [  T,   T,   T,   T,   T,   T],
  'POST /api/feedback':                                                   [200, 200, 200, 200, 200, 200],
  'POST /api/investor-signup':                                            [200, 200, 200, 200, 200, 200],
  'GET /api/favorites':                                                   [401, 200, 200, 200, 200, 200],
  'GET /api/favorites/ids':                                               [401, 200, 200, 200, 200, 200],
  'POST /api/favorites':                                                  [401, 200, 400, 200, 200, 200],
  'DELETE /api/favorites':                                                [401, 200, 200, 200, 200, 200],
  'GET /api/blocked-providers':                                           [401, 200, 200, 200, 200, 200],
  'POST /api/blocked-providers':                                          [401, 200, 400, 200, 200, 200],
  'DELETE /api/blocked-providers':                                        [401, 200, 200, 200, 200, 200],
  'GET /api/saved-searches':                                              [401, 200, 200, 200, 200, 200],
  'POST /api/saved-searches':                                             [401, 200, 200, 200, 200, 200],
  'GET /api/saved-searches/settings':                                     [401, 200, 200, 200, 200, 200],
  'GET /api/saved-searches/openings':                                     [401, 200, 200, 200, 200, 200],
  'PUT /api/saved-searches/settings':                                     [401, 200, 200, 200, 200, 200],
  'DELETE /api/saved-searches/history':                                   [401, 200, 200, 200, 200, 200],
  'POST /api/saved-searches/unsubscribe (unknown token)':                 [  T,   T,   T,   T,   T,   T],
  "PUT /api/saved-searches/:id (client's)":                               [401, 200, 404, 404, 404, 404],
  "PUT /api/saved-searches/:id/alert (client's)":                         [401, 200, 404, 404, 404, 404],
  "DELETE /api/saved-searches/:id (client's)":                            [401, 200, 404, 404, 404, 404],
  'GET /api/favorite-services':                                           [401, 200, 200, 200, 200, 200],
  'POST /api/favorite-services':                                          [401, 200, 200, 200, 200, 200],
  'DELETE /api/favorite-services':                                        [401, 200, 200, 200, 200, 200],
  'POST /api/booking-logs':                                               [401, 200, 200, 200, 200, 200],
  "GET /api/booking-logs?provider_id=(owner's)":                          [401, 404, 200, 404,   A, 200],
  'GET /api/booking-logs':                                                [401, 403, 403, 403,   A, 200],
  'GET /api/insights/view-token':                                         [200, 200, 200, 200, 200, 200],
  'POST /api/insights/events':                                            [200, 200, 200, 200, 200, 200],
  "GET /api/insights?provider_id=(owner's)":                              [401, 404, 200, 404, 404, 404],
  "GET /api/insights/export?provider_id=(owner's)":                       [401, 404, 200, 404, 404, 404],
  'GET /api/search':                                                      [401, 403, 403, 403,   A, 200],
  "GET /api/reviews?provider_id=(owner's)":                               [200, 200, 200, 200, 200, 200],
  "GET /api/reviews/eligibility?provider_id=(owner's)":                   [401, 200, 200, 200, 200, 200],
  'POST /api/reviews (of the owner)':                                     [401, 409, 403, 403, 403, 403],
  "PUT /api/reviews/:id (client's)":                                      [401, 200, 404, 404, 404, 404],
  "DELETE /api/reviews/:id (client's)":                                   [401, 200, 404, 404, 404, 404],
  'PUT /api/reviews/:id/reply (of the owner)':                            [401, 404, 200, 404, 404, 404],
  'DELETE /api/reviews/:id/reply (of the owner)':                         [401, 404, 200, 404, 404, 404],
  "POST /api/reviews/:id/report (client's)":                              [401, 403, 200, 200, 200, 200],
  'GET /api/threads':                                                     [401, 200, 200, 200, 200, 200],
  'GET /api/threads/unread':                                              [401, 200, 200, 200, 200, 200],
  "GET /api/threads/:id (client and owner's)":                            [401, 200, 200, 404, 404, 404],
  "POST /api/threads/:id/messages (client and owner's)":                  [401, 200, 200, 404, 404, 404],
  "POST /api/threads/:id/read (client and owner's)":                      [401, 200, 200, 404, 404, 404],
  "PUT /api/threads/:id/block (client and owner's, unblock)":             [401, 200, 200, 404, 404, 404],
  "POST /api/messages/:id/report (the client's message)":                 [401, 400, 200, 404, 404, 404],
  'GET /api/admin/messages':                                              [401, 403, 403, 403,   A, 200],
  'PUT /api/admin/messages/:id (dismiss)':                                [401, 403, 403, 403,   A, 200],
  'GET /api/saved-replies':                                               [401, 403, 200, 200, 403, 403],
  'POST /api/saved-replies':                                              [401, 403, 200, 200, 403, 403],
  "PUT /api/saved-replies/:id (owner's)":                                 [401, 403, 200, 404, 403, 403],
  "DELETE /api/saved-replies/:id (owner's)":                              [401, 403, 200, 404, 403, 403],
  'GET /api/admin/reviews':                                               [401, 403, 403, 403,   A, 200],
  'GET /api/admin/reviews/export':                                        [401, 403, 403, 403,   A, 200],
  'GET /api/admin/reviews?status=held':                                   [401, 403, 403, 403,   A, 200],
  'PUT /api/admin/reviews/:id (dismiss)':                                 [401, 403, 403, 403,   A, 200],
  'GET /api/admin/submissions':                                           [401, 403, 403, 403,   A, 200],
  'GET /api/admin/submissions/export':                                    [401, 403, 403, 403,   A, 200],
  'PUT /api/admin/submissions/:id (handled)':                             [401, 403, 403, 403,   A, 200],
  'GET /api/admin/booking-logs':                                          [401, 403, 403, 403,   A, 200],
  'GET /api/admin/search-logs/export':                                    [401, 403, 403, 403,   A, 200],
  'GET /api/admin/booking-logs/export':                                   [401, 403, 403, 403,   A, 200],
  'GET /api/admin/access':                                                [401, 403, 403, 403, 200, 200],
  'GET /api/account/identity':                                            [401, 200, 200, 200, 200, 200],
  'POST /api/account/password (wrong current password)':                  [401, 400, 400, 400, 400, 400],
  'GET /api/account/sessions':                                            [401, 200, 200, 200, 200, 200],
  "DELETE /api/account/sessions/:id (client's other login)":              [401, 200, 404, 404, 404, 404],
  'POST /api/account/sessions/end-others':                                [401, 200, 200, 200, 200, 200],
  'GET /api/account/email':                                               [401, 200, 200, 200, 200, 200],
  'POST /api/account/email (wrong current password)':                     [401, 400, 400, 400, 400, 400],
  'POST /api/account/email/confirm (unknown token)':                      [  T,   T,   T,   T,   T,   T],
  'POST /api/account/email/undo (unknown token)':                         [  T,   T,   T,   T,   T,   T],
  'GET /api/account/passkeys':                                            [401, 200, 200, 200, 200, 200],
  'POST /api/account/passkeys/register/options (wrong current password)': [401, 400, 400, 400, 400, 400],
  'POST /api/account/passkeys/register (no challenge asked)':             [401, 400, 400, 400, 400, 400],
  'POST /api/account/passkeys/reauth/options (no passkey yet)':           [401, 400, 400, 400, 400, 400],
  'POST /api/account/passkeys/reauth (unknown passkey)':                  [401, 400, 400, 400, 400, 400],
  'PUT /api/account/passkeys/:id (unknown)':                              [401, 404, 404, 404, 404, 404],
  'DELETE /api/account/passkeys/:id (unknown)':                           [401, 404, 404, 404, 404, 404],
  'POST /api/auth/passkey/options':                                       [200, 200, 200, 200, 200, 200],
  'POST /api/auth/passkey/login (unknown passkey)':                       [  I,   I,   I,   I,   I,   I],
  'GET /api/account/notifications':                                       [401, 200, 200, 200, 200, 200],
  'PUT /api/account/notifications (own)':                                 [401, 200, 200, 200, 200, 200],
  'POST /api/account/notifications/unsubscribe (unknown token)':          [  T,   T,   T,   T,   T,   T],
  'GET /api/account/export':                                              [401, 200, 200, 200, 200, 200],
  'GET /api/push/public-key':                                             [200, 200, 200, 200, 200, 200],
  'GET /api/push/devices':                                                [401, 200, 200, 200, 200, 200],
  'POST /api/push/devices (a new device)':                                [401, 201, 201, 201, 201, 201],
  "PATCH /api/push/devices/:id (client's)":                               [401, 200, 404, 404, 404, 404],
  "DELETE /api/push/devices/:id (client's)":                              [401, 200, 404, 404, 404, 404],
  'PUT /api/push/quiet-hours (own)':                                      [401, 200, 200, 200, 200, 200],
  'POST /api/push/opened (unknown token)':                                [  T,   T,   T,   T,   T,   T],
  'DELETE /api/account (wrong current password)':                         [401, 400, 400, 400, 400, 400],
  'GET /api/admin/account-deletions':                                     [401, 403, 403, 403,   A, 200],
  'POST /api/admin/access':                                               [401, 403, 403, 403, 200, 200],
  'GET /api/beta':                                                        [200, 200, 200, 200, 200, 200],
  'POST /api/beta/access':                                                [200, 200, 200, 200, 200, 200],
};

const B = '403 BETA_LOCKED' as const;
// biome-ignore format: the tables read as tables
const BETA_LOCKED_MATRIX: Record<EndpointName, [Cell, Cell, Cell, Cell, Cell, Cell]> = {
  //                                                                       anon client owner other admin admin+step
  'GET /api/health':                                                      [200, 200, 200, 200, 200, 200],
  'GET /api/openapi.json':                                                [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/signup':                                                [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/login':                                                 [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/verify-email (unknown token)':                          [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/resend-verification':                                   [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/refresh (unknown token)':                               [  B,   B,   B,   B,   B,   B],
  "POST /api/auth/refresh (client's cookie, no CSRF header)":             [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/logout':                                                [  B,   B,   B,   B,   B,   B],
  "POST /api/auth/logout (client's cookie, no CSRF header)":              [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/forgot-password':                                       [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/reset-password (unknown token)':                        [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/reset-password/check (unknown token)':                  [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/signin-link':                                           [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/signin-link/verify (unknown token)':                    [  B,   B,   B,   B,   B,   B],
  'GET /api/auth/verify':                                                 [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/upgrade-to-provider':                                   [  B,   B,   B,   B,   B,   B],
  'GET /api/auth/profile':                                                [  B,   B,   B,   B,   B,   B],
  'PUT /api/auth/profile (own)':                                          [  B,   B,   B,   B,   B,   B],
  'PUT /api/auth/profile/map-position (own)':                             [  B,   B,   B,   B,   B,   B],
  "GET /api/user/:slug (owner's)":                                        [  B,   B,   B,   B,   B,   B],
  'POST /api/messages (to the owner)':                                    [  B,   B,   B,   B,   B,   B],
  "POST /api/upload/avatar (owner's)":                                    [  B,   B,   B,   B,   B,   B],
  "POST /api/upload/portfolio (owner's)":                                 [  B,   B,   B,   B,   B,   B],
  "DELETE /api/upload/portfolio (owner's)":                               [  B,   B,   B,   B,   B,   B],
  'GET /api/providers':                                                   [  B,   B,   B,   B,   B,   B],
  'POST /api/search':                                                     [  B,   B,   B,   B,   B,   B],
  'GET /api/zips/nearest':                                                [  B,   B,   B,   B,   B,   B],
  'GET /api/places/:service/:place (no providers there)':                 [  B,   B,   B,   B,   B,   B],
  'GET /api/last-minute-openings':                                        [  B,   B,   B,   B,   B,   B],
  "GET /api/last-minute-openings?provider_id=(owner's)&include_inactive": [  B,   B,   B,   B,   B,   B],
  'PUT /api/last-minute-openings/time-zone (own)':                        [  B,   B,   B,   B,   B,   B],
  'POST /api/last-minute-openings (own)':                                 [  B,   B,   B,   B,   B,   B],
  "PUT /api/last-minute-openings?id=(owner's)":                           [  B,   B,   B,   B,   B,   B],
  "DELETE /api/last-minute-openings?id=(owner's)":                        [  B,   B,   B,   B,   B,   B],
  'GET /api/opening-alerts':                                              [  B,   B,   B,   B,   B,   B],
  'PUT /api/opening-alerts (own)':                                        [  B,   B,   B,   B,   B,   B],
  'POST /api/opening-alerts/unsubscribe (unknown token)':                 [  B,   B,   B,   B,   B,   B],
  'POST /api/feedback':                                                   [  B,   B,   B,   B,   B,   B],
  'POST /api/investor-signup':                                            [  B,   B,   B,   B,   B,   B],
  'GET /api/favorites':                                                   [  B,   B,   B,   B,   B,   B],
  'GET /api/favorites/ids':                                               [  B,   B,   B,   B,   B,   B],
  'POST /api/favorites':                                                  [  B,   B,   B,   B,   B,   B],
  'DELETE /api/favorites':                                                [  B,   B,   B,   B,   B,   B],
  'GET /api/blocked-providers':                                           [  B,   B,   B,   B,   B,   B],
  'POST /api/blocked-providers':                                          [  B,   B,   B,   B,   B,   B],
  'DELETE /api/blocked-providers':                                        [  B,   B,   B,   B,   B,   B],
  'GET /api/saved-searches':                                              [  B,   B,   B,   B,   B,   B],
  'POST /api/saved-searches':                                             [  B,   B,   B,   B,   B,   B],
  'GET /api/saved-searches/settings':                                     [  B,   B,   B,   B,   B,   B],
  'GET /api/saved-searches/openings':                                     [  B,   B,   B,   B,   B,   B],
  'PUT /api/saved-searches/settings':                                     [  B,   B,   B,   B,   B,   B],
  'DELETE /api/saved-searches/history':                                   [  B,   B,   B,   B,   B,   B],
  'POST /api/saved-searches/unsubscribe (unknown token)':                 [  B,   B,   B,   B,   B,   B],
  "PUT /api/saved-searches/:id (client's)":                               [  B,   B,   B,   B,   B,   B],
  "PUT /api/saved-searches/:id/alert (client's)":                         [  B,   B,   B,   B,   B,   B],
  "DELETE /api/saved-searches/:id (client's)":                            [  B,   B,   B,   B,   B,   B],
  'GET /api/favorite-services':                                           [  B,   B,   B,   B,   B,   B],
  'POST /api/favorite-services':                                          [  B,   B,   B,   B,   B,   B],
  'DELETE /api/favorite-services':                                        [  B,   B,   B,   B,   B,   B],
  'POST /api/booking-logs':                                               [  B,   B,   B,   B,   B,   B],
  "GET /api/booking-logs?provider_id=(owner's)":                          [  B,   B,   B,   B,   B,   B],
  'GET /api/booking-logs':                                                [  B,   B,   B,   B,   B,   B],
  'GET /api/insights/view-token':                                         [  B,   B,   B,   B,   B,   B],
  'POST /api/insights/events':                                            [  B,   B,   B,   B,   B,   B],
  "GET /api/insights?provider_id=(owner's)":                              [  B,   B,   B,   B,   B,   B],
  "GET /api/insights/export?provider_id=(owner's)":                       [  B,   B,   B,   B,   B,   B],
  'GET /api/search':                                                      [  B,   B,   B,   B,   B,   B],
  "GET /api/reviews?provider_id=(owner's)":                               [  B,   B,   B,   B,   B,   B],
  "GET /api/reviews/eligibility?provider_id=(owner's)":                   [  B,   B,   B,   B,   B,   B],
  'POST /api/reviews (of the owner)':                                     [  B,   B,   B,   B,   B,   B],
  "PUT /api/reviews/:id (client's)":                                      [  B,   B,   B,   B,   B,   B],
  "DELETE /api/reviews/:id (client's)":                                   [  B,   B,   B,   B,   B,   B],
  'PUT /api/reviews/:id/reply (of the owner)':                            [  B,   B,   B,   B,   B,   B],
  'DELETE /api/reviews/:id/reply (of the owner)':                         [  B,   B,   B,   B,   B,   B],
  "POST /api/reviews/:id/report (client's)":                              [  B,   B,   B,   B,   B,   B],
  'GET /api/threads':                                                     [  B,   B,   B,   B,   B,   B],
  'GET /api/threads/unread':                                              [  B,   B,   B,   B,   B,   B],
  "GET /api/threads/:id (client and owner's)":                            [  B,   B,   B,   B,   B,   B],
  "POST /api/threads/:id/messages (client and owner's)":                  [  B,   B,   B,   B,   B,   B],
  "POST /api/threads/:id/read (client and owner's)":                      [  B,   B,   B,   B,   B,   B],
  "PUT /api/threads/:id/block (client and owner's, unblock)":             [  B,   B,   B,   B,   B,   B],
  "POST /api/messages/:id/report (the client's message)":                 [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/messages':                                              [  B,   B,   B,   B,   B,   B],
  'PUT /api/admin/messages/:id (dismiss)':                                [  B,   B,   B,   B,   B,   B],
  'GET /api/saved-replies':                                               [  B,   B,   B,   B,   B,   B],
  'POST /api/saved-replies':                                              [  B,   B,   B,   B,   B,   B],
  "PUT /api/saved-replies/:id (owner's)":                                 [  B,   B,   B,   B,   B,   B],
  "DELETE /api/saved-replies/:id (owner's)":                              [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/reviews':                                               [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/reviews/export':                                        [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/reviews?status=held':                                   [  B,   B,   B,   B,   B,   B],
  'PUT /api/admin/reviews/:id (dismiss)':                                 [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/submissions':                                           [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/submissions/export':                                    [  B,   B,   B,   B,   B,   B],
  'PUT /api/admin/submissions/:id (handled)':                             [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/booking-logs':                                          [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/search-logs/export':                                    [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/booking-logs/export':                                   [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/access':                                                [  B,   B,   B,   B,   B,   B],
  'GET /api/account/identity':                                            [  B,   B,   B,   B,   B,   B],
  'POST /api/account/password (wrong current password)':                  [  B,   B,   B,   B,   B,   B],
  'GET /api/account/sessions':                                            [  B,   B,   B,   B,   B,   B],
  "DELETE /api/account/sessions/:id (client's other login)":              [  B,   B,   B,   B,   B,   B],
  'POST /api/account/sessions/end-others':                                [  B,   B,   B,   B,   B,   B],
  'GET /api/account/email':                                               [  B,   B,   B,   B,   B,   B],
  'POST /api/account/email (wrong current password)':                     [  B,   B,   B,   B,   B,   B],
  'POST /api/account/email/confirm (unknown token)':                      [  B,   B,   B,   B,   B,   B],
  'POST /api/account/email/undo (unknown token)':                         [  B,   B,   B,   B,   B,   B],
  'GET /api/account/passkeys':                                            [  B,   B,   B,   B,   B,   B],
  'POST /api/account/passkeys/register/options (wrong current password)': [  B,   B,   B,   B,   B,   B],
  'POST /api/account/passkeys/register (no challenge asked)':             [  B,   B,   B,   B,   B,   B],
  'POST /api/account/passkeys/reauth/options (no passkey yet)':           [  B,   B,   B,   B,   B,   B],
  'POST /api/account/passkeys/reauth (unknown passkey)':                  [  B,   B,   B,   B,   B,   B],
  'PUT /api/account/passkeys/:id (unknown)':                              [  B,   B,   B,   B,   B,   B],
  'DELETE /api/account/passkeys/:id (unknown)':                           [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/passkey/options':                                       [  B,   B,   B,   B,   B,   B],
  'POST /api/auth/passkey/login (unknown passkey)':                       [  B,   B,   B,   B,   B,   B],
  'GET /api/account/notifications':                                       [  B,   B,   B,   B,   B,   B],
  'PUT /api/account/notifications (own)':                                 [  B,   B,   B,   B,   B,   B],
  'POST /api/account/notifications/unsubscribe (unknown token)':          [  B,   B,   B,   B,   B,   B],
  'GET /api/account/export':                                              [  B,   B,   B,   B,   B,   B],
  'GET /api/push/public-key':                                             [  B,   B,   B,   B,   B,   B],
  'GET /api/push/devices':                                                [  B,   B,   B,   B,   B,   B],
  'POST /api/push/devices (a new device)':                                [  B,   B,   B,   B,   B,   B],
  "PATCH /api/push/devices/:id (client's)":                               [  B,   B,   B,   B,   B,   B],
  "DELETE /api/push/devices/:id (client's)":                              [  B,   B,   B,   B,   B,   B],
  'PUT /api/push/quiet-hours (own)':                                      [  B,   B,   B,   B,   B,   B],
  'POST /api/push/opened (unknown token)':                                [  B,   B,   B,   B,   B,   B],
  'DELETE /api/account (wrong current password)':                         [  B,   B,   B,   B,   B,   B],
  'GET /api/admin/account-deletions':                                     [  B,   B,   B,   B,   B,   B],
  'POST /api/admin/access':                                               [  B,   B,   B,   B,   B,   B],
  'GET /api/beta':                                                        [200, 200, 200, 200, 200, 200],
  'POST /api/beta/access':                                                [200, 200, 200, 200, 200, 200],
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
  Object.assign(emails, { client: client.email, owner: owner.email });
  clientRefresh = client.refreshToken;
  ownerSlug = owner.user.routing_slug;
  const unverified = await findUserRow(open.db, (await createUnverifiedUser(open)).email);
  const now = open.clock.now();
  // The client's token with its subject swapped for the admin's, the signature left untouched.
  const [header, payload, signature] = client.session.access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: admin.user.id })).toString('base64url');
  Object.assign(tokens, {
    unverified: (await signAccessToken(open.app.ctx.secret, unverified!.id, now)).token,
    client: client.session.access_token,
    owner: owner.session.access_token,
    otherProvider: otherProvider.session.access_token,
    admin: admin.session.access_token,
    expired: (
      await signAccessToken(open.app.ctx.secret, owner.user.id, new Date(now.getTime() - 16 * MINUTE))
    ).token,
    tampered: `${header}.${forged}.${signature}`,
  });
  image.file = dataUrl(await swatch(40, 40, 'png', { r: 200, g: 90, b: 120 }));
  const portfolio = await open.post(
    '/api/upload/portfolio',
    { ...image, userId: ids.owner },
    { token: tokens.owner },
  );
  expect(portfolio.status, portfolio.text).toBe(200);
  ids.portfolioUrl = portfolio.body.portfolioImages.at(-1);

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
  // Who may call what, not what is sent: the devices the cells subscribe are never pushed to.
  await open.app.pushSender.stop();
  await locked.app.pushSender.stop();
});

afterAll(async () => {
  await locked?.close();
  await open?.close();
});

async function expectCell(endpoint: EndpointName, app: TestApp, options: RequestOptions, cell: Cell) {
  const { request, probe, arrange, restore, plain } = ENDPOINTS[endpoint] as Endpoint;
  await arrange?.();
  const before = await probe?.();
  const res = await request(app, options).finally(restore);
  const [status, code] =
    typeof cell === 'number' ? [cell, DEFAULT_CODE[cell]] : [Number(cell.slice(0, 3)), cell.slice(4)];
  expect(res.status, res.text).toBe(status);
  if (status < 300) {
    if (!plain) expect(res.body.success).toBe(true);
  } else {
    expect(res.body).toMatchObject({ success: false, error: code });
    if (probe) expect(await probe(), 'a refused request changed stored state').toBe(before);
  }
}

const cellsOf = <R extends string>(matrix: Record<EndpointName, Cell[]>, roles: readonly R[]) =>
  (Object.keys(matrix) as EndpointName[]).flatMap((endpoint) =>
    roles.map((role, i) => [endpoint, role, matrix[endpoint][i]!] as const),
  );

/** 'PUT /api/reviews/:id (client's)' → 'PUT /api/reviews/:id': the route a row exercises. */
const routeOf = (endpoint: string) => endpoint.split(' ').slice(0, 2).join(' ').split('?')[0]!;

it("has a row for every route in the app's route table, and no row for a route that does not exist", () => {
  const routes = new Set(open.app.apiRoutes);
  expect(routes.size).toBeGreaterThanOrEqual(55);
  const covered = new Set(Object.keys(ENDPOINTS).map(routeOf));
  expect(
    [...routes].filter((route) => !covered.has(route)),
    'routes without a row',
  ).toEqual([]);
  expect(
    [...covered].filter((route) => !routes.has(route)),
    'rows for unknown routes',
  ).toEqual([]);
});

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

/**
 * Mass assignment: fields a caller must never set through a body. Each attempt is refused (400) or
 * ignored, and the stored rows it aims at stay exactly as they were.
 */
describe('mass assignment', () => {
  const userRow = async (id: string) => {
    const [row] = await open.db.select().from(users).where(eq(users.id, id));
    return JSON.stringify(row);
  };
  const ratingRow = async () =>
    JSON.stringify(
      await open.db.select().from(providerRatings).where(eq(providerRatings.providerId, ids.owner)),
    );

  it('signup cannot set role, user_type outside userData, verification, slug or id', async () => {
    const email = uniqueEmail('mass');
    const res = await open.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      role: 'admin',
      user_type: 'provider',
      email_verified: true,
      email_verified_at: new Date().toISOString(),
      routing_slug: ownerSlug,
      id: ids.owner,
      userData: { user_type: 'client', name: 'Mass Assigner' },
    });
    expect([200, 400]).toContain(res.status);
    const row = await findUserRow(open.db, email);
    if (res.status === 400) expect(row).toBeUndefined();
    else {
      expect(row).toMatchObject({ role: 'user', userType: 'client', emailVerifiedAt: null });
      expect(row!.routingSlug).not.toBe(ownerSlug);
      expect(row!.id).not.toBe(ids.owner);
    }
    const nestedEmail = uniqueEmail('mass');
    const nested = await open.post('/api/auth/signup', {
      email: nestedEmail,
      password: DEFAULT_PASSWORD,
      userData: { user_type: 'client', role: 'admin', email_verified_at: new Date().toISOString() },
    });
    expect([200, 400]).toContain(nested.status);
    const nestedRow = await findUserRow(open.db, nestedEmail);
    if (nested.status === 200) expect(nestedRow).toMatchObject({ role: 'user', emailVerifiedAt: null });
    else expect(nestedRow).toBeUndefined();
  });

  it.each([
    ['role', { role: 'admin' }],
    ['user_type', { user_type: 'provider' }],
    ['userType', { userType: 'provider' }],
    ['email_verified', { email_verified: true }],
    ['email_verified_at', { email_verified_at: null }],
    ["someone else's routing_slug", { routing_slug: 'OWNER' }],
    ['email', { email: 'taken@example.test' }],
    ['id', { id: 'OWNER_ID' }],
    ['rating', { rating: 5 }],
    ['review_count', { review_count: 500 }],
    ['tokens_valid_after', { tokens_valid_after: null }],
  ])('PUT /api/auth/profile refuses %s and changes nothing', async (_field, body) => {
    const resolved = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [k, v === 'OWNER' ? ownerSlug : v === 'OWNER_ID' ? ids.owner : v]),
    );
    for (const [role, id] of [
      ['client', ids.client],
      ['otherProvider', ids.otherProvider],
    ] as const) {
      const before = [await userRow(id), await userRow(ids.owner), await ratingRow()];
      const res = await open.put(
        '/api/auth/profile',
        { name: 'Still Me', ...resolved },
        { token: tokens[role] },
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect([await userRow(id), await userRow(ids.owner), await ratingRow()]).toEqual(before);
    }
  });

  it.each([
    ['client_id', { client_id: 'OTHER' }],
    ['hidden_at', { hidden_at: null }],
    ['reply', { reply: 'Self-written reply' }],
    ['created_at', { created_at: '2020-01-01T00:00:00Z' }],
  ])('review bodies refuse %s and change nothing', async (_field, extra) => {
    await seedReview();
    const resolved = Object.fromEntries(
      Object.entries(extra).map(([k, v]) => [k, v === 'OTHER' ? ids.otherProvider : v]),
    );
    const before = [await ownerReviews(), await reviewUpdatedAt(), await ratingRow()];
    const put = await open.put(
      `/api/reviews/${ids.review}`,
      { rating: 1, ...resolved },
      { token: tokens.client },
    );
    expect(put.status, put.text).toBe(400);
    const post = await open.post(
      '/api/reviews',
      { provider_id: ids.owner, rating: 1, ...resolved },
      { token: tokens.otherProvider },
    );
    expect(post.status, post.text).toBe(400);
    expect([await ownerReviews(), await reviewUpdatedAt(), await ratingRow()]).toEqual(before);
  });

  it("an opening body cannot name another provider, and an admin's moderation body only takes an action", async () => {
    const before = await ownerOpenings();
    const res = await open.post(
      '/api/last-minute-openings',
      { ...openingBody(), provider_id: ids.owner },
      { token: tokens.otherProvider },
    );
    expect(res.status, res.text).toBe(400);
    expect(await ownerOpenings()).toBe(before);

    await seedReview();
    const rating = await ratingRow();
    const moderation = await open.put(
      `/api/admin/reviews/${ids.review}`,
      { action: 'dismiss', rating: 1, provider_id: ids.otherProvider },
      { token: tokens.admin },
    );
    expect(moderation.status, moderation.text).toBe(400);
    expect(await reports()).toBe(1);
    expect(await ratingRow()).toBe(rating);
  });
});
