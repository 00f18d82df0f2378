import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantToWallTime, type Opening, type ProviderTimeZone } from '#domain/openings.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { OpeningsManager } from './OpeningsManager';

const PROVIDER_ID = 'provider-1';
const ZONE = 'America/Phoenix';
const timeZone: ProviderTimeZone = {
  chosen: ZONE,
  zip_time_zone: ZONE,
  zip: '85004',
  city: 'Phoenix',
  effective: ZONE,
};

const opening = (over: Partial<Opening>): Opening => ({
  id: crypto.randomUUID(),
  provider_id: PROVIDER_ID,
  provider_name: 'Rosa Styles',
  provider_image: null,
  routing_slug: 'rosa-styles',
  service_type: 'Balayage',
  time_zone: ZONE,
  price: '$180',
  regular_price: null,
  start_time: new Date(Date.now() + 26 * 3_600_000).toISOString(),
  end_time: new Date(Date.now() + 28 * 3_600_000).toISOString(),
  note: null,
  location_override: null,
  booking_link_override: null,
  is_active: true,
  display_location: 'Phoenix, AZ 85004',
  display_booking_link: 'https://book.example.com/rosa',
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  provider_position: null,
  ...over,
});

/** Starts Fri, Jun 14 2030 at 3:00 PM in Phoenix (no daylight time): public 5 days before. */
const far = opening({
  service_type: 'Silk press',
  start_time: '2030-06-14T22:00:00.000Z',
  end_time: '2030-06-14T23:00:00.000Z',
});

describe('OpeningsManager', () => {
  it('tags an opening past the public lists’ days with when it appears, and only that one', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const soon = opening({});
    stubFetch((r) =>
      r.method === 'GET' && r.path.startsWith(`/api/last-minute-openings?provider_id=${PROVIDER_ID}`)
        ? {
            body: {
              success: true,
              openings: [soon, far],
              nextCursor: null,
              provider_time_zone: timeZone,
            },
          }
        : undefined,
    );
    renderWithProviders(<OpeningsManager providerId={PROVIDER_ID} services={[]} />);
    const list = await screen.findByRole('list', { name: 'Your upcoming openings' });
    const farItem = within(list).getByRole('article', { name: 'Silk press' });
    expect(within(farItem).getByText('Appears publicly on Sun, Jun 9 at 3:00 PM MST')).toBeTruthy();
    const soonItem = within(list).getByRole('article', { name: 'Balayage' });
    expect(within(soonItem).queryByText(/Appears publicly/)).toBeNull();
  });

  it('says when a new opening past the public lists’ days will appear, as the server answered', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    let saved: Opening[] = [];
    const requests = stubFetch((r) => {
      if (r.method === 'GET' && r.path.startsWith(`/api/last-minute-openings?provider_id=${PROVIDER_ID}`))
        return {
          body: { success: true, openings: saved, nextCursor: null, provider_time_zone: timeZone },
        };
      if (r.method === 'POST' && r.path === '/api/last-minute-openings') {
        saved = [far];
        return {
          body: {
            success: true,
            message: 'Upcoming availability created successfully.',
            opening: far,
            public_from: '2030-06-09T22:00:00.000Z',
          },
        };
      }
      return undefined;
    });
    const { user } = renderWithProviders(
      <>
        <OpeningsManager providerId={PROVIDER_ID} services={[]} />
        <Toaster theme="light" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Opening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Opening' });
    await user.type(within(dialog).getByRole('textbox', { name: /Service type/ }), 'Silk press');
    // Eight days ahead on the provider's clocks: accepted, but past the public lists' 5 days.
    const start = Date.now() + 8 * 86_400_000;
    fireEvent.input(within(dialog).getByLabelText(/^Start/), {
      target: { value: instantToWallTime(start, ZONE) },
    });
    fireEvent.input(within(dialog).getByLabelText(/^End/), {
      target: { value: instantToWallTime(start + 3_600_000, ZONE) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add Opening' }));

    expect(await screen.findByText('Upcoming availability created successfully')).toBeTruthy();
    expect(
      await screen.findByText(
        'It will appear publicly on Sun, Jun 9 at 3:00 PM MST (the public lists show the next 5 days).',
      ),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('Appears publicly on Sun, Jun 9 at 3:00 PM MST')).toBeTruthy();
  });
});
