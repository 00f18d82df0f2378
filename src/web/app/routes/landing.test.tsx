import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LANDING_TEXTS } from '#domain/landing-texts.ts';
import type { LandingReply } from '#domain/places.ts';
import type { ProviderCard } from '#domain/search.ts';
import { LandingPageView } from '#web/features/places/components/LandingPageView.tsx';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { ServerNotFoundPath, type ServerNotFoundRoute } from '../ssr-state';
import { LandingPage } from './landing';

const card = (n: number): ProviderCard => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  routing_slug: `studio-${n}`,
  name: `Studio ${n}`,
  avatar_url: null,
  location: 'Austin, TX 78701',
  specialties: [],
  categories: ['hair'],
  startingPrice: 120,
  portfolio_images: [],
  portfolio_count: 0,
  amenities: [],
  matched_service: {
    name: 'Balayage',
    min_price: 150 + n,
    max_price: 150 + n,
    starting_at: false,
    duration_min: null,
    duration_max: null,
  },
  distance_miles: null,
  position: null,
  rating: null,
  review_count: 0,
  active: true,
});

const reply = (over: Partial<LandingReply> = {}): LandingReply => ({
  success: true,
  topic: { slug: 'balayage', label: 'Balayage', kind: 'service' },
  place: { slug: 'austin-tx', city: 'Austin', state: 'TX' },
  path: '/balayage/austin-tx',
  heading: 'Balayage in Austin, TX',
  figures: { providers: 25, priceMin: 150, priceMax: 240, openings: 3 },
  providers: Array.from({ length: 24 }, (_, i) => card(i)),
  nextCursor: 'next-page',
  nearby: [{ path: '/balayage/round-rock-tx', label: 'Balayage in Round Rock, TX', count: 4 }],
  related: [
    { path: '/hair-stylists/austin-tx', label: 'Hair Stylists in Austin, TX', count: 31 },
    { path: '/highlights/austin-tx', label: 'Highlights in Austin, TX', count: 12 },
  ],
  ...over,
});

/** The landing route at `path`; `server`, the 404 the server answered there (hydrating its page). */
function renderAt(path: string, server: ServerNotFoundRoute | null = null) {
  return renderWithProviders(
    <ServerNotFoundPath value={server && { path, route: server }}>
      <Routes>
        <Route path=":service/:place" element={<LandingPage />} />
      </Routes>
    </ServerNotFoundPath>,
    { route: path },
  );
}

describe('LandingPage', () => {
  it('shows the heading, the introduction from the figures, the cards and the links', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/places/balayage/austin-tx' ? { body: reply() } : undefined,
    );
    renderAt('/balayage/austin-tx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balayage in Austin, TX' })).toBeTruthy();
    expect(screen.getByText('25 providers offer balayage in Austin, TX, from $150 to $240.')).toBeTruthy();
    expect(screen.getByText('They have 3 openings for balayage in the next 5 days.')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByRole('article', { name: 'Studio 0' }).textContent).toContain('Balayage · $150');
    // Each card can be saved, as in search results (a visitor's heart asks them to log in).
    expect(
      within(screen.getByRole('article', { name: 'Studio 3' })).getByRole('button', {
        name: 'Save Studio 3',
      }),
    ).toBeTruthy();
    const nearby = screen.getByRole('navigation', { name: 'Nearby' });
    expect(
      within(nearby).getByRole('link', { name: 'Balayage in Round Rock, TX' }).getAttribute('href'),
    ).toBe('/balayage/round-rock-tx');
    const related = screen.getByRole('navigation', { name: 'Related services' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Hair Stylists in Austin, TX', 'Highlights in Austin, TX']);
    expect(requests).toHaveLength(1);
  });

  it("'Load more' asks for the next page with the cursor and adds its cards", async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/places/balayage/austin-tx') return { body: reply() };
      if (r.path === '/api/places/balayage/austin-tx?cursor=next-page')
        return { body: reply({ providers: [card(24)], nextCursor: null }) };
      return undefined;
    });
    const { user } = renderAt('/balayage/austin-tx');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Studio 24' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((r) => r.path)).toEqual([
      '/api/places/balayage/austin-tx',
      '/api/places/balayage/austin-tx?cursor=next-page',
    ]);
  });

  it('a known service in a known place with nobody there says so, with no list', async () => {
    stubFetch(() => ({
      status: 404,
      body: { success: false, error: 'NOT_FOUND', message: LANDING_TEXTS.notFound },
    }));
    renderAt('/massage/nome-ak');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('We have no providers for this service in this place yet.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByText('Oops!')).toBeNull();
  });

  it("a place we do not know (shaped like one) is the 'Oops!' page: the address names nothing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => ({
      status: 404,
      body: { success: false, error: 'NOT_FOUND', message: LANDING_TEXTS.unknownPage },
    }));
    renderAt('/massage/atlantis-zz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('We have no providers for this service in this place yet.')).toBeNull();
    expect(warn).toHaveBeenCalledWith('404: no page at /massage/atlantis-zz');
  });

  it("hydrates the server's 404 as it was rendered: 'Oops!' without asking the API, or the empty page's explanation", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const requests = stubFetch((r) =>
      r.path === '/api/places/massage/nome-ak'
        ? { status: 404, body: { success: false, error: 'NOT_FOUND', message: LANDING_TEXTS.notFound } }
        : undefined,
    );
    const { unmount } = renderAt('/massage/atlantis-zz', 'not-found');
    expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('404: no page at /massage/atlantis-zz');
    unmount();
    renderAt('/massage/nome-ak', 'empty-landing');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('We have no providers for this service in this place yet.')).toBeTruthy();
    expect(requests.map((r) => r.path)).not.toContain('/api/places/massage/atlantis-zz');
  });

  it('a category page with one provider and no price or opening says only what is known', async () => {
    stubFetch(() => ({
      body: reply({
        topic: { slug: 'barbers', label: 'Barbers', kind: 'category' },
        heading: 'Barbers in Austin, TX',
        figures: { providers: 1, priceMin: null, priceMax: null, openings: 0 },
        providers: [{ ...card(1), matched_service: null, startingPrice: null }],
        nextCursor: null,
        nearby: [],
        related: [],
      }),
    }));
    renderAt('/barbers/austin-tx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Barbers in Austin, TX' })).toBeTruthy();
    expect(screen.getByText('1 barber in Austin, TX.')).toBeTruthy();
    expect(screen.getByText('No openings are posted for the next 5 days yet.')).toBeTruthy();
    // No empty link lists: the breadcrumb is the page's only navigation.
    expect(screen.queryByRole('navigation', { name: 'Nearby' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Related services' })).toBeNull();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb.textContent).toBe('Glowfind›Barbers in Austin, TX');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('LandingPageView', () => {
  it('renders to HTML on a server from its props alone', () => {
    const first = reply();
    const html = renderToString(
      <MemoryRouter>
        <LandingPageView
          reply={first}
          providers={first.providers}
          renderProviders={(list) => (
            <ul>
              {list.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          )}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('Balayage in Austin, TX</h1>');
    expect(html).toContain('25 providers offer balayage in Austin, TX, from $150 to $240.');
    expect(html).toContain('Studio 23');
    expect(html).toContain('href="/hair-stylists/austin-tx"');
  });
});
