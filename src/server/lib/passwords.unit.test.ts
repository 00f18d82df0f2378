import { readdirSync, readFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  newPasswordProblem,
  setPasswordHashCost,
  setPasswordHashingPriority,
  verifyPassword,
} from './passwords';

/** Each thread of this process with its nice value (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): { tid: number; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      return [{ tid: Number(tid), nice: Number(fields[16]) }];
    } catch {
      return []; // the thread ended between the listing and the read
    }
  });
}

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

  it('hashes at the standard cost (19 MiB, 2 passes) or the test cost (the cheapest), and each verifies under the other', async () => {
    // Set, not assumed: a worker that ran an API file (buildTestApp) before this one has the test cost.
    setPasswordHashCost('standard');
    const standard = await hashPassword('Velvet-Orchid-4821');
    expect(standard).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    setPasswordHashCost('test');
    try {
      const cheap = await hashPassword('Velvet-Orchid-4821');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
      expect(await verifyPassword(standard, 'Velvet-Orchid-4821')).toBe(true);
      expect(await verifyPassword(cheap, 'Velvet-Orchid-4821')).toBe(true);
      expect(await verifyPassword(cheap, 'Velvet-Orchid-4822')).toBe(false);
    } finally {
      setPasswordHashCost('standard');
    }
    expect(await verifyPassword(await hashPassword('x'), 'x')).toBe(true);
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

  it('answers each of many concurrent calls with its own result', async () => {
    const passwords = Array.from({ length: 10 }, (_, i) => `Velvet-Orchid-${i}-4821`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    const checks = await Promise.all(
      passwords.flatMap((p, i) => [verifyPassword(hashes[i]!, p), verifyPassword(hashes[(i + 1) % 10]!, p)]),
    );
    expect(checks).toEqual(passwords.flatMap(() => [true, false]));
  });
});

describe.runIf(process.platform === 'linux')('the hashing threads’ CPU priority', () => {
  afterAll(() => setPasswordHashingPriority('normal'));

  it('lowest: the hashing threads run at nice 19 and the rest of the process keeps its priority', async () => {
    const mainNice = threadNiceValues().find((t) => t.tid === process.pid)!.nice;
    await setPasswordHashingPriority('lowest');
    const hash = await hashPassword('Velvet-Orchid-4821');
    expect(await verifyPassword(hash, 'Velvet-Orchid-4821')).toBe(true);
    const lowered = threadNiceValues().filter((t) => t.nice === 19);
    expect(lowered.length).toBeGreaterThanOrEqual(1);
    expect(lowered.length).toBeLessThanOrEqual(4);
    expect(threadNiceValues().find((t) => t.tid === process.pid)!.nice).toBe(mainNice);
    expect(lowered.map((t) => t.tid)).not.toContain(process.pid);
  });

  it('a change of priority replaces the threads; a job the old thread owed fails, the next call succeeds', async () => {
    await setPasswordHashingPriority('lowest');
    const owed = hashPassword('Velvet-Orchid-4821');
    await setPasswordHashingPriority('normal');
    await expect(owed).rejects.toThrow(/password hashing thread stopped/);
    const hash = await hashPassword('Velvet-Orchid-4821');
    expect(await verifyPassword(hash, 'Velvet-Orchid-4821')).toBe(true);
    expect(threadNiceValues().filter((t) => t.nice === 19)).toEqual([]);
  });
});

describe('newPasswordProblem (sign-up and reset)', () => {
  const email = 'nadia.brook@example.com';

  it('ships at least 10,000 common passwords and refuses each of the first 10,000', () => {
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    for (const password of list.slice(0, 10_000)) expect(isCommonPassword(password)).toBe(true);
  });

  it('says "too common" first, also for a common password the pure rule would catch', () => {
    expect(newPasswordProblem('qwerty', email)).toBe(AUTH_TEXTS.commonPassword);
    expect(newPasswordProblem('111111', email)).toBe(AUTH_TEXTS.commonPassword);
  });

  it.each([
    ['aaaaaa', AUTH_TEXTS.passwordRepeated],
    ['abcdef', AUTH_TEXTS.passwordRun],
    ['654321', AUTH_TEXTS.passwordRun],
    ['nadia.brook', AUTH_TEXTS.passwordIsEmail],
    ['Glowfind-2026', AUTH_TEXTS.passwordHasBrand],
  ])('%j → %s', (password, message) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(newPasswordProblem(password, email)).toBe(message);
  });

  it('accepts a good password', () => {
    expect(newPasswordProblem('Velvet-Orchid-4821', email)).toBeNull();
  });
});
