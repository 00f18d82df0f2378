import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDeliveries, pushSubscriptions } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, MINUTE, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { PushService, type TestSubscription } from '#server/test/push-service.ts';
import { GIVE_UP_MS } from './push-sender.service';

/**
 * The sender's answers to what push services say (RFC 8030): 201 sent, 404 and 410 the device is
 * gone, 429 and 5xx tried again no sooner than Retry-After and with exponential backoff until
 * MAX_ATTEMPTS, other refusals dropped. The app's own sender is stopped here and each pass is run
 * by the test (app.pushSender.runOnce()), so a push is never claimed between two assertions; the
 * last tests start it again, as it runs in production.
 */

/** MAX_ATTEMPTS in push-sender.service.ts: tries of one push before it is dropped. */
const MAX_ATTEMPTS = 8;

let t: TestApp;
const service = new PushService();
beforeAll(async () => {
  await service.start();
  t = await buildTestApp();
  await t.app.pushSender.stop();
});
afterAll(async () => {
  await t?.close();
  await service.stop();
});
const logins = freshLogins(() => t);

let serial = 0;
const newClient = async () =>
  logins.remember(
    await createVerifiedUser(t, { userData: { user_type: 'client', name: `Follower ${++serial}` } }),
  );
const newProvider = async () =>
  logins.remember(await createVerifiedProvider(t, { name: `Sender Studio ${++serial}` }));

async function subscribe(person: VerifiedUser, subscription?: TestSubscription) {
  const sub = subscription ?? (await service.createSubscription());
  const res = await t.post('/api/push/devices', sub, await logins.as(person));
  expect(res.status, res.text).toBe(201);
  return { subscription: sub, id: res.body.device.id as string };
}

async function postOpening(provider: VerifiedUser, startInMs = 3 * HOUR) {
  const start = t.clock.now().getTime() + startInMs;
  const res = await t.post(
    '/api/last-minute-openings',
    {
      service_type: 'Silk press',
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + HOUR).toISOString(),
    },
    await logins.as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening as { id: string };
}

/** A provider, a follower with `devices` devices, and the new opening's push queued for each (unsent). */
async function queuedOpening(devices = 1) {
  const provider = await newProvider();
  const follower = await newClient();
  const fav = await t.post('/api/favorites', { providerId: provider.user.id }, await logins.as(follower));
  expect(fav.status, fav.text).toBe(200);
  const subscribed = [];
  for (let i = 0; i < devices; i++) subscribed.push(await subscribe(follower));
  const opening = await postOpening(provider);
  expect(await queuedFor(subscribed.map((d) => d.id))).toHaveLength(devices);
  return { provider, follower, opening, devices: subscribed };
}

const queuedFor = (subscriptionIds: string[]) =>
  t.db.select().from(pushDeliveries).where(inArray(pushDeliveries.subscriptionId, subscriptionIds));
const deliveryOf = async (subscriptionId: string) => (await queuedFor([subscriptionId]))[0];
const deviceRow = async (id: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];
const listedDevices = async (person: VerifiedUser) => {
  const res = await t.get('/api/push/devices', await logins.as(person));
  expect(res.status, res.text).toBe(200);
  return (res.body.devices as { id: string }[]).map((d) => d.id);
};
const attemptsAt = (subscription: TestSubscription) =>
  service.attempts.filter((a) => a.endpoint === subscription.endpoint).map((a) => a.status);

/** One pass, and the app's clock just before and just after it (the pass's own `now` is in between). */
async function pass() {
  const before = t.clock.now().getTime();
  const result = await t.app.pushSender.runOnce();
  return { ...result, before, after: t.clock.now().getTime() };
}

describe('a push service that accepts (201)', () => {
  it('gets the push once; the row goes and the device is marked reachable', async () => {
    const { devices } = await queuedOpening();
    const [device] = devices;
    const result = await pass();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(service.receivedFor(device!.subscription)).toHaveLength(1);
    expect(attemptsAt(device!.subscription)).toEqual([201]);
    expect(await deliveryOf(device!.id)).toBeUndefined();
    const row = await deviceRow(device!.id);
    expect(row!.lastSuccessAt).not.toBeNull();
    expect(row!.failingSince).toBeNull();
    // Nothing is sent twice.
    await pass();
    expect(service.receivedFor(device!.subscription)).toHaveLength(1);
  });
});

describe('a device its push service no longer knows', () => {
  it.each([
    [404, (s: TestSubscription) => service.respondWith(s, { status: 404 })],
    [410, (s: TestSubscription) => service.forget(s)],
  ] as const)('%i: the device is removed, and the person has one device fewer', async (status, script) => {
    const { follower, devices } = await queuedOpening(2);
    const [gone, kept] = devices;
    expect(await listedDevices(follower)).toHaveLength(2);
    script(gone!.subscription);

    const result = await pass();
    expect(result.gone).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(gone!.subscription)).toEqual([status]);
    expect(await deviceRow(gone!.id)).toBeUndefined();
    expect(await deliveryOf(gone!.id)).toBeUndefined();
    expect(await listedDevices(follower)).toEqual([kept!.id]);
    // The other device got its push in the same pass.
    expect(service.receivedFor(kept!.subscription)).toHaveLength(1);
  });
});

describe('a subscription its browser said would expire', () => {
  it('leaves the settings list once its expirationTime passes, and is deleted by the hourly sweep', async () => {
    const follower = await newClient();
    const subscription = await service.createSubscription();
    const expiresAt = t.clock.now().getTime() + 10 * MINUTE;
    const res = await t.post(
      '/api/push/devices',
      { ...subscription, expirationTime: expiresAt },
      await logins.as(follower),
    );
    expect(res.status, res.text).toBe(201);
    const id = res.body.device.id as string;
    expect(await listedDevices(follower)).toEqual([id]);

    t.clock.advance(11 * MINUTE);
    // Listed no more at once: the count in settings is what can still be reached.
    expect(await listedDevices(follower)).toEqual([]);
    expect(await deviceRow(id)).toBeDefined();
    // The sender's sweep, within the hour, deletes it.
    t.clock.advance(HOUR);
    await pass();
    expect(await deviceRow(id)).toBeUndefined();
  });
});

describe('a push service that asks to wait', () => {
  it('429 with Retry-After: 1 is tried again no sooner than a second later, then delivered', async () => {
    const { devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    service.respondWith(subscription, { status: 429, retryAfter: '1', times: 1 });

    const first = await pass();
    expect(first.retried).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(subscription)).toEqual([429]);
    const waiting = await deliveryOf(id);
    expect(waiting!.attempts).toBe(1);
    // Retry-After, not the 50 ms backoff of a first failure.
    expect(waiting!.dueAt.getTime()).toBeGreaterThanOrEqual(first.before + 1000);
    expect(waiting!.dueAt.getTime()).toBeLessThanOrEqual(first.after + 1000);
    expect((await deviceRow(id))!.failingSince).not.toBeNull();

    // Not yet due: a pass now leaves it alone.
    await t.app.pushSender.runOnce();
    expect(attemptsAt(subscription)).toEqual([429]);

    t.clock.advance(waiting!.dueAt.getTime() - t.clock.now().getTime() + 1);
    await pass();
    expect(attemptsAt(subscription)).toEqual([429, 201]);
    expect(service.receivedFor(subscription)).toHaveLength(1);
    expect(await deliveryOf(id)).toBeUndefined();
    const row = await deviceRow(id);
    expect(row!.failingSince).toBeNull();
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it('reads Retry-After as an HTTP date too', async () => {
    const { devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    const retryAt = new Date(t.clock.now().getTime() + 30_000);
    service.respondWith(subscription, { status: 503, retryAfter: retryAt.toUTCString(), times: 1 });
    await pass();
    expect(attemptsAt(subscription)).toEqual([503]);
    // HTTP dates have whole seconds.
    const due = (await deliveryOf(id))!.dueAt.getTime();
    expect(due).toBeGreaterThan(retryAt.getTime() - 1000);
    expect(due).toBeLessThanOrEqual(retryAt.getTime());
  });
});

describe('a push service that fails (5xx)', () => {
  it(`is tried again with exponential backoff, and the push dropped after ${MAX_ATTEMPTS} tries; the device stays`, async () => {
    const { follower, devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    service.respondWith(subscription, { status: 500 });
    const base = t.config.mail.retryBaseMs;

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const { before, after } = await pass();
      const row = await deliveryOf(id);
      expect(row!.attempts).toBe(attempt);
      const backoff = base * 2 ** (attempt - 1);
      expect(row!.dueAt.getTime(), `attempt ${attempt}`).toBeGreaterThanOrEqual(before + backoff);
      expect(row!.dueAt.getTime(), `attempt ${attempt}`).toBeLessThanOrEqual(after + backoff);
      t.clock.advance(row!.dueAt.getTime() - t.clock.now().getTime() + 1);
    }
    const last = await pass();
    expect(last.dropped).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(subscription)).toEqual(Array(MAX_ATTEMPTS).fill(500));
    expect(await deliveryOf(id)).toBeUndefined();
    // Failing for minutes is not gone: the device is kept, marked as failing.
    expect(await listedDevices(follower)).toEqual([id]);
    expect((await deviceRow(id))!.failingSince).not.toBeNull();

    // Nothing more is tried.
    t.clock.advance(HOUR);
    await pass();
    expect(attemptsAt(subscription)).toHaveLength(MAX_ATTEMPTS);
  });

  it('a device every push to which has failed for days is removed at its last try', async () => {
    const { follower, devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    service.respondWith(subscription, { status: 503 });
    await t.db
      .update(pushSubscriptions)
      .set({ failingSince: new Date(t.clock.now().getTime() - GIVE_UP_MS - MINUTE) })
      .where(eq(pushSubscriptions.id, id));
    // Its earlier tries are spent: this pass is the last.
    await t.db
      .update(pushDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(pushDeliveries.subscriptionId, id));

    const result = await pass();
    expect(result.gone).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(subscription)).toEqual([503]);
    expect(await deviceRow(id)).toBeUndefined();
    expect(await listedDevices(follower)).toEqual([]);
  });
});

describe('a push service that refuses the push itself', () => {
  it.each([400, 403, 413])(
    '%i: the push is dropped (a retry would get the same), the device kept',
    async (status) => {
      const { follower, devices } = await queuedOpening();
      const { subscription, id } = devices[0]!;
      service.respondWith(subscription, { status, times: 1 });
      const result = await pass();
      expect(result.dropped).toBeGreaterThanOrEqual(1);
      expect(attemptsAt(subscription)).toEqual([status]);
      expect(await deliveryOf(id)).toBeUndefined();
      t.clock.advance(HOUR);
      await pass();
      expect(attemptsAt(subscription)).toEqual([status]);
      expect(await listedDevices(follower)).toEqual([id]);
    },
  );
});

describe('what there is no longer anything to tell', () => {
  it('an opening cancelled before its push was sent is not pushed', async () => {
    const { provider, opening, devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    const cancelled = await t.del(
      `/api/last-minute-openings?id=${opening.id}`,
      undefined,
      await logins.as(provider),
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const result = await pass();
    expect(result.dropped).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(subscription)).toEqual([]);
    expect(await deliveryOf(id)).toBeUndefined();
  });

  it('a push whose time ran out while it waited for a retry is dropped, not sent again', async () => {
    const { devices } = await queuedOpening();
    const { subscription, id } = devices[0]!;
    service.respondWith(subscription, { status: 503, times: 1 });
    await pass();
    const waiting = await deliveryOf(id);
    expect(waiting!.attempts).toBe(1);
    await t.db
      .update(pushDeliveries)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(pushDeliveries.id, waiting!.id));
    t.clock.advance(waiting!.dueAt.getTime() - t.clock.now().getTime() + 1);
    const result = await pass();
    expect(result.dropped).toBeGreaterThanOrEqual(1);
    expect(attemptsAt(subscription)).toEqual([503]);
    expect(await deliveryOf(id)).toBeUndefined();
  });
});

describe('with the app’s own sender running', () => {
  /** A push service that takes the request and never answers (until `hang` is off: then it hangs up). */
  let hanging: Server;
  let hang = true;
  const held: IncomingMessage[] = [];
  beforeAll(async () => {
    hanging = createServer((req) => {
      held.push(req);
      if (!hang) req.socket.destroy();
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    t.app.pushSender.start();
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    await t.app.pushSender.stop();
  });

  it('a push service that never answers holds up neither the posting nor the other devices', async () => {
    const provider = await newProvider();
    const stuck = await newClient();
    const other = await newClient();
    for (const person of [stuck, other]) {
      const fav = await t.post('/api/favorites', { providerId: provider.user.id }, await logins.as(person));
      expect(fav.status, fav.text).toBe(200);
    }
    const keys = await service.createSubscription();
    const port = (hanging.address() as AddressInfo).port;
    const stuckDevice = await subscribe(stuck, { ...keys, endpoint: `http://127.0.0.1:${port}/push/stuck` });
    const otherDevice = await subscribe(other);

    const started = Date.now();
    await postOpening(provider);
    // The request only queues: it answers in well under the sender's 10-second wait for a service.
    expect(Date.now() - started).toBeLessThan(3_000);
    await service.waitFor((p) => p.endpoint === otherDevice.subscription.endpoint);
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    expect(held[0]!.url).toBe('/push/stuck');
    // Still waiting for its answer: claimed, not finished.
    expect((await deliveryOf(stuckDevice.id))!.attempts).toBe(1);

    // The service hangs up: no answer is a failure to try again, not a gone device.
    hang = false;
    hanging.closeAllConnections();
    await expect
      .poll(async () => (await deviceRow(stuckDevice.id))?.failingSince ?? null, { timeout: 10_000 })
      .not.toBeNull();
    expect(await deliveryOf(stuckDevice.id)).toBeDefined();
    const removed = await t.del(`/api/push/devices/${stuckDevice.id}`, undefined, await logins.as(stuck));
    expect(removed.status, removed.text).toBe(200);
  });

  it('an opening that has started by the time its push is due is not pushed', async () => {
    await t.app.pushSender.stop();
    const provider = await newProvider();
    const follower = await newClient();
    const fav = await t.post('/api/favorites', { providerId: provider.user.id }, await logins.as(follower));
    expect(fav.status, fav.text).toBe(200);
    const { subscription, id } = await subscribe(follower);
    await postOpening(provider, 31 * MINUTE);
    expect(await queuedFor([id])).toHaveLength(1);
    t.clock.advance(32 * MINUTE);
    t.app.pushSender.start();
    await expect.poll(async () => (await queuedFor([id])).length, { timeout: 10_000 }).toBe(0);
    expect(attemptsAt(subscription)).toEqual([]);
  });
});
