import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_RECIPIENT_CAPS } from '#server/mail/outbox.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { expectRateLimited } from '#server/test/expectations.ts';
import {
  countOutbox,
  countUsers,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  uniqueEmail,
} from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
});
afterAll(() => t?.close());

let ipSequence = 0;
/** A client address nobody else in this file uses (documentation range 198.18.0.0/15). */
const freshIp = () => {
  ipSequence += 1;
  return `198.18.${Math.floor(ipSequence / 250)}.${(ipSequence % 250) + 1}`;
};

describe('login', () => {
  it(`locks one account after ${RATE_LIMITS.loginPerAccount.max} attempts, whatever the client address`, async () => {
    const { email, password } = await createVerifiedUser(t);
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.max; i++) {
      const res = await t.post(
        '/api/auth/login',
        { email, password: 'Wrong-Password-123' },
        { ip: freshIp() },
      );
      expect(res.status).toBe(401);
    }
    const limited = await t.post(
      '/api/auth/login',
      { email, password: 'Wrong-Password-123' },
      { ip: freshIp() },
    );
    expectRateLimited(limited, 15 * 60);
    // The right password does not get through either, and the email's case does not matter.
    const right = await t.post(
      '/api/auth/login',
      { email: email.toUpperCase(), password },
      { ip: freshIp() },
    );
    expectRateLimited(right, 15 * 60);

    // Another account is not affected.
    const other = await createVerifiedUser(t);
    const ok = await t.post(
      '/api/auth/login',
      { email: other.email, password: other.password },
      { ip: freshIp() },
    );
    expect(ok.status).toBe(200);
  });

  it(`limits one address to ${RATE_LIMITS.login.max} login requests`, async () => {
    const ip = freshIp();
    // Invalid bodies are enough: the per-address limit counts every request.
    for (let i = 0; i < RATE_LIMITS.login.max; i++) {
      const res = await t.post('/api/auth/login', { email: 'x' }, { ip });
      expect(res.status).toBe(400);
    }
    expectRateLimited(await t.post('/api/auth/login', { email: 'x' }, { ip }), 15 * 60);
    const elsewhere = await t.post('/api/auth/login', { email: 'x' }, { ip: freshIp() });
    expect(elsewhere.status).toBe(400);
  });
});

describe('signup', () => {
  it(`allows ${RATE_LIMITS.signup.max} signups an hour from one address, then 429 and nothing stored`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.signup.max; i++) {
      const res = await t.post(
        '/api/auth/signup',
        { email: uniqueEmail('burst'), password: DEFAULT_PASSWORD },
        { ip },
      );
      expect(res.status).toBe(200);
    }
    const usersBefore = await countUsers(t.db);
    const mailBefore = await countOutbox(t.db);
    const email = uniqueEmail('one-too-many');
    const limited = await t.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD }, { ip });
    expectRateLimited(limited, 60 * 60);
    expect(await countUsers(t.db)).toBe(usersBefore);
    expect(await countOutbox(t.db)).toBe(mailBefore);

    const elsewhere = await t.post(
      '/api/auth/signup',
      { email, password: DEFAULT_PASSWORD },
      { ip: freshIp() },
    );
    expect(elsewhere.status).toBe(200);
    expect(await countUsers(t.db)).toBe(usersBefore + 1);
  });
});

describe('forgot-password', () => {
  it(`asks at most ${RATE_LIMITS.perEmailMail.max} times an hour for one address from one client address; the mail cap bounds the mailbox across addresses`, async () => {
    const { email } = await createVerifiedUser(t);
    const before = await countOutbox(t.db, email);
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.perEmailMail.max; i++) {
      const res = await t.post('/api/auth/forgot-password', { email }, { ip });
      expect(res.status).toBe(200);
    }
    const limited = await t.post('/api/auth/forgot-password', { email }, { ip });
    expectRateLimited(limited, 60 * 60);
    await t.app.ctx.settle(); // the mails are queued after the answers
    expect(await countOutbox(t.db, email)).toBe(before + RATE_LIMITS.perEmailMail.max);

    // Other client addresses have their own allowance, and the answers stay the same; what reaches
    // the mailbox stops at its cap (the verification email counted too).
    for (let i = 0; i < 4; i++) {
      const res = await t.post('/api/auth/forgot-password', { email }, { ip: freshIp() });
      expect(res.status).toBe(200);
    }
    await t.app.ctx.settle();
    expect(await countOutbox(t.db, email)).toBe(MAIL_RECIPIENT_CAPS.typed.perHour);
  });
});
