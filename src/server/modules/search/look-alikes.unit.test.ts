import { describe, expect, it } from 'vitest';
import { closestLookAlikes, editDistance } from './search.service';

describe('editDistance', () => {
  it.each([
    ['pedicuer', 'pedicure', 1],
    ['balayge', 'balayage', 1],
    ['masage', 'massage', 1],
    ['masage', 'sage', 2],
    ['highlites', 'highlights', 3],
    ['highlites', 'high', 5],
    ['', 'abc', 3],
    ['same', 'same', 0],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closestLookAlikes', () => {
  const analysis = (word: string, suggestions: string[]) => ({
    word,
    stem: word,
    known: false,
    suggestions,
    suggestionStems: suggestions.map((s) => `${s}-stem`),
  });

  it('keeps only the closest look-alikes by edit distance, with their stems', () => {
    expect(closestLookAlikes(analysis('highlites', ['highlights', 'high', 'highland']))).toMatchObject({
      suggestions: ['highlights'],
      suggestionStems: ['highlights-stem'],
    });
    expect(closestLookAlikes(analysis('masage', ['massage', 'sage'])).suggestions).toEqual(['massage']);
  });

  it('keeps every look-alike on a tie, and a single one as it is', () => {
    expect(closestLookAlikes(analysis('brade', ['blade', 'braid', 'brass'])).suggestions).toEqual(['blade']);
    expect(closestLookAlikes(analysis('braid', ['brand', 'bread', 'braids', 'brass'])).suggestions).toEqual([
      'brand',
      'braids',
    ]);
    expect(closestLookAlikes(analysis('balayge', ['balayage'])).suggestions).toEqual(['balayage']);
  });
});
