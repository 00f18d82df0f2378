import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { PACE_QUEUE_MS, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
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
 * just tried, and late at worst from one that has. Blocks are cheap too (a /48 of IPv6 is 65,536
 * /64s), so the site as a whole is paced as well (RATE_LIMITS.accessPasswordPaced, 4 checks a
 * minute): a block that finds no free check is kept the next one, and its Retry-After says when.
 * Every wrong password is a security event.
 */

const ADMIN_PASSWORD = 'Lock-Admin-Step-58';
const BETA_PASSWORD = 'Lock-Beta-Door-93';
const BUDGET = RATE_LIMITS.accessPasswordFailures.max;
const PER_BLOCK = RATE_LIMITS.accessPassword.max;
const BLOCK_WINDOW_S = 15 * 60;
const SLOWED_WINDOW_S = 5 * 60;
const PACE = RATE_LIMITS.accessPasswordPaced;
/** One check every PACE_INTERVAL_S seconds site-wide while the budget is spent (4 a minute: 15 s). */
const PACE_INTERVAL_S = 60 / PACE.max;
/** The most checks the pace allows over `elapsedS` seconds: its burst, then one per interval. */
const paceBound = (elapsedS: number) => PACE.max + Math.floor(elapsedS / PACE_INTERVAL_S);

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

describe('the site-wide pace once the budget is spent (an attacker with many IPv6 /64 blocks)', () => {
  const BLOCKS = 200;
  /** 200 distinct /64 blocks inside one /48 (2001:db8:77::/48 holds 65,536 of them). */
  const blockAddress = (i: number) => `2001:db8:77:${i.toString(16)}::1`;
  const pacedLog = captureLog();
  let paced: TestApp;
  let elapsedS = 0;
  let checked = 0;
  /** One round of the attack: every block guesses once; returns the statuses. */
  async function attackRound(label: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < BLOCKS; i++) {
      const res = await attempt(paced.app, 'beta', `pace-guess-${label}-${i}`, blockAddress(i));
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        // Every refusal says when to come back; never later than one slot per block ahead of it.
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual((BLOCKS + 1) * PACE_INTERVAL_S);
      }
    }
    checked += statuses.filter((s) => s === 403).length;
    return statuses;
  }
  const advance = (seconds: number) => {
    paced.clock.advance(seconds * 1000);
    elapsedS += seconds;
  };

  beforeAll(async () => {
    paced = await buildTestApp({ rateLimit: true, env: { BETA_PASSWORD }, log: pacedLog });
    // Spend the budget: BUDGET wrong passwords, each /24 block within its own limit.
    for (let i = 0; i < BUDGET; i++) {
      const res = await attempt(paced.app, 'beta', `spend-${i}`, `10.60.${Math.floor(i / PER_BLOCK)}.1`);
      expect(res.statusCode).toBe(403);
    }
  });
  afterAll(async () => {
    await paced?.close();
  });

  it(`${BLOCKS} blocks guessing every minute for 5 minutes get the pace's checks, not one each`, async () => {
    const statuses = await attackRound('0');
    // The pace's burst is checked; every other block is told to wait for a slot of its own.
    expect(statuses.filter((s) => s === 403)).toHaveLength(PACE.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BLOCKS - PACE.max);
    for (let round = 1; round <= 5; round++) {
      advance(60);
      await attackRound(String(round));
    }
    // 1,200 guesses from 200 blocks over 5 minutes: the pace's checks and no more (the per-block
    // limit alone would have let 200 through at once, and 200 more every 5 minutes).
    expect(checked).toBeLessThanOrEqual(paceBound(elapsedS));
    expect(checked).toBeGreaterThanOrEqual(paceBound(elapsedS) - PACE.max);
    const failed = pacedLog.entries().filter((e) => e.security === 'access-password-failed');
    expect(failed).toHaveLength(BUDGET + checked);
  });

  it('the right password from a new block gets in after the Retry-After it was given, while the attack goes on', async () => {
    const owner = '2001:db8:99:1::5';
    const first = await attempt(paced.app, 'beta', BETA_PASSWORD, owner);
    expectSlowed(first, (BLOCKS + 1) * PACE_INTERVAL_S);
    const retryAfter = Number(first.headers['retry-after']);
    // Asking again early keeps its place (one slot per block): the same wait, no new slot.
    const again = await attempt(paced.app, 'beta', BETA_PASSWORD, '2001:db8:99:1::6');
    expectSlowed(again, retryAfter);

    // The attack goes on every 5 minutes until the owner's time, and once more at that very moment.
    let waited = 0;
    while (waited < retryAfter) {
      const step = Math.min(5 * 60, retryAfter - waited);
      advance(step);
      waited += step;
      await attackRound(`late-${waited}`);
    }
    const right = await attempt(paced.app, 'beta', BETA_PASSWORD, owner);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().access_token).toEqual(expect.any(String));
    // Through all of it the site checked no more passwords than the pace allows.
    expect(checked + 1).toBeLessThanOrEqual(paceBound(elapsedS));
  });

  it('keeps no slot more than an hour ahead: past that line a block is told to come back and nothing is kept', async () => {
    // 400 more blocks than the hour's 240 slots: the line fills to an hour, then nobody is queued.
    const retries: number[] = [];
    for (let i = 0; i < 400; i++) {
      const res = await attempt(paced.app, 'beta', `far-${i}`, `2001:db8:78:${i.toString(16)}::1`);
      expect(res.statusCode).toBe(429);
      retries.push(Number(res.headers['retry-after']));
    }
    // No kept slot is further than the hour (plus the one interval being handed out).
    expect(Math.max(...retries)).toBeLessThanOrEqual(PACE_QUEUE_MS / 1000 + PACE_INTERVAL_S);
    // The line is full: a block asking again is not given a slot, only a wait until there is room.
    const late = await attempt(paced.app, 'beta', 'far-late', '2001:db8:79::1');
    expect(late.statusCode).toBe(429);
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(late.headers['retry-after'])).toBeLessThanOrEqual(PACE_QUEUE_MS / 1000);
  });
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
