import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { isReservedSlug } from '#domain/slug.ts';
import { emailTokens, mailOutbox, providerProfiles, users } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp, HOUR, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  countUsers,
  createUnverifiedUser,
  createVerifiedUser,
  DEFAULT_PASSWORD,
  findUserRow,
  insertUser,
  loginAs,
  readVerifyLink,
  uniqueEmail,
} from '#server/test/factories.ts';

const ADMIN_EMAIL = 'boss@example.test';
const LATE_ADMIN_EMAIL = 'late-boss@example.test';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: `Boss@Example.test, ${LATE_ADMIN_EMAIL}` } });
});
afterAll(() => t?.close());

const signupOk = { success: true, message: AUTH_TEXTS.signupSent };

async function outboxKinds(to: string) {
  const rows = await t.db
    .select({ kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.id);
  return rows.map((r) => r.kind);
}

describe('POST /api/auth/signup: client', () => {
  it('creates an unverified client and emails a verification link', async () => {
    const email = uniqueEmail('client');
    const before = t.clock.now().getTime();
    const res = await t.post('/api/auth/signup', {
      email: `  ${email.toUpperCase()} `,
      password: DEFAULT_PASSWORD,
      userData: { user_type: 'client', name: 'Ana Client' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signupOk);

    const row = await findUserRow(t.db, email);
    expect(row).toMatchObject({
      email, // trimmed and lower-cased
      name: 'Ana Client',
      userType: 'client',
      role: 'user',
      routingSlug: 'ana-client',
      emailVerifiedAt: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(DEFAULT_PASSWORD);
    expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, row!.id))).toBe(0);

    const { link, token, mail } = await readVerifyLink(t, email);
    expect(mail.subject).toBe('Confirm your email for Glowfind');
    expect(mail.to).toEqual([email]);
    expect(mail.html).toContain('Confirm my email');
    // PUBLIC_URL/?temp_token=…&type=email&email=…
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/`);
    expect([...link.searchParams.keys()]).toEqual(['temp_token', 'type', 'email']);
    expect(link.searchParams.get('type')).toBe('email');
    expect(link.searchParams.get('email')).toBe(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash of the token is stored, valid for 24 hours.
    const tokens = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'verify', tokenHash: hashToken(token), usedAt: null });
    const lifetime = tokens[0]!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR + 60_000);

    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0], {
        timeout: 10_000,
      })
      .toMatchObject({ kind: 'verify-email', status: 'sent', attempts: 1, lastError: null });
  });

  it('defaults userData to a client named after the address', async () => {
    const email = uniqueEmail('noname');
    const res = await t.post('/api/auth/signup', { email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signupOk);
    const row = await findUserRow(t.db, email);
    expect(row).toMatchObject({ userType: 'client', name: email.split('@')[0] });
    await readVerifyLink(t, email);
  });

  it('ignores fields a client may not set (role, ids, verification)', async () => {
    const email = uniqueEmail('sneaky');
    const res = await t.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      role: 'admin',
      email_verified_at: new Date().toISOString(),
      userData: { user_type: 'client', role: 'admin', id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(res.status).toBe(200);
    const row = await findUserRow(t.db, email);
    expect(row).toMatchObject({ role: 'user', emailVerifiedAt: null });
    expect(row!.id).not.toBe('00000000-0000-0000-0000-000000000000');
  });
});

describe('POST /api/auth/signup: provider', () => {
  it('stores the provider profile: zip from the location, amenities merged with inclusivity, slug from the name', async () => {
    const email = uniqueEmail('zoe');
    const res = await t.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      userData: {
        user_type: 'provider',
        name: "  Zoë's Hair Studio ",
        bio: ' Balayage and color. ',
        location: 'Austin, TX 78701',
        booking_link: 'https://book.example.com/zoe',
        selected_categories: ['hair', 'nails'],
        selected_amenities: ['Free Wi-Fi', 'Wheelchair Accessible'],
        selected_inclusivity: ['Wheelchair Accessible', 'LGBTQIA+ Friendly'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signupOk);

    const user = await findUserRow(t.db, email);
    expect(user).toMatchObject({
      name: "Zoë's Hair Studio",
      userType: 'provider',
      role: 'user',
      routingSlug: 'zoes-hair-studio',
    });
    const [profile] = await t.db.select().from(providerProfiles).where(eq(providerProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      bio: 'Balayage and color.',
      location: 'Austin, TX 78701',
      zip: '78701',
      bookingLink: 'https://book.example.com/zoe',
      categories: ['hair', 'nails'],
      amenities: ['Free Wi-Fi', 'Wheelchair Accessible', 'LGBTQIA+ Friendly'],
    });
    await readVerifyLink(t, email);
  });

  it('stores no zip when the location has none, and empty defaults for optional fields', async () => {
    const email = uniqueEmail('nozip');
    const res = await t.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      userData: { user_type: 'provider', name: 'Nozip Nails', location: 'Downtown Austin' },
    });
    expect(res.status).toBe(200);
    const user = await findUserRow(t.db, email);
    const [profile] = await t.db.select().from(providerProfiles).where(eq(providerProfiles.userId, user!.id));
    expect(profile).toMatchObject({ zip: null, bio: '', bookingLink: '', categories: [], amenities: [] });
  });

  it('gives a second provider with the same name the next free slug', async () => {
    const first = uniqueEmail('twin');
    const second = uniqueEmail('twin');
    const userData = { user_type: 'provider', name: 'Twin Barbers', location: 'Chicago, IL 60614' };
    expect(
      (await t.post('/api/auth/signup', { email: first, password: DEFAULT_PASSWORD, userData })).status,
    ).toBe(200);
    expect(
      (await t.post('/api/auth/signup', { email: second, password: DEFAULT_PASSWORD, userData })).status,
    ).toBe(200);
    expect((await findUserRow(t.db, first))!.routingSlug).toBe('twin-barbers');
    expect((await findUserRow(t.db, second))!.routingSlug).toBe('twin-barbers-2');
  });

  it.each([
    ['Admin', 'admin-1'],
    ['API', 'api-1'],
    ['Reset Password', 'reset-password-1'],
  ])('never takes a reserved slug: %j gets %j', async (name, slug) => {
    const email = uniqueEmail('reserved');
    const res = await t.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      userData: { user_type: 'provider', name, location: 'Miami, FL 33101' },
    });
    expect(res.status).toBe(200);
    const row = await findUserRow(t.db, email);
    expect(row!.routingSlug).toBe(slug);
    expect(isReservedSlug(row!.routingSlug)).toBe(false);
  });

  it('falls back to a random suffix when the numbered slugs are taken', async () => {
    for (const slug of ['busy-bee', 'busy-bee-2', 'busy-bee-3', 'busy-bee-4', 'busy-bee-5']) {
      await insertUser(t.db, { routingSlug: slug });
    }
    const email = uniqueEmail('busy');
    const res = await t.post('/api/auth/signup', {
      email,
      password: DEFAULT_PASSWORD,
      userData: { user_type: 'provider', name: 'Busy Bee', location: 'Denver, CO 80202' },
    });
    expect(res.status).toBe(200);
    expect((await findUserRow(t.db, email))!.routingSlug).toMatch(/^busy-bee-[0-9a-f]{6}$/);
  });
});

describe('POST /api/auth/signup: bad input is refused and nothing is stored', () => {
  const email = 'valid-but-unused@example.test';
  const provider = { user_type: 'provider', name: 'Good Name', location: 'Austin, TX 78701' };
  const linkMessage = 'Please enter a valid link starting with http:// or https://';

  it.each([
    ['no email', { password: DEFAULT_PASSWORD }, 'email', 'Email is required'],
    ['an empty email', { email: '', password: DEFAULT_PASSWORD }, 'email', 'Email is required'],
    ['a blank email', { email: '   ', password: DEFAULT_PASSWORD }, 'email', 'Email is required'],
    [
      'a malformed email',
      { email: 'not-an-email', password: DEFAULT_PASSWORD },
      'email',
      'Please enter a valid email',
    ],
    [
      'an email without a domain dot',
      { email: 'ana@example', password: DEFAULT_PASSWORD },
      'email',
      'Please enter a valid email',
    ],
    ['no password', { email }, 'password', 'Password is required'],
    ['an empty password', { email, password: '' }, 'password', 'Password is required'],
    ['a short password', { email, password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [
      'a 129-character password',
      { email, password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      'a provider without a name',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, name: '' } },
      'userData.name',
      'Business/Professional name is required',
    ],
    [
      'a provider with a blank name',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, name: '   ' } },
      'userData.name',
      'Business/Professional name is required',
    ],
    [
      'a provider with no name field',
      { email, password: DEFAULT_PASSWORD, userData: { user_type: 'provider', location: 'Austin' } },
      'userData.name',
      undefined,
    ],
    [
      'a provider without a location',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, location: '' } },
      'userData.location',
      'Location is required',
    ],
    [
      'a javascript: booking link',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, booking_link: 'javascript:alert(1)' } },
      'userData.booking_link',
      linkMessage,
    ],
    [
      'a data: booking link',
      {
        email,
        password: DEFAULT_PASSWORD,
        userData: { ...provider, booking_link: 'data:text/html,<b>x</b>' },
      },
      'userData.booking_link',
      linkMessage,
    ],
    [
      'a booking link without a scheme',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, booking_link: 'book.example.com' } },
      'userData.booking_link',
      linkMessage,
    ],
    [
      'an unknown category',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, selected_categories: ['tattoo'] } },
      'userData.selected_categories.0',
      undefined,
    ],
    [
      'an unknown amenity',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, selected_amenities: ['Hot Tub'] } },
      'userData.selected_amenities.0',
      undefined,
    ],
    [
      'an unknown inclusivity option',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, selected_inclusivity: ['Free Wi-Fi'] } },
      'userData.selected_inclusivity.0',
      undefined,
    ],
    [
      'a 101-character name',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, name: 'n'.repeat(101) } },
      'userData.name',
      'Name must be at most 100 characters',
    ],
    [
      'a 2001-character bio',
      { email, password: DEFAULT_PASSWORD, userData: { ...provider, bio: 'b'.repeat(2001) } },
      'userData.bio',
      'Bio must be at most 2000 characters',
    ],
    [
      'an unknown user type',
      { email, password: DEFAULT_PASSWORD, userData: { user_type: 'admin' } },
      'userData.user_type',
      undefined,
    ],
  ])('%s → 400', async (_label, body, path, message) => {
    const usersBefore = await countUsers(t.db);
    const mailBefore = await countOutbox(t.db);

    const res = await t.post('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(res.body.issues).toEqual(
      expect.arrayContaining([message ? { path, message } : { path, message: expect.any(String) }]),
    );
    // The top-level message is a field message, not a generic one.
    expect(res.body.issues.map((i: { message: string }) => i.message)).toContain(res.body.message);

    expect(await countUsers(t.db)).toBe(usersBefore);
    expect(await countOutbox(t.db)).toBe(mailBefore);
  });

  it('refuses a body that is not an object', async () => {
    const usersBefore = await countUsers(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(await countUsers(t.db)).toBe(usersBefore);
  });

  it.each(['password', 'qwerty', 'Password1', 'iloveyou', 'sunshine'])(
    'refuses the common password %j with the "too common" message',
    async (password) => {
      const usersBefore = await countUsers(t.db);
      const mailBefore = await countOutbox(t.db);
      const res = await t.post('/api/auth/signup', { email: uniqueEmail('common'), password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'VALIDATION_ERROR',
        message: AUTH_TEXTS.commonPassword,
        issues: [{ path: 'password', message: AUTH_TEXTS.commonPassword }],
      });
      expect(await countUsers(t.db)).toBe(usersBefore);
      expect(await countOutbox(t.db)).toBe(mailBefore);
    },
  );
});

describe('POST /api/auth/signup: an address that already has an account', () => {
  it('answers exactly like a new signup, keeps the account as it was, and mails an "already have an account" notice', async () => {
    const existing = await createVerifiedUser(t);
    const before = await findUserRow(t.db, existing.email);
    const usersBefore = await countUsers(t.db);

    const fresh = await t.post('/api/auth/signup', {
      email: uniqueEmail('fresh'),
      password: DEFAULT_PASSWORD,
    });
    const again = await t.post('/api/auth/signup', {
      email: existing.email.toUpperCase(),
      password: 'A-Different-Password-77',
      userData: { user_type: 'provider', name: 'Hijack Salon', location: 'Austin, TX 78701' },
    });
    expect(again.status).toBe(fresh.status);
    expect(again.text).toBe(fresh.text);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);

    expect(await countUsers(t.db)).toBe(usersBefore + 1); // only the fresh one
    const after = await findUserRow(t.db, existing.email);
    expect(after).toEqual(before);
    expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, before!.id))).toBe(0);

    const notice = await t.smtp.waitForMail(existing.email, (m) => m.subject === 'Your Glowfind account');
    expect(notice.text).toContain('You already have an account');
    expect(notice.text).toContain(`${TEST_PUBLIC_URL}/?auth=forgotPassword`);
    expect(await outboxKinds(existing.email)).toEqual(['verify-email', 'account-exists']);

    // The old password still works; the one sent with the second signup does not.
    await loginAs(t, existing.email, existing.password);
    expect(
      (await t.post('/api/auth/login', { email: existing.email, password: 'A-Different-Password-77' }))
        .status,
    ).toBe(401);
  });

  it('sends a still-unverified address a fresh verification link and retires the old one', async () => {
    const first = await createUnverifiedUser(t);
    const usersBefore = await countUsers(t.db);

    const res = await t.post('/api/auth/signup', { email: first.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(signupOk);
    expect(await countUsers(t.db)).toBe(usersBefore);

    const second = await readVerifyLink(t, first.email);
    expect(second.token).not.toBe(first.token);
    expect(await outboxKinds(first.email)).toEqual(['verify-email', 'verify-email']);

    const old = await t.post('/api/auth/verify-email', { temp_token: first.token, type: 'email' });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('INVALID_TOKEN');
    const ok = await t.post('/api/auth/verify-email', { temp_token: second.token, type: 'email' });
    expect(ok.status).toBe(200);
    expect(ok.body.session.user.email).toBe(first.email);
  });
});

describe('POST /api/auth/signup: simultaneous signups for one address', () => {
  it('create one account and answer every request alike', async () => {
    const email = uniqueEmail('race');
    const usersBefore = await countUsers(t.db);
    const answers = await Promise.all(
      ['Race One', 'Race Two', 'Race Three'].map((name) =>
        t.post('/api/auth/signup', {
          email,
          password: DEFAULT_PASSWORD,
          userData: { user_type: 'client', name },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(signupOk);
    }
    expect(await countUsers(t.db)).toBe(usersBefore + 1);
    // The account exists once; every request after the first sent it a fresh link instead.
    expect(await outboxKinds(email)).toEqual(['verify-email', 'verify-email', 'verify-email']);
  });
});

describe('ADMIN_EMAILS', () => {
  it('gives the admin role at signup (case-insensitively)', async () => {
    const admin = await createVerifiedUser(t, { email: ADMIN_EMAIL.toUpperCase() });
    expect(admin.user.role).toBe('admin');
    expect((await findUserRow(t.db, ADMIN_EMAIL))!.role).toBe('admin');
    const other = await createVerifiedUser(t);
    expect(other.user.role).toBe('user');
  });

  it('gives the admin role at login to an account created before it was listed', async () => {
    await insertUser(t.db, { email: LATE_ADMIN_EMAIL, role: 'user' });
    const session = await loginAs(t, LATE_ADMIN_EMAIL, DEFAULT_PASSWORD);
    expect(session.user.role).toBe('admin');
    const [row] = await t.db.select().from(users).where(eq(users.email, LATE_ADMIN_EMAIL));
    expect(row!.role).toBe('admin');
  });
});
