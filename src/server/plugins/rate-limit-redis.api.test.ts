import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import {
  buildTestApp,
  captureLog,
  createTestDatabase,
  type LogCapture,
  type TestApp,
  type TestDatabase,
} from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import { createVerifiedUser, uniqueEmail } from '#server/test/factories.ts';
import { RedisServer } from '#server/test/redis-server.ts';
import { type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';

/**
 * With REDIS_URL every instance (WEB_CONCURRENCY workers, or machines) counts
 * against the same limits. Two apps on one database and one real redis-server stand for two
 * processes: requests split across them reach a limit together, and a 429 from one holds on the
 * other. When Redis does not answer, the limits let requests through (skipOnError, see
 * registerRateLimit): an outage of the counters' store must not take the site down.
 */

const BETA_PASSWORD = 'Shared-Beta-Door-61';
const WRONG = 'Wrong-Password-123';

let redis: RedisServer;
let testDb: TestDatabase;
let smtp: SmtpSink;
const logA = captureLog();
const logB = captureLog();
let a: TestApp;
let b: TestApp;

/**
 * Another app on the same database and SMTP sink: a second process of the same site. Its Redis
 * commands may take 10 s, not 500 ms: on a loaded CI host a command that waits behind a busy event
 * loop would time out and its limit open (fail open, tested below with Redis stopped), and the
 * counts these tests assert would depend on the host's speed.
 */
const instance = (env: Record<string, string>, log?: LogCapture, now?: () => Date) =>
  buildTestApp({
    rateLimit: true,
    database: testDb.database,
    smtp,
    env: { REDIS_COMMAND_TIMEOUT_MS: '10000', ...env },
    ...(log ? { log } : {}),
    ...(now ? { now } : {}),
  });

/**
 * The time a test of two app instances and a hundred or more requests in a row may take: 5–23 s on a
 * quiet host, over 20 s in a CI run whose other worker kept both cores busy (a test timed out there
 * and the next tests waited behind its leftover requests). The counts are what they assert.
 */
const SLOW_HOST_MS = 90_000;

let ipSequence = 0;
/** A client address nobody else in this file uses (documentation range 198.18.0.0/15). */
const freshIp = () => {
  ipSequence += 1;
  return `198.18.${Math.floor(ipSequence / 250)}.${(ipSequence % 250) + 1}`;
};

const login = (t: TestApp, email: string, password: string, ip = freshIp()) =>
  t.post('/api/auth/login', { email, password }, { ip });

/** Wrong passwords for one account, alternating between the instances, each from a new address. */
async function wrongLogins(apps: TestApp[], email: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await login(apps[i % apps.length]!, email, WRONG)).status);
  return statuses;
}

const logLines = (log: LogCapture, text: string) =>
  log.entries().filter((e) => typeof e.msg === 'string' && e.msg.startsWith(text));

const BACK = 'rate-limit store (Redis) answering again';
const DOWN = 'rate-limit store (Redis) unavailable';

/**
 * Resolves once every log has a line starting with `text` (ioredis reports a lost connection when
 * its first reconnect fails, and retries every 2 s at most).
 */
async function logged(text: string, ...logs: LogCapture[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (logs.every((log) => logLines(log, text).length > 0)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not every app logged "${text}" within 10 s`);
}

/** Resolves once every log says its app's Redis client is ready again. */
const reconnected = (...logs: LogCapture[]) => logged(BACK, ...logs);

beforeAll(async () => {
  redis = await RedisServer.start();
  testDb = await createTestDatabase();
  smtp = await startSmtpSink();
  a = await instance({ REDIS_URL: redis.url }, logA);
  b = await instance({ REDIS_URL: redis.url }, logB);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await testDb?.drop();
  await smtp?.stop();
  await redis?.stop();
});

describe('login limits with REDIS_URL, across two instances', () => {
  it(`locks one account after ${RATE_LIMITS.loginPerAccount.max} attempts split across the instances`, async () => {
    const { email, password } = await createVerifiedUser(a);
    const max = RATE_LIMITS.loginPerAccount.max;
    expect(await wrongLogins([a, b], email, max)).toEqual(Array(max).fill(401));

    // Each instance saw only half of them, yet both refuse now: the count is the store's.
    expectRateLimited(await login(a, email, WRONG), 15 * 60);
    expectRateLimited(await login(b, email, WRONG), 15 * 60);
    // The right password from a new address waits too, on either instance.
    expectRateLimited(await login(b, email.toUpperCase(), password), 15 * 60);
    expectRateLimited(await login(a, email, password), 15 * 60);

    // The count lives in Redis, under the account's key.
    const client = redis.client();
    try {
      await client.connect();
      const keys = await client.keys(`*login:${email.toLowerCase()}`);
      expect(keys).toHaveLength(1);
      expect(Number(await client.get(keys[0]!))).toBeGreaterThan(max);
    } finally {
      client.disconnect();
    }
  });

  it(`limits one address to ${RATE_LIMITS.login.max} logins, counted on both instances`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    // A different (unknown) account each time: only the per-address limit can trip.
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      statuses.push((await login(i % 2 ? b : a, uniqueEmail('per-ip'), WRONG, ip)).status);
    }
    expect(statuses).toEqual(Array(RATE_LIMITS.login.max).fill(401));
    expectRateLimited(await login(a, uniqueEmail('per-ip'), WRONG, ip), 15 * 60);
    expectRateLimited(await login(b, uniqueEmail('per-ip'), WRONG, ip), 15 * 60);
    // Another address is not affected.
    expect((await login(b, uniqueEmail('per-ip'), WRONG)).status).toBe(401);
  });

  it(
    'without REDIS_URL each instance counts alone (why WEB_CONCURRENCY > 1 wants Redis)',
    async () => {
      const c = await instance({});
      const d = await instance({});
      try {
        const { email } = await createVerifiedUser(c);
        const max = RATE_LIMITS.loginPerAccount.max;
        expect(await wrongLogins([c], email, max)).toEqual(Array(max).fill(401));
        expectRateLimited(await login(c, email, WRONG), 15 * 60);
        // The other process never heard of those attempts.
        expect((await login(d, email, WRONG)).status).toBe(401);
      } finally {
        await c.close();
        await d.close();
      }
    },
    SLOW_HOST_MS,
  );
});

describe('the site-wide access-password budget with REDIS_URL, across two instances', () => {
  const CAP = RATE_LIMITS.accessPasswordFailures.max;
  const PER_BLOCK = RATE_LIMITS.accessPassword.max;
  /** As many addresses per /24 block as its limit lets guess: 10.1.<block>.<1…10>. */
  const address = (i: number) => `10.1.${Math.floor(i / PER_BLOCK)}.${(i % PER_BLOCK) + 1}`;
  const attempt = (app: FastifyInstance, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/beta/access', payload: { password }, remoteAddress });

  it(
    `slows the beta step on both after ${CAP} wrong passwords split across them; the right password gets in`,
    async () => {
      const betaA = await instance({ REDIS_URL: redis.url, BETA_PASSWORD });
      const betaB = await instance({ REDIS_URL: redis.url, BETA_PASSWORD });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < CAP; i++) {
          statuses.push((await attempt(i % 2 ? betaB.app : betaA.app, `guess-${i}`, address(i))).statusCode);
        }
        expect(statuses).toEqual(Array(CAP).fill(403));

        // A block's one attempt while slowed is checked on A; its next, on B, waits (the count is shared).
        expect((await attempt(betaA.app, 'guess-more', '10.2.0.1')).statusCode).toBe(403);
        const slowed = await attempt(betaB.app, 'guess-more', '10.2.0.2');
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
        expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);
        // The right password from another block gets in, on either instance.
        for (const [app, ip] of [
          [betaA.app, '10.3.0.1'],
          [betaB.app, '10.4.0.1'],
        ] as const) {
          const right = await attempt(app, BETA_PASSWORD, ip);
          expect(right.statusCode, right.body).toBe(200);
          expect(right.json().access_token).toEqual(expect.any(String));
        }
      } finally {
        await betaA.close();
        await betaB.close();
      }
    },
    SLOW_HOST_MS,
  );

  it(
    `paces the checks for the whole site once spent, shared by both; a kept slot holds on the other`,
    async () => {
      const PACE = RATE_LIMITS.accessPasswordPaced;
      const INTERVAL_S = 60 / PACE.max;
      const BLOCKS = 200;
      // A clean start in the shared store: earlier tests spent this budget and used this pace.
      const client = redis.client();
      try {
        await client.connect();
        const keys = await client.keys('*access-pa*');
        if (keys.length) await client.del(...keys);
      } finally {
        client.disconnect();
      }
      // One clock for both, still until the test moves it: the pace lets a check through every
      // INTERVAL_S of it, and on a busy machine the 200 attempts took longer than that in real time.
      let at = Date.now();
      const now = () => new Date(at);
      const betaA = await instance({ REDIS_URL: redis.url, BETA_PASSWORD }, undefined, now);
      const betaB = await instance({ REDIS_URL: redis.url, BETA_PASSWORD }, undefined, now);
      const apps = [betaA.app, betaB.app];
      try {
        for (let i = 0; i < CAP; i++) {
          expect(
            (await attempt(apps[i % 2]!, `spend-${i}`, `10.7.${Math.floor(i / PER_BLOCK)}.1`)).statusCode,
          ).toBe(403);
        }
        // 200 IPv6 /64 blocks of one /48, alternating between the instances: the pace's burst is checked
        // in all, not one per block on each instance.
        const statuses: number[] = [];
        for (let i = 0; i < BLOCKS; i++) {
          statuses.push(
            (await attempt(apps[i % 2]!, `pace-guess-${i}`, `2001:db8:88:${i.toString(16)}::1`)).statusCode,
          );
        }
        expect(statuses.filter((s) => s === 403)).toHaveLength(PACE.max);
        expect(statuses.filter((s) => s === 429)).toHaveLength(BLOCKS - PACE.max);

        // The right password from a new block, on A: a slot kept for it, after the attackers' slots.
        const first = await attempt(betaA.app, BETA_PASSWORD, '2001:db8:99:2::5');
        expect(first.statusCode, first.body).toBe(429);
        const retryAfter = Number(first.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual((BLOCKS + 1) * INTERVAL_S);
        // Coming back after it, on B (the slot lives in Redis), after the attackers tried again: in.
        at += retryAfter * 1000;
        let later = 0;
        for (let i = 0; i < BLOCKS; i++) {
          const res = await attempt(apps[i % 2]!, `pace-late-${i}`, `2001:db8:88:${i.toString(16)}::1`);
          if (res.statusCode === 403) later += 1;
        }
        const right = await attempt(betaB.app, BETA_PASSWORD, '2001:db8:99:2::6');
        expect(right.statusCode, right.body).toBe(200);
        // Over the whole wait the two instances together checked no more than the pace allows (its burst,
        // then one per interval; + 1 for the Retry-After's rounding up to whole seconds).
        const checked = PACE.max + later + 1;
        expect(checked).toBeLessThanOrEqual(PACE.max + Math.floor(retryAfter / INTERVAL_S) + 1);
      } finally {
        await betaA.close();
        await betaB.close();
      }
      // About 500 requests through two instances and Redis: 6 s alone, several times that on a busy CI host.
    },
    4 * SLOW_HOST_MS,
  );
});

describe('when Redis does not answer, the limits let requests through (fail open)', () => {
  it('a Redis outage during requests: no error reaches the client, limits resume when it is back', async () => {
    const { email, password } = await createVerifiedUser(a);
    expect(await wrongLogins([a, b], email, 3)).toEqual([401, 401, 401]);

    await redis.stop();
    const max = RATE_LIMITS.loginPerAccount.max;
    // More wrong passwords than the limit allows: each is checked (401), none fails with 500.
    expect(await wrongLogins([a, b], email, max + 2)).toEqual(Array(max + 2).fill(401));
    // And the site works: the owner gets in.
    expect((await login(b, email, password)).status).toBe(200);
    // The operator is told once, not on every request.
    await logged(DOWN, logA, logB);
    expect((await login(a, email, password)).status).toBe(200);
    for (const log of [logA, logB]) {
      expect(logLines(log, DOWN)).toHaveLength(1);
      expect(logLines(log, DOWN)[0]).toMatchObject({ level: 50 });
    }

    // Back (empty: it kept nothing on disk): both instances reconnect and count again, together.
    await redis.start();
    await reconnected(logA, logB);
    expect(await wrongLogins([a, b], email, max)).toEqual(Array(max).fill(401));
    expectRateLimited(await login(a, email, WRONG), 15 * 60);
    expectRateLimited(await login(b, email, WRONG), 15 * 60);
    expect(logLines(logA, BACK)).toHaveLength(1);
    expect(logLines(logA, DOWN)).toHaveLength(1);
  });

  it('Redis down at start: the app starts and serves, and enforces the limits once Redis appears', async () => {
    const absent = await RedisServer.unstarted();
    const log = captureLog();
    const c = await instance({ REDIS_URL: absent.url }, log);
    try {
      expect(logLines(log, DOWN)).toHaveLength(1);
      const { email } = await createVerifiedUser(c);
      const max = RATE_LIMITS.loginPerAccount.max;
      expect(await wrongLogins([c], email, max + 2)).toEqual(Array(max + 2).fill(401));

      await absent.start();
      await reconnected(log);
      expect(await wrongLogins([c], email, max)).toEqual(Array(max).fill(401));
      expectRateLimited(await login(c, email, WRONG), 15 * 60);
    } finally {
      await c.close();
      await absent.stop();
    }
  });
});
