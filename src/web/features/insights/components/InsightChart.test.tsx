import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '#domain/insights.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { InsightChart } from './InsightChart';
import { ProviderInsights } from './ProviderInsights';

const days = (values: number[], start = '2026-03-01') =>
  values.map((value, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    value,
  }));

describe('InsightChart', () => {
  it('draws a bar per day and says the chart in words, tied to the chart by aria-describedby', () => {
    renderWithProviders(
      <InsightChart title="Profile views" unit="view" points={days([0, 3, 1, 0, 0, 5, 2])} />,
    );
    const chart = screen.getByRole('img', { name: 'Profile views per day, bar chart' });
    expect(chart.children).toHaveLength(7);
    expect(chart.children[5]?.getAttribute('title')).toBe('Mar 6: 5 views');
    expect(chart.children[2]?.getAttribute('title')).toBe('Mar 3: 1 view');
    const summary = document.getElementById(chart.getAttribute('aria-describedby')!);
    expect(summary?.textContent).toBe(
      '11 views in the last 7 days (Mar 1 to Mar 7). The busiest day was Friday, March 6 with 5; 3 days had none.',
    );
    expect(screen.getByRole('figure').textContent).toMatch(/^Profile views11/);
  });

  it('says so when there is nothing to show', () => {
    renderWithProviders(<InsightChart title="New favorites" unit="new favorite" points={days([0, 0, 0])} />);
    expect(screen.getByText('No new favorites in the last 3 days.')).toBeTruthy();
  });
});

const insightsOf = (n: number): Insights => {
  const perDay = Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.parse('2026-03-10T00:00:00Z') - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    impressions: i === n - 1 ? 40 : 0,
    profile_views: i === n - 1 ? 8 : 0,
    new_favorites: 0,
    alert_inclusions: i === n - 1 ? 1 : 0,
    push_opens: i === n - 1 ? 3 : 0,
    booking_clicks: i === n - 1 ? 2 : 0,
  }));
  return {
    provider_id: 'provider-1',
    time_zone: 'America/Chicago',
    days: n,
    per_day: perDay,
    totals: {
      impressions: 40,
      profile_views: 8,
      new_favorites: 0,
      alert_inclusions: 1,
      push_opens: 3,
      booking_clicks: 2,
    },
    conversion: 0.25,
    top_words: [
      { word: 'balayage', count: 30 },
      { word: 'austin', count: 12 },
    ],
  };
};

describe('ProviderInsights', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows a chart per figure, the conversion and the top words, and switches the period', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubFetch((req) => {
      const m = /^\/api\/insights\?provider_id=provider-1&days=(7|30|90)$/.exec(req.path);
      return m ? { body: { success: true, insights: insightsOf(Number(m[1])) } } : undefined;
    });
    const { user } = renderWithProviders(<ProviderInsights providerId="provider-1" />);
    expect(await screen.findByText(/25% \(2 clicks from 8 views\)/)).toBeTruthy();
    const charts = screen.getAllByRole('img');
    expect(charts.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Search impressions per day, bar chart',
      'Profile views per day, bar chart',
      'New favorites per day, bar chart',
      'Saved-search alerts per day, bar chart',
      'Notification opens per day, bar chart',
      'Booking clicks per day, bar chart',
    ]);
    expect(charts[0]!.children).toHaveLength(30);
    expect(screen.getByText(/^40 impressions in the last 30 days/)).toBeTruthy();
    const words = within(screen.getByRole('list'));
    expect(words.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'balayage · 30',
      'austin · 12',
    ]);
    expect(screen.getByText(/America\/Chicago/)).toBeTruthy();

    const period = within(screen.getByRole('group', { name: 'Period' }));
    expect(period.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(period.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText(/^40 impressions in the last 7 days/)).toBeTruthy();
    expect(screen.getAllByRole('img')[0]!.children).toHaveLength(7);
    expect(period.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests.map((r) => r.path)).toEqual([
      '/api/insights?provider_id=provider-1&days=30',
      '/api/insights?provider_id=provider-1&days=7',
    ]);
    expect(requests[0]!.headers.authorization).toBe('Bearer test-access-token');
  });
});
