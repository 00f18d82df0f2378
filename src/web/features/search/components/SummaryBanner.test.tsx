import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchReply } from '#domain/search.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { parseSearchParams } from '../url-state';
import { SummaryBanner } from './SummaryBanner';

const replyFor = (
  total: number,
  searched: Partial<SearchReply['searched']> = {},
  totalCapped = false,
): SearchReply => ({
  success: true,
  results: [],
  total,
  totalCapped,
  nextCursor: null,
  searched: { query: '', locationZip: null, radiusMiles: 25, bbox: null, corrections: [], ...searched },
  related: null,
  landing: null,
});

function renderBanner(url: string, reply?: SearchReply) {
  const onSort = vi.fn();
  const onClear = vi.fn();
  const rendered = renderWithProviders(
    <SummaryBanner
      state={parseSearchParams(new URLSearchParams(url))}
      reply={reply}
      onSort={onSort}
      onClear={onClear}
    />,
  );
  // The sentence is the banner's first paragraph.
  const sentence = () => rendered.container.querySelector('p')?.textContent;
  return { ...rendered, sentence, onSort, onClear };
}

describe('SummaryBanner sentence', () => {
  const cases: [string, string, SearchReply | undefined, string][] = [
    [
      'query and zip',
      'q=balayage&zip=78704',
      replyFor(13, { query: 'balayage', locationZip: '78704' }),
      '13 results for “balayage” within 25 miles of 78704',
    ],
    [
      'query and zip while searching',
      'q=balayage&zip=78704',
      undefined,
      'Searching… for “balayage” within 25 miles of 78704',
    ],
    [
      'a chosen radius while searching',
      'q=balayage&zip=78704&radius=10',
      undefined,
      'Searching… for “balayage” within 10 miles of 78704',
    ],
    [
      'the radius the server searched',
      'zip=78704&radius=50',
      replyFor(4, { locationZip: '78704', radiusMiles: 50 }),
      '4 results within 50 miles of 78704',
    ],
    ['zip only while searching', 'zip=78704', undefined, 'Searching… within 25 miles of 78704'],
    ['query only', 'q=balayage', replyFor(1, { query: 'balayage' }), '1 result for “balayage”'],
    ['query only while searching', 'q=balayage', undefined, 'Searching… for “balayage”'],
    ['filters only', 'exp=Wheelchair+Accessible', replyFor(12), '12 results with your filters'],
    ['filters only while searching', 'price=15-100', undefined, 'Searching… with your filters'],
    ['no results', 'q=qwxzvbnm', replyFor(0, { query: 'qwxzvbnm' }), '0 results for “qwxzvbnm”'],
    ['more than the cap', 'q=hair', replyFor(250, { query: 'hair' }, true), '250+ results for “hair”'],
    [
      'a zip the server took from the query',
      'q=balayage+78704',
      replyFor(3, { query: 'balayage', locationZip: '78704' }),
      '3 results for “balayage” within 25 miles of 78704',
    ],
  ];

  it.each(cases)('%s', (_, url, reply, expected) => {
    const { sentence } = renderBanner(url, reply);
    expect(sentence()).toBe(expected);
    expect(sentence()).not.toMatch(/within\s+(miles\s+)?of|\s{2}/);
  });

  it('shows the server’s spelling fix and the filters in force', () => {
    renderBanner(
      'q=balayge&price=50-500&when=weekends&exp=Free+Wi-Fi&rating=4',
      replyFor(2, { query: 'balayge', corrections: [{ word: 'balayge', suggestions: ['balayage'] }] }),
    );
    expect(screen.getByText('balayage').closest('p')?.textContent).toBe('Showing results for balayage');
    const filters = screen.getByRole('list', { name: 'Filters' });
    expect(
      within(filters)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['$50 - $500+', 'Weekends', 'Free Wi-Fi', '4+ stars']);
  });
});

describe('SummaryBanner Sort by', () => {
  const options = () =>
    within(screen.getByRole('combobox', { name: 'Sort by' }))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('offers Distance only when a zip is searched', () => {
    const { unmount } = renderBanner('q=balayage&zip=78704');
    expect(options()).toEqual([
      'Best match',
      'Distance',
      'Price: low to high',
      'Highest rated (weighted by number of reviews)',
    ]);
    unmount();
    renderBanner('q=balayage');
    expect(options()).toEqual([
      'Best match',
      'Price: low to high',
      'Highest rated (weighted by number of reviews)',
    ]);
  });

  it('shows the URL’s order and reports a new one', async () => {
    const { user, onSort, onClear } = renderBanner('q=balayage&zip=78704&sort=distance');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveProperty('value', 'distance');
    await user.selectOptions(select, 'price');
    expect(onSort).toHaveBeenCalledWith('price');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});

describe('the link to the landing page', () => {
  it("offers 'See all balayage in Austin' when the server names the page, and nothing otherwise", () => {
    renderBanner('?q=balayage&zip=78704', {
      ...replyFor(3, { query: 'balayage', locationZip: '78704' }),
      landing: { path: '/balayage/austin-tx', label: 'See all balayage in Austin' },
    });
    const link = screen.getByRole('link', { name: 'See all balayage in Austin' });
    expect(link.getAttribute('href')).toBe('/balayage/austin-tx');
  });

  it('shows no link when there is no landing page', () => {
    renderBanner('?q=balayage&zip=78704', replyFor(3, { query: 'balayage', locationZip: '78704' }));
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
  });
});
