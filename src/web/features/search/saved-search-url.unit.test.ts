import { describe, expect, it } from 'vitest';
import type { SavedSearchQuery } from '#domain/saved-searches.ts';
import { savedSearchSummary } from './saved-search-url';

const base: SavedSearchQuery = {
  query: '',
  locationZip: '',
  availability: '',
  availabilityType: 'flexible',
  requestedDays: [],
  requestedTimes: [],
  experience: [],
  radiusMiles: 25,
  sort: 'relevance',
  minRating: 0,
};

describe('savedSearchSummary', () => {
  it('names the words, the zip and radius, then each filter', () => {
    const summary = savedSearchSummary({
      ...base,
      query: 'balayage',
      locationZip: '78704',
      radiusMiles: 10,
      priceRange: [15, 200],
      availability: 'weekends',
      availabilityType: 'days_pattern',
      requestedDays: ['saturday', 'sunday'],
      experience: ['Free Wi-Fi'],
      minRating: 4,
    });
    expect(summary.split(' · ').slice(0, 2)).toEqual(['balayage', '78704 within 10 mi']);
    expect(summary).toContain('$200');
    expect(summary).toMatch(/Weekends/i);
    expect(summary).toContain('Free Wi-Fi');
    expect(summary).toContain('4+ stars');
  });

  it('leaves out what the search does not ask for', () => {
    expect(savedSearchSummary({ ...base, query: 'nails' })).toBe('nails');
    expect(savedSearchSummary({ ...base, locationZip: '10001' })).toBe('10001 within 25 mi');
  });
});
