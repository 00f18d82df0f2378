import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXTS } from '#domain/auth.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { ResetPasswordPage } from './reset-password';

/** The server's answer for a used, expired or unknown reset link (auth.service.ts). */
const RESET_FAILED = 'This password reset link is invalid or has expired. Please request a new one.';

afterEach(() => vi.unstubAllGlobals());

describe('/reset-password', () => {
  it('says a used or expired link is dead as it opens, with a way to ask for a new one, and no form', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/auth/reset-password/check'
        ? { status: 400, body: { success: false, error: 'INVALID_TOKEN', message: RESET_FAILED } }
        : undefined,
    );
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=used-link' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(RESET_FAILED);
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
    expect(requests).toMatchObject([{ method: 'POST', body: { token: 'used-link' } }]);
  });

  it('shows the form for a link that can still set a password', async () => {
    stubFetch((r) =>
      r.path === '/api/auth/reset-password/check'
        ? { body: { success: true, message: AUTH_TEXTS.resetLinkUsable } }
        : undefined,
    );
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=fresh-link' });

    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
