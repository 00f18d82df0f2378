import { describe, expect, it } from 'vitest';
import { postingsWalkRows, walkLexemeOf } from './search.service';

const part = (word: string, stem: string, suggestions: string[] = []) => ({
  word,
  stem,
  suggestions,
  suggestionStems: suggestions,
});
const stats = (rows: number, shares: Record<string, number>) => ({
  shares: new Map(Object.entries(shares)),
  facets: new Map<string, number>(),
  rows,
});

describe('walkLexemeOf', () => {
  const catalogue = stats(100_000, { straight: 0.096, razor: 0.096, shave: 0.115, hair: 0.4 });

  it('walks the rarest of the words', () => {
    expect(walkLexemeOf([part('hair', 'hair'), part('shave', 'shave')], catalogue)).toBe('shave');
    expect(
      walkLexemeOf([part('shave', 'shave'), part('straight', 'straight'), part('razor', 'razor')], catalogue),
    ).toBe('straight');
  });

  it('leaves a rare word to the full-text index', () => {
    // 'vegan' is not among the common stems: rarer than every listed one.
    expect(walkLexemeOf([part('hair', 'hair'), part('vegan', 'vegan')], catalogue)).toBeNull();
    // Listed, but in fewer than twice cap + 1 documents (0.4% of 100,000 is 400 < 502).
    expect(walkLexemeOf([part('braid', 'braid')], stats(100_000, { braid: 0.004 }))).toBeNull();
    expect(walkLexemeOf([part('braid', 'braid')], stats(100_000, { braid: 0.00502 }))).toBe('braid');
  });

  it('never walks a corrected word, nor one whose lexeme to_tsquery may make otherwise', () => {
    expect(walkLexemeOf([part('balayge', 'balayg', ['balayage'])], catalogue)).toBeNull();
    expect(walkLexemeOf([part('balayge', 'balayg', ['balayage']), part('hair', 'hair')], catalogue)).toBe(
      'hair',
    );
    expect(walkLexemeOf([part('4c', '4c')], stats(100_000, { '4c': 0.2 }))).toBeNull();
    expect(walkLexemeOf([part('café', 'café')], stats(100_000, { café: 0.2 }))).toBeNull();
  });

  it('knows nothing before the first ANALYZE', () => {
    expect(walkLexemeOf([part('hair', 'hair')], stats(0, {}))).toBeNull();
  });
});

describe('postingsWalkRows', () => {
  it('walks at most half of what the index would cost, and never under four times cap + 1', () => {
    expect(postingsWalkRows(0)).toBe(1004);
    expect(postingsWalkRows(20_000)).toBe(1004);
    expect(postingsWalkRows(100_000)).toBe(2000);
    expect(postingsWalkRows(1_000_000)).toBe(20_000);
  });
});
