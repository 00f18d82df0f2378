import { describe, expect, it } from 'vitest';
import { searchWords } from './insights';

describe('searchWords', () => {
  it('keeps lower-case words of two or more characters, each once, without stop words', () => {
    expect(searchWords('Balayage near Austin')).toEqual(['balayage', 'austin']);
    expect(searchWords('  Nails, nails & GEL-X for me ')).toEqual(['nails', 'gel']);
    expect(searchWords("men's fade in 78704")).toEqual(["men's", 'fade', '78704']);
  });

  it('takes at most 8 words, none longer than 40 characters, and nothing from an empty search', () => {
    expect(searchWords('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10')).toEqual([
      'a1',
      'b2',
      'c3',
      'd4',
      'e5',
      'f6',
      'g7',
      'h8',
    ]);
    expect(searchWords(`${'x'.repeat(41)} ok`)).toEqual(['ok']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('=SUM(A1)')).toEqual(['sum', 'a1']);
  });
});
