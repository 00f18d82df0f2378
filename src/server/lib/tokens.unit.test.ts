import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, hashToken, randomToken, signAccessToken, verifyAccessToken } from './tokens';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret-0123');

describe('randomToken / hashToken', () => {
  it('makes 256-bit URL-safe tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('hashes with SHA-256 (hex), deterministically', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).toBe(hashToken('abc'));
  });
});

describe('access tokens', () => {
  const issued = new Date('2026-01-01T12:00:00.000Z');

  it('carry the issue time to the millisecond (a password reset refuses tokens issued earlier the same second)', async () => {
    const at = new Date('2026-01-01T12:00:00.750Z');
    const { token, jti, expiresAt } = await signAccessToken(secret, 'user-1', at);
    expect(await verifyAccessToken(secret, token, at)).toEqual({
      sub: 'user-1',
      iat: Math.floor(at.getTime() / 1000),
      issuedAtMs: at.getTime(),
      jti,
      family: null,
      exp: expiresAt,
    });
  });

  it('carry the login family they were issued for, which logout denies as a whole', async () => {
    const family = '0b7e4c52-3f1a-4d8e-9c21-5a6b7c8d9e0f';
    const { token } = await signAccessToken(secret, 'user-1', issued, family);
    expect((await verifyAccessToken(secret, token, issued))?.family).toBe(family);
  });

  it.each([
    ['a number', 42],
    ['a string that is not a UUID', 'family:1'],
    ['an over-long string', 'f'.repeat(100)],
  ])('are refused with a family that is %s (not one we issued)', async (_label, fam) => {
    const iat = issued.getTime() / 1000;
    const odd = await new SignJWT({ iat_ms: issued.getTime(), fam })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setJti('jti-1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(secret);
    expect(await verifyAccessToken(secret, odd, issued)).toBeNull();
  });

  it('each carry their own id (jti), which logout puts on the denylist', async () => {
    const issuedTwice = await Promise.all([1, 2].map(() => signAccessToken(secret, 'user-1', issued)));
    const [a, b] = issuedTwice.map((t) => t.jti);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(b);
    expect((await verifyAccessToken(secret, issuedTwice[0]!.token, issued))?.jti).toBe(a);
  });

  it('are refused without an id (such a token could not be revoked at logout)', async () => {
    const iat = issued.getTime() / 1000;
    const withoutJti = await new SignJWT({ iat_ms: issued.getTime() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
      .sign(secret);
    expect(await verifyAccessToken(secret, withoutJti, issued)).toBeNull();
  });

  it('expire 15 minutes after issue (expiresAt in epoch seconds)', async () => {
    const { token, expiresAt } = await signAccessToken(secret, 'user-1', issued);
    expect(expiresAt).toBe(issued.getTime() / 1000 + ACCESS_TOKEN_TTL_S);
    expect(await verifyAccessToken(secret, token, new Date(issued.getTime() + 14 * 60_000))).toMatchObject({
      sub: 'user-1',
      iat: issued.getTime() / 1000,
    });
    expect(await verifyAccessToken(secret, token, new Date(issued.getTime() + 16 * 60_000))).toBeNull();
  });

  it('are refused when signed with another secret or tampered with', async () => {
    const { token } = await signAccessToken(secret, 'user-1', issued);
    const other = new TextEncoder().encode('another-secret-another-secret-012345');
    expect(await verifyAccessToken(other, token, issued)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', iat: 1, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`, issued)).toBeNull();
    expect(await verifyAccessToken(secret, `${header}.${payload}.`, issued)).toBeNull();
    expect(await verifyAccessToken(secret, 'garbage', issued)).toBeNull();
  });

  it("refuses alg 'none'", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ sub: 'user-1', iat: 1_767_268_800, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${body}.`, issued)).toBeNull();
  });
});
