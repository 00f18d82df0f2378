import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAP_TEXTS } from '#domain/map-area.ts';
import type { AccountProfile } from '#domain/profiles.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { MapPositionCard } from './MapPositionCard';

const PROVIDER_ID = 'provider-1';

const account = (over: Partial<AccountProfile> = {}): AccountProfile => ({
  id: PROVIDER_ID,
  name: 'Rosa Styles',
  email: 'rosa@example.com',
  avatar_url: null,
  user_type: 'provider',
  role: 'user',
  routing_slug: 'rosa-styles',
  zip: '78701',
  pinned: false,
  position: { latitude: 30.271, longitude: -97.744 },
  ...over,
});

const reply = (profile: AccountProfile, message: string) => ({
  success: true,
  message,
  profile,
  version: '"p9"',
});

describe('MapPositionCard', () => {
  it("defaults to the zip's centre and places a pin from two number fields", async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const requests = stubFetch((r) =>
      r.method === 'PUT' && r.path === '/api/auth/profile/map-position'
        ? {
            body: reply(
              account({ pinned: true, position: { latitude: 30.28, longitude: -97.732 } }),
              MAP_TEXTS.pinSaved,
            ),
          }
        : undefined,
    );
    const { user } = renderWithProviders(
      <>
        <MapPositionCard profile={account()} />
        <Toaster theme="light" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Map position' })).toBeTruthy();
    expect(screen.getByText('Now: the centre of 78701')).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: /Show me at my zip's centre/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByLabelText('Latitude')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Place my pin/ }));
    await user.type(screen.getByLabelText('Latitude'), '30.28049');
    await user.type(screen.getByLabelText('Longitude'), '-97.73151');
    await user.click(screen.getByRole('button', { name: 'Save map position' }));
    expect(await screen.findByText(MAP_TEXTS.pinSaved)).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ pinned: true, latitude: 30.28049, longitude: -97.73151 });
  });

  it("shows the server's refusal of a pin too far away on the field, and goes back to the zip's centre", async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const requests = stubFetch((r) => {
      if (r.method !== 'PUT' || r.path !== '/api/auth/profile/map-position') return undefined;
      const body = r.body as { pinned: boolean };
      if (body.pinned)
        return {
          status: 400,
          body: {
            success: false,
            error: 'VALIDATION_ERROR',
            message: MAP_TEXTS.pinTooFar,
            issues: [{ path: 'latitude', message: MAP_TEXTS.pinTooFar }],
          },
        };
      return { body: reply(account(), MAP_TEXTS.zipCentreSaved) };
    });
    const { user } = renderWithProviders(
      <>
        <MapPositionCard
          profile={account({ pinned: true, position: { latitude: 30.3, longitude: -97.7 } })}
        />
        <Toaster theme="light" />
      </>,
    );
    expect(screen.getByText('Now: your own pin (30.3, -97.7)')).toBeTruthy();
    const latitude = screen.getByLabelText('Latitude') as HTMLInputElement;
    expect(latitude.value).toBe('30.3');
    await user.clear(latitude);
    await user.type(latitude, '29.42');
    await user.click(screen.getByRole('button', { name: 'Save map position' }));
    const field = await screen.findByLabelText('Latitude');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(MAP_TEXTS.pinTooFar).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: /Show me at my zip's centre/ }));
    await user.click(screen.getByRole('button', { name: 'Save map position' }));
    expect(await screen.findByText(MAP_TEXTS.zipCentreSaved)).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({ pinned: false });
  });

  it('refuses empty fields before sending, and offers no pin without a zip', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const requests = stubFetch(() => undefined);
    const { user, unmount } = renderWithProviders(<MapPositionCard profile={account()} />);
    await user.click(screen.getByRole('radio', { name: /Place my pin/ }));
    await user.click(screen.getByRole('button', { name: 'Save map position' }));
    expect(screen.getByText(MAP_TEXTS.pinNumbers)).toBeTruthy();
    expect(requests).toHaveLength(0);
    unmount();

    renderWithProviders(<MapPositionCard profile={account({ zip: null, position: null })} />);
    expect((screen.getByRole('radio', { name: /Place my pin/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(MAP_TEXTS.pinNeedsZip)).toBeTruthy();
  });

  it('places the pin with a click on the map, which fills both fields rounded to 3 decimals', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const requests = stubFetch((r) =>
      r.method === 'PUT' && r.path === '/api/auth/profile/map-position'
        ? { body: reply(account({ pinned: true }), MAP_TEXTS.pinSaved) }
        : undefined,
    );
    const { user } = renderWithProviders(
      <>
        <MapPositionCard profile={account()} />
        <Toaster theme="light" />
      </>,
    );
    await user.click(screen.getByRole('radio', { name: /Place my pin/ }));
    const map = await screen.findByRole('region', { name: MAP_TEXTS.pinMapLabel });
    expect(map.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(map.getAttribute('aria-describedby')!)?.textContent).toBe(
      MAP_TEXTS.pinMapHint,
    );
    // The map opens at the zip's centre: a click at its middle places the pin there.
    await waitFor(() => expect(map.classList.contains('leaflet-container')).toBe(true));
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    const latitude = screen.getByLabelText('Latitude') as HTMLInputElement;
    const longitude = screen.getByLabelText('Longitude') as HTMLInputElement;
    await waitFor(() => expect(latitude.value).not.toBe(''));
    for (const value of [latitude.value, longitude.value]) expect(value).toMatch(/^-?\d+(\.\d{1,3})?$/);
    expect(Math.abs(Number(latitude.value) - 30.271)).toBeLessThan(0.1);
    expect(Math.abs(Number(longitude.value) + 97.744)).toBeLessThan(0.1);
    expect(map.querySelector('.pin-map-pin')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save map position' }));
    expect(await screen.findByText(MAP_TEXTS.pinSaved)).toBeTruthy();
    expect(requests.at(-1)?.body).toEqual({
      pinned: true,
      latitude: Number(latitude.value),
      longitude: Number(longitude.value),
    });
  });
});
