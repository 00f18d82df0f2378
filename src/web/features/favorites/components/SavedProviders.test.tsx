import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FavoriteProvider } from '#domain/favorites.ts';
import { clearSession } from '#web/lib/session.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { SavedProviders } from './SavedProviders';

const LUMEN: FavoriteProvider = {
  id: '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11',
  name: 'Studio Lumen',
  avatar_url: null,
  location: 'Austin, TX',
  specialties: ['Balayage'],
  routing_slug: 'studio-lumen',
};

// The toaster's library loads with the first toast; its first transform can take seconds on a busy
// machine, which the test's waits are not for.
beforeAll(async () => {
  await import('sonner');
});

afterEach(() => {
  act(() => clearSession());
});

/** The server's saved providers, changed by the requests the page sends. */
function stubSavedProviders() {
  let saved: FavoriteProvider[] = [LUMEN];
  return stubFetch((r) => {
    if (r.path === '/api/favorites/ids')
      return { body: { success: true, providerIds: saved.map((p) => p.id) } };
    if (r.path.startsWith('/api/favorites?'))
      return { body: { success: true, favorites: saved, total: saved.length, nextCursor: null } };
    if (r.path === '/api/favorites' && r.method === 'DELETE') {
      saved = [];
      return {
        body: { success: true, message: 'Removed', favorite: { providerId: LUMEN.id, saved: false } },
      };
    }
    if (r.path === '/api/favorites' && r.method === 'POST') {
      saved = [LUMEN];
      return { body: { success: true, message: 'Saved!', favorite: { providerId: LUMEN.id, saved: true } } };
    }
    return undefined;
  });
}

const savedList = () => screen.getByRole('region', { name: 'Saved Providers' });
const notifications = () => screen.getByRole('region', { name: /^Notifications/ });

describe('Removing a saved provider', () => {
  it("says 'Removed' with an Undo, reachable by keyboard, that saves them again", async () => {
    const requests = stubSavedProviders();
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <SavedProviders userId="client-1" />
        <Toaster theme="light" />
      </>,
    );
    const heart = await within(savedList()).findByRole('button', { name: 'Save Studio Lumen' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await user.click(heart);

    // The toast is in sonner's live region (read out as it appears), named for the provider.
    const toast = await within(await screen.findByRole('region', { name: /^Notifications/ })).findByText(
      'Removed',
    );
    expect(notifications().getAttribute('aria-live')).toBe('polite');
    expect(within(notifications()).getByText('Studio Lumen')).toBeTruthy();
    await waitFor(() => expect(within(savedList()).queryByText('Studio Lumen')).toBeNull());

    // Alt+T (the region's own shortcut, in its name) takes the keyboard to the toasts; Tab reaches Undo.
    await user.keyboard('{Alt>}t{/Alt}');
    const undo = within(notifications()).getByRole('button', { name: 'Undo' });
    for (let i = 0; i < 5 && document.activeElement !== undo; i++) await user.tab();
    expect(document.activeElement).toBe(undo);
    expect(toast.isConnected).toBe(true);
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/favorites' && r.method !== 'GET')).toMatchObject([
        { method: 'DELETE', body: { providerId: LUMEN.id } },
        { method: 'POST', body: { providerId: LUMEN.id } },
      ]),
    );
    expect(await within(savedList()).findByRole('link', { name: 'Studio Lumen' })).toBeTruthy();
    expect(await within(notifications()).findByText('Saved!')).toBeTruthy();
  });
});
