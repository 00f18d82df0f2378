import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAddresses, refreshTokens } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, captureLog, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import { createUnverifiedUser, findUserRow } from '#server/test/factories.ts';
import { firstLink } from '#server/test/smtp-sink.ts';

/**
 * Ten wrong passwords for someone else's email used to lock the
 * owner out for 15 minutes. The per-account limit stays (guessing is still capped), but the owner
 * gets in: with the right password from an address that has logged in to the account before, or
 * through an emailed one-time sign-in link. Everyone else, right password or wrong, gets 429.
 */

const MAX = RATE_LIMITS.loginPerAccount.max;
const WINDOW_S = 15 * 60;
const WRONG = 'Not-The-Password-404';

let t: TestApp;
const log = captureLog();
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true, log });
});
afterAll(() => t?.close());

let sequence = 0;
/** A client address nobody else in this file uses (TEST-NET-2). */
const strangerIp = () => {
  sequence += 1;
  return `198.51.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
};

/** A verified account whose owner confirmed the email (and so logged in) from `ip`. */
async function ownerAt(ip: string) {
  const { email, password, token } = await createUnverifiedUser(t);
  const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' }, { ip });
  expect(res.status, res.text).toBe(200);
  const row = await findUserRow(t.db, email);
  return { email, password, id: row!.id };
}

/** An attacker's MAX wrong passwords from as many addresses, then one more: the account is locked. */
async function lockOut(email: string) {
  for (let i = 0; i < MAX; i++) {
    const res = await t.post('/api/auth/login', { email, password: WRONG }, { ip: strangerIp() });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
  }
  expectLocked(await t.post('/api/auth/login', { email, password: WRONG }, { ip: strangerIp() }));
}

function expectLocked(res: TestResponse) {
  expectRateLimited(res, WINDOW_S);
  expect(res.body.session).toBeUndefined();
}

const refreshCount = (userId: string) => t.db.$count(refreshTokens, eq(refreshTokens.userId, userId));

async function knownAddress(userId: string, ip: string) {
  const [row] = await t.db
    .select()
    .from(loginAddresses)
    .where(
      and(eq(loginAddresses.userId, userId), eq(loginAddresses.ipHash, addressHash(t.app.ctx.secret, ip))),
    );
  return row;
}

const lockedEvents = (userId: string) =>
  log.entries().filter((e) => e.security === 'login-locked' && e.userId === userId);

describe('after a stranger locks an account', () => {
  it('the owner still logs in from an address they used before; strangers get 429 even with the right password', async () => {
    const ownerIp = '192.0.2.10';
    const owner = await ownerAt(ownerIp);
    const seen = await knownAddress(owner.id, ownerIp);
    expect(seen).toBeDefined();

    await lockOut(owner.email);

    // A stranger holding the right password is still refused, and gets no session.
    const tokensBefore = await refreshCount(owner.id);
    expectLocked(
      await t.post('/api/auth/login', { email: owner.email, password: owner.password }, { ip: strangerIp() }),
    );
    expect(await refreshCount(owner.id)).toBe(tokensBefore);

    // The owner, from their usual address, gets in.
    const res = await t.post(
      '/api/auth/login',
      { email: owner.email.toUpperCase(), password: owner.password },
      { ip: ownerIp },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body.user.email).toBe(owner.email);
    const me = await t.get('/api/auth/verify', { token: res.body.session.access_token });
    expect(me.status).toBe(200);
    expect(await refreshCount(owner.id)).toBe(tokensBefore + 1);
    const again = await knownAddress(owner.id, ownerIp);
    expect(again!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(seen!.lastSeenAt.getTime());

    // A wrong password from the owner's address is a 429 too, not a 401: no oracle while locked.
    expectLocked(await t.post('/api/auth/login', { email: owner.email, password: WRONG }, { ip: ownerIp }));

    // Each refusal while locked is a security event, with the account and the address, never the password.
    const events = lockedEvents(owner.id);
    expect(events.length).toBe(3); // the attacker's 11th, the stranger's right password, the owner's wrong one
    expect(events.map((e) => e.ip)).toContain(ownerIp);
    expect(log.text).not.toContain(owner.password);
    expect(log.text).not.toContain(WRONG);
  });

  it("a guesser who shares the owner's address gets no more than that address's own allowance", async () => {
    const sharedIp = '192.0.2.20';
    const owner = await ownerAt(sharedIp);
    await lockOut(owner.email);
    // The guesser at the shared address: every answer is 429, right or wrong, until its allowance is spent…
    for (let i = 0; i < MAX; i++) {
      expectLocked(
        await t.post('/api/auth/login', { email: owner.email, password: `${WRONG}-${i}` }, { ip: sharedIp }),
      );
    }
    // …after which the right password from there is refused too: at most MAX guesses per address.
    const tokensBefore = await refreshCount(owner.id);
    expectLocked(
      await t.post('/api/auth/login', { email: owner.email, password: owner.password }, { ip: sharedIp }),
    );
    expect(await refreshCount(owner.id)).toBe(tokensBefore);
  });

  it('an emailed sign-in link logs the owner in from a new address, which then counts as theirs', async () => {
    const owner = await ownerAt('192.0.2.30');
    const travelIp = '192.0.2.31';
    await lockOut(owner.email);
    expectLocked(
      await t.post('/api/auth/login', { email: owner.email, password: owner.password }, { ip: travelIp }),
    );
    expect(await knownAddress(owner.id, travelIp)).toBeUndefined();

    const asked = await t.post('/api/auth/signin-link', { email: owner.email }, { ip: travelIp });
    expect(asked.status).toBe(200);
    const mail = await t.smtp.waitForMail(owner.email, (m) => m.subject === 'Your Glowfind sign-in link');
    const token = new URL(firstLink(mail)).searchParams.get('signin_token')!;
    const res = await t.post('/api/auth/signin-link/verify', { token }, { ip: travelIp });
    expect(res.status, res.text).toBe(200);
    expect(res.body.session.user.email).toBe(owner.email);
    expect((await t.get('/api/auth/verify', { token: res.body.session.access_token })).status).toBe(200);
    expect(await knownAddress(owner.id, travelIp)).toBeDefined();

    // The completed link cleared the account's login lock: a wrong password is an honest 401 again
    // from anywhere, the password works from this address and another, and guessing starts a new count.
    const guess = await t.post(
      '/api/auth/login',
      { email: owner.email, password: WRONG },
      { ip: strangerIp() },
    );
    expect(guess.status).toBe(401);
    expect(guess.body.error).toBe('INVALID_CREDENTIALS');
    for (const ip of [travelIp, strangerIp()]) {
      const login = await t.post('/api/auth/login', { email: owner.email, password: owner.password }, { ip });
      expect(login.status, login.text).toBe(200);
    }
    // Three attempts since the link (the guess and the two logins), then the rest of a new allowance.
    for (let i = 3; i < MAX; i++) {
      const res = await t.post(
        '/api/auth/login',
        { email: owner.email, password: WRONG },
        { ip: strangerIp() },
      );
      expect(res.status).toBe(401);
    }
    expectLocked(
      await t.post('/api/auth/login', { email: owner.email, password: WRONG }, { ip: strangerIp() }),
    );
  });

  it('an unknown address locks and answers like a known one (no enumeration through the lock)', async () => {
    const email = 'nobody-here@example.test';
    for (let i = 0; i < MAX; i++) {
      expect((await t.post('/api/auth/login', { email, password: WRONG }, { ip: strangerIp() })).status).toBe(
        401,
      );
    }
    const res = await t.post('/api/auth/login', { email, password: WRONG }, { ip: strangerIp() });
    expectLocked(res);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'success']);
  });
});
