import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchLog } from '#domain/admin.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { type SearchLogFilters, useSearchLogs } from '../api/get-search-logs';
import { SearchLogsPanel } from './SearchLogsPanel';

const AT = '2026-11-30T15:04:05.123456Z';

const LOGS: SearchLog[] = [
  {
    id: '3',
    query: '',
    zip: '78704',
    filters: {
      priceRange: [15, 150],
      availabilityType: 'days_pattern',
      availability: 'weekends',
      requestedDays: ['saturday', 'sunday'],
      experience: ['LGBTQIA+ Friendly', 'Wheelchair Accessible'],
      radiusMiles: 10,
      minRating: 4,
      sort: 'distance',
    },
    result_count: 0,
    created_at: AT,
  },
  { id: '2', query: 'balayage', zip: null, filters: {}, result_count: 12, created_at: AT },
  { id: '1', query: 'knotless braids', zip: '78701', filters: {}, result_count: null, created_at: AT },
];

/** The dashboard's wiring: the filters in state, the list from the server through the real hook. */
function Harness() {
  const [filters, setFilters] = useState<SearchLogFilters>({ results: 'all' });
  const query = useSearchLogs('admin-1', filters);
  return <SearchLogsPanel filters={filters} onFiltersChange={setFilters} query={query} />;
}

/** Each body row's cells as text, in column order. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

// The log is an admin's authorised call: a signed-in admin with a token far from expiry.
beforeEach(() => signInForTest({ role: 'admin' }));

describe('SearchLogsPanel', () => {
  it('shows each search’s words (or a dash), zip, filters in short and result count', async () => {
    stubFetch(() => ({ body: { success: true, data: { logs: LOGS, total: 3, nextCursor: null } } }));
    renderWithProviders(<Harness />);
    const table = await screen.findByRole('table', { name: 'Search logs, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Query', 'Zip', 'Filters', 'Results', 'Timestamp']);
    const [zipOnly, words, uncounted] = rowsOf(table);
    expect(zipOnly!.slice(0, 4)).toEqual([
      '—No words',
      '78704',
      '$15–$150 · Weekends · LGBTQIA+ Friendly · Wheelchair Accessible · 10 mi · 4+ stars · Sort: Distance',
      '0',
    ]);
    expect(words!.slice(0, 4)).toEqual(['balayage', '—No zip', '—No filters', '12']);
    expect(uncounted!.slice(0, 4)).toEqual(['knotless braids', '78701', '—No filters', '—Not counted']);
  });

  it("'Zero results only' asks the server for those searches alone, and says when there are none", async () => {
    const requests = stubFetch(({ path }) => {
      const zeroOnly = path.includes('results=zero');
      const logs = zeroOnly ? [] : LOGS;
      return { body: { success: true, data: { logs, total: logs.length, nextCursor: null } } };
    });
    const { user } = renderWithProviders(<Harness />);
    await screen.findByRole('table', { name: 'Search logs, newest first' });
    expect(requests.map((r) => r.path)).toEqual(['/api/search?limit=50']);

    await user.click(screen.getByRole('checkbox', { name: 'Zero results only' }));
    expect(await screen.findByText('No searches without results')).toBeTruthy();
    expect(requests.map((r) => r.path)).toEqual([
      '/api/search?limit=50',
      '/api/search?limit=50&results=zero',
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Zero results only' })).toHaveProperty('checked', true);
  });
});
