import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAuthDialog, useAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { clearPendingAction, peekPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { FavoriteButton } from './FavoriteButton';
import { FavoriteHeart } from './FavoriteHeart';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';

let dialogThen: unknown;
function DialogProbe() {
  dialogThen = useAuthDialog().afterLogin;
  return null;
}

afterEach(() => {
  act(() => {
    clearSession();
    closeAuthDialog();
  });
  clearPendingAction();
});

describe('Save across the login wall', () => {
  it("a visitor's heart opens the login dialog with the save to do afterwards", async () => {
    const { user } = renderWithProviders(
      <>
        <FavoriteHeart providerName="Studio Lumen" providerId={PROVIDER_ID} />
        <DialogProbe />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save Studio Lumen' }));
    expect(dialogThen).toEqual({ kind: 'favorite', providerId: PROVIDER_ID });
  });

  it('saves the provider once signed in, and only once', async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/favorites/ids') return { body: { success: true, providerIds: [] } };
      if (r.path === '/api/favorites' && r.method === 'POST') return { body: { success: true } };
      if (r.path.startsWith('/api/favorites')) return { body: { success: true, favorites: [] } };
      return undefined;
    });
    savePendingAction({ kind: 'favorite', providerId: PROVIDER_ID });
    signInForTest();
    renderWithProviders(<FavoriteButton providerId={PROVIDER_ID} providerName="Studio Lumen" />);

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Studio Lumen' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toMatchObject([
        { path: '/api/favorites', body: { providerId: PROVIDER_ID } },
      ]),
    );
    expect(peekPendingAction()).toBeNull();
  });
});

describe("The profile's Save toggle", () => {
  it("reads 'Saved' once saved, with aria-pressed, and keeps one accessible name", async () => {
    let saved: string[] = [];
    stubFetch((r) => {
      if (r.path === '/api/favorites/ids') return { body: { success: true, providerIds: saved } };
      if (r.path === '/api/favorites' && r.method === 'POST') {
        saved = [PROVIDER_ID];
        return { body: { success: true } };
      }
      if (r.path === '/api/favorites' && r.method === 'DELETE') {
        saved = [];
        return { body: { success: true } };
      }
      if (r.path.startsWith('/api/favorites')) return { body: { success: true, favorites: [] } };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(
      <FavoriteButton providerId={PROVIDER_ID} providerName="Studio Lumen" size="lg" />,
    );
    const button = screen.getByRole('button', { name: 'Save Studio Lumen' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toBe('Save');

    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('Saved');
    expect(screen.getByRole('button', { name: 'Save Studio Lumen' })).toBe(button);

    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toBe('Save');
    expect(screen.getByRole('button', { name: 'Save Studio Lumen' })).toBe(button);
  });

  it("a card's heart stays an icon: named for the provider, no visible text", () => {
    renderWithProviders(<FavoriteHeart providerName="Studio Lumen" providerId={PROVIDER_ID} isSaved />);
    const button = screen.getByRole('button', { name: 'Save Studio Lumen' });
    expect(button.textContent).toBe('');
    // Saved shows as a filled heart.
    expect(button.querySelector('svg')?.getAttribute('class')).toContain('fill-rose-600');
    expect(button.getAttribute('aria-pressed')).toBeNull();
  });
});
