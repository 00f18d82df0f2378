import { describe, expect, it } from 'vitest';
import { WordCache } from './search.service';

const typo = (word: string) => ({
  word,
  stem: word,
  known: false,
  suggestions: ['balayage'],
  suggestionStems: ['balayag'],
});

describe('WordCache', () => {
  it('keeps known words for good and typos for the given time only', () => {
    const cache = new WordCache(10, 60_000);
    cache.set('hair', 'hair');
    cache.setUnknown(typo('balayge'), 1_000);
    expect(cache.get('hair')).toEqual({ stem: 'hair' });
    expect(cache.getUnknown('balayge', 60_999)).toEqual(typo('balayge'));
    expect(cache.getUnknown('balayge', 61_000)).toBeUndefined();
    // Expired means gone: a later lookup inside the old window finds nothing either.
    expect(cache.getUnknown('balayge', 2_000)).toBeUndefined();
    expect(cache.get('balayge')).toBeUndefined();
  });

  it('drops the oldest typo beyond its size', () => {
    const cache = new WordCache(2, 60_000);
    cache.setUnknown(typo('aaaa'), 0);
    cache.setUnknown(typo('bbbb'), 0);
    cache.setUnknown(typo('cccc'), 0);
    expect(cache.getUnknown('aaaa', 1)).toBeUndefined();
    expect(cache.getUnknown('bbbb', 1)?.word).toBe('bbbb');
    expect(cache.getUnknown('cccc', 1)?.word).toBe('cccc');
  });
});
