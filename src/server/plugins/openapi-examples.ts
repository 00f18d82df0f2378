import { ERROR_MESSAGES } from '#domain/errors.ts';

/**
 * Example values the OpenAPI document shows (openapi.ts), kept on the server: on the zod schemas of
 * src/domain they would ship in the web bundle. A contract test sends every operation as its
 * examples say (openapi-contract.api.test.ts) and redocly's lint checks each against its schema.
 */
interface OperationExample {
  /** Path, query and header parameters by name. */
  params?: Record<string, string>;
  /** The JSON request body. */
  body?: unknown;
  /** The 200 reply's body, where it is short enough to read. */
  reply?: unknown;
}

/** Ids the examples use: the contract test seeds its rows with them, so the examples reach real rows. */
export const EXAMPLE_IDS = {
  provider: '5b3e2f4c-8d1a-4e6b-9c7d-2a1f0e3b4c5d',
  providerSlug: 'maya-lopez-hair',
  client: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  review: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  opening: '2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a',
  submission: '9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5',
  savedSearch: 'c4b3a2f1-e0d9-4c8b-b7a6-f5e4d3c2b1a0',
  thread: 'e1d2c3b4-a5f6-4e7d-8c9b-0a1b2c3d4e5f',
  message: 'b5c6d7e8-f9a0-4b1c-8d2e-3f4a5b6c7d8e',
  savedReply: 'c6d7e8f9-a0b1-4c2d-9e3f-4a5b6c7d8e9f',
  pushDevice: 'a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c0d',
};

const THREAD = { id: EXAMPLE_IDS.thread };
const MESSAGE = { id: EXAMPLE_IDS.message };
const SAVED_REPLY = { id: EXAMPLE_IDS.savedReply };

const EMAIL = 'maya@example.com';
const PASSWORD = 'Velvet-Orchid-4821';

/** A passkey's answer (an assertion) in the shape the browser library sends; signed by no known key. */
const PASSKEY_ASSERTION = {
  id: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0',
  rawId: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQDk3aL7n2Yp9Wq1Zx4Hc9Rz4Kp8Wn2Qv6Xc1Tb9Ls3Mh7',
  },
  clientExtensionResults: {},
};
/** A 1×1 PNG. */
const IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SEARCH = {
  query: 'balayage',
  locationZip: '78701',
  priceRange: [40, 250],
  radiusMiles: 25,
  sort: 'relevance',
};
/** The example opening: three days after the document is built, 15:00–16:00 UTC (always bookable). */
const OPENING_DAY = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const OPENING = {
  service_type: 'Silk press',
  start_time: `${OPENING_DAY}T15:00:00Z`,
  end_time: `${OPENING_DAY}T16:00:00Z`,
  price: '$85',
  note: 'Cancellation: first come, first served',
  time_zone: 'America/Chicago',
};
const PROVIDER = { provider_id: EXAMPLE_IDS.provider };
const REVIEW = { id: EXAMPLE_IDS.review };
const SAVED_SEARCH = { id: EXAMPLE_IDS.savedSearch };
const PUSH_DEVICE = { id: EXAMPLE_IDS.pushDevice };
/** A browser's PushSubscription.toJSON() from Chrome (FCM): a real P-256 key, not a live endpoint. */
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bGlowfindExampleDevice',
  expirationTime: null,
  keys: {
    p256dh: 'BKczdKXBwm-K96RjWRR5OzI95Kox3REx203Ykm4R1wxCkCRix8yHjV8UdzNYco8Qf88kuWLi0O9m6X_kP9MqytU',
    auth: 'zLTqYmhvfHkMRiHgvE3Y2g',
  },
};

/** The example reply of every error response (ErrorResponse). */
export const ERROR_EXAMPLE = { success: false, error: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND };

/** Keyed 'METHOD /path' as registered, like ROUTE_ERRORS. */
export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  'GET /api/health': { reply: { status: 'ok' } },
  'POST /api/auth/signup': {
    body: {
      email: EMAIL,
      password: PASSWORD,
      userData: { user_type: 'provider', name: 'Maya Lopez', location: 'Austin, TX 78701' },
    },
  },
  'POST /api/auth/login': { body: { email: EMAIL, password: PASSWORD } },
  'POST /api/auth/verify-email': { body: { temp_token: 'kq3Vf0x9ZbC2mN7pR4sT8wY1', type: 'email' } },
  'POST /api/auth/resend-verification': { body: { email: EMAIL } },
  'POST /api/auth/forgot-password': { body: { email: EMAIL } },
  'POST /api/auth/signin-link': { body: { email: EMAIL } },
  'POST /api/auth/signin-link/verify': { body: { token: 'Hq7Lm2Xv9Pc4Rt6Ws1Yz8Kb3' } },
  'POST /api/auth/reset-password': { body: { token: 'Jd5Nf8Qk2Sg7Tv0Wx3Za6Bc9', password: PASSWORD } },
  // The settings' steps: a password that is not the example account's, so the contract test's signed-in user
  // gets a documented 400 and keeps its password, email and account.
  'POST /api/account/password': {
    body: { current_password: 'My-Current-Password-1', new_password: 'Lantern-Meadow-7391' },
  },
  'POST /api/account/email': {
    body: { new_email: 'maya.new@example.com', current_password: 'My-Current-Password-1' },
  },
  'POST /api/account/email/confirm': { body: { token: 'Rz4Kp8Wn2Qv6Xc1Tb9Ls3Mh7' } },
  'POST /api/account/email/undo': { body: { token: 'Gy5Df2Nk8Pw3Vs6Jq1Zx4Hc9' } },
  'DELETE /api/account/sessions/:id': { params: { id: '7c2e9a41-3b5d-4f80-a6c1-9e2d4b7f0a13' } },
  'DELETE /api/account': { body: { current_password: 'My-Current-Password-1', confirm: 'DELETE' } },
  'PUT /api/account/notifications': { body: { kind: 'review_notices', channel: 'email', enabled: false } },
  'POST /api/account/notifications/unsubscribe': { body: { token: 'Uv4Wx7Yz0Ab3Cd6Ef9Gh2Ij5' } },
  'POST /api/account/passkeys/register/options': { body: { current_password: 'My-Current-Password-1' } },
  'POST /api/account/passkeys/register': {
    body: {
      name: 'My phone',
      response: {
        id: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0',
        rawId: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0',
        type: 'public-key',
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
          attestationObject: 'o2NmbXRkbm9uZQ',
        },
        clientExtensionResults: {},
      },
    },
  },
  'POST /api/account/passkeys/reauth': { body: { response: PASSKEY_ASSERTION } },
  'POST /api/auth/passkey/login': { body: { response: PASSKEY_ASSERTION } },
  'PUT /api/account/passkeys/:id': {
    params: { id: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0' },
    body: { name: 'Work laptop' },
  },
  'DELETE /api/account/passkeys/:id': { params: { id: 'Vq3xK9sLm2Qw8Zr5Tn1Yb7Hc4Jd6Fg0' } },
  'POST /api/auth/reset-password/check': { body: { token: 'Jd5Nf8Qk2Sg7Tv0Wx3Za6Bc9' } },
  'PUT /api/auth/profile': {
    body: {
      name: 'Maya Lopez',
      bio: 'Colour specialist: balayage and lived-in blondes.',
      location: 'Austin, TX 78701',
      zip: '78701',
      booking_link: 'https://book.example.com/maya',
      specialties: ['Balayage', 'Colour correction'],
      pricing: [
        {
          service: 'Balayage',
          description: 'Hand-painted highlights',
          priceType: 'starting_at',
          minPrice: 180,
        },
      ],
    },
  },
  'PUT /api/auth/profile/map-position': { body: { pinned: true, latitude: 30.268, longitude: -97.743 } },
  'GET /api/user/:slug': { params: { slug: EXAMPLE_IDS.providerSlug } },
  'POST /api/messages': {
    body: {
      providerId: EXAMPLE_IDS.provider,
      message: 'Hi Maya, do you have time for a balayage on Saturday?',
    },
  },
  'GET /api/threads': { params: { filter: 'all' } },
  'GET /api/threads/:id': { params: THREAD },
  'POST /api/threads/:id/messages': {
    params: THREAD,
    body: { message: 'Saturday at 10 works. See you then!' },
  },
  'POST /api/threads/:id/read': { params: THREAD },
  'PUT /api/threads/:id/block': { params: THREAD, body: { blocked: true } },
  'POST /api/messages/:id/report': {
    params: MESSAGE,
    body: { reason: 'spam', details: 'An advert for another salon.' },
  },
  'GET /api/admin/messages': { params: { status: 'reported' } },
  'PUT /api/admin/messages/:id': { params: MESSAGE, body: { action: 'hide' } },
  'POST /api/saved-replies': {
    body: { title: 'Prices', body: 'Balayage starts at $150; the consultation is free.' },
  },
  'PUT /api/saved-replies/:id': {
    params: SAVED_REPLY,
    body: { title: 'Prices', body: 'Balayage starts at $160 from January.' },
  },
  'DELETE /api/saved-replies/:id': { params: SAVED_REPLY },
  'POST /api/upload/avatar': { body: { file: IMAGE, userId: EXAMPLE_IDS.provider } },
  'POST /api/upload/portfolio': { body: { file: IMAGE, userId: EXAMPLE_IDS.provider } },
  'DELETE /api/upload/portfolio': {
    body: {
      imageUrl: `/uploads/portfolio/${EXAMPLE_IDS.provider}/balayage.webp`,
      userId: EXAMPLE_IDS.provider,
    },
  },
  'POST /api/search': { body: SEARCH },
  'GET /api/zips/nearest': { params: { latitude: '30.2711', longitude: '-97.7437' } },
  'GET /api/places/:service/:place': { params: { service: 'hair-stylists', place: 'austin-tx' } },
  'POST /api/favorites': { body: { providerId: EXAMPLE_IDS.provider } },
  'DELETE /api/favorites': { body: { providerId: EXAMPLE_IDS.provider } },
  'POST /api/blocked-providers': { body: { providerId: EXAMPLE_IDS.provider } },
  'DELETE /api/blocked-providers': { body: { providerId: EXAMPLE_IDS.provider } },
  'POST /api/favorite-services': { body: { serviceName: 'Balayage' } },
  'DELETE /api/favorite-services': { body: { serviceName: 'Balayage' } },
  'POST /api/booking-logs': {
    params: { 'idempotency-key': 'book-5b3e2f4c-1' },
    body: { url: 'https://book.example.com/maya', provider_id: EXAMPLE_IDS.provider },
  },
  'GET /api/insights/view-token': { params: PROVIDER },
  'POST /api/insights/events': { body: { token: 'eyJ2IjoxfQ.c2lnbmF0dXJl' } },
  'GET /api/insights': { params: PROVIDER },
  'GET /api/insights/export': { params: PROVIDER },
  'POST /api/admin/access': { body: { password: 'admin-step-password' } },
  'POST /api/beta/access': { body: { password: 'beta-door-password' } },
  'POST /api/last-minute-openings': {
    params: { 'idempotency-key': `opening-${OPENING_DAY}-1` },
    body: OPENING,
  },
  'PUT /api/last-minute-openings': {
    params: { id: EXAMPLE_IDS.opening },
    body: { ...OPENING, price: '$70', is_active: true },
  },
  'DELETE /api/last-minute-openings': { params: { id: EXAMPLE_IDS.opening } },
  'PUT /api/last-minute-openings/time-zone': { body: { time_zone: 'America/Chicago' } },
  'PUT /api/opening-alerts': { body: { enabled: true } },
  'POST /api/opening-alerts/unsubscribe': { body: { token: 'Uv4Wx7Yz0Ab3Cd6Ef9Gh2Ij5' } },
  'POST /api/feedback': {
    body: {
      name: 'Sam Rivera',
      email: 'sam@example.com',
      subject: 'Map search',
      message: 'Could the map remember my last zip?',
      type: 'feature',
      urgency: 'low',
    },
  },
  'POST /api/investor-signup': {
    body: { name: 'Dana Whitfield', email: 'dana@example.com', message: 'Please send the deck.' },
  },
  'PUT /api/admin/submissions/:id': { params: { id: EXAMPLE_IDS.submission }, body: { handled: true } },
  'GET /api/reviews': { params: PROVIDER },
  'POST /api/reviews': {
    body: {
      rating: 5,
      text: 'Best balayage I have had.',
      service: 'Balayage',
      provider_id: EXAMPLE_IDS.provider,
    },
  },
  'GET /api/reviews/eligibility': { params: PROVIDER },
  'PUT /api/reviews/:id': { params: REVIEW, body: { rating: 4, text: 'Lovely colour, ran a little late.' } },
  'DELETE /api/reviews/:id': { params: REVIEW },
  'PUT /api/reviews/:id/reply': { params: REVIEW, body: { text: 'Thank you, see you in March!' } },
  'DELETE /api/reviews/:id/reply': { params: REVIEW },
  'POST /api/reviews/:id/report': { params: REVIEW, body: { reason: 'spam', details: 'An advert.' } },
  'PUT /api/admin/reviews/:id': { params: REVIEW, body: { action: 'hide' } },
  'POST /api/saved-searches': { body: { name: 'Balayage near downtown', search: SEARCH, alert: true } },
  'PUT /api/saved-searches/settings': { body: { dailyCap: 3 } },
  'POST /api/saved-searches/unsubscribe': { body: { token: 'Kl8Mn1Op4Qr7St0Uv3Wx6Yz9' } },
  'PUT /api/saved-searches/:id': { params: SAVED_SEARCH, body: { name: 'Balayage, weekends' } },
  'DELETE /api/saved-searches/:id': { params: SAVED_SEARCH },
  'PUT /api/saved-searches/:id/alert': { params: SAVED_SEARCH, body: { alert: false } },
  'GET /api/push/public-key': {
    reply: {
      success: true,
      publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    },
  },
  'POST /api/push/devices': { body: PUSH_SUBSCRIPTION },
  'PATCH /api/push/devices/:id': { params: PUSH_DEVICE, body: { kinds: ['opening_alerts', 'new_messages'] } },
  'DELETE /api/push/devices/:id': { params: PUSH_DEVICE },
  'PUT /api/push/quiet-hours': {
    body: { quietHours: { start: '22:00', end: '07:00', timeZone: 'America/Chicago' } },
  },
  'POST /api/push/opened': {
    body: {
      token: 'AYjEA-Ru6uV35FnJnJIOggvehWVXmKZuFOHr6lRpmNWTcnXSL3XWF5jbZjEv7mKUIkBX_DGJgHP6nIGjpQufFp1A-USy',
    },
  },
};
