import { describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '#domain/push.ts';
import { PUSH_OPEN_TOKEN_TTL_MS, PushOpenTokens } from './push-open-token';

const secret = new TextEncoder().encode('test-secret-0123456789-abcdefghij-klmnopqrstuv');
const tokens = new PushOpenTokens(secret);
const NOW = new Date('2026-03-10T15:00:00Z');
const OPEN = {
  userId: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  openingId: '2d3c4b5a-6f7e-4d8c-9b0a-1e2f3d4c5b6a',
  providerId: '5b3e2f4c-8d1a-4e6b-9c7d-2a1f0e3b4c5d',
};
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('PushOpenTokens', () => {
  it('reads back who was pushed, which opening and whose, in 92 base64url characters', () => {
    const token = tokens.sign(OPEN, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{92}$/);
    expect(token.length).toBeLessThanOrEqual(PUSH_LIMITS.openTokenMax);
    expect(tokens.read(token, NOW)).toEqual(OPEN);
    // Another instance over the same secret (another process, after a restart) reads it too.
    expect(new PushOpenTokens(secret).read(token, later(60_000))).toEqual(OPEN);
  });

  it('holds until PUSH_OPEN_TOKEN_TTL_MS after it was signed, not after', () => {
    const token = tokens.sign(OPEN, NOW);
    expect(tokens.read(token, later(PUSH_OPEN_TOKEN_TTL_MS - 1000))).toEqual(OPEN);
    expect(tokens.read(token, later(PUSH_OPEN_TOKEN_TTL_MS))).toBeNull();
    expect(tokens.read(token, later(PUSH_OPEN_TOKEN_TTL_MS + 60_000))).toBeNull();
  });

  it('refuses any byte changed, including the expiry and the ids', () => {
    const token = tokens.sign(OPEN, NOW);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i]! ^= 0x01;
      expect(tokens.read(altered.toString('base64url'), NOW), `byte ${i}`).toBeNull();
    }
  });

  it('refuses a token signed under another secret', () => {
    const other = new PushOpenTokens(new TextEncoder().encode('another-secret-0123456789-abcdefghij-klmn'));
    expect(tokens.read(other.sign(OPEN, NOW), NOW)).toBeNull();
  });

  it('refuses the wrong length, padding, other alphabets and garbage', () => {
    const token = tokens.sign(OPEN, NOW);
    const base64 = Buffer.from(token, 'base64url').toString('base64');
    for (const bad of [
      '',
      'not-a-token',
      token.slice(0, -1),
      `${token}A`,
      `${token}==`,
      // The same bytes in standard base64 ('+' '/'), when they differ.
      ...(base64 !== token ? [base64] : []),
      `${token.slice(0, 40)} ${token.slice(41)}`,
      'A'.repeat(92),
    ]) {
      expect(tokens.read(bad, NOW), JSON.stringify(bad)).toBeNull();
    }
  });
});
