import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OpeningForYou } from '#domain/openings.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { NewForYouSection } from './NewForYouSection';

const start = new Date(Date.now() + 26 * 3_600_000);
start.setUTCMinutes(0, 0, 0);

const opening = (over: Partial<OpeningForYou>): OpeningForYou => ({
  id: crypto.randomUUID(),
  provider_id: crypto.randomUUID(),
  provider_name: 'Juno Hair',
  provider_image: null,
  routing_slug: 'juno-hair',
  service_type: 'Balayage',
  time_zone: 'America/Chicago',
  price: '$180',
  regular_price: null,
  start_time: start.toISOString(),
  end_time: new Date(start.getTime() + 3_600_000).toISOString(),
  note: null,
  location_override: null,
  booking_link_override: null,
  is_active: true,
  display_location: 'Austin, TX 78704',
  display_booking_link: 'https://book.example.com/juno',
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  provider_position: null,
  click_token: 'token-1',
  saved_search: { id: 'ss-1', name: 'Weekend balayage' },
  ...over,
});

describe('NewForYouSection', () => {
  it('lists the matching openings, each labelled with its saved search, and Book logs the click', async () => {
    signInForTest({ id: 'client-1' });
    const requests = stubFetch((r) =>
      r.path === '/api/saved-searches/openings'
        ? {
            body: {
              success: true,
              openings: [
                opening({}),
                opening({
                  service_type: 'Silk press',
                  provider_name: 'Ivy Styles',
                  saved_search: { id: 'ss-2', name: 'Silk press near me' },
                }),
              ],
            },
          }
        : undefined,
    );
    const onBook = vi.fn();
    renderWithProviders(<NewForYouSection onBook={onBook} />);
    const section = await screen.findByRole('region', { name: 'New for you' });
    const balayage = within(section).getByRole('article', { name: 'Balayage' });
    expect(balayage.textContent).toContain('Matches “Weekend balayage”');
    expect(within(section).getByRole('article', { name: 'Silk press' }).textContent).toContain(
      'Matches “Silk press near me”',
    );
    expect(within(section).getByRole('link', { name: 'Manage saved searches' }).getAttribute('href')).toBe(
      '/account#saved-searches',
    );
    const book = within(balayage).getByRole('link', { name: /Book Balayage with Juno Hair/ });
    expect(book.getAttribute('href')).toBe('https://book.example.com/juno');
    book.addEventListener('click', (e) => e.preventDefault());
    book.click();
    expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ click_token: 'token-1' }));
    expect(requests.map((r) => r.path)).toEqual(['/api/saved-searches/openings']);
    expect(requests[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it('shows nothing when no opening matches', async () => {
    signInForTest({ id: 'client-2' });
    const requests = stubFetch(() => ({ body: { success: true, openings: [] } }));
    const { container } = renderWithProviders(<NewForYouSection />);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
  });
});
