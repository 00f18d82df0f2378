import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Opening } from '#domain/openings.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { AvailabilityFilters } from './AvailabilityFilters';
import { AvailabilityList } from './AvailabilityList';
import { availabilityHref } from './UpcomingAvailabilitySection';

const start = new Date(Date.now() + 26 * 3_600_000);
start.setUTCMinutes(0, 0, 0);

const opening = (over: Partial<Opening>): Opening => ({
  id: crypto.randomUUID(),
  provider_id: crypto.randomUUID(),
  provider_name: 'Juno Hair',
  provider_image: null,
  routing_slug: 'juno-hair',
  service_type: 'Silk press',
  time_zone: 'America/Chicago',
  price: '$85',
  regular_price: null,
  start_time: start.toISOString(),
  end_time: new Date(start.getTime() + 3_600_000).toISOString(),
  note: null,
  location_override: null,
  booking_link_override: null,
  is_active: true,
  display_location: 'Austin, TX 78701',
  display_booking_link: 'https://book.example.com/juno',
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  provider_position: null,
  ...over,
});

describe('AvailabilityList', () => {
  it('asks the server with the filters and shows each opening in its provider’s zone', async () => {
    const requests = stubFetch((r) =>
      r.path.startsWith('/api/last-minute-openings')
        ? {
            body: {
              success: true,
              openings: [
                opening({ service_type: 'Silk press' }),
                opening({ service_type: 'Facial', time_zone: 'America/Los_Angeles' }),
              ],
              nextCursor: null,
            },
          }
        : undefined,
    );
    renderWithProviders(
      <AvailabilityList isSignedIn={false} filters={{ q: 'silk', zip: '78701', radius: '10', day: '' }} />,
    );
    const item = await screen.findByRole('article', { name: 'Silk press' });
    expect(item.textContent).toMatch(/C[SD]T/);
    expect(screen.getByRole('article', { name: 'Facial' }).textContent).toMatch(/P[SD]T/);
    expect(requests.map((r) => r.path)).toEqual([
      '/api/last-minute-openings?limit=24&q=silk&zip=78701&radius=10',
    ]);
  });

  it("asks for reduced openings only with the filter, and reads a reduced price 'was …, now …'", async () => {
    const requests = stubFetch((r) =>
      r.path.startsWith('/api/last-minute-openings')
        ? {
            body: {
              success: true,
              openings: [opening({ service_type: 'Balayage', price: '$140', regular_price: 180 })],
              nextCursor: null,
            },
          }
        : undefined,
    );
    renderWithProviders(<AvailabilityList isSignedIn={false} filters={{ reduced: 'true' }} />);
    const item = await screen.findByRole('article', { name: 'Balayage' });
    expect(requests.map((r) => r.path)).toEqual(['/api/last-minute-openings?limit=24&reduced=true']);
    // Screen readers hear the words; the eye sees the old price struck through, then the new one.
    expect(within(item).getByText('was $180, now $140').className).toContain('sr-only');
    const struck = within(item).getByText('$180');
    expect(struck.tagName).toBe('S');
    expect(struck.closest('[aria-hidden="true"]')?.textContent).toBe('$180 $140');
  });

  it('says when nothing matches the filters', async () => {
    stubFetch(() => ({ body: { success: true, openings: [], nextCursor: null } }));
    renderWithProviders(<AvailabilityList isSignedIn={false} filters={{ category: 'barber' }} />);
    expect(await screen.findByRole('heading', { name: 'No openings match these filters' })).toBeTruthy();
  });
});

describe('AvailabilityFilters', () => {
  it('applies words and zip with Search, the selects at once with the words and zip typed', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<AvailabilityFilters filters={{}} onChange={onChange} />);
    await user.type(screen.getByLabelText('Service'), 'balayage');
    await user.type(screen.getByLabelText('Zip code'), '78a701');
    await user.click(screen.getByRole('button', { name: 'Search openings' }));
    expect(onChange).toHaveBeenLastCalledWith({ q: 'balayage', zip: '78701' });
    await user.selectOptions(screen.getByLabelText('Category'), 'nails');
    expect(onChange).toHaveBeenLastCalledWith({ q: 'balayage', zip: '78701', category: 'nails' });
  });

  it("'Reduced price' applies at once, and is shown checked from the URL's filters", async () => {
    const onChange = vi.fn();
    const { user, unmount } = renderWithProviders(
      <AvailabilityFilters filters={{ category: 'hair' }} onChange={onChange} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Reduced price' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith({ q: '', zip: '', category: 'hair', reduced: 'true' });
    unmount();
    renderWithProviders(<AvailabilityFilters filters={{ reduced: 'true' }} onChange={onChange} />);
    const checked = screen.getByRole('checkbox', { name: 'Reduced price' });
    expect((checked as HTMLInputElement).checked).toBe(true);
    await user.click(checked);
    expect(onChange).toHaveBeenLastCalledWith({ q: '', zip: '', reduced: '' });
  });

  it('keeps the zip of a pasted address, over a zip already in the box too', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<AvailabilityFilters filters={{}} onChange={onChange} />);
    const zipBox = screen.getByLabelText<HTMLInputElement>('Zip code');
    await user.click(zipBox);
    await user.paste('Unit 2, 1100 Congress Ave, Austin, TX 78701-2201');
    expect(zipBox.value).toBe('78701');
    await user.paste('Austin, TX 78704');
    expect(zipBox.value).toBe('78704');
    await user.click(screen.getByRole('button', { name: 'Search openings' }));
    expect(onChange).toHaveBeenLastCalledWith({ q: '', zip: '78704' });
  });
});

describe('availabilityHref', () => {
  it('carries the home search’s words, zip and radius', () => {
    expect(availabilityHref(new URLSearchParams(''))).toBe('/availability');
    expect(availabilityHref(new URLSearchParams('q=balayage&zip=78701&price=50-200'))).toBe(
      '/availability?q=balayage&zip=78701',
    );
    expect(availabilityHref(new URLSearchParams('zip=78701&radius=10'))).toBe(
      '/availability?zip=78701&radius=10',
    );
    expect(availabilityHref(new URLSearchParams('zip=787&radius=10'))).toBe('/availability');
  });
});
