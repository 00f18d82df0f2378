import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAIL_TEXTS } from '#domain/messages-options.ts';
import { PUSH_LIMITS, PUSH_TEXTS, type PushPayload, PushPayloadSchema } from '#domain/push.ts';
import {
  mailOutbox,
  openingAlertDispatches,
  pushDeliveries,
  pushOpenedOpenings,
  pushSubscriptions,
  refreshTokens,
  users,
} from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, HOUR, type RequestOptions, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  freshLogins,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { PushService, type ReceivedPush, type TestSubscription } from '#server/test/push-service.ts';
import { loginWithCookie, logoutWithCookie } from '#server/test/session-cookie.ts';
import type { ReceivedMail } from '#server/test/smtp-sink.ts';
import { openingTimeInEmail } from '../openings/opening-alerts.service';
import { PushOpenTokens } from './push-open-token';

/**
 * Web Push end to end: the devices API (who may do what, what is stored), and what a device really
 * receives when an opening is posted or a message written, read by a real Web Push service
 * (test/push-service.ts) that checks the VAPID signature and decrypts each payload with the device's
 * own keys. The app's own sender sends (kicked when something is queued): tests wait for the pushes.
 * A push that must not come is checked against one that must, sent in the same pass or earlier.
 */

const DEVICES = '/api/push/devices';
const QUIET = '/api/push/quiet-hours';
const OPENED = '/api/push/opened';
const ZONE = 'America/Chicago';
const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

let t: TestApp;
const service = new PushService();
beforeAll(async () => {
  await service.start();
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  await service.stop();
});
const logins = freshLogins(() => t);

let serial = 0;
const newClient = async (name = 'Client') =>
  logins.remember(
    await createVerifiedUser(t, { userData: { user_type: 'client', name: `${name} ${++serial}` } }),
  );

/** A listed provider in Austin who sells balayage (so a saved search for it matches their openings). */
async function newProvider(name = 'Studio') {
  const provider = logins.remember(
    await createVerifiedProvider(t, { name: `${name} ${++serial}`, location: 'Austin, TX 78704' }),
  );
  const res = await t.put(
    '/api/auth/profile',
    {
      pricing: [{ service: 'Balayage', description: 'Hand-painted', priceType: 'fixed', minPrice: 180 }],
    },
    await logins.as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return { ...provider, name: res.body.profile?.name ?? provider.user.name };
}

const as = async (person: VerifiedUser, userAgent = UA.chromeMac): Promise<RequestOptions> => ({
  ...(await logins.as(person)),
  headers: { 'user-agent': userAgent },
});

interface Device {
  id: string;
  name: string;
  createdAt: string;
  lastSuccessAt: string | null;
  kinds: string[];
}

/** Turns notifications on for a new device of the push service, as the browser would. */
async function subscribe(
  person: VerifiedUser,
  { userAgent = UA.chromeMac, options }: { userAgent?: string; options?: RequestOptions } = {},
) {
  const subscription = await service.createSubscription();
  const res = await t.post(DEVICES, subscription, options ?? (await as(person, userAgent)));
  expect(res.status, res.text).toBe(201);
  return { subscription, device: res.body.device as Device };
}

const devicesOf = async (person: VerifiedUser) => {
  const res = await t.get(DEVICES, await logins.as(person));
  expect(res.status, res.text).toBe(200);
  return res.body as { devices: Device[]; quietHours: unknown };
};

const storedSubscriptions = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

const queuedFor = (subscriptionIds: string[]) =>
  t.db.select().from(pushDeliveries).where(inArray(pushDeliveries.subscriptionId, subscriptionIds));

async function favourite(client: VerifiedUser, provider: VerifiedUser) {
  const res = await t.post('/api/favorites', { providerId: provider.user.id }, await logins.as(client));
  expect(res.status, res.text).toBe(200);
}

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

async function postOpening(provider: VerifiedUser, fields: Record<string, unknown> = {}) {
  const res = await t.post(
    '/api/last-minute-openings',
    { service_type: 'Balayage', start_time: at(3 * HOUR), end_time: at(4.5 * HOUR), price: '$95', ...fields },
    await logins.as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening as { id: string; start_time: string; end_time: string; service_type: string };
}

const payloadOf = (push: ReceivedPush): PushPayload => PushPayloadSchema.strict().parse(push.json());
const pushFor = (subscription: TestSubscription, predicate: (p: PushPayload) => boolean = () => true) =>
  service.waitFor((push) => push.endpoint === subscription.endpoint && predicate(payloadOf(push)));
const aboutOpening = (id: string) => (p: PushPayload) => p.tag === `opening-${id}`;

/** Waits until the sender has dealt with every queued push of these devices (sent or dropped). */
async function drained(subscriptionIds: string[]) {
  await expect.poll(async () => (await queuedFor(subscriptionIds)).length, { timeout: 10_000 }).toBe(0);
}

describe('GET /api/push/public-key', () => {
  it("is public: the server's VAPID public key, an uncompressed P-256 point in base64url", async () => {
    const res = await t.get('/api/push/public-key');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, publicKey: t.config.push.publicKey });
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const point = Buffer.from(res.body.publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the devices API', () => {
  it('answers 401 without a valid bearer on every route that needs one, and stores nothing', async () => {
    const subscription = await service.createSubscription();
    const id = '7c2e9a41-3b5d-4f80-a6c1-9e2d4b7f0a13';
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const calls = [
        t.get(DEVICES, { headers }),
        t.post(DEVICES, subscription, { headers }),
        t.app
          .inject({ method: 'PATCH', url: `${DEVICES}/${id}`, payload: { kinds: [] }, headers })
          .then((r) => ({ status: r.statusCode, body: r.json() })),
        t.del(`${DEVICES}/${id}`, undefined, { headers }),
        t.put(QUIET, { quietHours: null }, { headers }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
      }
    }
    expect(await t.db.$count(pushSubscriptions, eq(pushSubscriptions.endpoint, subscription.endpoint))).toBe(
      0,
    );
  });

  it('subscribes a device: 201, named from its browser, stored with its keys and its login', async () => {
    const ana = await newClient('Ana');
    const { subscription, device } = await subscribe(ana);
    expect(device).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Chrome 126 on Mac OS 10',
      createdAt: expect.any(String),
      lastSuccessAt: null,
      kinds: ['opening_alerts', 'saved_search_alerts', 'new_messages'],
    });
    expect(Math.abs(Date.parse(device.createdAt) - t.clock.now().getTime())).toBeLessThan(60_000);
    expect(await devicesOf(ana)).toEqual({ success: true, devices: [device], quietHours: null });

    const [row] = await storedSubscriptions(ana.user.id);
    expect(row).toMatchObject({
      id: device.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: UA.chromeMac,
      expiresAt: null,
    });
    // The login that turned it on: the one its access token belongs to (the sign-up's).
    const [login] = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(ana.refreshToken)));
    expect(row!.loginFamilyId).toBe(login!.familyId);
  });

  it('the same endpoint again is the same device, with its new keys; a second device is another', async () => {
    const ben = await newClient('Ben');
    const { subscription, device } = await subscribe(ben);
    const renewed = await service.createSubscription();
    const again = await t.post(
      DEVICES,
      { ...subscription, keys: renewed.keys, expirationTime: t.clock.now().getTime() + 30 * 24 * HOUR },
      await as(ben, UA.firefoxWindows),
    );
    expect(again.status, again.text).toBe(201);
    expect(again.body.device).toMatchObject({ id: device.id, createdAt: device.createdAt });
    expect(again.body.device.name).toBe('Firefox 128 on Windows 10');
    const rows = await storedSubscriptions(ben.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
    expect(rows[0]!.expiresAt).not.toBeNull();

    const second = await subscribe(ben);
    expect(second.device.id).not.toBe(device.id);
    expect((await devicesOf(ben)).devices.map((d) => d.id)).toEqual([second.device.id, device.id]);
  });

  it('a device subscribed by another account moves to it, with every kind on again', async () => {
    const first = await newClient('Shared');
    const second = await newClient('Shared');
    const { subscription, device } = await subscribe(first);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${DEVICES}/${device.id}`,
      payload: { kinds: ['new_messages'] },
      headers: { authorization: `Bearer ${(await logins.as(first)).token}` },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const moved = await t.post(DEVICES, subscription, await as(second));
    expect(moved.status, moved.text).toBe(201);
    expect(moved.body.device.kinds).toEqual(['opening_alerts', 'saved_search_alerts', 'new_messages']);
    expect((await devicesOf(first)).devices).toEqual([]);
    expect((await devicesOf(second)).devices.map((d) => d.id)).toEqual([moved.body.device.id]);
  });

  it.each([
    ['an http endpoint', { endpoint: 'http://example.com/push/abc' }, 'endpoint'],
    ['an https endpoint that is no push service', { endpoint: 'https://example.com/push/abc' }, 'endpoint'],
    ['a push service on an odd port', { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 'endpoint'],
    ['no endpoint', { endpoint: undefined }, 'endpoint'],
    ['an expiry already past', { expirationTime: 1_000 }, 'expirationTime'],
    ['an expiry after year 9999', { expirationTime: 8_358_396_739_807_241 }, 'expirationTime'],
    ['a p256dh one character short', { keys: { p256dh: 'SHORT' } }, 'keys.p256dh'],
    ['a p256dh not starting with B', { keys: { p256dh: `A${'b'.repeat(86)}` } }, 'keys.p256dh'],
    ['a p256dh outside base64url', { keys: { p256dh: `B${'+'.repeat(86)}` } }, 'keys.p256dh'],
    ['an auth of the wrong length', { keys: { auth: 'abc' } }, 'keys.auth'],
    ['an extra field', { extra: 1 }, ''],
    ['an extra key field', { keys: { extra: 'x' } }, 'keys'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, change, field) => {
    const cam = await newClient('Cam');
    const subscription = await service.createSubscription();
    const { keys: keyChange, ...rest } = change as { keys?: Record<string, string> };
    const body = { ...subscription, ...rest, keys: { ...subscription.keys, ...keyChange } };
    const res = await t.post(DEVICES, body, await as(cam));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    const issue = (res.body.issues as { path: string; message: string }[]).find((i) => i.path === field);
    expect(issue, res.text).toBeDefined();
    if (field === 'endpoint' && 'endpoint' in rest && rest.endpoint)
      expect(issue!.message).toBe(PUSH_TEXTS.endpointInvalid);
    if (field.startsWith('keys.')) expect(issue!.message).toBe(PUSH_TEXTS.keysInvalid);
    if (field === '' || field === 'keys') expect(issue!.message).toContain('extra');
    expect(await storedSubscriptions(cam.user.id)).toEqual([]);
  });

  it("chooses a device's kinds (stored, each once), and refuses an unknown kind", async () => {
    const dee = await newClient('Dee');
    const { device } = await subscribe(dee);
    const auth = `Bearer ${(await logins.as(dee)).token}`;
    const patch = (payload: unknown, id = device.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `${DEVICES}/${id}`,
        payload: payload as object,
        headers: { authorization: auth },
      });

    const res = await patch({ kinds: ['new_messages', 'opening_alerts', 'new_messages'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: PUSH_TEXTS.kindsSaved,
      device: { id: device.id, kinds: ['new_messages', 'opening_alerts'] },
    });
    expect((await storedSubscriptions(dee.user.id))[0]!.kinds).toEqual(['new_messages', 'opening_alerts']);

    const none = await patch({ kinds: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect((await storedSubscriptions(dee.user.id))[0]!.kinds).toEqual([]);

    for (const bad of [{ kinds: ['product_news'] }, { kinds: 'new_messages' }, {}, { kinds: [], extra: 1 }]) {
      const refused = await patch(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await storedSubscriptions(dee.user.id))[0]!.kinds).toEqual([]);
  });

  it("answers 404 for someone else's device, an unknown id and an id that is no uuid, and changes nothing", async () => {
    const owner = await newClient('Owner');
    const other = await newClient('Other');
    const { device } = await subscribe(owner);
    const otherAuth = { authorization: `Bearer ${(await logins.as(other)).token}` };
    for (const id of [device.id, '7c2e9a41-3b5d-4f80-a6c1-9e2d4b7f0a13', 'not-a-uuid', `${device.id}x`]) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `${DEVICES}/${encodeURIComponent(id)}`,
        payload: { kinds: [] },
        headers: otherAuth,
      });
      expect(patch.statusCode, `${id}: ${patch.body}`).toBe(404);
      expect(patch.json()).toMatchObject({ error: 'NOT_FOUND', message: PUSH_TEXTS.deviceNotFound });
      const del = await t.del(`${DEVICES}/${encodeURIComponent(id)}`, undefined, { headers: otherAuth });
      expect(del.status, `${id}: ${del.text}`).toBe(404);
      expect(del.body).toMatchObject({ error: 'NOT_FOUND', message: PUSH_TEXTS.deviceNotFound });
    }
    const [row] = await storedSubscriptions(owner.user.id);
    expect(row).toMatchObject({
      id: device.id,
      kinds: ['opening_alerts', 'saved_search_alerts', 'new_messages'],
    });
  });

  it('removes a device, and its queued pushes with it', async () => {
    const eve = await newClient('Eve');
    const provider = await newProvider();
    await favourite(eve, provider);
    const { device } = await subscribe(eve);
    const kept = await subscribe(eve);
    // Queued while the sender is held, so the push is still waiting when the device goes.
    await t.app.pushSender.stop();
    try {
      await postOpening(provider);
      expect(await queuedFor([device.id])).toHaveLength(1);
      const res = await t.del(`${DEVICES}/${device.id}`, undefined, await logins.as(eve));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ success: true, message: PUSH_TEXTS.deviceRemoved });
    } finally {
      t.app.pushSender.start();
    }
    expect((await devicesOf(eve)).devices.map((d) => d.id)).toEqual([kept.device.id]);
    expect(await storedSubscriptions(eve.user.id)).toHaveLength(1);
    expect(await queuedFor([device.id])).toEqual([]);
    await pushFor(kept.subscription);
    const again = await t.del(`${DEVICES}/${device.id}`, undefined, await logins.as(eve));
    expect(again.status).toBe(404);
  });

  it(`keeps ${PUSH_LIMITS.devicesMax} devices: one more removes the one unused longest`, async () => {
    const fay = await newClient('Fay');
    const made: string[] = [];
    for (let i = 0; i < PUSH_LIMITS.devicesMax; i++) {
      made.push((await subscribe(fay)).device.id);
      t.clock.advance(1000);
    }
    // The oldest was pushed to a moment ago: it is in use. The second oldest never was.
    await t.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: t.clock.now() })
      .where(eq(pushSubscriptions.id, made[0]!));
    const newest = (await subscribe(fay)).device.id;
    const ids = (await devicesOf(fay)).devices.map((d) => d.id);
    expect(ids).toHaveLength(PUSH_LIMITS.devicesMax);
    expect(ids).toContain(newest);
    expect(ids).toContain(made[0]);
    expect(ids).not.toContain(made[1]);
    expect(ids.filter((id) => made.slice(2).includes(id))).toHaveLength(PUSH_LIMITS.devicesMax - 2);
  });

  it('logging out removes the devices that login subscribed, not those of another login', async () => {
    const gus = await newClient('Gus');
    const phone = await loginWithCookie(t, gus.email, DEFAULT_PASSWORD);
    const laptop = await loginWithCookie(t, gus.email, DEFAULT_PASSWORD);
    const onPhone = await subscribe(gus, { options: { token: phone.session.access_token } });
    const onLaptop = await subscribe(gus, { options: { token: laptop.session.access_token } });
    expect(await storedSubscriptions(gus.user.id)).toHaveLength(2);

    const res = await logoutWithCookie(t, phone.refreshToken, phone.session.access_token);
    expect(res.status, res.text).toBe(200);
    expect((await storedSubscriptions(gus.user.id)).map((s) => s.id)).toEqual([onLaptop.device.id]);
    expect((await devicesOf(gus)).devices.map((d) => d.id)).toEqual([onLaptop.device.id]);
    expect(onPhone.device.id).not.toBe(onLaptop.device.id);

    // Ending the other login from the settings' sessions list (from a third login) does the same.
    const [row] = await storedSubscriptions(gus.user.id);
    expect(row!.loginFamilyId).not.toBeNull();
    const ended = await t.del(`/api/account/sessions/${row!.loginFamilyId}`, undefined, await logins.as(gus));
    expect(ended.status, ended.text).toBe(200);
    expect(await storedSubscriptions(gus.user.id)).toEqual([]);
  });

  it('deleting the account removes its devices and their queued pushes', async () => {
    const hal = await newClient('Hal');
    const provider = await newProvider();
    await favourite(hal, provider);
    const { device } = await subscribe(hal);
    await t.app.pushSender.stop();
    try {
      await postOpening(provider);
      expect(await queuedFor([device.id])).toHaveLength(1);
      const res = await t.del(
        '/api/account',
        { current_password: DEFAULT_PASSWORD, confirm: 'DELETE' },
        await logins.as(hal),
      );
      expect(res.status, res.text).toBe(200);
    } finally {
      t.app.pushSender.start();
    }
    expect(await storedSubscriptions(hal.user.id)).toEqual([]);
    expect(await t.db.$count(pushSubscriptions, eq(pushSubscriptions.id, device.id))).toBe(0);
    expect(await queuedFor([device.id])).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('are set, listed and stored in minutes, then turned off with null', async () => {
    const ivy = await newClient('Ivy');
    const quietHours = { start: '22:30', end: '07:15', timeZone: ZONE };
    const res = await t.put(QUIET, { quietHours }, await logins.as(ivy));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: PUSH_TEXTS.quietSaved, quietHours });
    expect((await devicesOf(ivy)).quietHours).toEqual(quietHours);
    const [row] = await t.db.select().from(users).where(eq(users.id, ivy.user.id));
    expect(row).toMatchObject({
      pushQuietStart: 22 * 60 + 30,
      pushQuietEnd: 7 * 60 + 15,
      pushQuietZone: ZONE,
    });

    const off = await t.put(QUIET, { quietHours: null }, await logins.as(ivy));
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ success: true, message: PUSH_TEXTS.quietOff, quietHours: null });
    expect((await devicesOf(ivy)).quietHours).toBeNull();
    const [cleared] = await t.db.select().from(users).where(eq(users.id, ivy.user.id));
    expect(cleared).toMatchObject({ pushQuietStart: null, pushQuietEnd: null, pushQuietZone: null });
  });

  it.each([
    [
      'an hour past 23',
      { start: '24:00', end: '07:00', timeZone: ZONE },
      'quietHours.start',
      PUSH_TEXTS.quietTime,
    ],
    [
      'a time without its leading zero',
      { start: '22:00', end: '7:00', timeZone: ZONE },
      'quietHours.end',
      PUSH_TEXTS.quietTime,
    ],
    [
      'an unknown zone',
      { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
      'quietHours.timeZone',
      PUSH_TEXTS.quietZoneUnknown,
    ],
    [
      'the same start and end',
      { start: '22:00', end: '22:00', timeZone: ZONE },
      'quietHours.end',
      PUSH_TEXTS.quietSame,
    ],
    ['an extra field', { start: '22:00', end: '07:00', timeZone: ZONE, days: [1] }, 'quietHours', undefined],
  ])(
    'refuses %s with a 400 naming the field, and keeps what was set',
    async (_what, quietHours, path, message) => {
      const jo = await newClient('Jo');
      const kept = { start: '21:00', end: '06:00', timeZone: 'Europe/Berlin' };
      expect((await t.put(QUIET, { quietHours: kept }, await logins.as(jo))).status).toBe(200);
      const res = await t.put(QUIET, { quietHours }, await logins.as(jo));
      expect(res.status, res.text).toBe(400);
      const issue = (res.body.issues as { path: string; message: string }[]).find((i) => i.path === path);
      expect(issue, res.text).toBeDefined();
      if (message) expect(issue!.message).toBe(message);
      expect((await devicesOf(jo)).quietHours).toEqual(kept);
    },
  );
});

/** 'HH:MM' on the clocks of `zone` at the test clock's now, moved by `minutes`. */
function clockIn(zone: string, minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(t.clock.now());
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const total = (((part('hour') * 60 + part('minute') + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

describe('what a device receives', () => {
  it("a follower's device gets the opening within seconds: who, what, when on the provider's clocks, the price, where", async () => {
    const provider = await newProvider('Maya Colour');
    const follower = await newClient('Follower');
    const stranger = await newClient('Stranger');
    await favourite(follower, provider);
    const mine = await subscribe(follower);
    const providerOwn = await subscribe(provider);
    const strangers = await subscribe(stranger);

    const posted = Date.now();
    const opening = await postOpening(provider, { price: '$95' });
    // Queued with the opening: nothing for the provider themself or for someone who did not save them.
    expect(await queuedFor([providerOwn.device.id, strangers.device.id])).toEqual([]);

    const push = await pushFor(mine.subscription);
    expect(push.receivedAt - posted).toBeLessThan(8_000);
    const payload = payloadOf(push);
    const when = openingTimeInEmail({ ...opening, time_zone: ZONE });
    expect(payload).toEqual({
      v: 1,
      kind: 'opening_alerts',
      title: `${provider.name} posted an opening`,
      body: `Balayage · ${when} · $95`,
      url: `/${provider.user.routing_slug}#opening-${opening.id}`,
      tag: `opening-${opening.id}`,
      open: expect.stringMatching(/^[A-Za-z0-9_-]{92}$/),
      at: expect.any(Number),
    });
    expect(when).toMatch(/\d{1,2}:\d{2}\s[AP]M C[SD]T$/);
    expect(new PushOpenTokens(t.app.ctx.secret).read(payload.open!, t.clock.now())).toEqual({
      userId: follower.user.id,
      openingId: opening.id,
      providerId: provider.user.id,
    });
    // Signed for the push service's origin, with our key and a contact; sent as urgent, kept until the start.
    expect(push.jwt.aud).toBe(service.origin);
    expect(push.jwt.sub).toMatch(/^(mailto:|https:)/);
    expect(push.vapidKey).toBe(t.config.push.publicKey);
    expect(push.urgency).toBe('high');
    expect(push.ttl).toBeGreaterThan(3 * 3600 - 120);
    expect(push.ttl).toBeLessThanOrEqual(3 * 3600);
    expect(Buffer.byteLength(push.payload)).toBeLessThan(PUSH_LIMITS.payloadMaxBytes);

    await drained([mine.device.id]);
    expect(service.receivedFor(providerOwn.subscription)).toEqual([]);
    expect(service.receivedFor(strangers.subscription)).toEqual([]);
    expect(service.receivedFor(mine.subscription)).toHaveLength(1);
    await expect
      .poll(async () => (await devicesOf(follower)).devices[0]!.lastSuccessAt, { timeout: 10_000 })
      .not.toBeNull();
  });

  it("a saved search's match reaches its owner, named after the search; a follower whose search also matches gets one push", async () => {
    const provider = await newProvider('Search Colour');
    const searcher = await newClient('Searcher');
    const both = await newClient('Both');
    await favourite(both, provider);
    const search = { query: 'balayage', locationZip: '78704', radiusMiles: 10 };
    for (const person of [searcher, both]) {
      const res = await t.post(
        '/api/saved-searches',
        { name: 'Balayage near me', search },
        await logins.as(person),
      );
      expect(res.status, res.text).toBe(200);
    }
    const searchers = await subscribe(searcher);
    const boths = await subscribe(both);

    const opening = await postOpening(provider);
    const match = payloadOf(await pushFor(searchers.subscription, aboutOpening(opening.id)));
    expect(match).toMatchObject({
      kind: 'saved_search_alerts',
      title: 'New match for “Balayage near me”',
      body: `${provider.name} · Balayage · ${openingTimeInEmail({ ...opening, time_zone: ZONE })} · $95`,
      url: `/${provider.user.routing_slug}#opening-${opening.id}`,
    });
    const followed = payloadOf(await pushFor(boths.subscription, aboutOpening(opening.id)));
    expect(followed.kind).toBe('opening_alerts');
    await drained([searchers.device.id, boths.device.id]);
    expect(service.receivedFor(boths.subscription)).toHaveLength(1);
    expect(service.receivedFor(searchers.subscription)).toHaveLength(1);
  });

  it("a message reaches the recipient's devices, linking to the conversation; the sender's own get nothing", async () => {
    const provider = await newProvider('Message Studio');
    const client = await newClient('Writer');
    const providers = await subscribe(provider);
    const clients = await subscribe(client);

    const sent = await t.post(
      '/api/messages',
      { providerId: provider.user.id, message: 'Hi!\n\nIs Saturday at 10 still free?' },
      await logins.as(client),
    );
    expect(sent.status, sent.text).toBe(200);
    const threadId = sent.body.threadId as string;
    const push = await pushFor(providers.subscription);
    expect(payloadOf(push)).toEqual({
      v: 1,
      kind: 'new_messages',
      title: `New message from ${client.user.name}`,
      body: 'Hi! Is Saturday at 10 still free?',
      url: `/messages/${threadId}`,
      tag: `thread-${threadId}`,
      at: expect.any(Number),
    });
    expect(push.urgency).toBe('normal');

    const reply = await t.post(
      `/api/threads/${threadId}/messages`,
      { message: 'Yes, see you then.' },
      await logins.as(provider),
    );
    expect(reply.status, reply.text).toBe(200);
    const back = payloadOf(await pushFor(clients.subscription));
    expect(back).toMatchObject({
      kind: 'new_messages',
      title: `New message from ${provider.name}`,
      body: 'Yes, see you then.',
      url: `/messages/${threadId}`,
    });
    await drained([providers.device.id, clients.device.id]);
    expect(service.receivedFor(providers.subscription)).toHaveLength(1);
    expect(service.receivedFor(clients.subscription)).toHaveLength(1);
  });

  it("the account's push switch for a kind stops that kind's pushes and leaves its emails alone", async () => {
    const provider = await newProvider('Switch Studio');
    const off = await newClient('Switched');
    const on = await newClient('Listening');
    for (const person of [off, on]) await favourite(person, provider);
    const res = await t.put(
      '/api/account/notifications',
      { kind: 'opening_alerts', channel: 'push', enabled: false },
      await logins.as(off),
    );
    expect(res.status, res.text).toBe(200);
    const offs = await subscribe(off);
    const ons = await subscribe(on);

    const opening = await postOpening(provider);
    expect(await queuedFor([offs.device.id])).toEqual([]);
    await pushFor(ons.subscription, aboutOpening(opening.id));
    expect(service.receivedFor(offs.subscription)).toEqual([]);

    // The email about the same opening still comes, once it is grouped.
    t.clock.advance(t.config.alertGroupingMs + 1000);
    const mail = await t.smtp.waitForMail(off.email, (m) =>
      m.subject.startsWith(`${provider.name}: new opening`),
    );
    expect(mail.text).toContain('Balayage');

    // A message kind the same way: the provider turns message pushes off; the email still goes at once.
    const writer = await newClient('Asker');
    const providers = await subscribe(provider);
    const offMessages = await t.put(
      '/api/account/notifications',
      { kind: 'new_messages', channel: 'push', enabled: false },
      await logins.as(provider),
    );
    expect(offMessages.status, offMessages.text).toBe(200);
    const other = await newProvider('Other Studio');
    const others = await subscribe(other);
    for (const to of [provider, other]) {
      const sent = await t.post(
        '/api/messages',
        { providerId: to.user.id, message: 'Free on Friday?' },
        await logins.as(writer),
      );
      expect(sent.status, sent.text).toBe(200);
    }
    expect(await queuedFor([providers.device.id])).toEqual([]);
    await pushFor(others.subscription);
    const email = await t.smtp.waitForMail(
      provider.email,
      (m) => m.subject === MESSAGE_MAIL_TEXTS.subject(writer.user.name),
    );
    expect(email.text).toContain('Free on Friday?');
    expect(service.receivedFor(providers.subscription)).toEqual([]);
  });

  it("a device whose kinds leave one out gets none of it; the person's other device does", async () => {
    const provider = await newProvider('Kinds Studio');
    const kim = await newClient('Kim');
    await favourite(kim, provider);
    const phone = await subscribe(kim);
    const laptop = await subscribe(kim, { userAgent: UA.firefoxWindows });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${DEVICES}/${laptop.device.id}`,
      payload: { kinds: ['new_messages', 'saved_search_alerts'] },
      headers: { authorization: `Bearer ${(await logins.as(kim)).token}` },
    });
    expect(patch.statusCode, patch.body).toBe(200);

    const opening = await postOpening(provider);
    expect(await queuedFor([laptop.device.id])).toEqual([]);
    await pushFor(phone.subscription, aboutOpening(opening.id));
    expect(service.receivedFor(laptop.subscription)).toEqual([]);
  });

  it('quiet hours that hold now: nothing is sent, and nothing is kept for later', async () => {
    const provider = await newProvider('Quiet Studio');
    const sleeper = await newClient('Sleeper');
    const awake = await newClient('Awake');
    for (const person of [sleeper, awake]) await favourite(person, provider);
    // Two hours either side of now in Tokyo: now is inside, whatever the time of the run.
    const quietHours = {
      start: clockIn('Asia/Tokyo', -120),
      end: clockIn('Asia/Tokyo', 120),
      timeZone: 'Asia/Tokyo',
    };
    const set = await t.put(QUIET, { quietHours }, await logins.as(sleeper));
    expect(set.status, set.text).toBe(200);
    const sleepers = await subscribe(sleeper);
    const awakes = await subscribe(awake);

    const opening = await postOpening(provider);
    // Queued (quiet hours are read when sending), then dropped unsent.
    await pushFor(awakes.subscription, aboutOpening(opening.id));
    await drained([sleepers.device.id]);
    expect(service.receivedFor(sleepers.subscription)).toEqual([]);
    expect(service.attempts.filter((a) => a.endpoint === sleepers.subscription.endpoint)).toEqual([]);
  });

  it('a client who blocked the provider is not pushed about their openings, as a follower or by a saved search', async () => {
    const provider = await newProvider('Blocked Studio');
    const blocker = await newClient('Blocker');
    const fan = await newClient('Fan');
    await favourite(blocker, provider);
    await favourite(fan, provider);
    const saved = await t.post(
      '/api/saved-searches',
      { name: 'Any balayage', search: { query: 'balayage', locationZip: '78704', radiusMiles: 10 } },
      await logins.as(blocker),
    );
    expect(saved.status, saved.text).toBe(200);
    const block = await t.post(
      '/api/blocked-providers',
      { providerId: provider.user.id },
      await logins.as(blocker),
    );
    expect(block.status, block.text).toBe(200);
    const blockers = await subscribe(blocker);
    const fans = await subscribe(fan);

    const opening = await postOpening(provider);
    expect(await queuedFor([blockers.device.id])).toEqual([]);
    await pushFor(fans.subscription, aboutOpening(opening.id));
    expect(service.receivedFor(blockers.subscription)).toEqual([]);
  });
});

describe('POST /api/push/opened (the click beacon)', () => {
  const isAlertFrom = (name: string) => (mail: ReceivedMail) =>
    mail.subject.startsWith(`${name}: new opening`);
  const insightsOf = async (provider: VerifiedUser) => {
    const res = await t.get(
      `/api/insights?provider_id=${provider.user.id}&days=7`,
      await logins.as(provider),
    );
    expect(res.status, res.text).toBe(200);
    return res.body.insights as {
      per_day: { date: string; push_opens: number }[];
      totals: { push_opens: number };
    };
  };
  /** Waits until the alert dispatcher has handled this provider's due announcement. */
  async function dispatched(providerId: string) {
    await expect
      .poll(
        async () => {
          const [row] = await t.db
            .select()
            .from(openingAlertDispatches)
            .where(eq(openingAlertDispatches.providerId, providerId));
          return !row || row.dueAt.getTime() > t.clock.now().getTime();
        },
        { timeout: 10_000, interval: 25 },
      )
      .toBe(true);
  }

  it("counts one open in the provider's insights, once, and leaves the opened opening out of the alert email", async () => {
    const provider = await newProvider('Beacon Studio');
    const opener = await newClient('Opener');
    const other = await newClient('Ignorer');
    for (const person of [opener, other]) await favourite(person, provider);
    const openers = await subscribe(opener);
    const others = await subscribe(other);

    const first = await postOpening(provider, { service_type: 'Balayage' });
    const second = await postOpening(provider, {
      service_type: 'Gloss refresh',
      start_time: at(5 * HOUR),
      end_time: at(6 * HOUR),
    });
    const clicked = payloadOf(await pushFor(openers.subscription, aboutOpening(first.id)));
    await pushFor(openers.subscription, aboutOpening(second.id));
    await pushFor(others.subscription, aboutOpening(second.id));
    expect((await insightsOf(provider)).totals.push_opens).toBe(0);

    const res = await t.post(OPENED, { token: clicked.open });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    const insights = await insightsOf(provider);
    expect(insights.totals.push_opens).toBe(1);
    expect(insights.per_day.at(-1)!.push_opens).toBe(1);
    expect(
      await t.db
        .select({ userId: pushOpenedOpenings.userId, openingId: pushOpenedOpenings.openingId })
        .from(pushOpenedOpenings)
        .where(eq(pushOpenedOpenings.userId, opener.user.id)),
    ).toEqual([{ userId: opener.user.id, openingId: first.id }]);

    // The same notification clicked again (or the beacon sent twice) is not another open.
    const again = await t.post(OPENED, { token: clicked.open });
    expect(again.status, again.text).toBe(200);
    expect((await insightsOf(provider)).totals.push_opens).toBe(1);

    t.clock.advance(t.config.alertGroupingMs + 1000);
    const full = await t.smtp.waitForMail(other.email, isAlertFrom(provider.name));
    expect(full.text).toContain('Balayage');
    expect(full.text).toContain('Gloss refresh');
    const cut = await t.smtp.waitForMail(opener.email, isAlertFrom(provider.name));
    expect(cut.text).toContain('Gloss refresh');
    expect(cut.text).not.toContain('Balayage');
    expect(cut.text).not.toContain(openingTimeInEmail({ ...first, time_zone: ZONE }));
  });

  it('sends no alert email to someone who opened every opening in it', async () => {
    const provider = await newProvider('Opened Studio');
    const opener = await newClient('Opener');
    const other = await newClient('Ignorer');
    for (const person of [opener, other]) await favourite(person, provider);
    const openers = await subscribe(opener);
    await subscribe(other);

    const opening = await postOpening(provider);
    const { open } = payloadOf(await pushFor(openers.subscription, aboutOpening(opening.id)));
    expect((await t.post(OPENED, { token: open })).status).toBe(200);

    t.clock.advance(t.config.alertGroupingMs + 1000);
    await t.smtp.waitForMail(other.email, isAlertFrom(provider.name));
    await dispatched(provider.user.id);
    expect(t.smtp.mailsTo(opener.email).filter(isAlertFrom(provider.name))).toEqual([]);
    expect(
      await t.db.$count(
        mailOutbox,
        and(eq(mailOutbox.toAddress, opener.email), eq(mailOutbox.kind, 'opening-alert')),
      ),
    ).toBe(0);
  });

  it('refuses a forged, garbled or expired token with 400 INVALID_TOKEN, and counts nothing', async () => {
    const provider = await newProvider('Forged Studio');
    const client = await newClient('Forger');
    const opening = await postOpening(provider);
    const open = { userId: client.user.id, openingId: opening.id, providerId: provider.user.id };
    const forged = new PushOpenTokens(
      new TextEncoder().encode('not-the-server-secret-0123456789-abcdef'),
    ).sign(open, t.clock.now());
    const real = new PushOpenTokens(t.app.ctx.secret);
    const expired = real.sign(open, new Date(t.clock.now().getTime() - 15 * 24 * HOUR));
    const genuine = real.sign(open, t.clock.now());
    const garbled = `${genuine.slice(0, 50)}${genuine[50] === 'A' ? 'B' : 'A'}${genuine.slice(51)}`;
    for (const token of [forged, expired, garbled, 'not-a-token']) {
      const res = await t.post(OPENED, { token });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'INVALID_TOKEN',
        message: PUSH_TEXTS.tokenInvalid,
      });
    }
    for (const body of [
      {},
      { token: '' },
      { token: 'x'.repeat(PUSH_LIMITS.openTokenMax + 1) },
      { token: genuine, extra: 1 },
    ]) {
      const res = await t.post(OPENED, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect((await insightsOf(provider)).totals.push_opens).toBe(0);
    expect(await t.db.$count(pushOpenedOpenings, eq(pushOpenedOpenings.openingId, opening.id))).toBe(0);
  });
});
