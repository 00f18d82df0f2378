import { describe, expect, it } from 'vitest';
import { ANYWHERE, cellOf, cellsAround, providerKeys, savedSearchKeys } from './grid';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };

/** Whether the index would hand the saved search to the provider's opening (keys overlap). */
const found = (saved: string[], provider: string[]) => saved.some((k) => provider.includes(k));

describe('saved-search index keys', () => {
  const providerCells = [cellOf(AUSTIN.latitude, AUSTIN.longitude), ANYWHERE];
  const provider = providerKeys(providerCells, ['balayag', 'colour', 'austin'], ['hair']);

  it('finds a search around the provider about one of its words, its category, or anything', () => {
    const around = cellsAround(AUSTIN.latitude, AUSTIN.longitude, 10);
    expect(found(savedSearchKeys(around, ['balayag'], null), provider)).toBe(true);
    expect(found(savedSearchKeys(around, ['colour', 'balayag'], null), provider)).toBe(true);
    expect(found(savedSearchKeys(around, [], 'hair'), provider)).toBe(true);
    expect(found(savedSearchKeys(around, [], null), provider)).toBe(true);
    expect(found(savedSearchKeys([ANYWHERE], ['balayag'], null), provider)).toBe(true);
  });

  it('leaves out a search elsewhere, or about a word or category the provider does not have', () => {
    const around = cellsAround(AUSTIN.latitude, AUSTIN.longitude, 10);
    expect(
      found(
        savedSearchKeys(cellsAround(HOUSTON.latitude, HOUSTON.longitude, 10), ['balayag'], null),
        provider,
      ),
    ).toBe(false);
    expect(found(savedSearchKeys(around, ['manicur'], null), provider)).toBe(false);
    expect(found(savedSearchKeys(around, [], 'nails'), provider)).toBe(false);
    expect(found(savedSearchKeys([ANYWHERE], ['fade'], null), provider)).toBe(false);
  });

  it('a stem key and a category key never collide', () => {
    expect(savedSearchKeys([5], ['nails'], null)).toEqual(['5:nails']);
    expect(savedSearchKeys([5], [], 'nails')).toEqual(['5#nails']);
    expect(providerKeys([5], [], ['nails'])).toEqual(['5', '5#nails']);
  });
});
