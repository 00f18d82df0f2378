import { describe, expect, it } from 'vitest';
import { searchLogFilterParts } from './search-log-filters';

describe('searchLogFilterParts', () => {
  it('is empty for a search without filters (or a row from before they were kept)', () => {
    expect(searchLogFilterParts({})).toEqual([]);
    expect(searchLogFilterParts(null)).toEqual([]);
  });

  it('names a date, chosen days and hours, and an open-ended price', () => {
    expect(
      searchLogFilterParts({
        priceRange: [65, 500],
        availabilityType: 'specific_date',
        requestedDate: '2026-12-05',
      }),
    ).toEqual(['$65–$500+', '2026-12-05']);
    expect(
      searchLogFilterParts({
        availabilityType: 'custom_pattern',
        requestedDays: ['monday', 'friday'],
        requestedTimes: ['09:00', '17:00'],
        sort: 'price',
      }),
    ).toEqual(['Mon, Fri 09:00, 17:00', 'Sort: Price: low to high']);
    expect(searchLogFilterParts({ availabilityType: 'specific_date', availability: 'today' })).toEqual([
      'Today',
    ]);
  });
});
