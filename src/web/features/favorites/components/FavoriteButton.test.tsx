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
