import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUGS, slugCandidate, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ["Zoë's Hair Studio", 'zoes-hair-studio'],
    ['  The   Nail  Bar  ', 'the-nail-bar'],
    ['Crème Brûlée Spa', 'creme-brulee-spa'],
    ['Fade & Taper @ 5th', 'fade-taper-5th'],
    ['Ana’s Lashes', 'anas-lashes'],
    ['ALL CAPS', 'all-caps'],
    ['--dashes--', 'dashes'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("falls back to 'pro' when nothing URL-safe is left", () => {
    expect(slugify('')).toBe('pro');
    expect(slugify('💅✨')).toBe('pro');
    expect(slugify('東京ネイル')).toBe('pro');
  });

  it('keeps at most 40 characters and never ends with a dash', () => {
    const slug = slugify('Absolutely Wonderful Hair And Beauty Studio Of Downtown Austin');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });
});

describe('reserved slugs', () => {
  it.each(['api', 'admin', 'account', 'help', 'reset-password', 'uploads', 'assets', 'openapi.json'])(
    '%s is reserved',
    (slug) => {
      expect(isReservedSlug(slug)).toBe(true);
    },
  );

  it('ordinary names are not reserved', () => {
    expect(isReservedSlug('zoes-hair-studio')).toBe(false);
    expect(isReservedSlug('admin-2')).toBe(false);
  });

  it('every top-level app route is reserved', () => {
    for (const route of ['help', 'about', 'terms', 'privacy', 'account', 'availability', 'admin']) {
      expect(RESERVED_SLUGS.has(route)).toBe(true);
    }
  });
});

describe('slugCandidate', () => {
  const random = () => 'abc123';

  it('tries the plain slug first, then numbered ones, then a random suffix', () => {
    const tries = Array.from({ length: 7 }, (_, i) => slugCandidate('zoes-hair', i, random));
    expect(tries).toEqual([
      'zoes-hair',
      'zoes-hair-2',
      'zoes-hair-3',
      'zoes-hair-4',
      'zoes-hair-5',
      'zoes-hair-abc123',
      'zoes-hair-abc123',
    ]);
  });

  it('never returns a reserved slug plain', () => {
    expect(slugCandidate('admin', 0, random)).toBe('admin-1');
    expect(isReservedSlug(slugCandidate('admin', 0, random))).toBe(false);
    expect(slugCandidate('api', 1, random)).toBe('api-2');
  });

  it('stays within 40 characters with the suffix', () => {
    const base = 'a'.repeat(40);
    for (let i = 0; i < 7; i++) expect(slugCandidate(base, i, random).length).toBeLessThanOrEqual(40);
    expect(slugCandidate(base, 5, random)).toBe(`${'a'.repeat(33)}-abc123`);
  });
});
