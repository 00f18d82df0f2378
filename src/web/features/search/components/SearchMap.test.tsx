import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCard, SearchReply } from '#domain/search.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { useSearchState } from '../use-search-state';
import { ResultsSection } from './ResultsSection';

/** The home page's wiring, as in ResultsSection.test.tsx: the test reads the URL back. */
let currentSearch = '';
let currentPath = '';
function Harness() {
  const [state, setState] = useSearchState();
  const location = useLocation();
  currentSearch = location.search;
  currentPath = location.pathname;
  return <ResultsSection state={state} setState={setState} scrollRequest={0} />;
}
const params = () => new URLSearchParams(currentSearch);

let ids = 0;
function provider(name: string, position: ProviderCard['position']): ProviderCard {
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
    rating: null,
    review_count: 0,
    active: true,
    position,
  };
}

const reply = (results: ProviderCard[]): SearchReply => ({
  success: true,
  results,
  total: results.length,
  totalCapped: false,
  nextCursor: null,
  searched: { query: '', locationZip: null, radiusMiles: 25, bbox: null, corrections: [] },
  related: null,
  landing: null,
});

const SHOWN = [
  provider('Ramp Studio', { latitude: 30.25, longitude: -97.75 }),
  provider('Level Salon', { latitude: 30.5, longitude: -97.5 }),
  provider('Nowhere Nails', null),
];

// Leaflet measures its container; jsdom lays nothing out, so the map is given a desktop's size.
const sizes = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  for (const size of sizes) Reflect.deleteProperty(HTMLElement.prototype, size);
});

const markers = () => document.querySelectorAll<HTMLElement>('.pin-map-pin');

describe('the results map', () => {
  it("'Map' shows the results on a map, kept in the URL; 'List' hides it again", async () => {
    stubFetch((r) => (r.path === '/api/search' ? { body: reply(SHOWN) } : undefined));
    renderWithProviders(<Harness />, { route: '/?q=balayage' });
    expect(await screen.findByRole('article', { name: 'Ramp Studio' })).toBeTruthy();
    const view = screen.getByRole('group', { name: 'Show results as' });
    const list = within(view).getByRole('button', { name: 'List' });
    const map = within(view).getByRole('button', { name: 'Map' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(map.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Map of the results' })).toBeNull();

    fireEvent.click(map);
    expect(params().get('view')).toBe('map');
    expect(params().get('q')).toBe('balayage');
    expect(map.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('region', { name: 'Map of the results' }, { timeout: 5000 })).toBeTruthy();
    // The list stays (beside the map on a desktop).
    expect(screen.getByRole('article', { name: 'Level Salon' })).toBeTruthy();

    fireEvent.click(within(view).getByRole('button', { name: 'List' }));
    expect(params().has('view')).toBe(false);
    expect(screen.queryByRole('region', { name: 'Map of the results' })).toBeNull();
  });

  it('draws a keyboard-reachable marker per provider with a place, whose popup links to the profile', async () => {
    stubFetch((r) => (r.path === '/api/search' ? { body: reply(SHOWN) } : undefined));
    renderWithProviders(<Harness />, { route: '/?q=balayage&view=map' });
    await screen.findByRole('region', { name: 'Map of the results' }, { timeout: 5000 });
    // Two of the three have a place; the one without is only in the list.
    await waitFor(() => expect(markers()).toHaveLength(2), { timeout: 5000 });
    const ramp = [...markers()].find((m) => m.getAttribute('title') === 'Ramp Studio');
    expect(ramp?.getAttribute('role')).toBe('button');
    expect(ramp?.getAttribute('aria-label')).toBe('Ramp Studio');
    expect(ramp?.tabIndex).toBe(0);

    // Enter opens the popup: the provider's name, linking to the profile, and where they are.
    act(() => {
      fireEvent.keyPress(ramp!, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    });
    const popup = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.leaflet-popup-content');
      expect(found).toBeTruthy();
      return found!;
    });
    const link = within(popup).getByRole('link', { name: 'Ramp Studio' });
    expect(link.getAttribute('href')).toBe('/ramp-studio');
    expect(popup.textContent).toContain('Austin, TX 78704');
    fireEvent.click(link);
    expect(currentPath).toBe('/ramp-studio');
  });

  it("shows a shared link's area, and the attribution OpenStreetMap's tiles require", async () => {
    const requests = stubFetch((r) => (r.path === '/api/search' ? { body: reply(SHOWN) } : undefined));
    renderWithProviders(<Harness />, { route: '/?q=balayage&view=map&bbox=30.1,-97.9,30.6,-97.4' });
    await screen.findByRole('region', { name: 'Map of the results' }, { timeout: 5000 });
    await waitFor(() => expect(markers()).toHaveLength(2), { timeout: 5000 });
    expect(requests.find((r) => r.path === '/api/search')?.body).toMatchObject({
      query: 'balayage',
      locationZip: '',
      bbox: { south: 30.1, west: -97.9, north: 30.6, east: -97.4 },
    });
    const copyright = screen.getByRole('link', { name: '© OpenStreetMap contributors' });
    expect(copyright.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    // Nothing moved yet: no 'Search this area'.
    expect(screen.queryByRole('button', { name: 'Search this area' })).toBeNull();
  });
});
