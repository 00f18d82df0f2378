import { describe, expect, it } from 'vitest';
import { hasNarrowingFilter as domainHasNarrowingFilter, SearchBodySchema } from '#domain/search.ts';
import { activeFilters } from './active-filters';
import { addExperience, availabilityLabel, priceRangeLabel, toggleExperience } from './filter-rules';
import { toSearchBody } from './search-body';
import {
  clampPrice,
  EMPTY_SEARCH,
  hasNarrowingFilter,
  isSearchActive,
  parseSearchParams,
  type SearchState,
  searchKey,
  searchProblem,
  toSearchParams,
} from './url-state';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('the URL query string', () => {
  it('round-trips every filter, in a short readable form', () => {
    const state: SearchState = {
      query: 'balayage',
      zip: '78701',
      price: [50, 200],
      when: null,
      days: ['friday', 'monday'],
      times: ['17:00', '09:00'],
      experience: ['Free Wi-Fi', 'LGBTQIA+ Friendly'],
      sort: 'rating',
      minRating: 4.5,
      radius: 10,
      bbox: null,
    };
    const params = toSearchParams(state);
    expect(params.toString()).toBe(
      'q=balayage&zip=78701&radius=10&price=50-200&days=mon_fri&times=9_17&exp=Free+Wi-Fi&exp=LGBTQIA%2B+Friendly&sort=rating&rating=4.5',
    );
    expect(parseSearchParams(params)).toEqual({
      ...state,
      days: ['monday', 'friday'],
      times: ['09:00', '17:00'],
    });
  });

  it('leaves defaults out and keeps parameters that belong to others', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('');
    const base = new URLSearchParams('auth=forgotPassword&q=old&exp=x');
    expect(toSearchParams({ ...EMPTY_SEARCH, query: ' nails ' }, base).toString()).toBe(
      'auth=forgotPassword&q=nails',
    );
  });

  it('reads the four sorts and the known minimum ratings; anything else is the default', () => {
    for (const sort of ['relevance', 'price', 'rating'] as const)
      expect(parse(`q=x&sort=${sort}&rating=3.5`)).toMatchObject({ sort, minRating: 3.5 });
    expect(parse('zip=78704&sort=distance')).toMatchObject({ sort: 'distance' });
    for (const bad of ['sort=cheapest&rating=5', 'sort=RATING&rating=4.2', 'rating=-1', 'rating=abc'])
      expect(parse(bad)).toMatchObject({ sort: 'relevance', minRating: 0 });
    expect(toSearchParams({ ...EMPTY_SEARCH, query: 'x', sort: 'relevance', minRating: 0 }).toString()).toBe(
      'q=x',
    );
    expect(toSearchParams({ ...EMPTY_SEARCH, query: 'x', sort: 'price' }).toString()).toBe('q=x&sort=price');
  });

  it("'distance' needs a zip: without one it falls back to best match, in the URL and the body", () => {
    expect(parse('q=balayage&sort=distance').sort).toBe('relevance');
    expect(parse('q=balayage&zip=&sort=distance').sort).toBe('relevance');
    const noZip: SearchState = { ...EMPTY_SEARCH, query: 'balayage', sort: 'distance' };
    expect(toSearchParams(noZip).toString()).toBe('q=balayage');
    expect(toSearchBody(noZip)).not.toHaveProperty('sort');
    expect(toSearchBody({ ...noZip, zip: '78704' })).toMatchObject({
      sort: 'distance',
      locationZip: '78704',
    });
  });

  it('reads the radius choices (5, 10, 25, 50 miles); 25 is the default and stays out of the URL', () => {
    expect(parse('zip=78704').radius).toBe(25);
    for (const miles of [5, 10, 50] as const) {
      expect(parse(`zip=78704&radius=${miles}`).radius).toBe(miles);
      expect(toSearchParams({ ...EMPTY_SEARCH, zip: '78704', radius: miles }).toString()).toBe(
        `zip=78704&radius=${miles}`,
      );
    }
    for (const bad of ['7', '100', '-5', 'ten', '25.5'])
      expect(parse(`zip=78704&radius=${bad}`).radius).toBe(25);
    expect(toSearchParams({ ...EMPTY_SEARCH, zip: '78704', radius: 25 }).toString()).toBe('zip=78704');
  });

  it('sends the radius as radiusMiles with a zip, and leaves the default to the server', () => {
    expect(toSearchBody({ ...EMPTY_SEARCH, zip: '78704', radius: 10 })).toEqual({
      query: '',
      locationZip: '78704',
      radiusMiles: 10,
    });
    expect(toSearchBody({ ...EMPTY_SEARCH, zip: '78704' })).toEqual({ query: '', locationZip: '78704' });
    // Without a zip a radius means nothing: neither the body nor the search's cache key carries it.
    const filtersOnly: SearchState = { ...EMPTY_SEARCH, experience: ['Wheelchair Accessible'] };
    expect(toSearchBody({ ...filtersOnly, radius: 5 })).not.toHaveProperty('radiusMiles');
    expect(searchKey({ ...filtersOnly, radius: 5 })).toBe(searchKey(filtersOnly));
    expect(searchKey({ ...EMPTY_SEARCH, zip: '78704', radius: 5 })).not.toBe(
      searchKey({ ...EMPTY_SEARCH, zip: '78704' }),
    );
  });

  it('a quick option wins over days and times', () => {
    expect(parse('when=weekends&days=mon&times=9')).toMatchObject({ when: 'weekends', days: [], times: [] });
    expect(toSearchParams({ ...EMPTY_SEARCH, when: 'evenings', days: ['monday'] }).toString()).toBe(
      'when=evenings',
    );
  });

  it('drops or clamps what a hand-edited link gets wrong', () => {
    expect(parse('when=someday&days=mon,xyz,Sun&times=7,8,19,20,x,9')).toMatchObject({
      when: null,
      days: ['monday', 'sunday'],
      times: ['08:00', '09:00', '19:00'],
    });
    expect(parse('price=600-3').price).toEqual([15, 500]);
    expect(parse('price=52-198').price).toEqual([50, 200]);
    expect(parse('price=abc').price).toEqual([15, 500]);
    expect(clampPrice(Number.NaN)).toBe(15);
  });

  it('keeps the newest three experience filters, each once', () => {
    expect(parse(`exp=A&exp=B&exp=a&exp=C&exp=D&exp=%20&exp=${'x'.repeat(61)}`).experience).toEqual([
      'B',
      'C',
      'D',
    ]);
  });

  it('a search needs a query, a zip or a narrowing filter; a bad one is reported with its message', () => {
    expect(isSearchActive(parse(''))).toBe(false);
    expect(isSearchActive(parse('zip=78701'))).toBe(true);
    expect(isSearchActive(parse('q=nails'))).toBe(true);
    expect(searchProblem(parse(`q=${'a'.repeat(101)}`))).toBe(
      'Search query is too long (max 100 characters)',
    );
    expect(searchProblem(parse('zip=787'))).toBe('Zip code must be 5 digits');
    expect(searchProblem(parse('q=hair&zip=78701'))).toBeNull();
  });

  it('a filter alone is a search (price, availability, experience, minimum rating); sort and radius are not', () => {
    for (const query of [
      'price=50-200',
      'price=15-100',
      'when=weekends',
      'days=mon',
      'times=17',
      'exp=Wheelchair+Accessible',
      'rating=4',
    ]) {
      expect(hasNarrowingFilter(parse(query)), query).toBe(true);
      expect(isSearchActive(parse(query)), query).toBe(true);
    }
    for (const query of [
      'price=15-500',
      'sort=rating',
      'sort=price',
      'radius=10',
      'rating=0',
      'when=flexible',
    ])
      expect(isSearchActive(parse(query)), query).toBe(false);
  });

  it('a filters-only search passes the contract (hasNarrowingFilter in src/domain/search.ts agrees)', () => {
    for (const query of [
      'price=50-200',
      'when=weekends',
      'days=mon&times=17',
      'exp=Wheelchair+Accessible',
      'rating=4',
    ]) {
      const body = toSearchBody(parse(query));
      expect(body.query, query).toBe('');
      expect(body.locationZip, query).toBe('');
      expect(domainHasNarrowingFilter(body), query).toBe(true);
      expect(SearchBodySchema.safeParse(body).success, query).toBe(true);
    }
    expect(SearchBodySchema.safeParse(toSearchBody(parse('sort=price'))).success).toBe(false);
  });
});

describe('the search body', () => {
  const base: SearchState = { ...EMPTY_SEARCH, query: 'hair' };
  const cases: [string, Partial<SearchState>, Record<string, unknown>][] = [
    ['no preference', {}, { query: 'hair', locationZip: '' }],
    [
      'today',
      { when: 'today' },
      { availabilityType: 'specific_date', requestedDate: 'today', availability: 'today' },
    ],
    ['tomorrow', { when: 'tomorrow' }, { availabilityType: 'specific_date', requestedDate: 'tomorrow' }],
    [
      'weekdays',
      { when: 'weekdays' },
      {
        availabilityType: 'days_pattern',
        requestedDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      },
    ],
    [
      'weekends',
      { when: 'weekends' },
      { availabilityType: 'days_pattern', requestedDays: ['saturday', 'sunday'] },
    ],
    [
      'evenings',
      { when: 'evenings' },
      { availabilityType: 'time_pattern', requestedTimes: ['17:00', '18:00', '19:00'] },
    ],
    [
      'custom',
      { days: ['tuesday'], times: ['10:00'] },
      { availabilityType: 'custom_pattern', requestedDays: ['tuesday'], requestedTimes: ['10:00'] },
    ],
    ['price', { price: [15, 120] }, { priceRange: [15, 120] }],
    ['experience', { experience: ['Free Wi-Fi'] }, { experience: ['Free Wi-Fi'] }],
    ['highest rated, 4+ stars', { sort: 'rating', minRating: 4 }, { sort: 'rating', minRating: 4 }],
    ['price: low to high', { sort: 'price' }, { sort: 'price' }],
    ['nearest first', { zip: '78704', sort: 'distance' }, { locationZip: '78704', sort: 'distance' }],
    ['within 50 miles', { zip: '78704', radius: 50 }, { locationZip: '78704', radiusMiles: 50 }],
  ];
  it.each(cases)('%s maps to the contract and passes its schema', (_, patch, expected) => {
    const body = toSearchBody({ ...base, ...patch });
    expect(body).toMatchObject(expected);
    expect(SearchBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends no price range at the default 15–500+, and no sort or rating at theirs', () => {
    expect(toSearchBody(base)).not.toHaveProperty('priceRange');
    expect(toSearchBody(base)).not.toHaveProperty('sort');
    expect(toSearchBody(base)).not.toHaveProperty('minRating');
    expect(priceRangeLabel([15, 500])).toBeNull();
    expect(priceRangeLabel([20, 500])).toBe('$20 - $500+');
  });
});

describe('the filters a search names (banner chips, no-results remove buttons)', () => {
  it('lists each narrowing filter with its remove button and the state without it', () => {
    const state = parse(
      'q=balayage&zip=78704&price=15-100&when=weekends&exp=Wheelchair+Accessible&exp=Free+Wi-Fi&rating=4.5&sort=price',
    );
    const filters = activeFilters(state);
    expect(filters.map((f) => [f.label, f.removeLabel])).toEqual([
      ['$15 - $100', 'Remove price $15–$100'],
      ['Weekends', 'Remove availability Weekends'],
      ['Wheelchair Accessible', 'Remove experience Wheelchair Accessible'],
      ['Free Wi-Fi', 'Remove experience Free Wi-Fi'],
      ['4.5+ stars', 'Remove rating 4.5+ stars'],
    ]);
    const removed = filters.map((f) => toSearchParams(f.without(state)).toString());
    expect(removed).toEqual([
      'q=balayage&zip=78704&when=weekends&exp=Wheelchair+Accessible&exp=Free+Wi-Fi&sort=price&rating=4.5',
      'q=balayage&zip=78704&price=15-100&exp=Wheelchair+Accessible&exp=Free+Wi-Fi&sort=price&rating=4.5',
      'q=balayage&zip=78704&price=15-100&when=weekends&exp=Free+Wi-Fi&sort=price&rating=4.5',
      'q=balayage&zip=78704&price=15-100&when=weekends&exp=Wheelchair+Accessible&sort=price&rating=4.5',
      'q=balayage&zip=78704&price=15-100&when=weekends&exp=Wheelchair+Accessible&exp=Free+Wi-Fi&sort=price',
    ]);
    expect(activeFilters(parse('q=balayage&zip=78704&sort=rating&radius=10'))).toEqual([]);
    expect(activeFilters(parse('price=50-500'))[0]?.removeLabel).toBe('Remove price $50–$500+');
  });
});

describe('experience filters', () => {
  it('a fourth drops the oldest; the same one twice is kept once; blanks are ignored', () => {
    expect(addExperience(['A', 'B', 'C'], 'D')).toEqual(['B', 'C', 'D']);
    expect(addExperience(['A', 'B'], ' b ')).toEqual(['A', 'B']);
    expect(addExperience(['A'], '  ')).toEqual(['A']);
    expect(addExperience(['A'], ' Vegan products ')).toEqual(['A', 'Vegan products']);
  });

  it('toggling removes a chosen one and adds a new one', () => {
    expect(toggleExperience(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggleExperience(['A', 'B', 'C'], 'D')).toEqual(['B', 'C', 'D']);
  });
});

describe('availability label', () => {
  it('says the choice in a few words', () => {
    expect(availabilityLabel(EMPTY_SEARCH)).toBeNull();
    expect(availabilityLabel({ when: 'weekends', days: [], times: [] })).toBe('Weekends');
    expect(
      availabilityLabel({
        when: null,
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        times: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'],
      }),
    ).toBe('Mon-Fri, 9AM-5PM');
    expect(availabilityLabel({ when: null, days: ['sunday', 'monday'], times: ['17:00', '09:00'] })).toBe(
      'Mon, Sun, 9AM, 5PM',
    );
  });
});

describe("the map's area in the URL (bbox=south,west,north,east)", () => {
  const AREA = { south: 30.1234, west: -97.9, north: 30.6, east: -97.4 };

  it('round-trips an area searched instead of a zip, which makes a search by itself', () => {
    const params = toSearchParams({ ...EMPTY_SEARCH, bbox: AREA }, new URLSearchParams('view=map'));
    expect(params.toString()).toBe('view=map&bbox=30.1234%2C-97.9%2C30.6%2C-97.4');
    const state = parseSearchParams(params);
    expect(state.bbox).toEqual(AREA);
    expect(isSearchActive(state)).toBe(true);
    expect(toSearchBody(state)).toEqual({ query: '', locationZip: '', bbox: AREA });
    expect(searchKey(state)).toContain('bbox=');
  });

  it('reads commas as written by hand and rounds to 4 decimals', () => {
    expect(parse('bbox=30.123456,-97.9,30.6,-97.4').bbox).toEqual({ ...AREA, south: 30.1235 });
  });

  it('ignores an area that is malformed, upside down, off the globe or wider than 1.5° each way', () => {
    for (const bad of [
      'bbox=',
      'bbox=30,-97,31',
      'bbox=30,-97,31,-96,5',
      'bbox=a,b,c,d',
      'bbox=0x1E,-97,31,-96',
      'bbox=3e1,-97,31,-96',
      'bbox=30,-97,31,Infinity',
      'bbox= 30,-97,31,-96',
      'bbox=31,-97,30,-96', // south above north
      'bbox=30,-96,31,-97', // west east of east
      'bbox=30,-97,30,-96', // no height
      'bbox=89.5,-97,91,-96', // past the pole
      'bbox=30,-181,31,-180',
      'bbox=30,-97,31.6,-96', // 1.6° north to south
      'bbox=30,-98,31,-96', // 2° west to east
    ]) {
      const state = parse(`q=nails&${bad}`);
      expect(state.bbox, bad).toBeNull();
      expect(toSearchParams(state).toString(), bad).toBe('q=nails');
    }
    expect(isSearchActive(parse('bbox=31,-97,30,-96'))).toBe(false);
  });

  it('gives way to a zip: with one, the area is neither read nor written', () => {
    expect(parse('zip=78704&bbox=30.1,-97.9,30.6,-97.4').bbox).toBeNull();
    expect(toSearchParams({ ...EMPTY_SEARCH, zip: '78704', bbox: AREA }).toString()).toBe('zip=78704');
    expect(toSearchBody({ ...EMPTY_SEARCH, zip: '78704', bbox: AREA })).not.toHaveProperty('bbox');
  });
});
