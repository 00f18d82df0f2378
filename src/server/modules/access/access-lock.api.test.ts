import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, captureLog, type TestApp } from '#server/test/build-test-app.ts';
import { insertUser, uniqueEmail } from '#server/test/factories.ts';

/**
 * The admin and beta password steps under guessing from many addresses. Each step limits attempts
 * per address block (/24 for IPv4, /64 for IPv6: RATE_LIMITS.accessPassword, 10 in 15 minutes) and
 * keeps a site-wide count of wrong passwords (RATE_LIMITS.accessPasswordFailures: 100 an hour).
 * That count used to lock the step for everyone once full: 100 wrong guesses from 10 addresses
 * shut the right password out for an hour, from anywhere. Now the step slows down instead: each
 * block gets one attempt per RATE_LIMITS.accessPasswordSlowed window (5 minutes), with a 429 and
 * a short Retry-After in between, so the right password gets in at once from a block that has not
 * just tried, and late at worst from one that has. Every wrong password is a security event.
 */

const ADMIN_PASSWORD = 'Lock-Admin-Step-58';
const BETA_PASSWORD = 'Lock-Beta-Door-93';
const BUDGET = RATE_LIMITS.accessPasswordFailures.max;
const PER_BLOCK = RATE_LIMITS.accessPassword.max;
const BLOCK_WINDOW_S = 15 * 60;
const SLOWED_WINDOW_S = 5 * 60;

/** The attack's addresses: one in each of BUDGET / PER_BLOCK different /24 blocks, 10.<offset + i>.0.1. */
const attackerAddress = (offset: number, i: number) => `10.${offset + i}.0.1`;

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

/** A 429 with a Retry-After within (0, atMost] seconds, and no token. */
function expectSlowed(res: Awaited<ReturnType<typeof attempt>>, atMost: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
  expect(res.body).not.toContain('access_token');
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
  ['beta', BETA_PASSWORD, 100],
] as const)('the %s password step under a spread-out guessing attack', (step, password, offset) => {
  it(`${BUDGET} wrong passwords from ${BUDGET / PER_BLOCK} addresses slow the step down; the right password still gets in`, async () => {
    // A right password is not a failure: it counts for nothing. (The beta case runs after the admin
    // step is slowed: each step has its own count, so this succeeds at once.)
    const first = await attempt(t.app, step, password, '192.0.2.50');
    expect(first.statusCode, first.body).toBe(200);

    // The attack: each address guesses as often as its block may, until the site-wide count is full.
    const attackers = BUDGET / PER_BLOCK;
    const statuses: number[] = [];
    for (let i = 0; i < attackers; i++) {
      for (let j = 0; j < PER_BLOCK; j++) {
        statuses.push((await attempt(t.app, step, `guess-${i}-${j}`, attackerAddress(offset, i))).statusCode);
      }
    }
    // Every guess was checked: each block stayed within its own limit.
    expect(statuses).toEqual(Array(BUDGET).fill(403));
    // An attacking address is past its block's limit, and so is every address in its /24.
    expectSlowed(await attempt(t.app, step, 'guess-more', attackerAddress(offset, 0)), BLOCK_WINDOW_S);
    expectSlowed(await attempt(t.app, step, password, `10.${offset}.0.200`), BLOCK_WINDOW_S);

    // Slowed, not locked: a new block's first attempt is checked; its next waits a few minutes.
    const checked = await attempt(t.app, step, 'guess-new-block', '172.16.9.1');
    expect(checked.statusCode, checked.body).toBe(403);
    expectSlowed(await attempt(t.app, step, 'guess-again', '172.16.9.2'), SLOWED_WINDOW_S);
    // The right password from that block is late (at most the short Retry-After)…
    expectSlowed(await attempt(t.app, step, password, '172.16.9.3'), SLOWED_WINDOW_S);
    // …and from any other new address it gets in at once.
    const right = await attempt(t.app, step, password, `198.18.${offset}.7`);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().access_token).toEqual(expect.any(String));

    // The log: one event per wrong password, with its address; the slow-down once; no password.
    const failed = events('access-password-failed', step);
    expect(failed).toHaveLength(BUDGET + 1);
    expect(failed.map((e) => e.ip)).toEqual([
      ...Array.from({ length: attackers }, (_, i) =>
        Array(PER_BLOCK).fill(attackerAddress(offset, i)),
      ).flat(),
      '172.16.9.1',
    ]);
    expect(failed.every((e) => e.level === 40)).toBe(true);
    const slowed = events('access-password-slowed', step);
    expect(slowed).toHaveLength(1);
    expect(slowed[0]).toMatchObject({ ip: attackerAddress(offset, attackers - 1), failures: BUDGET });
    expect(events('access-password-locked', step)).toEqual([]);
    expect(log.text).not.toContain('guess-1');
    expect(log.text).not.toContain(password);
  });
});

describe('the per-block limit (a step not slowed)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp({ rateLimit: true, env: { BETA_PASSWORD } });
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it.each([
    ['IPv4 /24', (i: number) => `10.200.7.${i + 1}`, '10.200.7.250', '10.200.8.1'],
    ['IPv6 /64', (i: number) => `2001:db8:5:7::${i + 1}`, '2001:db8:5:7:ffff::1', '2001:db8:5:8::1'],
  ])(
    '%s: the addresses of one block share it; the next block has its own',
    async (_, inBlock, sameBlock, nextBlock) => {
      const guesses: number[] = [];
      for (let i = 0; i < PER_BLOCK; i++) {
        guesses.push((await attempt(fresh.app, 'beta', `block-guess-${i}`, inBlock(i))).statusCode);
      }
      expect(guesses).toEqual(Array(PER_BLOCK).fill(403));
      expectSlowed(await attempt(fresh.app, 'beta', BETA_PASSWORD, sameBlock), BLOCK_WINDOW_S);
      const next = await attempt(fresh.app, 'beta', BETA_PASSWORD, nextBlock);
      expect(next.statusCode, next.body).toBe(200);
    },
  );
});

it('with RATE_LIMIT=off (benchmarks) there is no limit, but every failure is still logged', async () => {
  const offLog = captureLog();
  const off = await buildTestApp({ env: { BETA_PASSWORD }, log: offLog });
  try {
    for (let i = 0; i < BUDGET + 5; i++) {
      expect((await attempt(off.app, 'beta', `guess-${i}`, '10.250.0.1')).statusCode).toBe(403);
    }
    expect((await attempt(off.app, 'beta', BETA_PASSWORD, '10.250.0.1')).statusCode).toBe(200);
    expect(offLog.entries().filter((e) => e.security === 'access-password-failed')).toHaveLength(BUDGET + 5);
  } finally {
    await off.close();
  }
});
