import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, readReplyAddress, replyAddress } from './reply-address';

const secret = new TextEncoder().encode('reply-address-test-secret-0123456789-abcdef');
const other = new TextEncoder().encode('another-secret-0123456789-0123456789-abcdef');
const DOMAIN = 'reply.glowfind.example';
const THREAD = '0f8fad5b-d9cb-469f-a165-70867728950e';
const DAY = 24 * 60 * 60_000;
const sent = new Date('2026-12-02T15:00:00Z');
const expiresAt = new Date(sent.getTime() + 30 * DAY);

const address = (opts: Partial<Parameters<typeof replyAddress>[1]> = {}) =>
  replyAddress(secret, { threadId: THREAD, side: 'client', expiresAt, domain: DOMAIN, ...opts });

/** The address with its token's character at `index` replaced by another valid one. */
function withCharChanged(addr: string, index: number): string {
  const start = 'reply+'.length;
  const chars = [...addr];
  chars[start + index] = chars[start + index] === 'a' ? 'b' : 'a';
  return chars.join('');
}

describe('reply addresses', () => {
  it('is reply+<47 lower-case base32 characters>@domain, the local part within 64 characters', () => {
    const addr = address();
    expect(addr).toMatch(/^reply\+[a-z2-7]{47}@reply\.glowfind\.example$/);
    expect(addr.split('@')[0]!.length).toBeLessThanOrEqual(64);
  });

  it('round-trips the thread and each side', () => {
    expect(readReplyAddress(secret, address(), sent, DOMAIN)).toEqual({ threadId: THREAD, side: 'client' });
    expect(readReplyAddress(secret, address({ side: 'provider' }), sent, DOMAIN)).toEqual({
      threadId: THREAD,
      side: 'provider',
    });
    expect(address({ side: 'provider' })).not.toBe(address());
  });

  it('is read whatever the case (mail systems fold it), with or without spaces around', () => {
    expect(readReplyAddress(secret, ` ${address().toUpperCase()} `, sent, DOMAIN)).toEqual({
      threadId: THREAD,
      side: 'client',
    });
    expect(readReplyAddress(secret, address(), sent, 'Reply.Glowfind.EXAMPLE')).not.toBeNull();
  });

  it('refuses a forged MAC, and an address made with another secret', () => {
    const addr = address();
    // The last characters are the MAC's.
    expect(readReplyAddress(secret, withCharChanged(addr, 46), sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, withCharChanged(addr, 40), sent, DOMAIN)).toBeNull();
    const forged = replyAddress(other, { threadId: THREAD, side: 'client', expiresAt, domain: DOMAIN });
    expect(readReplyAddress(secret, forged, sent, DOMAIN)).toBeNull();
  });

  it('refuses an altered thread, side or expiry (the MAC covers them)', () => {
    const addr = address();
    for (const index of [0, 5, 20, 26, 27, 29]) {
      expect(readReplyAddress(secret, withCharChanged(addr, index), sent, DOMAIN)).toBeNull();
    }
  });

  it('holds through its last day and not after', () => {
    const addr = address();
    const lastDay = new Date(Math.floor(expiresAt.getTime() / DAY) * DAY + DAY - 1);
    expect(readReplyAddress(secret, addr, lastDay, DOMAIN)).not.toBeNull();
    expect(readReplyAddress(secret, addr, new Date(lastDay.getTime() + 1), DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, addr, new Date(sent.getTime() + 31 * DAY), DOMAIN)).toBeNull();
  });

  it('refuses another domain, another local part, or one too long or too short', () => {
    const token = address().slice('reply+'.length, address().indexOf('@'));
    expect(readReplyAddress(secret, `reply+${token}@glowfind.example`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `reply+${token}@${DOMAIN}.evil.example`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `replies+${token}@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `${token}@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `reply+${token}${'a'.repeat(12)}@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `reply+${token}a@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `reply+${token.slice(0, -1)}@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, `reply+${token.replace(/.$/, '1')}@${DOMAIN}`, sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, 'not an address', sent, DOMAIN)).toBeNull();
    expect(readReplyAddress(secret, '', sent, DOMAIN)).toBeNull();
  });

  it('base32 is RFC 4648 lower-cased, without padding', () => {
    // RFC 4648 §10's vectors.
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(base32Decode(encoded)!)).toBe(plain);
    }
    // Unused bits that are not zero: not a canonical text.
    expect(base32Decode('mz')).toBeNull();
    expect(base32Decode('MY')).toBeNull();
  });
});
