import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from '#domain/notifications.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { UnsubscribePage } from './unsubscribe';

const PATH = '/api/account/notifications/unsubscribe';

describe('/unsubscribe?list=<kind>', () => {
  it('turns off that kind of email through the notification settings route', async () => {
    const requests = stubFetch((r) =>
      r.path === PATH
        ? {
            body: {
              success: true,
              kind: 'review_replies',
              message: NOTIFICATION_TEXTS.unsubscribed.review_replies,
            },
          }
        : undefined,
    );
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?list=review_replies&token=abc' });
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeTruthy();
    expect(screen.getByText(new RegExp(NOTIFICATION_TEXTS.unsubscribedPage.review_replies))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/settings#notifications',
    );
    expect(requests).toMatchObject([{ method: 'POST', path: PATH, body: { token: 'abc' } }]);
  });

  it('says the link did not work when the server refuses the token', async () => {
    stubFetch((r) =>
      r.path === PATH
        ? {
            status: 400,
            body: {
              success: false,
              error: 'INVALID_TOKEN',
              message: 'This unsubscribe link is invalid or has expired.',
            },
          }
        : undefined,
    );
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?list=review_notices&token=bad' });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeTruthy();
    expect(screen.getByText(/turn these emails off in your settings/)).toBeTruthy();
  });

  it('keeps an unknown list on the opening alerts link, as before', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/opening-alerts/unsubscribe' ? { body: { success: true, message: 'ok' } } : undefined,
    );
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?list=account_emails&token=xyz' });
    await waitFor(() => expect(requests).toMatchObject([{ path: '/api/opening-alerts/unsubscribe' }]));
  });
});
