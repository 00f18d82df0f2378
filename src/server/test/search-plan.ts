import type { SearchPlan } from '#server/modules/search/search.queries.ts';

/** A search plan for tests of the search statements: no words, place or filter unless given. */
export function searchPlan(given: Partial<SearchPlan> = {}): SearchPlan {
  return {
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
    ...given,
  };
}
