import { get } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#domain/options.ts';
import { PRICING_LIMITS } from '#domain/pricing-options.ts';
import { PROFILE_LIMITS } from '#domain/profiles-options.ts';
import { UPLOAD_TEXTS } from '#domain/uploads.ts';
import { formSubmissions, providerProfiles, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createVerifiedProvider, type VerifiedUser } from '../test/factories';
import { dataUrl, photo } from '../test/test-images';
import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from './input-guard';
import { BODY_LIMITS, SERVER_TIMEOUTS } from './request-limits';

/**
 * Bounded requests. Bodies were allowed 15 MB on every route, a 20 kB body nested
 * 10,000 deep answered 500 (the input guard's recursion overflowed the stack), and nothing closed a
 * connection that sent its body a byte at a time.
 */

const json = { 'content-type': 'application/json' };
/** `depth` nested arrays around 1: '[[[1]]]' is depth 3. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
/** `depth` nested objects: '{"a":{"a":1}}' is depth 2. */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

let t: TestApp;
let provider: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp();
  provider = await createVerifiedProvider(t, { name: 'Bounded Body Studio' });
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'PUT', url: string, payload: string, token?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const profileRow = async () => {
  const [row] = await t.db
    .select()
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, provider.user.id));
  return row!;
};

describe('input nested deeper than any form sends', () => {
  it('a 20 kB body nested 10,000 deep answers 400 VALIDATION_ERROR, not 500, and stores nothing', async () => {
    const body = `{"message":${nestedArrays(10_000)}}`;
    expect(body.length).toBeGreaterThan(20_000);
    expect(body.length).toBeLessThan(21_000);
    const res = await send('POST', '/api/feedback', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'VALIDATION_ERROR',
      message: TOO_DEEP_MESSAGE,
    });
    expect(await t.db.$count(formSubmissions)).toBe(0);
  });

  it('objects count like arrays, behind a login too: the profile is unchanged', async () => {
    const before = await profileRow();
    const res = await send(
      'PUT',
      '/api/auth/profile',
      `{"bio":${nestedObjects(10_000)}}`,
      provider.session.access_token,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: TOO_DEEP_MESSAGE });
    const tooDeepAt = ['bio', ...Array(MAX_INPUT_DEPTH - 1).fill('a')].join('.');
    expect(res.json().issues[0].path).toBe(tooDeepAt);
    expect(await profileRow()).toEqual(before);
  });

  it(`takes ${MAX_INPUT_DEPTH} levels (the body itself is one) and refuses ${MAX_INPUT_DEPTH + 1}`, async () => {
    const login = (extra: string) =>
      send('POST', '/api/auth/login', `{"email":"nobody@example.test","password":"Wrong-1234","x":${extra}}`);
    // Unknown keys are dropped by the schema: at the cap the login is simply wrong.
    const atCap = await login(nestedArrays(MAX_INPUT_DEPTH - 1));
    expect(atCap.statusCode, atCap.body).toBe(401);
    const over = await login(nestedArrays(MAX_INPUT_DEPTH));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'VALIDATION_ERROR', message: TOO_DEEP_MESSAGE });
  });

  it('a query string cannot nest: bracket keys stay flat keys (fast-querystring), never a 500', async () => {
    const key = Array.from({ length: 2000 }, () => '[a]').join('');
    const res = await t.get(`/api/providers?a${encodeURIComponent(key)}=1&limit=5`);
    expect(res.status, res.text).toBe(200);
    const repeated = await t.get(`/api/providers?${Array(500).fill('limit=5').join('&')}`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe('VALIDATION_ERROR');
  });
});

describe('body limits per route', () => {
  /** Valid JSON of exactly `bytes` bytes: a feedback message padded to size. */
  const feedbackOf = (bytes: number) => {
    const shell = '{"message":""}';
    return `{"message":"${'x'.repeat(bytes - shell.length)}"}`;
  };

  it(`a JSON body over ${BODY_LIMITS.json / 1024} kB answers 413 PAYLOAD_TOO_LARGE and stores nothing`, async () => {
    const over = await send('POST', '/api/feedback', feedbackOf(BODY_LIMITS.json + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: expect.any(String),
    });
    // At the limit the body is read and judged on its merits (the message is too long).
    const at = await send('POST', '/api/feedback', feedbackOf(BODY_LIMITS.json));
    expect(at.statusCode).toBe(400);
    expect(at.json().error).toBe('VALIDATION_ERROR');
    expect(await t.db.$count(formSubmissions)).toBe(0);
  });

  it('the fullest legitimate profile (over 64 kB) is saved; over 1 MB is refused and changes nothing', async () => {
    // Every text and list at its limit, in a 3-byte UTF-8 character.
    const full = (n: number) => '€'.repeat(n);
    const list = () =>
      Array.from({ length: LIMITS.listMax }, (_, i) => `${i}${full(LIMITS.listItemMax - 2)}`);
    const fullest = {
      name: full(LIMITS.nameMax),
      bio: full(LIMITS.bioMax),
      location: `Austin, TX 78701 ${full(LIMITS.locationMax - 17)}`,
      booking_link: `https://book.example.com/${'a'.repeat(LIMITS.urlMax - 25)}`,
      license_details: full(PROFILE_LIMITS.licenseMax),
      additional_details: full(PROFILE_LIMITS.additionalDetailsMax),
      specialties: list(),
      certifications: list(),
      amenities: list(),
      products: list(),
      pricing: Array.from({ length: PRICING_LIMITS.packagesMax }, (_, i) => ({
        service: `${i}${full(PRICING_LIMITS.serviceMax - 2)}`,
        description: full(PRICING_LIMITS.descriptionMax),
        priceType: 'fixed',
        minPrice: 40 + i,
      })),
    };
    const body = JSON.stringify(fullest);
    expect(Buffer.byteLength(body)).toBeGreaterThan(BODY_LIMITS.json);
    const saved = await send('PUT', '/api/auth/profile', body, provider.session.access_token);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const stored = await profileRow();
    expect(stored.bio).toBe(fullest.bio);
    expect(stored.pricing).toHaveLength(PRICING_LIMITS.packagesMax);

    const huge = JSON.stringify({ bio: 'x'.repeat(BODY_LIMITS.large) });
    const refused = await send('PUT', '/api/auth/profile', huge, provider.session.access_token);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe('PAYLOAD_TOO_LARGE');
    expect(await profileRow()).toEqual(stored);
  });

  it('the image uploads keep 15 MB: a 100+ kB image is taken, a body over 15 MB is refused', async () => {
    const before = await profileRow();
    const image = dataUrl(await photo(900, 900, 'png', 7, { cell: 2, amp: 255 }));
    const body = JSON.stringify({ file: image, userId: provider.user.id });
    expect(Buffer.byteLength(body)).toBeGreaterThan(BODY_LIMITS.json);
    const taken = await send('POST', '/api/upload/portfolio', body, provider.session.access_token);
    expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.id, provider.user.id));
    expect(user).toBeDefined();
    const afterUpload = await profileRow();
    expect(afterUpload.portfolioImages).toHaveLength(before.portfolioImages.length + 1);

    const over = `{"file":"${'A'.repeat(BODY_LIMITS.upload)}","userId":"${provider.user.id}"}`;
    const refused = await send('POST', '/api/upload/portfolio', over, provider.session.access_token);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', message: UPLOAD_TEXTS.tooLarge });
    expect((await profileRow()).portfolioImages).toEqual(afterUpload.portfolioImages);
  });
});

describe('slow clients', () => {
  it('the server is set up with the production timeouts', () => {
    expect(t.app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(t.app.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(t.app.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(t.app.server.timeout).toBe(SERVER_TIMEOUTS.idleMs);
    expect(SERVER_TIMEOUTS.requestMs).toBe(30_000);
    expect(SERVER_TIMEOUTS.headersMs).toBeGreaterThan(SERVER_TIMEOUTS.keepAliveMs);
  });

  it('tells clients to drop an idle connection well before the server closes it', async () => {
    const listening = await buildTestApp({ listen: true });
    try {
      const header = await new Promise<string | undefined>((resolve, reject) => {
        get(`${listening.baseUrl}/api/health`, (res) => {
          res.resume();
          resolve(String(res.headers['keep-alive']));
        }).on('error', reject);
      });
      const hint = /^timeout=(\d+)$/.exec(String(header));
      expect(hint, String(header)).not.toBeNull();
      expect(Number(hint![1]) * 1000 + 500).toBeLessThanOrEqual(listening.app.server.keepAliveTimeout);
    } finally {
      await listening.close();
    }
  });

  describe('on a listening server with short timeouts', () => {
    let slow: TestApp;
    const timeouts = { requestMs: 600, headersMs: 400, keepAliveMs: 200, idleMs: 5_000, checkIntervalMs: 50 };
    beforeAll(async () => {
      slow = await buildTestApp({ listen: true, serverTimeouts: timeouts });
    });
    afterAll(async () => {
      await slow?.close();
    });

    /**
     * Opens a raw connection, writes `head`, then one more byte every 100 ms (so the socket is never
     * idle) until the server closes it; resolves with what the server sent and when it closed.
     */
    function trickle(head: string, drip: string): Promise<{ ms: number; received: string }> {
      const { port } = new URL(slow.baseUrl!);
      return new Promise((resolve, reject) => {
        const started = Date.now();
        let received = '';
        let timer: NodeJS.Timeout | undefined;
        // The drip starts once the head is written: a socket queues writes while it connects, and on
        // a loaded machine a drip queued first made the request read 'xPOST …' (400, not 408).
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(head);
          timer = setInterval(() => socket.writable && socket.write(drip), 100);
        });
        // The drip keeps the socket from idling, so only the request and header timeouts can end
        // it: a server without them keeps it open until this failure detector gives up.
        const giveUp = setTimeout(() => {
          socket.destroy();
          reject(new Error(`still open after 15 s; received ${JSON.stringify(received)}`));
        }, 15_000);
        socket.on('data', (chunk) => {
          received += chunk.toString();
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          clearTimeout(giveUp);
          resolve({ ms: Date.now() - started, received });
        });
      });
    }

    it('closes a connection whose body never finishes arriving (408), and stores nothing', async () => {
      const head = [
        'POST /api/feedback HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{"message":"',
      ].join('\r\n');
      const { ms, received } = await trickle(head, 'x');
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      // Not before the request timeout (a timer never fires early); the 408 says which timer closed it.
      expect(ms).toBeGreaterThanOrEqual(timeouts.requestMs - 50);
      expect(await slow.db.$count(formSubmissions)).toBe(0);
    });

    it('closes a connection whose headers never end', async () => {
      const { ms, received } = await trickle(
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        'X-Slow: 1\r\n',
      );
      expect(received).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    });
  });
});
