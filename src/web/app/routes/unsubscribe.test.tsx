import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { UnsubscribePage } from './unsubscribe';

describe('/unsubscribe', () => {
  it("turns off one saved search's alerts with list=saved-search", async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/saved-searches/unsubscribe' ? { body: { success: true, message: 'ok' } } : undefined,
    );
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?list=saved-search&token=abc' });
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeTruthy();
    expect(screen.getByText(/new openings for this saved search/)).toBeTruthy();
    expect(requests).toMatchObject([{ method: 'POST', body: { token: 'abc' } }]);
  });

  it('turns off opening alerts from followed providers without it', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/opening-alerts/unsubscribe' ? { body: { success: true, message: 'ok' } } : undefined,
    );
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?token=xyz' });
    await waitFor(() => expect(requests).toMatchObject([{ body: { token: 'xyz' } }]));
    expect(await screen.findByText(/saved providers post openings/)).toBeTruthy();
  });
});
