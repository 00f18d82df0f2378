import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import type { ProviderCard, SearchReply } from '#domain/search.ts';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { renderWithProviders, type SentRequest, stubFetch } from '#web/test/render.tsx';
import type { SearchState } from '../url-state';
import { useSearchState } from '../use-search-state';
import { ResultsSection } from './ResultsSection';

/** The home page's wiring: the section reads the URL and writes it back; the test reads the URL. */
let currentSearch = '';
let setSearch: ReturnType<typeof useSearchState>[1] = () => {};
function Harness() {
  const [state, setState] = useSearchState();
  currentSearch = useLocation().search;
  setSearch = setState;
  return <ResultsSection state={state} setState={setState} scrollRequest={0} />;
}

const params = () => new URLSearchParams(currentSearch);

let ids = 0;
function provider(name: string, over: Partial<ProviderCard> = {}): ProviderCard {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    routing_slug: name.toLowerCase().replaceAll(' ', '-'),
    name,
    avatar_url: null,
    location: 'Austin, TX 78704',
    specialties: [],
    categories: ['hair'],
    startingPrice: 45,
    portfolio_images: [],
    portfolio_count: 0,
    amenities: [],
    matched_service: null,
    distance_miles: null,
    position: null,
    rating: null,
    review_count: 0,
    active: true,
    ...over,
  };
}

function reply(results: ProviderCard[], over: Partial<SearchReply> = {}): SearchReply {
  return {
    success: true,
    results,
    total: results.length,
    totalCapped: false,
    nextCursor: null,
    searched: { query: '', locationZip: null, radiusMiles: 25, bbox: null, corrections: [] },
    related: null,
    landing: null,
    ...over,
  };
}

const searches = (requests: SentRequest[]) => requests.filter((r) => r.path === '/api/search');
const region = (name: string | RegExp) => screen.getByRole('region', { name });
const results = () => region(/^(Search Results|Beauty Professionals)$/);

describe('ResultsSection', () => {
  it('searches by a filter alone: no text, no zip, and the list follows it', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/search'
        ? { body: reply([provider('Ramp Studio'), provider('Level Salon')], { total: 2 }) }
        : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?exp=Wheelchair+Accessible' });
    expect(await screen.findByRole('article', { name: 'Ramp Studio' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: SEARCH_TEXTS.resultsTitle })).toBeTruthy();
    expect(await within(results()).findByText('with your filters', { exact: false })).toBeTruthy();
    expect(results().textContent).toContain('2 results with your filters');
    // The full list was never asked for; the search carries the filter and nothing else.
    expect(requests.map((r) => r.path)).toEqual(['/api/search']);
    expect(requests[0]?.body).toEqual({
      query: '',
      locationZip: '',
      experience: ['Wheelchair Accessible'],
      sessionId: expect.any(String),
    });
  });

  it("sends the search reply's insight token once the cards are rendered, and none for the full list", async () => {
    const shown = [provider('Ramp Studio'), provider('Level Salon')];
    stubFetch((r) => {
      if (r.path === '/api/search')
        return { body: reply(shown, { total: 2, insight_token: 'token-of-this-reply' }) };
      if (r.path.startsWith('/api/providers?'))
        return {
          body: { success: true, providers: shown, total: 2, totalCapped: false, nextCursor: null },
        };
      return undefined;
    });
    renderWithProviders(<Harness />, { route: '/?q=Balayage+near+Austin' });
    expect(await screen.findByRole('article', { name: 'Level Salon' })).toBeTruthy();
    const beacon = vi.mocked(navigator.sendBeacon);
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/insights/events');
    // The token names the cards and the words (the server made it); the beacon carries nothing else.
    expect(JSON.parse(String(body))).toEqual({ token: 'token-of-this-reply' });
    // Clearing the search shows the full list: not search results, so no beacon.
    act(() => setSearch((current) => ({ ...current, query: '' })));
    expect(await screen.findByRole('heading', { level: 2, name: SEARCH_TEXTS.listTitle })).toBeTruthy();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('shows the full list without a search, and no banner', async () => {
    stubFetch((r) =>
      r.path.startsWith('/api/providers?')
        ? {
            body: {
              success: true,
              providers: [provider('Ramp Studio')],
              total: 1,
              totalCapped: false,
              nextCursor: null,
            },
          }
        : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?sort=rating&radius=10' });
    expect(await screen.findByRole('article', { name: 'Ramp Studio' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: SEARCH_TEXTS.listTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: SEARCH_TEXTS.clearFilters })).toBeNull();
  });

  it('waits for the filters to rest before searching again (one search for quick changes)', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/search' ? { body: reply([provider('A')]) } : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?q=nails' });
    await screen.findByRole('article', { name: 'A' });
    const add = (item: string) =>
      act(() =>
        setSearch((s: SearchState) => ({ ...s, experience: [...s.experience, item] }), { replace: true }),
      );
    await add('Free Wi-Fi');
    await add('Kid-Friendly');
    await add('Multilingual');
    await waitFor(() => expect(searches(requests)).toHaveLength(2));
    expect(searches(requests)[1]?.body).toMatchObject({
      experience: ['Free Wi-Fi', 'Kid-Friendly', 'Multilingual'],
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(requests)).toHaveLength(2);
  });

  it('shows only the unknown-zip message, with no "Searching…" above it', async () => {
    stubFetch((r) =>
      r.path === '/api/search'
        ? {
            status: 400,
            body: {
              success: false,
              error: 'VALIDATION_ERROR',
              message: 'Invalid request',
              issues: [{ path: 'locationZip', message: SEARCH_TEXTS.unknownZip }],
            },
          }
        : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?q=balayage&zip=99999' });
    const alert = await within(results()).findByRole('alert');
    expect(alert.textContent).toBe(SEARCH_TEXTS.unknownZip);
    expect(results().textContent).toBe(`${SEARCH_TEXTS.resultsTitle}${SEARCH_TEXTS.unknownZip}`);
    expect(screen.queryByText(/Searching/)).toBeNull();
  });

  it('says the search failed, with Try Again that searches again', async () => {
    let calls = 0;
    stubFetch((r) => {
      if (r.path !== '/api/search') return undefined;
      calls += 1;
      return calls === 1
        ? { status: 500, body: { success: false, error: 'INTERNAL_ERROR', message: 'Something went wrong' } }
        : { body: reply([provider('Back Again')]) };
    });
    const { user } = renderWithProviders(<Harness />, { route: '/?q=balayage' });
    expect(
      await within(results()).findByRole('heading', { level: 3, name: SEARCH_TEXTS.searchFailed }),
    ).toBeTruthy();
    expect(screen.queryByText(/Searching/)).toBeNull();
    await user.click(screen.getByRole('button', { name: SEARCH_TEXTS.tryAgain }));
    expect(await screen.findByRole('article', { name: 'Back Again' })).toBeTruthy();
    expect(screen.queryByText(SEARCH_TEXTS.searchFailed)).toBeNull();
  });

  it('a busy server (503 with Retry-After) is asked once more after the wait, and the results show', async () => {
    const requests = stubFetch((r) => {
      if (r.path !== '/api/search') return undefined;
      return searches(requests).length === 1
        ? {
            status: 503,
            headers: { 'Retry-After': '1' },
            body: {
              success: false,
              error: 'SERVICE_UNAVAILABLE',
              message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
            },
          }
        : { body: reply([provider('Patient Studio')]) };
    });
    renderWithProviders(<Harness />, { route: '/?q=balayage' });
    expect(await screen.findByRole('article', { name: 'Patient Studio' })).toBeTruthy();
    expect(screen.queryByText(SEARCH_TEXTS.searchFailed)).toBeNull();
    // The same search again, body and all.
    expect(searches(requests)[1]!.body).toEqual(searches(requests)[0]!.body);
    expect(searches(requests)).toHaveLength(2);
  });

  it('a second busy 503 shows the search failed, after exactly two requests', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/search'
        ? {
            status: 503,
            headers: { 'Retry-After': '1' },
            body: {
              success: false,
              error: 'SERVICE_UNAVAILABLE',
              message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
            },
          }
        : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?q=balayage' });
    expect(
      await within(results()).findByRole('heading', { level: 3, name: SEARCH_TEXTS.searchFailed }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: SEARCH_TEXTS.tryAgain })).toBeTruthy();
    expect(searches(requests)).toHaveLength(2);
  });

  it('lists the filters of a search with no results, each with a one-click remove', async () => {
    const requests = stubFetch((r) => {
      if (r.path !== '/api/search') return undefined;
      const body = r.body as { priceRange?: unknown };
      return {
        body: reply(body.priceRange ? [] : [provider('Ramp Studio')], {
          searched: { query: 'balayage', locationZip: null, radiusMiles: 25, bbox: null, corrections: [] },
        }),
      };
    });
    const { user } = renderWithProviders(<Harness />, {
      route: '/?q=balayage&price=15-100&exp=Wheelchair+Accessible',
    });
    expect(
      await within(results()).findByRole('heading', { level: 3, name: SEARCH_TEXTS.noResults }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Filters of this search' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remove price $15–$100', 'Remove experience Wheelchair Accessible']);

    await user.click(within(list).getByRole('button', { name: 'Remove price $15–$100' }));
    expect(params().has('price')).toBe(false);
    expect(params().getAll('exp')).toEqual(['Wheelchair Accessible']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(await screen.findByRole('article', { name: 'Ramp Studio' })).toBeTruthy();
    expect(searches(requests).at(-1)?.body).not.toHaveProperty('priceRange');
  });

  it('shows the related block after the results, as its own region, outside the count', async () => {
    stubFetch((r) =>
      r.path === '/api/search'
        ? {
            body: reply(
              [
                provider('Lumen Studio', {
                  matched_service: {
                    name: 'Balayage',
                    min_price: 180,
                    max_price: 260,
                    starting_at: false,
                    duration_min: null,
                    duration_max: null,
                  },
                }),
              ],
              {
                searched: {
                  query: 'balayage',
                  locationZip: '78704',
                  radiusMiles: 25,
                  bbox: null,
                  corrections: [],
                },
                related: {
                  category: 'hair',
                  title: 'More hair stylists near 78704',
                  results: [provider('Cut Above'), provider('Shear Joy')],
                },
              },
            ),
          }
        : undefined,
    );
    renderWithProviders(<Harness />, { route: '/?q=balayage&zip=78704' });
    const related = await screen.findByRole('region', { name: 'More hair stylists near 78704' });
    expect(
      within(related)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && a.querySelector('h3')?.textContent),
    ).toEqual(['Cut Above', 'Shear Joy']);
    expect(within(results()).getAllByRole('article')).toHaveLength(1);
    expect(within(results()).getByRole('article').textContent).toContain('Balayage · from $180');
    expect(results().textContent).toContain('1 result for “balayage” within 25 miles of 78704');
    // After the results in the page's order.
    expect(results().compareDocumentPosition(related) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sorts from the banner: the order goes in the URL and the search', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/search' ? { body: reply([provider('A')]) } : undefined,
    );
    const { user } = renderWithProviders(<Harness />, { route: '/?q=balayage&zip=78704' });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'distance');
    expect(params().get('sort')).toBe('distance');
    await waitFor(() => expect(searches(requests).at(-1)?.body).toMatchObject({ sort: 'distance' }));
  });
});
