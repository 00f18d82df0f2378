import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { planModeOf, priceBandsOf, type SearchPlan, searchPageSql } from './search.queries';

const base: SearchPlan = {
  tsquery: null,
  serviceTsquery: null,
  categories: null,
  rankTsquery: null,
  excludeIds: null,
  center: null,
  radiusMeters: 40_233,
  area: null,
  price: null,
  hours: null,
  amenities: null,
  minRating: null,
  sort: 'relevance',
  limit: 24,
  offset: 0,
  cap: 250,
  strategy: 'index',
  walkRows: 2000,
  walkLexeme: null,
};
const zip = { center: { latitude: 30.27, longitude: -97.74 } };
const words = { tsquery: 'balayag', serviceTsquery: 'balayag' };
const area = { area: { north: 30.3, south: 30.2, east: -97.7, west: -97.8 } };

/** The statement's text, as the server sends it. */
const textOf = (plan: SearchPlan) => new PgDialect().sqlToQuery(searchPageSql(plan)).sql;

describe('planModeOf', () => {
  it('plans once the shapes whose text fixes how candidates are found', () => {
    for (const plan of [
      { ...base, ...words, strategy: 'walk', walkLexeme: 'balayag' },
      { ...base, ...words, strategy: 'walk', price: { min: 50, max: 150 } },
      { ...base, categories: ['hair'], strategy: 'walk' },
      { ...base, ...words, ...zip },
      { ...base, ...words, ...zip, sort: 'rating' },
      { ...base, ...zip, sort: 'price' },
      { ...base, ...words, ...area },
      { ...base, ...words, ...zip, excludeIds: ['00000000-0000-0000-0000-000000000001'] },
      // Without a place, rare words (and a price range) come from the full-text index.
      { ...base, ...words },
      { ...base, ...words, price: { min: 50, max: 150 } },
      // A place with filters: nearest first, the filters tested in the same index or hidden.
      { ...base, ...words, strategy: 'walk', ...zip, price: { min: 50, max: 150 } },
      { ...base, ...zip, price: { min: 50, max: 150 } },
      { ...base, ...zip, hours: [17, 18] },
      { ...base, ...words, ...zip, amenities: ['Wheelchair accessible'] },
      { ...base, ...zip, minRating: 4 },
      { ...base, ...zip, categories: ['hair'] },
      { ...base, ...area, price: { min: 0, max: 40 } },
    ] satisfies SearchPlan[]) {
      expect(planModeOf(plan), JSON.stringify(plan)).toBe('generic');
    }
  });

  it('plans for their values the shapes whose best plan depends on them', () => {
    for (const plan of [
      { ...base, ...words, amenities: ['Wheelchair accessible'] },
      { ...base, ...words, hours: [17] },
      { ...base, hours: [17] },
      { ...base, minRating: 4 },
      { ...base, categories: ['hair'], excludeIds: ['00000000-0000-0000-0000-000000000001'] },
    ] satisfies SearchPlan[]) {
      expect(planModeOf(plan), JSON.stringify(plan)).toBe('custom');
    }
  });

  it('computes the words once in a generic statement, in the expression in a custom one', () => {
    const once = /\(SELECT to_tsquery\('english', /;
    expect(textOf({ ...base, ...words, ...zip })).toMatch(once);
    expect(textOf({ ...base, ...words, hours: [17] })).not.toMatch(once);
    expect(textOf({ ...base, ...words })).toMatch(once);
  });

  it('near a place, tests the filters as facets beside the point and hides the rest from their indexes', () => {
    const text = textOf({
      ...base,
      ...zip,
      categories: ['hair'],
      hours: [17, 18],
      amenities: ['Kid friendly'],
      price: { min: 50, max: 150 },
      minRating: 4,
    });
    expect(text).toMatch(
      /d\.facets @@ \(SELECT coalesce\(nullif\(concat_ws\(' & ', \$\d+::text, \(SELECT string_agg/,
    );
    expect(text).toMatch(/\(d\.prices && \(SELECT numrange\([^)]*\)\)\) IS TRUE/);
    expect(text).toMatch(/\(EXISTS \(SELECT 1 FROM provider_ratings r [^)]*\)\) IS TRUE/);
    // No test the planner could answer from the filters' own indexes.
    expect(text).not.toMatch(/d\.(categories|hours|amenities) (&&|@>)/);
    // Without a place the filters keep their own indexes.
    const unplaced = textOf({
      ...base,
      ...words,
      categories: ['hair'],
      hours: [17],
      amenities: ['Kid friendly'],
    });
    expect(unplaced).toMatch(/d\.categories && \$\d+::text\[\]/);
    expect(unplaced).toMatch(/d\.hours && \$\d+::int\[\]/);
    expect(unplaced).not.toMatch(/facets/);
  });
});

describe('priceBandsOf', () => {
  it('is every band the range reaches, both ends included, the last band without an end', () => {
    expect(priceBandsOf({ min: 50, max: 50 })).toEqual([8]);
    expect(priceBandsOf({ min: 45, max: 55 })).toEqual([7, 8, 9]);
    expect(priceBandsOf({ min: 0, max: 14 })).toEqual([0]);
    expect(priceBandsOf({ min: 980, max: null })).toEqual([29, 30]);
    expect(priceBandsOf({ min: 15, max: null })).toHaveLength(30);
    expect(priceBandsOf({ min: 2000, max: 2500 })).toEqual([30]);
  });
});
