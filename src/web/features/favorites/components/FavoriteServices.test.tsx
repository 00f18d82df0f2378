import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { FavoriteServices } from './FavoriteServices';

// The toaster's library loads with the first toast; its first transform can take seconds on a busy
// machine, which the test's waits are not for.
beforeAll(async () => {
  await import('sonner');
});

describe('Favorite Services', () => {
  it("says 'Service Removed' with an Undo that adds the service again", async () => {
    let services = ['Balayage', 'Pedicure'];
    const requests = stubFetch((r) => {
      if (r.path !== '/api/favorite-services') return undefined;
      const { serviceName } = (r.body ?? {}) as { serviceName?: string };
      if (r.method === 'DELETE') services = services.filter((s) => s !== serviceName);
      if (r.method === 'POST' && serviceName) services = [...services, serviceName];
      return { body: { success: true, services } };
    });
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <FavoriteServices userId="client-1" />
        <Toaster theme="light" />
      </>,
    );
    const card = screen.getByRole('region', { name: 'Favorite Services' });
    const balayage = await within(card).findByRole('button', { name: 'Balayage', pressed: true });
    await user.click(balayage);
    await waitFor(() => expect(balayage.getAttribute('aria-pressed')).toBe('false'));

    const notifications = await screen.findByRole('region', { name: /^Notifications/ });
    expect(await within(notifications).findByText('Service Removed')).toBeTruthy();
    expect(within(notifications).getByText('Balayage')).toBeTruthy();
    await user.click(within(notifications).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(balayage.getAttribute('aria-pressed')).toBe('true'));
    expect(requests.filter((r) => r.method !== 'GET')).toMatchObject([
      { method: 'DELETE', body: { serviceName: 'Balayage' } },
      { method: 'POST', body: { serviceName: 'Balayage' } },
    ]);
    expect(await within(notifications).findByText('Service Added')).toBeTruthy();
  });
});
