import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, loginAddresses, mailOutbox } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { MAIL_RECIPIENT_CAPS } from '#server/mail/outbox.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { captureLog, MINUTE, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import { createUnverifiedUser, findUserRow } from '#server/test/factories.ts';
import { RedisServer } from '#server/test/redis-server.ts';
import { refreshTokenOf } from '#server/test/session-cookie.ts';
import { firstLink, type ReceivedMail, type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';
import { type TwoProcesses, twoProcesses } from '#server/test/two-processes.ts';

/**
 * Account recovery cannot be blocked. The attack: ten wrong passwords for the owner's email, then
 * three 'Forgot password' and three sign-in-link requests for it, each from another address. The
 * per-account login lock held the password for 15 minutes, and the per-email limits of the two
 * recovery routes, keyed by the email alone, answered the owner's own requests 429 for an hour from
 * any new address; each later request also voided the link mailed before it. Now the per-email
 * limits count each requesting address apart (the mailbox's cap bounds what the owner receives), a
 * later request never voids a link already mailed, an address or browser that has logged in to the
 * account gets one link past the cap, and a completed reset or sign-in link clears the login lock.
 * Run with one process (the limits in memory) and with two processes sharing Redis, as production
 * runs several.
 */

const MAX_LOGINS = RATE_LIMITS.loginPerAccount.max;
const PER_EMAIL = RATE_LIMITS.perEmailMail.max;
const { perHour } = MAIL_RECIPIENT_CAPS.typed;
const WRONG = 'Not-The-Password-404';
const NEW_PASSWORD = 'Owner-Takes-It-Back-731';
const RESET_SUBJECT = 'Reset your Glowfind password';
const SIGNIN_SUBJECT = 'Your Glowfind sign-in link';

let smtp: SmtpSink;
const log = captureLog();
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.stop());

let sequence = 0;
/** A client address nobody else in this file uses (TEST-NET-3). */
const freshIp = () => {
  sequence += 1;
  return `203.0.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
};

/** The tokens of the `count` mails of this subject in the mailbox, oldest first (waits for them all). */
async function mailbox(email: string, subject: string, param: string, count: number) {
  const mails = () => smtp.mailsTo(email).filter((m: ReceivedMail) => m.subject === subject);
  await expect.poll(() => mails().length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(count);
  expect(mails().map((m) => `${m.receivedAt.toISOString()} ${firstLink(m)}`)).toHaveLength(count);
  return mails().map((m) => new URL(firstLink(m)).searchParams.get(param)!);
}

/** The setups the attack is replayed on: the limits in one process's memory, or in Redis for two. */
const setups = [
  { name: 'one process', redis: false },
  { name: 'two processes sharing Redis', redis: true },
] as const;

describe.each(setups)('recovery after the blocking attack ($name)', ({ redis: withRedis }) => {
  let redis: RedisServer | undefined;
  let pair: TwoProcesses;
  /** Requests go to the two processes in turn (one process: the same app twice). */
  let apps: TestApp[];
  let turn = 0;
  const next = () => apps[turn++ % apps.length]!;

  beforeAll(async () => {
    // Redis commands may take 10 s, not 500 ms: on a busy CI host a late command would open its limit
    // (fail open) and the counts below would depend on the host's speed.
    redis = withRedis ? await RedisServer.start() : undefined;
    pair = await twoProcesses({
      rateLimit: true,
      smtp,
      log,
      ...(redis ? { env: { REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '10000' } } : {}),
    });
    apps = withRedis ? [pair.a, pair.b] : [pair.a];
  });
  afterAll(async () => {
    await pair?.close();
    await redis?.stop();
  });

  const db = () => pair.a.db;
  const settle = async () => {
    await pair.a.app.ctx.settle();
    await pair.b.app.ctx.settle();
  };
  const post = (url: string, body: unknown, ip: string) => next().post(url, body, { ip });

  /** A verified account whose owner confirmed the email (and so logged in) from `ip`. */
  async function ownerAt(ip: string) {
    const { email, password, token } = await createUnverifiedUser(pair.a);
    const res = await post('/api/auth/verify-email', { temp_token: token, type: 'email' }, ip);
    expect(res.status, res.text).toBe(200);
    const row = await findUserRow(db(), email);
    return { email, password, id: row!.id, refreshToken: refreshTokenOf(res) };
  }

  /** The attack as filed, every request from another address; the answers are what anyone gets. */
  async function attack(email: string) {
    for (let i = 0; i < MAX_LOGINS; i++) {
      const res = await post('/api/auth/login', { email, password: WRONG }, freshIp());
      expect([401, 429]).toContain(res.status);
    }
    for (const route of ['/api/auth/forgot-password', '/api/auth/signin-link']) {
      for (let i = 0; i < 3; i++) {
        expect((await post(route, { email }, freshIp())).status).toBe(200);
        // Each request's mail is decided after its answer: one at a time, so the order is the requests'.
        await settle();
      }
    }
  }

  const typedMail = (email: string) =>
    db()
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, email), inArray(mailOutbox.kind, [...MAIL_RECIPIENT_CAPS.typed.kinds])),
      )
      .orderBy(mailOutbox.id);
  const liveTokens = (userId: string, purpose: 'reset' | 'signin') =>
    db()
      .select()
      .from(emailTokens)
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );

  function expectLocked(res: TestResponse) {
    expectRateLimited(res, 15 * 60);
    expect(res.body.session).toBeUndefined();
  }

  it('the owner, from a new address, is not refused, and the first link in their mailbox signs them in', async () => {
    const owner = await ownerAt(freshIp());
    await attack(owner.email);

    // The lock holds the password for everyone at a new address, the owner too…
    const ownerIp = freshIp();
    expectLocked(await post('/api/auth/login', { email: owner.email, password: owner.password }, ownerIp));
    // …but neither recovery route refuses them any more (it answered 429 for an hour).
    expect((await post('/api/auth/signin-link', { email: owner.email }, ownerIp)).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: owner.email }, ownerIp)).status).toBe(200);
    await settle();

    // The mailbox got no more than its cap: the verification email, then the attacker's requests
    // until the cap (three reset links, one sign-in link); the rest, the owner's two included, were
    // dropped, and no link was stored for them.
    expect((await typedMail(owner.email)).map((m) => m.kind)).toEqual([
      'verify-email',
      'reset-password',
      'reset-password',
      'reset-password',
      'signin-link',
    ]);
    expect(perHour).toBe(5);
    expect(await liveTokens(owner.id, 'reset')).toHaveLength(3);
    expect(await liveTokens(owner.id, 'signin')).toHaveLength(1);

    // The attack again, from yet other addresses: it voids nothing already mailed.
    await attack(owner.email);
    expect(await typedMail(owner.email)).toHaveLength(perHour);
    const [signinToken] = await mailbox(owner.email, SIGNIN_SUBJECT, 'signin_token', 1);
    const signedIn = await post('/api/auth/signin-link/verify', { token: signinToken }, ownerIp);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.session.user.email).toBe(owner.email);
    const me = await next().get('/api/auth/verify', { token: signedIn.body.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(owner.email);

    // The link cleared the login lock: the password works again from an address never seen, on
    // either process, and a wrong one is an honest 401.
    const elsewhere = await post(
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      freshIp(),
    );
    expect(elsewhere.status, elsewhere.text).toBe(200);
    const wrong = await post('/api/auth/login', { email: owner.email, password: WRONG }, freshIp());
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('INVALID_CREDENTIALS');
    // The new address is the owner's now.
    const known = await db()
      .select()
      .from(loginAddresses)
      .where(
        and(
          eq(loginAddresses.userId, owner.id),
          eq(loginAddresses.ipHash, addressHash(pair.a.app.ctx.secret, ownerIp)),
        ),
      );
    expect(known).toHaveLength(1);
    if (redis) {
      const client = redis.client();
      try {
        await client.connect();
        expect(await client.keys(`*login-recoveries:${owner.email}`)).toHaveLength(1);
      } finally {
        client.disconnect();
      }
    }
  });

  it('the first reset link in the mailbox still works after the later requests, and the new password logs in from a new address', async () => {
    const owner = await ownerAt(freshIp());
    await attack(owner.email);
    await attack(owner.email);
    const ownerIp = freshIp();
    expectLocked(await post('/api/auth/login', { email: owner.email, password: owner.password }, ownerIp));

    const [first, ...later] = await mailbox(owner.email, RESET_SUBJECT, 'token', 3);
    expect(later).toHaveLength(2);
    const reset = await post('/api/auth/reset-password', { token: first, password: NEW_PASSWORD }, ownerIp);
    expect(reset.status, reset.text).toBe(200);

    // The reset cleared the lock: the new password signs the owner in from this new address.
    const login = await post('/api/auth/login', { email: owner.email, password: NEW_PASSWORD }, ownerIp);
    expect(login.status, login.text).toBe(200);
    expect((await next().get('/api/auth/verify', { token: login.body.session.access_token })).status).toBe(
      200,
    );
    // Every other link in the mailbox went with the old password.
    expect(await liveTokens(owner.id, 'reset')).toHaveLength(0);
    expect(await liveTokens(owner.id, 'signin')).toHaveLength(0);
    for (const token of later)
      expect((await post('/api/auth/reset-password', { token, password: WRONG }, freshIp())).body.error).toBe(
        'INVALID_TOKEN',
      );
    // Guessing starts a new count from the reset: with the owner's login, ten attempts lock the
    // account again.
    for (let i = 1; i < MAX_LOGINS; i++)
      expect((await post('/api/auth/login', { email: owner.email, password: WRONG }, freshIp())).status).toBe(
        401,
      );
    expectLocked(await post('/api/auth/login', { email: owner.email, password: WRONG }, freshIp()));
  });

  it(`one requesting address still gets ${PER_EMAIL} requests an hour for one email, then 429 and nothing mailed`, async () => {
    const owner = await ownerAt(freshIp());
    const ip = freshIp();
    for (let i = 0; i < PER_EMAIL; i++)
      expect((await post('/api/auth/signin-link', { email: owner.email }, ip)).status).toBe(200);
    await settle();
    const before = await typedMail(owner.email);
    expectRateLimited(await post('/api/auth/signin-link', { email: owner.email }, ip), 60 * 60);
    await settle();
    expect(await typedMail(owner.email)).toHaveLength(before.length);
  });
});

describe.each(setups)(
  'an address or browser that has logged in gets one link past the cap ($name)',
  ({ redis: withRedis }) => {
    let redis: RedisServer | undefined;
    let pair: TwoProcesses;
    let apps: TestApp[];
    let turn = 0;
    const next = () => apps[turn++ % apps.length]!;

    beforeAll(async () => {
      redis = withRedis ? await RedisServer.start() : undefined;
      pair = await twoProcesses({
        rateLimit: true,
        smtp,
        log,
        ...(redis ? { env: { REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '10000' } } : {}),
      });
      apps = withRedis ? [pair.a, pair.b] : [pair.a];
    });
    afterAll(async () => {
      await pair?.close();
      await redis?.stop();
    });

    const settle = async () => {
      await pair.a.app.ctx.settle();
      await pair.b.app.ctx.settle();
    };
    const signinMails = (email: string) =>
      pair.a.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'signin-link')));
    const cookieOf = (refreshToken: string) => ({ cookie: `glowfind_refresh=${refreshToken}` });
    /** Resolves once every email queued for `email` has been sent. */
    const sent = (email: string) =>
      expect
        .poll(
          () =>
            pair.a.db.$count(
              mailOutbox,
              and(eq(mailOutbox.toAddress, email), eq(mailOutbox.status, 'pending')),
            ),
          { timeout: 10_000, interval: 50 },
        )
        .toBe(0);

    it('the cap full and every mailed link expired: a stranger gets nothing; the known address and the known browser one link each', async () => {
      const homeIp = freshIp();
      const { email, token } = await createUnverifiedUser(pair.a);
      const verified = await next().post(
        '/api/auth/verify-email',
        { temp_token: token, type: 'email' },
        { ip: homeIp },
      );
      expect(verified.status).toBe(200);
      const browserCookie = refreshTokenOf(verified);

      // A stranger fills the mailbox's hour: the verification email and four sign-in links.
      for (let i = 0; i < perHour; i++)
        expect((await next().post('/api/auth/signin-link', { email }, { ip: freshIp() })).status).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour - 1);
      // Sent before the clock moves: a mail in flight would outlive its worker's lease and go twice.
      await sent(email);
      // Sixteen minutes on, every sign-in link has expired; the hour's cap still holds.
      pair.a.clock.advance(16 * MINUTE);
      pair.b.clock.advance(16 * MINUTE);

      // A new address without the browser's cookie: nothing mailed (it may be anyone).
      expect((await next().post('/api/auth/signin-link', { email }, { ip: freshIp() })).status).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour - 1);

      // The address the owner logged in from: one link, past the cap, logged as such.
      const passedBefore = log
        .entries()
        .filter((e) => e.security === 'mail-recipient-cap-passed-by-owner').length;
      expect((await next().post('/api/auth/signin-link', { email }, { ip: homeIp })).status).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour);
      // One, not more: while that link is live, asking again mails nothing.
      expect((await next().post('/api/auth/signin-link', { email }, { ip: homeIp })).status).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour);
      expect(log.entries().filter((e) => e.security === 'mail-recipient-cap-passed-by-owner').length).toBe(
        passedBefore + 1,
      );

      // It is the one live link in the mailbox, and signs the owner in.
      const tokens = await mailbox(email, SIGNIN_SUBJECT, 'signin_token', perHour);
      const live = await pair.a.db
        .select({ tokenHash: emailTokens.tokenHash })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.purpose, 'signin'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, pair.a.clock.now()),
          ),
        );
      const homeTokens = tokens.filter((candidate) =>
        live.some((row) => row.tokenHash === hashToken(candidate)),
      );
      expect(homeTokens).toHaveLength(1);
      const fromHome = await next().post(
        '/api/auth/signin-link/verify',
        { token: homeTokens[0] },
        { ip: homeIp },
      );
      expect(fromHome.status, fromHome.text).toBe(200);
      expect(fromHome.body.session.user.email).toBe(email);

      // The owner's browser on a new network (its cookie, a new address): one link as well.
      const travelIp = freshIp();
      expect(
        (
          await next().post(
            '/api/auth/signin-link',
            { email },
            { ip: travelIp, headers: cookieOf(browserCookie) },
          )
        ).status,
      ).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour + 1);
      // Someone else's cookie is no pass: another account's browser asking for this email gets nothing.
      await sent(email);
      pair.a.clock.advance(16 * MINUTE);
      pair.b.clock.advance(16 * MINUTE);
      const other = await createUnverifiedUser(pair.a);
      const otherVerified = await next().post(
        '/api/auth/verify-email',
        { temp_token: other.token, type: 'email' },
        {
          ip: freshIp(),
        },
      );
      expect(
        (
          await next().post(
            '/api/auth/signin-link',
            { email },
            { ip: freshIp(), headers: cookieOf(refreshTokenOf(otherVerified)) },
          )
        ).status,
      ).toBe(200);
      await settle();
      expect(await signinMails(email)).toHaveLength(perHour + 1);
    });
  },
);
