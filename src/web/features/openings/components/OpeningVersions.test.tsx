import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnOpening } from '#domain/opening-versions.ts';
import type { ProviderTimeZone } from '#domain/openings.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
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

const loaded: OwnOpening = {
  id: '5b0c6d1e-0000-4000-8000-000000000001',
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
  version: '"o1"',
};

const STALE = {
  status: 412,
  body: { success: false, error: 'PRECONDITION_FAILED', message: VERSION_TEXTS.openingChanged },
};

/**
 * The server as the manager meets it: the list answers `stored`; a write naming another version
 * than the stored one is a 412; a PUT without If-Match or with the stored version saves.
 */
function serve(state: { stored: OwnOpening }) {
  return stubFetch((r: SentRequest) => {
    if (r.method === 'GET' && r.path.startsWith(`/api/last-minute-openings?provider_id=${PROVIDER_ID}`))
      return {
        body: { success: true, openings: [state.stored], nextCursor: null, provider_time_zone: timeZone },
      };
    if (!r.path.startsWith(`/api/last-minute-openings?id=${loaded.id}`)) return undefined;
    const ifMatch = r.headers['if-match'];
    if (ifMatch !== undefined && ifMatch !== state.stored.version) return STALE;
    if (r.method === 'PUT') {
      state.stored = { ...state.stored, ...(r.body as object), version: '"o3"' };
      return {
        body: { success: true, message: 'Saved', opening: state.stored, public_from: null },
        headers: { ETag: '"o3"' },
      };
    }
    return undefined;
  });
}

const notifications = () => screen.getByRole('region', { name: /^Notifications/ });
const gets = (requests: SentRequest[]) => requests.filter((r) => r.method === 'GET').length;

describe('OpeningsManager: an opening changed in another tab or device', () => {
  it('a refused save keeps the dialog and its edits; Reload brings the latest version in and the next save is made over it', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const state = { stored: loaded };
    const requests = serve(state);
    const { user } = renderWithProviders(
      <>
        <OpeningsManager providerId={PROVIDER_ID} services={[]} />
        <Toaster theme="light" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: /^Edit Balayage/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opening' });
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    await user.type(note, 'Bring a scarf');
    // Meanwhile, another device changes the price.
    state.stored = { ...loaded, price: '$150', version: '"o2"' };
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(VERSION_TEXTS.openingChanged);
    expect(alert.textContent).toContain(VERSION_TEXTS.reloadHint);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.headers['if-match'])).toEqual(['"o1"']);
    // Nothing lost: the dialog is open with the person's note, and no toast covers it.
    expect(screen.getByRole('dialog', { name: 'Edit Opening' })).toBe(dialog);
    expect((note as HTMLTextAreaElement).value).toBe('Bring a scarf');
    // (First in this file: sonner keeps a toast across tests, and none was ever asked for here.)
    expect(screen.queryByRole('region', { name: /^Notifications/ })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: VERSION_TEXTS.reload }));
    const reloaded = await within(dialog).findByText(VERSION_TEXTS.reloadedKeepingEdits);
    await waitFor(() => expect(reloaded.closest('[tabindex="-1"]')).toBe(document.activeElement));
    expect((note as HTMLTextAreaElement).value).toBe('Bring a scarf');
    expect((within(dialog).getByRole('textbox', { name: /Price/ }) as HTMLInputElement).value).toBe('$150');

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Opening' })).toBeNull());
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['if-match'])).toEqual(['"o1"', '"o2"']);
    expect(puts[1]!.body).toMatchObject({ note: 'Bring a scarf', price: '$150', service_type: 'Balayage' });
  });

  it('deactivating sends the loaded version; a 412 is a toast whose Reload fetches the list again', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const state = { stored: loaded };
    const requests = serve(state);
    const { user } = renderWithProviders(
      <>
        <OpeningsManager providerId={PROVIDER_ID} services={[]} />
        <Toaster theme="light" />
      </>,
    );
    const deactivate = await screen.findByRole('button', { name: /^Deactivate Balayage/ });
    // Another tab changed it since this list was loaded.
    state.stored = { ...loaded, price: '$150', version: '"o2"' };
    await user.click(deactivate);

    const toast = await within(await screen.findByRole('region', { name: /^Notifications/ })).findByText(
      VERSION_TEXTS.openingChanged,
    );
    expect(toast).toBeTruthy();
    expect(within(notifications()).getByText(VERSION_TEXTS.reloadHint)).toBeTruthy();
    const sent = requests.find((r) => r.method === 'DELETE');
    expect(sent?.headers['if-match']).toBe('"o1"');
    expect(sent?.path).toContain('permanent=false');

    // The list is fetched again after the refusal; Reload fetches it once more.
    await waitFor(() => expect(gets(requests)).toBe(2));
    await user.click(within(notifications()).getByRole('button', { name: VERSION_TEXTS.reload }));
    await waitFor(() => expect(gets(requests)).toBe(3));
    expect(await screen.findByText('$150')).toBeTruthy();
  });

  it('Reload in the dialog says so when the opening was deleted elsewhere', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    const state = { stored: loaded };
    let gone = false;
    const requests = stubFetch((r) => {
      if (r.method === 'GET')
        return {
          body: {
            success: true,
            openings: gone ? [] : [state.stored],
            nextCursor: null,
            provider_time_zone: timeZone,
          },
        };
      if (r.method === 'PUT') return STALE;
      return undefined;
    });
    const { user } = renderWithProviders(<OpeningsManager providerId={PROVIDER_ID} services={[]} />);
    await user.click(await screen.findByRole('button', { name: /^Edit Balayage/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Opening' });
    gone = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = await within(dialog).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: VERSION_TEXTS.reload }));
    expect(await within(dialog).findByText(VERSION_TEXTS.openingGone)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: VERSION_TEXTS.reload })).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
