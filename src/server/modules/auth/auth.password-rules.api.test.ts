import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { users } from '#server/db/schema/index.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  countUsers,
  createVerifiedUser,
  findUserRow,
  insertUser,
  loginAs,
  uniqueEmail,
} from '#server/test/factories.ts';
import { firstLink } from '#server/test/smtp-sink.ts';

/**
 * New passwords that are easy to guess are refused with a message
 * that says why, on sign-up and on reset (there is no change-password route), and nothing is
 * stored. The common list has its own tests in auth.signup and auth.password-reset.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A guessable password for `email`, and the message its refusal must carry. */
const guessable = (email: string): [string, string, string][] => {
  const local = email.split('@')[0]!;
  return [
    ['one repeated character', 'aaaaaaaa', AUTH_TEXTS.passwordRepeated],
    ['a repeated pattern', 'xyzxyzxyz', AUTH_TEXTS.passwordRepeated],
    ['a run of letters', 'abcdefgh', AUTH_TEXTS.passwordRun],
    ['a run of digits downwards', '987654321', AUTH_TEXTS.passwordRun],
    ['a keyboard row backwards', 'poiuytre', AUTH_TEXTS.passwordRun],
    ["the email's local part", local.toUpperCase(), AUTH_TEXTS.passwordIsEmail],
    ['the local part plus digits', `${local}2024`, AUTH_TEXTS.passwordIsEmail],
    ['the whole address', email, AUTH_TEXTS.passwordIsEmail],
    ["the product's name", 'MyGlowfind!2024', AUTH_TEXTS.passwordHasBrand],
  ];
};

const refusal = (message: string) => ({
  success: false,
  error: 'VALIDATION_ERROR',
  message,
  issues: [{ path: 'password', message }],
});

describe('sign-up refuses a guessable password and stores nothing', () => {
  const email = 'marisol.vega@example.test';
  it.each(guessable(email))('%s (%j)', async (_label, password, message) => {
    const usersBefore = await countUsers(t.db);
    const mailBefore = await countOutbox(t.db);
    const res = await t.post('/api/auth/signup', { email, password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
    expect(await countUsers(t.db)).toBe(usersBefore);
    expect(await findUserRow(t.db, email)).toBeUndefined();
    expect(await countOutbox(t.db)).toBe(mailBefore);
  });

  it('a provider sign-up too, whatever else it carries', async () => {
    const usersBefore = await countUsers(t.db);
    const res = await t.post('/api/auth/signup', {
      email: uniqueEmail('run'),
      password: '34567890',
      userData: { user_type: 'provider', name: 'Run Salon', location: 'Austin, TX 78701' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(AUTH_TEXTS.passwordRun));
    expect(await countUsers(t.db)).toBe(usersBefore);
  });

  it('an unverified account is not replaced by a sign-up with a guessable password', async () => {
    const email = uniqueEmail('keep');
    expect((await t.post('/api/auth/signup', { email, password: 'Velvet-Orchid-4821' })).status).toBe(200);
    const before = await findUserRow(t.db, email);
    const res = await t.post('/api/auth/signup', { email, password: 'zzzzzzzz' });
    expect(res.body).toEqual(refusal(AUTH_TEXTS.passwordRepeated));
    expect(await findUserRow(t.db, email)).toEqual(before);
  });
});

describe('reset refuses a guessable password, keeps the old one and the link', () => {
  const labels = guessable('x@example.test').map(([label], i) => [label, i] as const);
  it.each(labels)('%s', async (_label, i) => {
    // Each case its own account; the email cases use that account's address.
    const email = uniqueEmail('nadia.brook');
    const [, password, message] = guessable(email)[i]!;
    const user = await createVerifiedUser(t, { email });
    expect((await t.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = await t.smtp.waitForMail(email, (m) => m.subject === 'Reset your Glowfind password');
    const token = new URL(firstLink(mail)).searchParams.get('token')!;
    const before = await findUserRow(t.db, email);

    const res = await t.post('/api/auth/reset-password', { token, password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));

    const after = await findUserRow(t.db, email);
    expect(after).toEqual(before);
    expect(await verifyPassword(after!.passwordHash, user.password)).toBe(true);
    await loginAs(t, email, user.password);
    // The link was not used up: a good password still goes through.
    expect((await t.post('/api/auth/reset-password', { token, password: 'Quiet-Harbor-7731' })).status).toBe(
      200,
    );
    await loginAs(t, email, 'Quiet-Harbor-7731');
  });
});

describe('the rule is for new passwords only', () => {
  it('an account whose old password breaks it still logs in', async () => {
    const row = await insertUser(t.db, { email: uniqueEmail('old') });
    // A run, as an account from before the rule might have.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('abcdef') })
      .where(eq(users.id, row.id));
    const res = await t.post('/api/auth/login', { email: row.email, password: 'abcdef' });
    expect(res.status).toBe(200);
  });
});
