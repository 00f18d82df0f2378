import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import {
  emailTokens,
  favorites,
  loginAddresses,
  providerProfiles,
  refreshTokens,
  users,
} from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { hashToken, randomToken, signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import {
  countUsers,
  createUnverifiedUser,
  findUserRow,
  insertProvider,
  readVerifyLink,
  uniqueEmail,
} from '#server/test/factories.ts';
import { firstLink } from '#server/test/smtp-sink.ts';

/**
 * Account pre-hijacking. An attacker signs up first with the
 * victim's address (unverified), then the victim signs up and follows the link. Proving the mailbox
 * is what makes the account: the latest sign-up's credentials, name, type and profile win, and
 * nothing the attacker's sign-up got (its link, any token) keeps working.
 */

const ADMIN_EMAIL = uniqueEmail('boss');
const ATTACKER_IP = '203.0.113.66';
const VICTIM_IP = '198.51.100.7';
const ATTACKER_PASSWORD = 'Attacker-Knows-This-913';
const VICTIM_PASSWORD = 'Victims-Own-Secret-274';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
});
afterAll(() => t?.close());

/** A sign-up for an address nobody has used: the answer every other sign-up must match. */
async function freshSignupAnswer(): Promise<TestResponse> {
  return t.post('/api/auth/signup', {
    email: uniqueEmail('fresh'),
    password: 'Some-Fresh-Secret-551',
  });
}

function expectSameAnswer(res: TestResponse, fresh: TestResponse) {
  expect(res.status).toBe(200);
  expect(res.status).toBe(fresh.status);
  expect(res.text).toBe(fresh.text); // byte-identical
  expect(res.headers['content-type']).toBe(fresh.headers['content-type']);
  expect(res.body).toEqual({ success: true, message: AUTH_TEXTS.signupSent });
}

async function profileCount(userId: string) {
  return t.db.$count(providerProfiles, eq(providerProfiles.userId, userId));
}

async function unusedVerifyTokens(userId: string) {
  const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
  return rows.filter((r) => r.purpose === 'verify' && r.usedAt === null);
}

describe('a sign-up for an unverified address replaces the earlier one', () => {
  it("provider attacker first, client victim second: the victim's link verifies the victim's account, the attacker's password and link are dead", async () => {
    const victim = uniqueEmail('victim');
    const fresh = await freshSignupAnswer();
    const usersBefore = await countUsers(t.db);

    // 1. The attacker signs up with the victim's address, as a provider named 'Attacker'.
    const attack = await t.post(
      '/api/auth/signup',
      {
        email: victim,
        password: ATTACKER_PASSWORD,
        userData: {
          user_type: 'provider',
          name: 'Attacker',
          location: 'Austin, TX 78701',
          booking_link: 'https://evil.example/book',
        },
      },
      { ip: ATTACKER_IP },
    );
    expectSameAnswer(attack, fresh);
    const attackerLink = await readVerifyLink(t, victim);
    const planted = await findUserRow(t.db, victim);
    expect(planted).toMatchObject({
      name: 'Attacker',
      userType: 'provider',
      emailVerifiedAt: null,
      registrationIpHash: addressHash(t.app.ctx.secret, ATTACKER_IP),
    });
    expect(await profileCount(planted!.id)).toBe(1);

    // 2. The victim signs up as a client with their own password: the same answer as ever.
    const own = await t.post(
      '/api/auth/signup',
      {
        email: victim.toUpperCase(),
        password: VICTIM_PASSWORD,
        userData: { user_type: 'client', name: 'Vera Victim' },
      },
      { ip: VICTIM_IP },
    );
    expectSameAnswer(own, fresh);
    const victimLink = await readVerifyLink(t, victim);
    expect(victimLink.token).not.toBe(attackerLink.token);

    // The one account now holds the victim's sign-up, and nothing of the attacker's.
    expect(await countUsers(t.db)).toBe(usersBefore + 1);
    const replaced = await findUserRow(t.db, victim);
    expect(replaced).toMatchObject({
      id: planted!.id,
      email: victim,
      name: 'Vera Victim',
      userType: 'client',
      role: 'user',
      routingSlug: 'vera-victim',
      emailVerifiedAt: null,
      registrationIpHash: addressHash(t.app.ctx.secret, VICTIM_IP),
    });
    expect(replaced!.tokensValidAfter).toBeInstanceOf(Date);
    expect(await verifyPassword(replaced!.passwordHash, VICTIM_PASSWORD)).toBe(true);
    expect(await verifyPassword(replaced!.passwordHash, ATTACKER_PASSWORD)).toBe(false);
    expect(await profileCount(planted!.id)).toBe(0);
    const pending = await unusedVerifyTokens(planted!.id);
    expect(pending.map((r) => r.tokenHash)).toEqual([hashToken(victimLink.token)]);

    // Before verification neither password logs in; the attacker's is simply wrong.
    expect((await t.post('/api/auth/login', { email: victim, password: ATTACKER_PASSWORD })).body.error).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await t.post('/api/auth/login', { email: victim, password: VICTIM_PASSWORD })).body.error).toBe(
      'EMAIL_NOT_VERIFIED',
    );

    // 3. The attacker's link is refused and verifies nothing.
    const stale = await t.post('/api/auth/verify-email', { temp_token: attackerLink.token, type: 'email' });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('INVALID_TOKEN');
    expect((await findUserRow(t.db, victim))!.emailVerifiedAt).toBeNull();

    // 4. The victim's link verifies the victim's account and logs them in.
    const verified = await t.post(
      '/api/auth/verify-email',
      { temp_token: victimLink.token, type: 'email' },
      { ip: VICTIM_IP },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.session.user).toMatchObject({
      email: victim,
      name: 'Vera Victim',
      user_type: 'client',
      role: 'user',
    });

    // 5. The attacker's password is worthless; the victim's works.
    const attackerLogin = await t.post(
      '/api/auth/login',
      { email: victim, password: ATTACKER_PASSWORD },
      { ip: ATTACKER_IP },
    );
    expect(attackerLogin.status).toBe(401);
    expect(attackerLogin.body.error).toBe('INVALID_CREDENTIALS');
    const victimLogin = await t.post('/api/auth/login', { email: victim, password: VICTIM_PASSWORD });
    expect(victimLogin.status).toBe(200);
    expect(victimLogin.body.user).toMatchObject({ name: 'Vera Victim', user_type: 'client' });

    const final = await findUserRow(t.db, victim);
    expect(final).toMatchObject({ name: 'Vera Victim', userType: 'client', role: 'user' });
    expect(final!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await profileCount(final!.id)).toBe(0);
    // Only the victim's address is remembered as a login address.
    const addresses = await t.db.select().from(loginAddresses).where(eq(loginAddresses.userId, final!.id));
    expect(addresses.map((a) => a.ipHash)).not.toContain(addressHash(t.app.ctx.secret, ATTACKER_IP));
  });

  it('an ADMIN_EMAILS address: the attacker never gets the admin role with their password; a provider victim gets their own profile', async () => {
    const fresh = await freshSignupAnswer();
    const attack = await t.post(
      '/api/auth/signup',
      {
        email: ADMIN_EMAIL,
        password: ATTACKER_PASSWORD,
        userData: { user_type: 'client', name: 'Attacker' },
      },
      { ip: ATTACKER_IP },
    );
    expectSameAnswer(attack, fresh);
    const attackerLink = await readVerifyLink(t, ADMIN_EMAIL);
    expect((await findUserRow(t.db, ADMIN_EMAIL))!.role).toBe('admin');

    const own = await t.post(
      '/api/auth/signup',
      {
        email: ADMIN_EMAIL,
        password: VICTIM_PASSWORD,
        userData: {
          user_type: 'provider',
          name: 'Boss Beauty Bar',
          location: 'Miami, FL 33101',
          selected_categories: ['nails'],
        },
      },
      { ip: VICTIM_IP },
    );
    expectSameAnswer(own, fresh);
    const ownerLink = await readVerifyLink(t, ADMIN_EMAIL);

    const row = await findUserRow(t.db, ADMIN_EMAIL);
    expect(row).toMatchObject({ name: 'Boss Beauty Bar', userType: 'provider', role: 'admin' });
    const [profile] = await t.db.select().from(providerProfiles).where(eq(providerProfiles.userId, row!.id));
    expect(profile).toMatchObject({ location: 'Miami, FL 33101', zip: '33101', categories: ['nails'] });

    expect(
      (await t.post('/api/auth/verify-email', { temp_token: attackerLink.token, type: 'email' })).body.error,
    ).toBe('INVALID_TOKEN');
    expect(
      (await t.post('/api/auth/verify-email', { temp_token: ownerLink.token, type: 'email' })).status,
    ).toBe(200);

    const attackerLogin = await t.post('/api/auth/login', {
      email: ADMIN_EMAIL,
      password: ATTACKER_PASSWORD,
    });
    expect(attackerLogin.status).toBe(401);
    expect(attackerLogin.body.error).toBe('INVALID_CREDENTIALS');
    const ownerLogin = await t.post('/api/auth/login', { email: ADMIN_EMAIL, password: VICTIM_PASSWORD });
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.body.user).toMatchObject({
      role: 'admin',
      user_type: 'provider',
      name: 'Boss Beauty Bar',
    });
  });

  it('a client sign-up replaced by a provider sign-up and back keeps one slug per name and no stray profile', async () => {
    const email = uniqueEmail('flip');
    await createUnverifiedUser(t, {
      email,
      userData: { user_type: 'provider', name: 'Flip Studio', location: 'Denver, CO 80202' },
    });
    const first = await findUserRow(t.db, email);
    expect(first!.routingSlug).toBe('flip-studio');
    // The same person signs up again with the same name: the slug is theirs, not 'flip-studio-2'.
    await createUnverifiedUser(t, {
      email,
      userData: { user_type: 'provider', name: 'Flip Studio', location: 'Boulder, CO 80302' },
    });
    const again = await findUserRow(t.db, email);
    expect(again!.routingSlug).toBe('flip-studio');
    const [profile] = await t.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, again!.id));
    expect(profile).toMatchObject({ location: 'Boulder, CO 80302', zip: '80302' });
    await createUnverifiedUser(t, { email, userData: { user_type: 'client' } });
    const client = await findUserRow(t.db, email);
    expect(client).toMatchObject({ userType: 'client', name: email.split('@')[0] });
    expect(await profileCount(client!.id)).toBe(0);
  });
});

describe('a password reset of an unverified account replaces it like a sign-up does', () => {
  it("the attacker's provider sign-up, then the owner's 'Forgot password': a fresh client account with nothing of the attacker's", async () => {
    const victim = uniqueEmail('reset-victim');
    const attack = await t.post(
      '/api/auth/signup',
      {
        email: victim,
        password: ATTACKER_PASSWORD,
        userData: {
          user_type: 'provider',
          name: 'Attacker Studio',
          bio: 'Book me instead',
          location: 'Austin, TX 78701',
          booking_link: 'https://evil.example/book',
          selected_categories: ['nails'],
        },
      },
      { ip: ATTACKER_IP },
    );
    expect(attack.status).toBe(200);
    const attackerLink = await readVerifyLink(t, victim);
    const planted = await findUserRow(t.db, victim);
    expect(planted).toMatchObject({ name: 'Attacker Studio', userType: 'provider', emailVerifiedAt: null });
    const [profile] = await t.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, planted!.id));
    expect(profile).toMatchObject({ bio: 'Book me instead', bookingLink: 'https://evil.example/book' });
    // What the attacker's account could hold whatever its origin (the API gives an unverified
    // account no session, so none of it can be made through it): a photo, a favourite, a session,
    // a remembered address.
    await t.db
      .update(users)
      .set({ avatarUrl: '/uploads/avatars/attacker.webp' })
      .where(eq(users.id, planted!.id));
    const someProvider = await insertProvider(t.db, { name: 'Someone Listed' });
    await t.db.insert(favorites).values({ userId: planted!.id, providerId: someProvider.id });
    await t.db.insert(refreshTokens).values({
      userId: planted!.id,
      familyId: crypto.randomUUID(),
      tokenHash: hashToken(randomToken()),
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    await t.db
      .insert(loginAddresses)
      .values({ userId: planted!.id, ipHash: addressHash(t.app.ctx.secret, ATTACKER_IP) });

    // The owner of the mailbox uses 'Forgot password' and follows the link.
    expect((await t.post('/api/auth/forgot-password', { email: victim }, { ip: VICTIM_IP })).status).toBe(
      200,
    );
    const mail = await t.smtp.waitForMail(victim, (m) => m.subject === 'Reset your Glowfind password');
    const resetToken = new URL(firstLink(mail)).searchParams.get('token')!;
    const reset = await t.post(
      '/api/auth/reset-password',
      { token: resetToken, password: VICTIM_PASSWORD },
      { ip: VICTIM_IP },
    );
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ success: true, message: AUTH_TEXTS.passwordReset });

    // A fresh client account for the address: a new id, verified, with the owner's password and
    // address, and nothing of the attacker's.
    const fresh = await findUserRow(t.db, victim);
    expect(fresh!.id).not.toBe(planted!.id);
    expect(fresh).toMatchObject({
      email: victim,
      name: victim.split('@')[0],
      userType: 'client',
      role: 'user',
      avatarUrl: null,
      registrationIpHash: addressHash(t.app.ctx.secret, VICTIM_IP),
    });
    expect(fresh!.routingSlug).not.toBe(planted!.routingSlug);
    expect(fresh!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(fresh!.passwordHash, VICTIM_PASSWORD)).toBe(true);
    expect(await t.db.$count(users, eq(users.id, planted!.id))).toBe(0);
    for (const id of [planted!.id, fresh!.id]) {
      expect(await profileCount(id)).toBe(0);
      expect(await t.db.$count(favorites, eq(favorites.userId, id))).toBe(0);
      expect(await t.db.$count(refreshTokens, eq(refreshTokens.userId, id))).toBe(0);
      expect(await t.db.$count(loginAddresses, eq(loginAddresses.userId, id))).toBe(0);
      expect(await t.db.$count(emailTokens, eq(emailTokens.userId, id))).toBe(0);
    }
    // The provider the attacker saved is untouched.
    expect(await findUserRow(t.db, someProvider.email)).toBeDefined();

    // The attacker's password and verification link are dead; the owner logs in as a client.
    const attackerLogin = await t.post(
      '/api/auth/login',
      { email: victim, password: ATTACKER_PASSWORD },
      { ip: ATTACKER_IP },
    );
    expect(attackerLogin.body.error).toBe('INVALID_CREDENTIALS');
    expect(
      (await t.post('/api/auth/verify-email', { temp_token: attackerLink.token, type: 'email' })).body.error,
    ).toBe('INVALID_TOKEN');
    const ownerLogin = await t.post(
      '/api/auth/login',
      { email: victim, password: VICTIM_PASSWORD },
      { ip: VICTIM_IP },
    );
    expect(ownerLogin.status).toBe(200);
    expect(ownerLogin.body.user).toMatchObject({ id: fresh!.id, user_type: 'client', avatar_url: null });
    const favourites = await t.get('/api/favorites', { token: ownerLogin.body.session.access_token });
    expect(favourites.status).toBe(200);
    expect(JSON.stringify(favourites.body)).not.toContain(someProvider.id);
    // The attacker's provider page is gone.
    expect((await t.get(`/api/user/${planted!.routingSlug}`)).status).toBe(404);
  });

  it('a reset of a verified account keeps the account (only the password changes)', async () => {
    const { email, token } = await createUnverifiedUser(t, {
      userData: { user_type: 'provider', name: 'Real Studio', location: 'Denver, CO 80202' },
    });
    expect((await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' })).status).toBe(200);
    const before = await findUserRow(t.db, email);
    expect((await t.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = await t.smtp.waitForMail(email, (m) => m.subject === 'Reset your Glowfind password');
    const resetToken = new URL(firstLink(mail)).searchParams.get('token')!;
    expect(
      (await t.post('/api/auth/reset-password', { token: resetToken, password: VICTIM_PASSWORD })).status,
    ).toBe(200);
    const after = await findUserRow(t.db, email);
    expect(after).toMatchObject({ id: before!.id, name: 'Real Studio', userType: 'provider' });
    expect(await profileCount(before!.id)).toBe(1);
  });
});

describe('verifying an address revokes what was issued before it', () => {
  it('every earlier refresh token is revoked and earlier access tokens are refused; the new session works', async () => {
    const { email, token } = await createUnverifiedUser(t);
    const row = await findUserRow(t.db, email);
    // Tokens that existed before the mailbox was proved (none can be issued through the API to an
    // unverified account; planted here to prove verification ends them whatever their origin).
    const planted = randomToken();
    await t.db.insert(refreshTokens).values({
      userId: row!.id,
      familyId: crypto.randomUUID(),
      tokenHash: hashToken(planted),
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const before = await signAccessToken(t.app.ctx.secret, row!.id, new Date(t.clock.now().getTime() - 1000));

    const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
    expect(res.status).toBe(200);

    const after = await findUserRow(t.db, email);
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after!.tokensValidAfter?.getTime()).toBe(after!.emailVerifiedAt!.getTime());
    const [old] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(planted)));
    expect(old!.revokedAt).toBeInstanceOf(Date);
    const live = (await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, row!.id))).filter(
      (r) => r.revokedAt === null,
    );
    expect(live).toHaveLength(1); // the session verification handed out

    const stale = await t.get('/api/auth/verify', { token: before.token });
    expect(stale.status).toBe(401);
    const fresh = await t.get('/api/auth/verify', { token: res.body.session.access_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.email).toBe(email);
  });
});

describe('a verified address is not replaced', () => {
  it('a sign-up for it changes nothing in the account (it gets the notice mail instead)', async () => {
    const { email, token } = await createUnverifiedUser(t, { password: VICTIM_PASSWORD });
    expect((await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' })).status).toBe(200);
    const before = await findUserRow(t.db, email);
    const fresh = await freshSignupAnswer();
    const res = await t.post(
      '/api/auth/signup',
      { email, password: ATTACKER_PASSWORD, userData: { user_type: 'client', name: 'Attacker' } },
      { ip: ATTACKER_IP },
    );
    expectSameAnswer(res, fresh);
    const [after] = await t.db.select().from(users).where(eq(users.id, before!.id));
    expect(after).toEqual(before);
    await t.smtp.waitForMail(email, (m) => m.subject === 'Your Glowfind account');
    expect((await t.post('/api/auth/login', { email, password: ATTACKER_PASSWORD })).status).toBe(401);
    expect((await t.post('/api/auth/login', { email, password: VICTIM_PASSWORD })).status).toBe(200);
  });
});
