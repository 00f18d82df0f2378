import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Session, SignupUserData, User } from '#domain/auth.ts';
import { slugify } from '#domain/slug.ts';
import type { Db } from '../db/client';
import { mailOutbox, providerProfiles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { MINUTE, type RequestOptions, type TestApp } from './build-test-app';
import { refreshTokenOf } from './session-cookie';
import { firstLink, type ReceivedMail } from './smtp-sink';

/** Not in the common-password list, long enough for every rule. */
export const DEFAULT_PASSWORD = 'Velvet-Orchid-4821';

let sequence = 0;
/** An address no other test (or parallel file) uses. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(4).toString('hex')}@example.test`;
}

export interface SignupOverrides {
  email?: string;
  password?: string;
  userData?: SignupUserData;
}

export interface VerifyLink {
  link: URL;
  token: string;
}

const isVerifyMail = (mail: ReceivedMail) => mail.subject.startsWith('Confirm your email');

/** Waits for the next verification email to this address and reads its link. */
export async function readVerifyLink(
  t: TestApp,
  email: string,
): Promise<VerifyLink & { mail: ReceivedMail }> {
  const mail = await t.smtp.waitForMail(email, isVerifyMail);
  const link = new URL(firstLink(mail));
  return { link, token: link.searchParams.get('temp_token') ?? '', mail };
}

/** Signs up through the API and reads the verification link from the SMTP sink. */
export async function createUnverifiedUser(t: TestApp, overrides: SignupOverrides = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const res = await t.post('/api/auth/signup', {
    email,
    password,
    ...(overrides.userData ? { userData: overrides.userData } : {}),
  });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const { token, link } = await readVerifyLink(t, email);
  return { email: email.trim().toLowerCase(), password, token, link };
}

export interface VerifiedUser {
  email: string;
  password: string;
  user: User;
  session: Session;
  /** The refresh token verification set in its HttpOnly cookie (never in the JSON session). */
  refreshToken: string;
}

/** signup → link from the email → verify-email; returns the session that verification hands out. */
export async function createVerifiedUser(t: TestApp, overrides: SignupOverrides = {}): Promise<VerifiedUser> {
  const { email, password, token } = await createUnverifiedUser(t, overrides);
  const res = await t.post('/api/auth/verify-email', { temp_token: token, type: 'email' });
  if (res.status !== 200 || !res.body.session)
    throw new Error(`verify-email failed: ${res.status} ${res.text}`);
  const refreshToken = refreshTokenOf(res);
  return { email, password, user: res.body.session.user, session: res.body.session, refreshToken };
}

/** Logs in through the API (expects success). */
export async function loginAs(t: TestApp, email: string, password: string): Promise<Session> {
  const res = await t.post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body.session;
}

/**
 * Inserts a verified user straight into the database, for states the API cannot reach quickly
 * (e.g. many users holding one slug). Prefer createVerifiedUser.
 */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const email = overrides.email ?? uniqueEmail('inserted');
  const name = overrides.name ?? email.split('@')[0]!;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
      name,
      routingSlug: slugify(name),
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A listed provider inserted straight into the database: a verified provider account with a complete
 * profile (a place with a zip, TEST_SERVICE), so search, favourites and messages see it. No mail.
 */
export async function insertProvider(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(db, { userType: 'provider', ...overrides });
  await db.insert(providerProfiles).values(completeProfile(user.id));
  return { ...user, listed: true };
}

/** A provider_profiles row that is complete (profile_complete): a place with a zip and TEST_SERVICE. */
export function completeProfile(userId: string) {
  return {
    userId,
    location: 'Austin, TX 78701',
    zip: '78701',
    latitude: 30.2711,
    longitude: -97.7437,
    pricing: [{ ...TEST_SERVICE, price: 'Contact for pricing', minPrice: null, maxPrice: null }],
  };
}

export async function countUsers(db: Db): Promise<number> {
  return db.$count(users);
}

export async function countOutbox(db: Db, to?: string): Promise<number> {
  return to ? db.$count(mailOutbox, eq(mailOutbox.toAddress, to.toLowerCase())) : db.$count(mailOutbox);
}

export async function findUserRow(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** The one service a test provider lists (ask for the price: no price filter or starting price moves). */
export const TEST_SERVICE = {
  service: 'Consultation',
  description: 'Ask about times and prices',
  priceType: 'contact',
} as const;

/**
 * A verified provider, signed up through the API with business details (override any of them).
 * It is listed (ADR 013): the sign-up's location has a zip, and a service is added through
 * the API unless `listed: false` asks for a profile that is not complete yet (no service).
 */
export async function createVerifiedProvider(
  t: TestApp,
  userData: Partial<Extract<SignupUserData, { user_type: 'provider' }>> = {},
  { listed = true }: { listed?: boolean } = {},
): Promise<VerifiedUser> {
  sequence += 1;
  const provider = await createVerifiedUser(t, {
    email: uniqueEmail('provider'),
    userData: {
      user_type: 'provider',
      name: `Studio ${sequence} ${randomBytes(2).toString('hex')}`,
      location: 'Austin, TX 78701',
      ...userData,
    },
  });
  if (listed) {
    const res = await t.put(
      '/api/auth/profile',
      { pricing: [TEST_SERVICE] },
      { token: provider.session.access_token },
    );
    if (res.status !== 200) throw new Error(`adding a service failed: ${res.status} ${res.text}`);
  }
  return provider;
}

/**
 * Bearer options that outlive a moving clock: an access token lasts 15 minutes of the app's clock,
 * and tests that move it by hours or days log in again when the token in hand may have expired.
 * Takes a getter because test files build their app in beforeAll.
 */
export function freshLogins(app: () => TestApp) {
  const sessions = new Map<string, { token: string; at: number }>();
  return {
    /** Keeps the token a person already holds (a new sign-up's), so the first request needs no login. */
    remember<T extends VerifiedUser>(person: T): T {
      sessions.set(person.email, { token: person.session.access_token, at: app().clock.now().getTime() });
      return person;
    },
    /** `{ token }` for this person, still valid at the test clock. */
    async as(person: Pick<VerifiedUser, 'email' | 'password'>): Promise<RequestOptions> {
      const t = app();
      const now = t.clock.now().getTime();
      const cached = sessions.get(person.email);
      if (cached && now - cached.at < 10 * MINUTE) return { token: cached.token };
      const token = (await loginAs(t, person.email, person.password)).access_token;
      sessions.set(person.email, { token, at: now });
      return { token };
    },
  };
}

/** Gives a provider a new booking link (and any other profile fields) through the API; returns the link. */
export async function setBookingLink(
  t: TestApp,
  auth: RequestOptions,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const link = `https://book.example.com/${randomBytes(4).toString('hex')}`;
  const res = await t.put('/api/auth/profile', { booking_link: link, ...fields }, auth);
  if (res.status !== 200) throw new Error(`profile update failed: ${res.status} ${res.text}`);
  return link;
}
