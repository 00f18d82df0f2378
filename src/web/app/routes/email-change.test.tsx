import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TEXTS, FORGOT_PASSWORD_PATH } from '#domain/email-change.ts';
import { clearSession, getSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { EmailChangePage } from './email-change';

afterEach(() => {
  act(() => clearSession());
});

const NEW = 'ana.new@example.com';

describe('/email-change', () => {
  it('confirms only when the button is pressed, then shows the new email in this signed-in tab', async () => {
    signInForTest({ email: 'ana@example.com' });
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/email/confirm')
        return { body: { success: true, message: EMAIL_CHANGE_TEXTS.confirmed(NEW) } };
      if (r.path === '/api/account/email' && r.method === 'GET')
        return { body: { success: true, email: NEW, pending_email: null, expires_at: null } };
      return undefined;
    });
    const { user } = renderWithProviders(<EmailChangePage />, { route: '/email-change?token=abc123' });

    expect(screen.getByRole('heading', { name: EMAIL_CHANGE_TEXTS.confirmTitle })).toBeTruthy();
    // A mail scanner opening the link sends nothing.
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.confirmButton }));

    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.confirmed(NEW))).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/account/email/confirm',
      body: { token: 'abc123' },
    });
    expect(getSession()?.user.email).toBe(NEW);
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('shows why a link cannot be used, and keeps the button', async () => {
    stubFetch((r) =>
      r.path === '/api/account/email/confirm'
        ? {
            status: 400,
            body: { success: false, error: 'INVALID_TOKEN', message: EMAIL_CHANGE_TEXTS.confirmFailed },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<EmailChangePage />, { route: '/email-change?token=used' });
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.confirmButton }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EMAIL_CHANGE_TEXTS.confirmFailed);
    expect(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.confirmButton })).toBeTruthy();
  });

  it('undoes on the button, signs this tab out and points to a password reset', async () => {
    signInForTest({ email: NEW });
    const requests = stubFetch((r) =>
      r.path === '/api/account/email/undo'
        ? {
            body: {
              success: true,
              message: EMAIL_CHANGE_TEXTS.undone,
              reset_password_url: FORGOT_PASSWORD_PATH,
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<EmailChangePage />, {
      route: '/email-change?token=undo-me&undo=1',
    });
    expect(screen.getByRole('heading', { name: EMAIL_CHANGE_TEXTS.undoTitle })).toBeTruthy();
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.undoButton }));

    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.undone)).toBeTruthy();
    expect(requests).toMatchObject([{ path: '/api/account/email/undo', body: { token: 'undo-me' } }]);
    expect(screen.getByRole('link', { name: EMAIL_CHANGE_TEXTS.resetPassword }).getAttribute('href')).toBe(
      FORGOT_PASSWORD_PATH,
    );
    expect(getSession()).toBeNull();
  });

  it('says a link without its token is incomplete, with no button', () => {
    renderWithProviders(<EmailChangePage />, { route: '/email-change' });
    expect(screen.getByRole('alert').textContent).toContain(EMAIL_CHANGE_TEXTS.incomplete);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
