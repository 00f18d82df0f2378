import { describe, expect, it } from 'vitest';
import { SearchBodySchema } from '#domain/search.ts';
import {
  addExperience,
  availabilityLabel,
  priceRangeLabel,
  toggleExperience,
  toSearchBody,
} from './filter-rules';
import {
  clampPrice,
  EMPTY_SEARCH,
  isSearchActive,
  parseSearchParams,
  type SearchState,
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
    };
    const params = toSearchParams(state);
    expect(params.toString()).toBe(
      'q=balayage&zip=78701&price=50-200&days=mon_fri&times=9_17&exp=Free+Wi-Fi&exp=LGBTQIA%2B+Friendly&sort=rating&rating=4.5',
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

  it('reads only the known sort and minimum ratings', () => {
    expect(parse('q=x&sort=rating&rating=3.5')).toMatchObject({ sort: 'rating', minRating: 3.5 });
    for (const bad of ['sort=price&rating=5', 'sort=RATING&rating=4.2', 'rating=-1', 'rating=abc'])
      expect(parse(bad)).toMatchObject({ sort: 'relevance', minRating: 0 });
    expect(toSearchParams({ ...EMPTY_SEARCH, query: 'x', sort: 'relevance', minRating: 0 }).toString()).toBe(
      'q=x',
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

  it('a search needs a query or a zip; a bad one is reported with SPEC.md texts', () => {
    expect(isSearchActive(parse('price=50-200'))).toBe(false);
    expect(isSearchActive(parse('zip=78701'))).toBe(true);
    expect(searchProblem(parse(`q=${'a'.repeat(101)}`))).toBe(
      'Search query is too long (max 100 characters)',
    );
    expect(searchProblem(parse('zip=787'))).toBe('Zip code must be 5 digits');
    expect(searchProblem(parse('q=hair&zip=78701'))).toBeNull();
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

describe('experience filters (SPEC.md §5)', () => {
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
