import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import type { SearchReply } from '#domain/search.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { HomePage } from './home';

let currentSearch = '';
function Home() {
  currentSearch = useLocation().search;
  return <HomePage />;
}

const emptySearch: SearchReply = {
  success: true,
  results: [],
  total: 0,
  totalCapped: false,
  nextCursor: null,
  searched: { query: '', locationZip: null, radiusMiles: 25, bbox: null, corrections: [] },
  related: null,
  landing: null,
};

/** The home page's calls: the person's favourite services as given, nothing else found. */
function stubHome(favoriteServices: string[]) {
  return stubFetch((r) => {
    if (r.path === '/api/favorite-services') return { body: { success: true, services: favoriteServices } };
    if (r.path === '/api/search') return { body: emptySearch };
    if (r.path.startsWith('/api/providers?'))
      return { body: { success: true, providers: [], total: 0, totalCapped: false, nextCursor: null } };
    if (r.path === '/api/saved-searches/openings') return { body: { success: true, openings: [] } };
    if (r.path.startsWith('/api/last-minute-openings?'))
      return { body: { success: true, openings: [], nextCursor: null } };
    return undefined;
  });
}

const searches = (requests: SentRequest[]) => requests.filter((r) => r.path === '/api/search');
const quickChoices = () => screen.findByRole('group', { name: FAVORITE_TEXTS.quickChoices });

afterEach(() => {
  act(() => clearSession());
});

describe('Favourite services in the home search', () => {
  it('are quick choices for a signed-in person: one press searches that service near the zip', async () => {
    const requests = stubHome(['Balayage', 'Pedicure']);
    signInForTest();
    const { user } = renderWithProviders(<Home />, { route: '/?zip=78704' });

    const choices = await quickChoices();
    const balayage = within(choices).getByRole('button', { name: 'Balayage' });
    expect(within(choices).getByRole('button', { name: 'Pedicure' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await user.click(balayage);

    expect(balayage.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Service, style or name' })).toHaveProperty(
      'value',
      'Balayage',
    );
    expect(new URLSearchParams(currentSearch).get('q')).toBe('Balayage');
    await waitFor(() =>
      expect(searches(requests).at(-1)?.body).toMatchObject({ query: 'Balayage', locationZip: '78704' }),
    );

    // Pressed again, it takes the word away, as a popular category does.
    await user.click(balayage);
    expect(balayage.getAttribute('aria-pressed')).toBe('false');
    expect(new URLSearchParams(currentSearch).has('q')).toBe(false);
  });

  it('leaves the search as it was without favourite services, and a visitor loads none', async () => {
    const requests = stubHome([]);
    signInForTest();
    const { unmount } = renderWithProviders(<Home />);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/favorite-services')).toBe(true));
    expect(screen.queryByRole('group', { name: FAVORITE_TEXTS.quickChoices })).toBeNull();
    unmount();

    act(() => clearSession());
    const visitorRequests = stubHome(['Balayage']);
    renderWithProviders(<Home />);
    await screen.findByRole('group', { name: 'Popular:' });
    expect(screen.queryByRole('group', { name: FAVORITE_TEXTS.quickChoices })).toBeNull();
    expect(visitorRequests.some((r) => r.path === '/api/favorite-services')).toBe(false);
  });
});
