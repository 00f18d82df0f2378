import { describe, expect, it } from 'vitest';
import {
  type AnalyzeWords,
  closestLookAlikes,
  editDistance,
  understandQuery,
  WordCache,
} from './query-understanding';

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

describe('understandQuery', () => {
  // A vocabulary of a few words, as analyzeWords answers: 'the' is a stop word, 'balayge' a typo.
  const known: Record<string, string> = {
    nail: 'nail',
    tech: 'tech',
    deep: 'deep',
    tissue: 'tissu',
    hair: 'hair',
  };
  const asked: string[][] = [];
  const analyze: AnalyzeWords = async (words) => {
    asked.push([...words]);
    return words.map((word) =>
      word === 'the'
        ? { word, stem: null, known: false, suggestions: [], suggestionStems: [] }
        : word === 'balayge'
          ? { word, stem: 'balayg', known: false, suggestions: ['balayage'], suggestionStems: ['balayag'] }
          : { word, stem: known[word] ?? word, known: word in known, suggestions: [], suggestionStems: [] },
    );
  };
  const understand = (query: string, locationZip = '', cache = new WordCache()) =>
    understandQuery({ query, locationZip }, { cache, analyze });

  it('takes the zip out of the text, unless the zip field names one', async () => {
    const inText = await understand('deep tissue 78701');
    expect(inText).toMatchObject({ text: 'deep tissue', tsquery: 'deep & tissue', category: null });
    expect(inText.place?.zip).toBe('78701');
    expect((await understand('deep tissue 78701', '10001')).place?.zip).toBe('10001');
  });

  it('refuses an unknown zip at the field it is given', async () => {
    await expect(understand('nails', '00000')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'locationZip' }],
    });
    await expect(
      understandQuery(
        { query: 'nails', locationZip: '00000' },
        { cache: new WordCache(), analyze },
        'search.locationZip',
      ),
    ).rejects.toMatchObject({ issues: [{ path: 'search.locationZip' }] });
  });

  it('searches a category for category words only, the words otherwise', async () => {
    expect(await understand('Nail Tech')).toMatchObject({
      category: 'nails',
      tsquery: null,
      serviceTsquery: null,
      rankTsquery: 'nail | tech',
    });
    expect(await understand('the deep tissue')).toMatchObject({
      category: null,
      tsquery: 'deep & tissue',
      serviceTsquery: 'deep | tissue',
      rankTsquery: null,
    });
  });

  it("ORs a typo's look-alikes in, and says what it corrected", async () => {
    expect(await understand('balayge hair')).toMatchObject({
      tsquery: '(balayge | balayage) & hair',
      corrections: [{ word: 'balayge', suggestions: ['balayage'] }],
    });
  });

  it('asks the vocabulary only about words the cache does not know', async () => {
    const cache = new WordCache();
    asked.length = 0;
    await understand('deep tissue', '', cache);
    await understand('deep hair', '', cache);
    expect(asked).toEqual([['deep', 'tissue'], ['hair']]);
  });
});
