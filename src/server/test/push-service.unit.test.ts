import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { type RequestOptions, type VapidKeys } from 'web-push';
import { PushService, type TestSubscription } from './push-service';

const SUBJECT = 'mailto:test@example.com';

let service: PushService;
let vapid: VapidKeys;

beforeAll(async () => {
  service = new PushService();
  await service.start();
  vapid = webpush.generateVAPIDKeys();
});

afterAll(async () => {
  await service.stop();
});

/** What web-push would send (encryption and VAPID headers included), sent over plain HTTP. */
function details(subscription: TestSubscription, payload: string, options: RequestOptions = {}) {
  const request = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    contentEncoding: 'aes128gcm',
    TTL: 60,
    ...options,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch computes the length itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  return { endpoint: request.endpoint, headers, body: request.body ?? Buffer.alloc(0) };
}

function post(endpoint: string, headers: Record<string, string>, body: Buffer): Promise<Response> {
  return fetch(endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
}

function send(subscription: TestSubscription, payload: string, options: RequestOptions = {}) {
  const request = details(subscription, payload, options);
  return post(request.endpoint, request.headers, request.body);
}

/** A JWT signed by hand, for claims web-push refuses to produce. */
function signJwt(claims: Record<string, unknown>, keys: VapidKeys = vapid): string {
  const raw = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
      d: keys.privateKey,
    },
    format: 'jwk',
  });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

function hkdf(salt: Buffer, ikm: Buffer, info: string | Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8188 sender side with a chosen record size, since web-push always writes one record. Each
 * record holds rs - 17 octets of data, then the delimiter (0x01, 0x02 on the last), then the tag.
 */
function encryptRecords(
  subscription: TestSubscription,
  plaintext: Buffer,
  rs: number,
  lastDelimiter = 2,
): Buffer {
  const sender = createECDH('prime256v1');
  const senderKey = sender.generateKeys();
  const deviceKey = Buffer.from(subscription.keys.p256dh, 'base64url');
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  const salt = randomBytes(16);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), deviceKey, senderKey]);
  const ikm = hkdf(auth, sender.computeSecret(deviceKey), info, 32);
  const cek = hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const baseNonce = hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const perRecord = rs - 17;
  const records: Buffer[] = [];
  for (let seq = 0, start = 0; ; seq++, start += perRecord) {
    const last = start + perRecord >= plaintext.length;
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const cipher = createCipheriv('aes-128-gcm', cek, nonce);
    const data = Buffer.concat([
      plaintext.subarray(start, start + perRecord),
      Buffer.from([last ? lastDelimiter : 1]),
    ]);
    records.push(cipher.update(data), cipher.final(), cipher.getAuthTag());
    if (last) break;
  }
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(rs, 16);
  header[20] = senderKey.length;
  return Buffer.concat([header, senderKey, ...records]);
}

describe('PushService', () => {
  it('hands out subscriptions shaped like PushSubscription.toJSON()', async () => {
    const subscription = await service.createSubscription();
    expect(subscription.endpoint).toMatch(new RegExp(`^${service.origin}/push/[A-Za-z0-9_-]+$`));
    expect(subscription.expirationTime).toBeNull();
    const p256dh = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect(p256dh.length).toBe(65);
    expect(p256dh[0]).toBe(0x04);
    expect(Buffer.from(subscription.keys.auth, 'base64url').length).toBe(16);
    const other = await service.createSubscription();
    expect(other.endpoint).not.toBe(subscription.endpoint);
    expect(other.keys.p256dh).not.toBe(subscription.keys.p256dh);
    expect(other.keys.auth).not.toBe(subscription.keys.auth);
  });

  it('decrypts what web-push encrypts: ASCII JSON, multi-byte UTF-8 and a 3 KB payload', async () => {
    const subscription = await service.createSubscription();
    const payloads = [
      JSON.stringify({ title: 'New message', url: '/inbox/42' }),
      'Crème brûlée — 予約 ✓ 💅🏽',
      'ü'.repeat(1500) + 'x'.repeat(12),
    ];
    for (const [i, payload] of payloads.entries()) {
      const response = await send(subscription, payload, { urgency: 'high', topic: `t${i}` });
      expect(response.status, await response.clone().text()).toBe(201);
      expect(response.headers.get('location')).toMatch(new RegExp(`^${service.origin}/message/`));
    }
    const got = service.receivedFor(subscription);
    expect(got.map((r) => r.payload)).toEqual(payloads);
    expect(Buffer.byteLength(got[2]!.payload)).toBe(3012);
    const first = got[0]!;
    expect(first.json()).toEqual({ title: 'New message', url: '/inbox/42' });
    expect(first).toMatchObject({
      endpoint: subscription.endpoint,
      subscriptionId: subscription.endpoint.split('/').pop(),
      ttl: 60,
      urgency: 'high',
      topic: 't0',
      vapidKey: vapid.publicKey,
      jwt: { aud: service.origin, sub: SUBJECT },
    });
    expect(first.jwt.exp).toBeGreaterThan(Date.now() / 1000);
    expect(Math.abs(first.receivedAt - Date.now())).toBeLessThan(10_000);
  });

  it('decrypts a body of several records and refuses them out of order', async () => {
    const subscription = await service.createSubscription();
    const text = 'Ünïcødé records: '.repeat(12);
    const body = encryptRecords(subscription, Buffer.from(text), 64);
    expect(body.length).toBeGreaterThan(86 + 3 * 64);
    const headers = {
      ttl: '30',
      'content-encoding': 'aes128gcm',
      authorization: webpush.getVapidHeaders(
        service.origin,
        SUBJECT,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
      ).Authorization,
    };
    const ok = await post(subscription.endpoint, headers, body);
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect(service.receivedFor(subscription).map((r) => r.payload)).toEqual([text]);

    // Records 0 and 1 swapped: each still has a valid tag for its own nonce, not for its new place.
    const swapped = Buffer.concat([
      body.subarray(0, 86),
      body.subarray(86 + 64, 86 + 128),
      body.subarray(86, 86 + 64),
      body.subarray(86 + 128),
    ]);
    expect((await post(subscription.endpoint, headers, swapped)).status).toBe(400);
    // Cut after a record that says more follow (0x01): a truncated message, not a whole one.
    const truncated = encryptRecords(subscription, Buffer.from(text), 64, 1);
    const cut = await post(subscription.endpoint, headers, truncated);
    expect(cut.status).toBe(400);
    expect(await cut.text()).toMatch(/delimiter/);
    expect(service.receivedFor(subscription)).toHaveLength(1);
  });

  it('refuses an altered body, and a message encrypted for another device', async () => {
    const subscription = await service.createSubscription();
    const other = await service.createSubscription();
    const request = details(subscription, 'hello');
    const tampered = Buffer.from(request.body);
    tampered[tampered.length - 20]! ^= 0x01;
    const response = await post(request.endpoint, request.headers, tampered);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/does not decrypt/);

    const forOther = details(subscription, 'hello');
    expect((await post(other.endpoint, forOther.headers, forOther.body)).status).toBe(400);

    expect(service.receivedFor(subscription)).toEqual([]);
    expect(service.receivedFor(other)).toEqual([]);
    expect(service.attempts.filter((a) => a.endpoint === subscription.endpoint).map((a) => a.status)).toEqual(
      [400],
    );
  });

  it('answers 403 to a JWT signed by another key than k', async () => {
    const subscription = await service.createSubscription();
    const request = details(subscription, 'hello');
    const stranger = webpush.generateVAPIDKeys();
    const t = signJwt(
      { aud: service.origin, exp: Math.floor(Date.now() / 1000) + 3600, sub: SUBJECT },
      stranger,
    );
    const headers = { ...request.headers, Authorization: `vapid t=${t}, k=${vapid.publicKey}` };
    const response = await post(request.endpoint, headers, request.body);
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/signature/);
    // The same request with the matching k goes through, so the 403 is the signature's doing.
    const matching = { ...request.headers, Authorization: `vapid t=${t}, k=${stranger.publicKey}` };
    expect((await post(request.endpoint, matching, request.body)).status).toBe(201);
  });

  it('refuses a JWT that is expired, for another audience, too long-lived or with a bad sub', async () => {
    const subscription = await service.createSubscription();
    const now = Math.floor(Date.now() / 1000);
    const good = { aud: service.origin, exp: now + 3600, sub: SUBJECT };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, exp: now - 60 }, /expired/],
      [{ ...good, aud: 'http://127.0.0.1:1' }, /aud/],
      [{ ...good, aud: `${service.origin}/` }, /aud/],
      [{ ...good, exp: now + 25 * 3600 }, /24 hours/],
      [{ ...good, sub: 'http://example.com' }, /sub/],
      [{ aud: good.aud, exp: good.exp }, /sub/],
    ];
    const request = details(subscription, 'hello');
    for (const [claims, reason] of cases) {
      const headers = {
        ...request.headers,
        Authorization: `vapid t=${signJwt(claims)}, k=${vapid.publicKey}`,
      };
      const response = await post(request.endpoint, headers, request.body);
      expect([401, 403], JSON.stringify(claims)).toContain(response.status);
      expect(await response.text()).toMatch(reason);
    }
    const expired = webpush.getVapidHeaders(
      service.origin,
      SUBJECT,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      now - 60,
    );
    const headers = { ...request.headers, Authorization: expired.Authorization };
    expect((await post(request.endpoint, headers, request.body)).status).toBe(403);
    const control = { ...request.headers, Authorization: `vapid t=${signJwt(good)}, k=${vapid.publicKey}` };
    expect((await post(request.endpoint, control, request.body)).status).toBe(201);
    expect(service.receivedFor(subscription)).toHaveLength(1);
  });

  it('answers 401 without vapid credentials and 400 to a missing TTL or another encoding', async () => {
    const subscription = await service.createSubscription();
    const request = details(subscription, 'hello');
    const { Authorization: _, ...noAuth } = request.headers;
    const unauthenticated = await post(request.endpoint, noAuth, request.body);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toBe('vapid');
    const { TTL: __, ...noTtl } = request.headers;
    expect((await post(request.endpoint, noTtl, request.body)).status).toBe(400);
    const aesgcm = { ...request.headers, 'Content-Encoding': 'aesgcm' };
    expect((await post(request.endpoint, aesgcm, request.body)).status).toBe(400);
    const badUrgency = { ...request.headers, Urgency: 'urgent' };
    expect((await post(request.endpoint, badUrgency, request.body)).status).toBe(400);
    expect(service.receivedFor(subscription)).toEqual([]);
  });

  it('refuses a body over 4096 octets with 413', async () => {
    const subscription = await service.createSubscription();
    const request = details(subscription, 'hello');
    const big = Buffer.concat([request.body, Buffer.alloc(4097 - request.body.length)]);
    expect((await post(request.endpoint, request.headers, big)).status).toBe(413);
  });

  it('refuses another application server key once one is expected', async () => {
    const subscription = await service.createSubscription();
    try {
      service.expectVapidKey(webpush.generateVAPIDKeys().publicKey);
      expect((await send(subscription, 'hello')).status).toBe(403);
      service.expectVapidKey(vapid.publicKey);
      expect((await send(subscription, 'hello')).status).toBe(201);
    } finally {
      service.expectVapidKey(null);
    }
  });

  it('answers 404 for an unknown endpoint', async () => {
    const subscription = await service.createSubscription();
    const request = details(subscription, 'hello');
    const unknown = `${service.origin}/push/nosuchdevice`;
    expect((await post(unknown, request.headers, request.body)).status).toBe(404);
    expect(service.attempts.at(-1)).toMatchObject({ endpoint: unknown, status: 404 });
  });

  it('plays scripted failures with Retry-After, recording every attempt', async () => {
    const subscription = await service.createSubscription();
    service.respondWith(subscription.endpoint, { status: 429, retryAfter: '120', times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await send(subscription, `try ${i}`);
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('120');
    }
    expect(statuses).toEqual([429, 429, 201]);
    expect(service.receivedFor(subscription).map((r) => r.payload)).toEqual(['try 2']);
    const attempts = service.attempts.filter((a) => a.endpoint === subscription.endpoint);
    expect(attempts.map((a) => a.status)).toEqual([429, 429, 201]);
    expect(attempts.every((a) => Math.abs(a.at - Date.now()) < 10_000)).toBe(true);
  });

  it('answers 410 for good after respondWith(410) without times, and after forget()', async () => {
    const scripted = await service.createSubscription();
    service.respondWith(scripted, { status: 410 });
    for (let i = 0; i < 3; i++) expect((await send(scripted, 'hello')).status).toBe(410);
    service.clearResponses(scripted);
    expect((await send(scripted, 'back')).status).toBe(201);

    const forgotten = await service.createSubscription();
    expect((await send(forgotten, 'first')).status).toBe(201);
    service.forget(forgotten.endpoint);
    expect((await send(forgotten, 'second')).status).toBe(410);
    expect((await send(forgotten, 'third')).status).toBe(410);
    expect(service.receivedFor(forgotten).map((r) => r.payload)).toEqual(['first']);
    expect(service.attempts.filter((a) => a.endpoint === forgotten.endpoint)).toHaveLength(3);
  });

  it('waitFor resolves when a matching push arrives, and times out otherwise', async () => {
    const subscription = await service.createSubscription();
    const waiting = service.waitFor(
      (p) => p.endpoint === subscription.endpoint && p.payload === 'later',
      2000,
    );
    const count = service.received.length;
    const counting = service.waitForCount(count + 2, 2000);
    expect((await send(subscription, 'sooner')).status).toBe(201);
    expect((await send(subscription, 'later')).status).toBe(201);
    const push = await waiting;
    expect(push.payload).toBe('later');
    expect(await counting).toHaveLength(count + 2);
    // Already received: resolves at once.
    await expect(service.waitFor((p) => p.payload === 'sooner', 50)).resolves.toMatchObject({
      payload: 'sooner',
    });
    await expect(service.waitFor((p) => p.payload === 'never', 50)).rejects.toThrow(/No matching push/);
    await expect(service.waitForCount(service.received.length + 1, 50)).rejects.toThrow(/Expected/);
  });
});
