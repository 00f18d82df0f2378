import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { EMAIL_CHANGE_TEXTS, FORGOT_PASSWORD_PATH, maskEmail } from '#domain/email-change.ts';
import { emailTokens, mailOutbox, passkeys, refreshTokens, users } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { MAIL_RECIPIENT_CAPS } from '#server/mail/outbox.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import {
  buildTestApp,
  captureLog,
  DAY,
  HOUR,
  MINUTE,
  type RequestOptions,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedUser,
  findUserRow,
  loginAs,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { firstLink, type ReceivedMail } from '#server/test/smtp-sink.ts';

/**
 * Changing the sign-in email: POST /api/account/email mails a link to the new address (or, for an
 * address another account holds, a notice to its owner, with the same answer); following it
 * (POST /api/account/email/confirm) makes the change and mails the old address a 7-day undo link
 * (POST /api/account/email/undo), which puts the old address back and signs out every device.
 */

const CONFIRM_SUBJECT = 'Confirm your new Glowfind email';
const CHANGED_SUBJECT = 'Your Glowfind sign-in email was changed';
const IN_USE_SUBJECT = 'Your Glowfind address is already in use';

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ log });
});
afterAll(() => t?.close());

/** A verified person signed in with their password (not a fresh proof: the password is asked). */
async function personWithPasswordLogin(prefix = 'changer') {
  const person = await createVerifiedUser(t, { email: uniqueEmail(prefix) });
  const auth: RequestOptions = { token: (await loginAs(t, person.email, person.password)).access_token };
  return { ...person, auth };
}

const requestChange = (auth: RequestOptions, body: Record<string, unknown>) =>
  t.post('/api/account/email', body, auth);

/** Reads the link of the next confirmation email to `address`. */
async function readConfirmLink(address: string) {
  const mail = await t.smtp.waitForMail(address, (m) => m.subject === CONFIRM_SUBJECT);
  const link = new URL(firstLink(mail));
  return { mail, link, token: link.searchParams.get('token') ?? '' };
}

/** Reads the undo link of the next 'email changed' notice to `address`. */
async function readUndoLink(address: string) {
  const mail = await t.smtp.waitForMail(address, (m) => m.subject === CHANGED_SUBJECT);
  const link = new URL(firstLink(mail));
  return { mail, link, token: link.searchParams.get('token') ?? '' };
}

/** Asks for a change with the password and confirms it from the email; returns the undo link's token. */
async function changeAndConfirm(person: VerifiedUser & { auth: RequestOptions }, newEmail: string) {
  const res = await requestChange(person.auth, { new_email: newEmail, current_password: person.password });
  expect(res.status, res.text).toBe(200);
  const { token } = await readConfirmLink(newEmail);
  const confirmed = await t.post('/api/account/email/confirm', { token });
  expect(confirmed.status, confirmed.text).toBe(200);
  return (await readUndoLink(person.email)).token;
}

const tokensOf = (userId: string, purpose: 'change-email' | 'undo-email-change' | 'reset' | 'signin') =>
  t.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));

const outboxTo = (address: string, kinds: string[]) =>
  t.db
    .select({ kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), inArray(mailOutbox.kind, kinds)));

const emailOf = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

const securityEvents = (event: string, userId: string) =>
  log.entries().filter((e) => e.security === event && e.userId === userId);

const invalidConfirm = { success: false, error: 'INVALID_TOKEN', message: EMAIL_CHANGE_TEXTS.confirmFailed };
const invalidUndo = { success: false, error: 'INVALID_TOKEN', message: EMAIL_CHANGE_TEXTS.undoFailed };

describe('POST /api/account/email → confirm → undo', () => {
  it('changes the sign-in email only once the link is followed, and tells the old address', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('nadia');

    const res = await requestChange(person.auth, {
      new_email: `  ${newEmail.toUpperCase()} `,
      current_password: person.password,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: EMAIL_CHANGE_TEXTS.sent(newEmail) });

    // Waiting: the page says so, and the old address still signs in, the new one not yet.
    const pending = await t.get('/api/account/email', person.auth);
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ success: true, email: person.email, pending_email: newEmail });
    const lifetime = new Date(pending.body.expires_at).getTime() - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(24 * HOUR - MINUTE);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR);
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect((await t.post('/api/auth/login', { email: newEmail, password: person.password })).status).toBe(
      401,
    );
    expect((await t.post('/api/auth/login', { email: person.email, password: person.password })).status).toBe(
      200,
    );

    const { mail, link, token } = await readConfirmLink(newEmail);
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/email-change`);
    expect([...link.searchParams.keys()]).toEqual(['token']);
    expect(mail.text).toContain('expires in 24 hours');
    const [stored] = await tokensOf(person.user.id, 'change-email');
    expect(stored).toMatchObject({ email: newEmail, tokenHash: hashToken(token), usedAt: null });
    // Nothing went to the old address yet.
    expect(t.smtp.mailsTo(person.email).filter((m) => m.subject === CHANGED_SUBJECT)).toEqual([]);

    // A reset link asked for before the change stops working with it.
    await t.post('/api/auth/forgot-password', { email: person.email });
    await t.app.ctx.settle();
    expect((await tokensOf(person.user.id, 'reset')).filter((r) => !r.usedAt)).toHaveLength(1);

    const confirmed = await t.post('/api/account/email/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ success: true, message: EMAIL_CHANGE_TEXTS.confirmed(newEmail) });

    const row = await findUserRow(t.db, newEmail);
    expect(row).toMatchObject({ id: person.user.id, email: newEmail });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await tokensOf(person.user.id, 'change-email'))[0]!.usedAt).toBeInstanceOf(Date);
    expect((await tokensOf(person.user.id, 'reset')).filter((r) => !r.usedAt)).toEqual([]);
    expect(securityEvents('email-changed', person.user.id)).toHaveLength(1);

    const newLogin = await t.post('/api/auth/login', { email: newEmail, password: person.password });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.user).toMatchObject({ id: person.user.id, email: newEmail });
    const oldLogin = await t.post('/api/auth/login', { email: person.email, password: person.password });
    expect(oldLogin.status).toBe(401);
    expect(oldLogin.body.error).toBe('INVALID_CREDENTIALS');

    // The old address's notice: the new address masked, and the 7-day undo link.
    const notice = await readUndoLink(person.email);
    expect(notice.mail.text).toContain(`was changed to ${maskEmail(newEmail)}`);
    expect(notice.mail.text).not.toContain(newEmail);
    expect(notice.mail.text).toContain('within 7 days');
    expect(`${notice.link.origin}${notice.link.pathname}`).toBe(`${TEST_PUBLIC_URL}/email-change`);
    expect(notice.link.searchParams.get('undo')).toBe('1');
    const [undo] = await tokensOf(person.user.id, 'undo-email-change');
    expect(undo).toMatchObject({ email: person.email, tokenHash: hashToken(notice.token), usedAt: null });
    const undoLifetime = undo!.expiresAt.getTime() - t.clock.now().getTime();
    expect(undoLifetime).toBeGreaterThan(7 * DAY - MINUTE);
    expect(undoLifetime).toBeLessThanOrEqual(7 * DAY);

    const after = await t.get('/api/account/email', person.auth);
    expect(after.body).toEqual({ success: true, email: newEmail, pending_email: null, expires_at: null });

    const again = await t.post('/api/account/email/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidConfirm);
  });

  it('undo puts the old address back, ends every session and retires every change link', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('attacker');
    const undoToken = await changeAndConfirm(person, newEmail);
    // A second login of the account, a passkey added by whoever changed the address, and a further
    // change waiting for its link.
    const other = { token: (await loginAs(t, newEmail, person.password)).access_token };
    await t.db.insert(passkeys).values({
      id: 'YXR0YWNrZXJzLXBhc3NrZXk',
      userId: person.user.id,
      publicKey: new Uint8Array([1, 2, 3]),
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Not mine',
    });
    const later = uniqueEmail('later');
    expect((await requestChange(other, { new_email: later, current_password: person.password })).status).toBe(
      200,
    );
    const laterLink = await readConfirmLink(later);

    const res = await t.post('/api/account/email/undo', { token: undoToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: EMAIL_CHANGE_TEXTS.undone,
      reset_password_url: FORGOT_PASSWORD_PATH,
    });
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect(securityEvents('email-change-undone', person.user.id)).toHaveLength(1);
    expect(await t.db.$count(passkeys, eq(passkeys.userId, person.user.id))).toBe(0);

    // Every session ended: the access tokens are refused and no refresh token is live.
    for (const auth of [person.auth, other, { token: person.session.access_token }])
      expect((await t.get('/api/account/email', auth)).status).toBe(401);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, person.user.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    // Every link of the account is retired: the pending change cannot be confirmed.
    for (const purpose of ['change-email', 'undo-email-change'] as const)
      expect((await tokensOf(person.user.id, purpose)).filter((r) => !r.usedAt)).toEqual([]);
    const late = await t.post('/api/account/email/confirm', { token: laterLink.token });
    expect(late.body).toEqual(invalidConfirm);
    expect(await emailOf(person.user.id)).toBe(person.email);

    expect((await t.post('/api/auth/login', { email: person.email, password: person.password })).status).toBe(
      200,
    );
    expect((await t.post('/api/auth/login', { email: newEmail, password: person.password })).status).toBe(
      401,
    );
    const twice = await t.post('/api/account/email/undo', { token: undoToken });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual(invalidUndo);
  });

  it('a confirmed change keeps an undo link of the earlier change working (an attacker cannot bury it)', async () => {
    const person = await personWithPasswordLogin();
    const second = uniqueEmail('second');
    const firstUndo = await changeAndConfirm(person, second);
    const secondAuth = { token: (await loginAs(t, second, person.password)).access_token };
    const third = uniqueEmail('third');
    await changeAndConfirm({ ...person, email: second, auth: secondAuth }, third);
    expect(await emailOf(person.user.id)).toBe(third);

    expect((await t.post('/api/account/email/undo', { token: firstUndo })).status).toBe(200);
    expect(await emailOf(person.user.id)).toBe(person.email);
  });
});

describe('links that cannot be used change nothing', () => {
  it.each([
    ['/api/account/email/confirm', invalidConfirm],
    ['/api/account/email/undo', invalidUndo],
  ])('%s: an unknown token → 400 INVALID_TOKEN; no token → 400 VALIDATION_ERROR', async (path, invalid) => {
    const unknown = await t.post(path, { token: 'Hq7Lm2Xv9Pc4Rt6Ws1Yz8Kb3Hq7Lm2Xv9Pc4Rt6Ws1Yz' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(invalid);
    for (const body of [{}, { token: '  ' }, { token: 'x'.repeat(201) }]) {
      const bad = await t.post(path, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_ERROR');
    }
  });

  it('a confirmation link after 24 hours → 400; the email stays and the link stays unused', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('slow');
    await requestChange(person.auth, { new_email: newEmail, current_password: person.password });
    const { token } = await readConfirmLink(newEmail);
    t.clock.advance(24 * HOUR + MINUTE);
    const res = await t.post('/api/account/email/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidConfirm);
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect((await tokensOf(person.user.id, 'change-email'))[0]!.usedAt).toBeNull();
    expect(await outboxTo(person.email, ['email-changed'])).toEqual([]);
  });

  it('a newer request retires the older link', async () => {
    const person = await personWithPasswordLogin();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(person.auth, { new_email: first, current_password: person.password });
    await requestChange(person.auth, { new_email: second, current_password: person.password });
    const older = await readConfirmLink(first);
    const newer = await readConfirmLink(second);
    expect((await t.post('/api/account/email/confirm', { token: older.token })).body).toEqual(invalidConfirm);
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect((await t.post('/api/account/email/confirm', { token: newer.token })).status).toBe(200);
    expect(await emailOf(person.user.id)).toBe(second);
  });

  it('an undo link after 7 days → 400: the new email stays and the sessions live on', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('kept');
    const undoToken = await changeAndConfirm(person, newEmail);
    t.clock.advance(7 * DAY + MINUTE);
    const res = await t.post('/api/account/email/undo', { token: undoToken });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidUndo);
    expect(await emailOf(person.user.id)).toBe(newEmail);
    expect((await tokensOf(person.user.id, 'undo-email-change'))[0]!.usedAt).toBeNull();
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, person.user.id), isNull(refreshTokens.revokedAt)));
    expect(live.length).toBeGreaterThan(0);
  });

  it('an address another account verified meanwhile → the confirmation is refused; nothing changes', async () => {
    const person = await personWithPasswordLogin();
    const contested = uniqueEmail('contested');
    await requestChange(person.auth, { new_email: contested, current_password: person.password });
    const { token } = await readConfirmLink(contested);
    const rival = await createVerifiedUser(t, { email: contested });

    const res = await t.post('/api/account/email/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidConfirm);
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect(await emailOf(rival.user.id)).toBe(contested);
    expect((await tokensOf(person.user.id, 'change-email'))[0]!.usedAt).toBeNull();
    expect(await tokensOf(person.user.id, 'undo-email-change')).toEqual([]);
  });

  it('an unverified sign-up holding the address owns nothing: following the link takes the address', async () => {
    const person = await personWithPasswordLogin();
    const squatted = uniqueEmail('squatted');
    await requestChange(person.auth, { new_email: squatted, current_password: person.password });
    const { token } = await readConfirmLink(squatted);
    await createUnverifiedUser(t, { email: squatted });
    const squatter = await findUserRow(t.db, squatted);

    expect((await t.post('/api/account/email/confirm', { token })).status).toBe(200);
    expect(await emailOf(person.user.id)).toBe(squatted);
    expect(await emailOf(squatter!.id)).toBeUndefined();
  });

  it('undo when another account verified the old address meanwhile → 409; nothing changes', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('moved');
    const undoToken = await changeAndConfirm(person, newEmail);
    await createVerifiedUser(t, { email: person.email });

    const res = await t.post('/api/account/email/undo', { token: undoToken });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: 'CONFLICT',
      message: EMAIL_CHANGE_TEXTS.undoAddressTaken,
    });
    expect(await emailOf(person.user.id)).toBe(newEmail);
    expect((await tokensOf(person.user.id, 'undo-email-change'))[0]!.usedAt).toBeNull();
    expect((await t.get('/api/account/email', person.auth)).status).toBe(200);
  });
});

describe('who may ask, and how', () => {
  it('a wrong or missing current password changes nothing and mails nobody', async () => {
    const person = await personWithPasswordLogin();
    const newEmail = uniqueEmail('never');
    const cases: [Record<string, unknown>, string][] = [
      [{ new_email: newEmail, current_password: 'Not-The-Password-77' }, SECURITY_TEXTS.currentPasswordWrong],
      [{ new_email: newEmail }, SECURITY_TEXTS.currentPasswordRequired],
    ];
    for (const [body, message] of cases) {
      const res = await requestChange(person.auth, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message });
      expect(res.body.issues).toEqual([{ path: 'current_password', message }]);
    }
    expect(await tokensOf(person.user.id, 'change-email')).toEqual([]);
    expect(await outboxTo(newEmail, ['change-email'])).toEqual([]);
    expect(await emailOf(person.user.id)).toBe(person.email);
    expect((await t.get('/api/account/email', person.auth)).body.pending_email).toBeNull();
  });

  it.each([
    [{ current_password: 'x' }, 'new_email', 'Email is required'],
    [{ new_email: 'not-an-email' }, 'new_email', 'Please enter a valid email'],
    [{ new_email: `${'a'.repeat(250)}@example.test` }, 'new_email', 'Please enter a valid email'],
    [{ new_email: 'ok@example.test', current_password: 'p'.repeat(129) }, 'current_password', undefined],
  ])('bad input %j → 400 on %s; nothing stored', async (body, path, message) => {
    const person = await personWithPasswordLogin();
    const res = await requestChange(person.auth, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.issues[0].path).toBe(path);
    if (message) expect(res.body.message).toBe(message);
    expect(await tokensOf(person.user.id, 'change-email')).toEqual([]);
  });

  it('the email it already has → a field error, whatever its case', async () => {
    const person = await personWithPasswordLogin();
    const res = await requestChange(person.auth, {
      new_email: person.email.toUpperCase(),
      current_password: person.password,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'new_email', message: EMAIL_CHANGE_TEXTS.sameEmail }]);
    expect(await tokensOf(person.user.id, 'change-email')).toEqual([]);
  });

  it('signed out → 401 on the signed-in routes', async () => {
    expect((await t.get('/api/account/email')).status).toBe(401);
    const res = await t.post('/api/account/email', { new_email: uniqueEmail(), current_password: 'x' });
    expect(res.status).toBe(401);
  });

  it('right after an emailed sign-in link, no password is needed; ten minutes later it is', async () => {
    const person = await createVerifiedUser(t, { email: uniqueEmail('linked') });
    await t.post('/api/auth/signin-link', { email: person.email });
    const mail = await t.smtp.waitForMail(person.email, (m) => m.subject === 'Your Glowfind sign-in link');
    const signinToken = new URL(firstLink(mail)).searchParams.get('signin_token');
    const session = await t.post('/api/auth/signin-link/verify', { token: signinToken });
    expect(session.body.message).toBe(AUTH_TEXTS.signedIn);
    const auth = { token: session.body.session.access_token };

    const newEmail = uniqueEmail('linked-new');
    const res = await requestChange(auth, { new_email: newEmail });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(EMAIL_CHANGE_TEXTS.sent(newEmail));
    await readConfirmLink(newEmail);

    t.clock.advance(10 * MINUTE + 1000);
    const later = await requestChange(auth, { new_email: uniqueEmail('linked-later') });
    expect(later.status).toBe(400);
    expect(later.body.issues).toEqual([
      { path: 'current_password', message: SECURITY_TEXTS.currentPasswordRequired },
    ]);
  });
});

describe('no enumeration, and no flooding a mailbox', () => {
  it('an address in use gets the same answer; its owner is told, the requester gets no link', async () => {
    const owner = await createVerifiedUser(t, { email: uniqueEmail('owner') });
    const requester = await personWithPasswordLogin('prober');
    const free = uniqueEmail('free');

    const takenRes = await requestChange(requester.auth, {
      new_email: owner.email.toUpperCase(),
      current_password: requester.password,
    });
    const takenPending = (await t.get('/api/account/email', requester.auth)).body;
    const freeRes = await requestChange(requester.auth, {
      new_email: free,
      current_password: requester.password,
    });
    const freePending = (await t.get('/api/account/email', requester.auth)).body;

    expect(takenRes.status).toBe(200);
    expect(takenRes.body).toEqual({ success: true, message: EMAIL_CHANGE_TEXTS.sent(owner.email) });
    expect(freeRes.body).toEqual({ success: true, message: EMAIL_CHANGE_TEXTS.sent(free) });
    expect(Object.keys(takenRes.headers).sort()).toEqual(Object.keys(freeRes.headers).sort());
    // The settings page shows a change waiting for both alike.
    expect(takenPending).toMatchObject({ pending_email: owner.email });
    expect(freePending).toMatchObject({ pending_email: free });

    const notice = await t.smtp.waitForMail(owner.email, (m) => m.subject === IN_USE_SUBJECT);
    expect(notice.text).toContain('nothing changed');
    expect(notice.text).not.toContain(requester.email);
    expect(new URL(firstLink(notice)).searchParams.get('token')).toBeNull();
    expect(await outboxTo(owner.email, ['change-email'])).toEqual([]);
    await readConfirmLink(free);
    await t.app.ctx.settle();
    const toRequester = t.smtp.mailsTo(requester.email).map((m: ReceivedMail) => m.subject);
    expect(toRequester).not.toContain(CONFIRM_SUBJECT);
    expect(toRequester).not.toContain(IN_USE_SUBJECT);
    expect(await emailOf(owner.user.id)).toBe(owner.email);
    expect(await emailOf(requester.user.id)).toBe(requester.email);
  });

  it(`past ${MAIL_RECIPIENT_CAPS.typed.perHour} an hour, an address gets no more links; the answer is the same`, async () => {
    const target = uniqueEmail('flooded');
    const { perHour } = MAIL_RECIPIENT_CAPS.typed;
    for (let i = 0; i <= perHour; i++) {
      const person = await personWithPasswordLogin(`flooder${i}`);
      const res = await requestChange(person.auth, { new_email: target, current_password: person.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: EMAIL_CHANGE_TEXTS.sent(target) });
    }
    expect(await outboxTo(target, ['change-email'])).toHaveLength(perHour);
    expect(
      log.entries().some((e) => e.security === 'mail-recipient-capped' && e.kind === 'change-email'),
    ).toBe(true);
  });
});

describe('per-account limits (rate limits on)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true });
  });
  afterAll(() => limited?.close());

  it(`an account has ${RATE_LIMITS.perEmailMail.max} mailed requests an hour; wrong passwords do not spend them`, async () => {
    const person = await createVerifiedUser(limited, { email: uniqueEmail('limited') });
    const auth = { token: (await loginAs(limited, person.email, person.password)).access_token };
    const wrong = await limited.post(
      '/api/account/email',
      { new_email: uniqueEmail('w'), current_password: 'Wrong-Password-99' },
      auth,
    );
    expect(wrong.status).toBe(400);
    for (let i = 0; i < RATE_LIMITS.perEmailMail.max; i++) {
      const res = await limited.post(
        '/api/account/email',
        { new_email: uniqueEmail(`ok${i}`), current_password: person.password },
        auth,
      );
      expect(res.status, res.text).toBe(200);
    }
    const blocked = uniqueEmail('blocked');
    const res = await limited.post(
      '/api/account/email',
      { new_email: blocked, current_password: person.password },
      auth,
    );
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('RATE_LIMITED');
    expect(res.headers['retry-after']).toBeTruthy();
    expect(await limited.db.$count(mailOutbox, eq(mailOutbox.toAddress, blocked))).toBe(0);
  });

  it(`password checks: ${RATE_LIMITS.identityCheck.max} tries per account, then 429 even with the right one`, async () => {
    const person = await createVerifiedUser(limited, { email: uniqueEmail('guessed') });
    const auth = { token: (await loginAs(limited, person.email, person.password)).access_token };
    for (let i = 0; i < RATE_LIMITS.identityCheck.max; i++) {
      const res = await limited.post(
        '/api/account/email',
        { new_email: uniqueEmail('g'), current_password: `Guess-${i}-Password` },
        auth,
      );
      expect(res.status).toBe(400);
    }
    const res = await limited.post(
      '/api/account/email',
      { new_email: uniqueEmail('g'), current_password: person.password },
      auth,
    );
    expect(res.status).toBe(429);
    expect(
      await limited.db.$count(
        emailTokens,
        and(eq(emailTokens.userId, person.user.id), eq(emailTokens.purpose, 'change-email')),
      ),
    ).toBe(0);
  });
});
