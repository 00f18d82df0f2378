import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('isCommonPassword', () => {
  it.each(['123456', 'password', 'qwerty', 'iloveyou', 'football', 'password1', 'letmein'])(
    '%j is common',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('compares case-insensitively', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('QWERTY')).toBe(true);
  });

  it.each(['Velvet-Orchid-4821', 'correct horse battery staple', 'balayage-in-austin-78701'])(
    '%j is not common',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe('hashPassword / verifyPassword', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Velvet-Orchid-4821');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('Velvet');
    expect(await verifyPassword(hash, 'Velvet-Orchid-4821')).toBe(true);
    expect(await verifyPassword(hash, 'velvet-orchid-4821')).toBe(false);
  });

  it('salts: the same password gives different hashes', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('answers false (never throws) for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('burnPasswordCheck resolves without revealing anything', async () => {
    await expect(burnPasswordCheck('whatever')).resolves.toBeUndefined();
  });
});
