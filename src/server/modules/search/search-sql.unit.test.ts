import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { searchPlan } from '#server/test/search-plan.ts';
import { priceBandsOf, type SearchPlan, searchPageSql } from './search.queries';

const base = searchPlan();
const zip = { center: { latitude: 30.27, longitude: -97.74 } };
const words = { tsquery: 'balayag', serviceTsquery: 'balayag' };
const area = { area: { north: 30.3, south: 30.2, east: -97.7, west: -97.8 } };

/** The statement's text, as the server sends it. */
const textOf = (plan: SearchPlan) => new PgDialect().sqlToQuery(searchPageSql(plan)).sql;

describe('searchPageSql', () => {
  // Every search page is planned once per connection (findSearchPage): its text must fix how the
  // candidates are found, and compute each function of the values once per run.
  const shapes: SearchPlan[] = [
    { ...base, ...words, strategy: 'walk', walkLexeme: 'balayag' },
    { ...base, ...words, strategy: 'walk', price: { min: 50, max: 150 } },
    { ...base, categories: ['hair'], strategy: 'walk' },
    { ...base, hours: [17], strategy: 'walk' },
    { ...base, ...words },
    { ...base, ...words, price: { min: 50, max: 150 } },
    { ...base, ...words, amenities: ['Wheelchair accessible'], hours: [17] },
    { ...base, minRating: 4 },
    { ...base, categories: ['hair'], excludeIds: ['00000000-0000-0000-0000-000000000001'] },
    { ...base, ...words, ...zip },
    { ...base, ...words, ...zip, sort: 'rating' },
    { ...base, ...zip, sort: 'price', price: { min: 50, max: 150 } },
    { ...base, ...words, ...area, hours: [17, 18] },
    { ...base, ...zip, minRating: 4, categories: ['hair'] },
  ];

  it('computes the words and the price range once per run, as sub-selects', () => {
    for (const plan of shapes) {
      const text = textOf(plan);
      if (plan.tsquery) expect(text, JSON.stringify(plan)).toMatch(/\(SELECT to_tsquery\('english', /);
      // Every to_tsquery is one.
      expect(text.split('to_tsquery(').length, JSON.stringify(plan)).toBe(
        text.split('(SELECT to_tsquery(').length,
      );
      if (plan.price) expect(text, JSON.stringify(plan)).toMatch(/\(SELECT numrange\(/);
    }
  });

  it('hides the static order from its index when the indexes of the words and filters find the candidates', () => {
    const indexed = textOf({ ...base, ...words, hours: [17] });
    expect(indexed).toMatch(/ORDER BY \(d\.quality \+ 0\) DESC, d\.created_at DESC, d\.provider_id DESC/);
    // A walk reads the static order through its index.
    const walked = textOf({ ...base, hours: [17], strategy: 'walk' });
    expect(walked).toMatch(
      /SELECT \* FROM provider_search ORDER BY quality DESC, created_at DESC, provider_id DESC LIMIT/,
    );
    expect(walked).not.toMatch(/d\.quality \+ 0/);
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
