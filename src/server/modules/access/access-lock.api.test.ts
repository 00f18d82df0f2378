import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, captureLog, type TestApp } from '#server/test/build-test-app.ts';
import { insertUser, uniqueEmail } from '#server/test/factories.ts';

/**
 * Issue 17, item 1: the per-address limit (10 guesses in 15 minutes) is no brake on an attacker with
 * many addresses. Each password step also keeps a count of wrong passwords for the whole site
 * (RATE_LIMITS.accessPasswordFailures: 100 an hour); once it is full the step is locked for
 * everyone, right password included, with Retry-After. Every wrong password is a security event.
 */

const ADMIN_PASSWORD = 'Lock-Admin-Step-58';
const BETA_PASSWORD = 'Lock-Beta-Door-93';
const CAP = RATE_LIMITS.accessPasswordFailures.max;
const WINDOW_S = 60 * 60;

/** A different client address for every attempt: 10.0.x.y. */
const address = (i: number) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;

let t: TestApp;
const log = captureLog();
let betaToken: string;
let adminToken: string;

function attempt(app: FastifyInstance, step: 'admin' | 'beta', password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: step === 'admin' ? '/api/admin/access' : '/api/beta/access',
    payload: { password },
    remoteAddress,
    headers:
      step === 'admin' ? { authorization: `Bearer ${adminToken}`, [BETA_ACCESS_HEADER]: betaToken } : {},
  });
}

const events = (name: string, step: string) =>
  log.entries().filter((e) => e.security === name && e.step === step);

beforeAll(async () => {
  t = await buildTestApp({
    rateLimit: true,
    env: { ADMIN_PASSWORD, BETA_PASSWORD },
    log,
  });
  const beta = await t.post('/api/beta/access', { password: BETA_PASSWORD }, { ip: '192.0.2.1' });
  expect(beta.status, beta.text).toBe(200);
  betaToken = beta.body.access_token;
  // Sign-up is behind the gate: the admin is inserted, and signed in with a real access token.
  const admin = await insertUser(t.db, { email: uniqueEmail('lock-admin'), role: 'admin' });
  adminToken = (await signAccessToken(t.app.ctx.secret, admin.id, t.clock.now())).token;
});
afterAll(async () => {
  await t?.close();
});

describe.each([
  ['admin', ADMIN_PASSWORD, 0],
  ['beta', BETA_PASSWORD, 1000],
] as const)('the %s password step under a spread-out guessing attack', (step, password, offset) => {
  it(`locks after ${CAP} wrong passwords from ${CAP} addresses, the right one included, with Retry-After`, async () => {
    // A right password is not a failure: it counts for nothing. (The beta case runs after the admin
    // step is locked: each step has its own count, so this still succeeds.)
    const first = await attempt(t.app, step, password, '192.0.2.50');
    expect(first.statusCode, first.body).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < CAP; i++) {
      statuses.push((await attempt(t.app, step, `guess-${i}`, address(offset + i))).statusCode);
    }
    // One guess per address: the per-address limit never trips, every guess was checked.
    expect(statuses).toEqual(Array(CAP).fill(403));

    // The 101st address: locked, before its password is even looked at.
    const locked = await attempt(t.app, step, 'guess-101', address(offset + CAP));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_S - 120);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);

    // The right password from a new address waits out the lock too, and gets no token.
    const right = await attempt(t.app, step, password, address(offset + CAP + 1));
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.body).not.toContain('access_token');

    // The log: one event per wrong password, with its address; one lock; no password in any line.
    const failed = events('access-password-failed', step);
    expect(failed).toHaveLength(CAP);
    expect(failed.map((e) => e.ip)).toEqual(Array.from({ length: CAP }, (_, i) => address(offset + i)));
    expect(failed.every((e) => e.level === 40)).toBe(true);
    const locks = events('access-password-locked', step);
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ ip: address(offset + CAP - 1), failures: CAP });
    expect(log.text).not.toContain('guess-1');
    expect(log.text).not.toContain(password);
  });
});

it('with RATE_LIMIT=off (benchmarks) there is no lock, but every failure is still logged', async () => {
  const offLog = captureLog();
  const off = await buildTestApp({ env: { BETA_PASSWORD }, log: offLog });
  try {
    for (let i = 0; i < CAP + 5; i++) {
      expect((await attempt(off.app, 'beta', `guess-${i}`, address(3000 + i))).statusCode).toBe(403);
    }
    expect((await attempt(off.app, 'beta', BETA_PASSWORD, '192.0.2.97')).statusCode).toBe(200);
    expect(offLog.entries().filter((e) => e.security === 'access-password-failed')).toHaveLength(CAP + 5);
  } finally {
    await off.close();
  }
});
