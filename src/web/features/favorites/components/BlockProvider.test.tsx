import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import type { BlockedProvider } from '#domain/favorites.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { BlockedProvidersSection } from './BlockedProvidersSection';
import { BlockProviderButton } from './BlockProviderButton';

const PROVIDER = '7f1b2c3d-0000-4000-8000-000000000001';
const blockedRow: BlockedProvider = {
  id: PROVIDER,
  name: 'Juno Hair',
  avatar_url: null,
  routing_slug: 'juno-hair',
  blocked_at: '2026-11-26T12:00:00.000000Z',
};

describe('BlockProviderButton', () => {
  it('asks first, says what blocking does, then blocks and offers Unblock', async () => {
    signInForTest({ id: 'client-1' });
    let blocked: BlockedProvider[] = [];
    const requests = stubFetch((r) => {
      if (r.path === '/api/blocked-providers' && r.method === 'GET')
        return { body: { success: true, providers: blocked } };
      if (r.path === '/api/blocked-providers' && r.method === 'POST') {
        blocked = [blockedRow];
        return {
          body: {
            success: true,
            message: BLOCK_TEXTS.blocked,
            block: { providerId: PROVIDER, blocked: true },
          },
        };
      }
      return undefined;
    });
    const { user } = renderWithProviders(
      <BlockProviderButton userId="client-1" providerId={PROVIDER} providerName="Juno Hair" />,
    );
    await user.click(await screen.findByRole('button', { name: BLOCK_TEXTS.blockProvider }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Juno Hair?' });
    expect(dialog.textContent).toContain(BLOCK_TEXTS.blockWhat);
    await user.click(within(dialog).getByRole('button', { name: BLOCK_TEXTS.blockConfirm }));
    expect(await screen.findByRole('button', { name: 'Unblock Juno Hair' })).toBeTruthy();
    expect(screen.getByText('You blocked this provider.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { providerId: PROVIDER },
    ]);
  });
});

describe('BlockedProvidersSection', () => {
  it('lists blocked providers with Unblock, and says so when there are none', async () => {
    signInForTest({ id: 'client-2' });
    let blocked: BlockedProvider[] = [blockedRow];
    const requests = stubFetch((r) => {
      if (r.path !== '/api/blocked-providers') return undefined;
      if (r.method === 'DELETE') {
        blocked = [];
        return {
          body: {
            success: true,
            message: BLOCK_TEXTS.unblocked,
            block: { providerId: PROVIDER, blocked: false },
          },
        };
      }
      return { body: { success: true, providers: blocked } };
    });
    const { user } = renderWithProviders(<BlockedProvidersSection userId="client-2" />);
    const section = await screen.findByRole('region', { name: BLOCK_TEXTS.blockedTitle });
    expect((await within(section).findByRole('link', { name: 'Juno Hair' })).getAttribute('href')).toBe(
      '/juno-hair',
    );
    await user.click(within(section).getByRole('button', { name: 'Unblock Juno Hair' }));
    expect(await within(section).findByText(BLOCK_TEXTS.blockedEmpty)).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ providerId: PROVIDER });
  });
});
