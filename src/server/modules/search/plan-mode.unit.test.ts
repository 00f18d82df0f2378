import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { planModeOf, type SearchPlan, searchPageSql } from './search.queries';

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
    ] satisfies SearchPlan[]) {
      expect(planModeOf(plan), JSON.stringify(plan)).toBe('generic');
    }
  });

  it('plans for their values the shapes whose best plan depends on them', () => {
    for (const plan of [
      { ...base, ...words },
      { ...base, ...words, strategy: 'walk', ...zip, price: { min: 50, max: 150 } },
      { ...base, ...zip, price: { min: 50, max: 150 } },
      { ...base, ...zip, hours: [17, 18] },
      { ...base, ...words, ...zip, amenities: ['Wheelchair accessible'] },
      { ...base, ...zip, minRating: 4 },
      { ...base, ...zip, categories: ['hair'] },
      { ...base, ...area, price: { min: 0, max: 40 } },
      { ...base, hours: [17], strategy: 'index' },
    ] satisfies SearchPlan[]) {
      expect(planModeOf(plan), JSON.stringify(plan)).toBe('custom');
    }
  });

  it('computes the words once in a generic statement, in the expression in a custom one', () => {
    const once = /\(SELECT to_tsquery\('english', /;
    expect(textOf({ ...base, ...words, ...zip })).toMatch(once);
    expect(textOf({ ...base, ...words, ...zip, hours: [17] })).not.toMatch(once);
  });
});
