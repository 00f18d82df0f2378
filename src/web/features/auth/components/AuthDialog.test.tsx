import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAuthDialog, openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { clearPendingAction, peekPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { clearSession } from '#web/lib/session.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { AuthDialog } from './AuthDialog';

function renderDialog(mode: Parameters<typeof openAuthDialog>[0] = 'login') {
  act(() => openAuthDialog(mode));
  return renderWithProviders(<AuthDialog />);
}

const dialog = () => screen.getByRole('dialog');

afterEach(() => {
  act(() => closeAuthDialog());
  clearPendingAction();
});

describe('AuthDialog modes', () => {
  it('opens on log in, with Log in disabled until the email and password are valid', async () => {
    const { user } = renderDialog();
    expect(within(dialog()).getByRole('heading', { name: 'Log in' })).toBeTruthy();
    const submit = within(dialog()).getByRole('button', { name: 'Log in' });
    expect(submit).toHaveProperty('disabled', true);
    expect(within(dialog()).getByRole('button', { name: 'Email me a sign-in link' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.type(within(dialog()).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(dialog()).getByLabelText('Password'), 'secret1');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('sends the credentials to POST /api/auth/login, and an unverified account switches to Verify your email', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/auth/login'
        ? {
            status: 403,
            body: { success: false, error: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email' },
          }
        : undefined,
    );
    const { user } = renderDialog();
    await user.type(within(dialog()).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(dialog()).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(requests).toMatchObject([
      { method: 'POST', path: '/api/auth/login', body: { email: 'ana@example.com', password: 'secret1' } },
    ]);
    // The address typed at log-in is the one to resend to.
    expect(within(dialog()).getByLabelText('Email')).toHaveProperty('value', 'ana@example.com');

    await user.click(within(dialog()).getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('switches to sign-up and back; sign-up shows the provider fields only for a provider', async () => {
    const { user } = renderDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'Sign up' }));

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);
    expect(within(dialog()).getByLabelText('Full Name')).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Location')).toBeNull();

    await user.click(within(dialog()).getByRole('radio', { name: 'Provider' }));
    expect(within(dialog()).getByLabelText('Business/Professional Name')).toBeTruthy();
    expect(within(dialog()).getByLabelText('Location')).toBeTruthy();
    expect(within(dialog()).getByRole('group', { name: 'Service categories' })).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('sign-up sends the form as the API body and then asks to confirm the email', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/auth/signup' ? { body: { success: true, message: 'Check your email' } } : undefined,
    );
    const { user } = renderDialog('signup');
    const form = within(dialog());
    await user.type(form.getByLabelText('Full Name'), 'Ana Lima');
    await user.type(form.getByLabelText('Email'), 'ana@example.com');
    await user.type(form.getByLabelText('Password'), 'Tulip-Harbor-91');
    await user.type(form.getByLabelText('Confirm Password'), 'Tulip-Harbor-91');
    await user.click(form.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your Email' })).toBeTruthy();
    expect(screen.getByText('ana@example.com', { selector: 'strong' })).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/signup',
      body: { email: 'ana@example.com', password: 'Tulip-Harbor-91' },
    });
  });

  it('Forgot password? carries the typed email over and sends the reset request', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/auth/forgot-password' ? { body: { success: true, message: 'Sent' } } : undefined,
    );
    const { user } = renderDialog();
    await user.type(within(dialog()).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog()).getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const email = within(dialog()).getByLabelText('Email');
    expect(email).toHaveProperty('value', 'ana@example.com');

    await user.click(within(dialog()).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog()).findByText('Reset Link Sent')).toBeTruthy();
    expect(requests).toMatchObject([
      { method: 'POST', path: '/api/auth/forgot-password', body: { email: 'ana@example.com' } },
    ]);

    await user.click(within(dialog()).getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('Forgot password disables Send reset link for an invalid address and shows why once left', async () => {
    const { user } = renderDialog('forgotPassword');
    const email = within(dialog()).getByLabelText('Email');
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(within(dialog()).getByRole('button', { name: 'Send reset link' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('AuthDialog and the action that waits for the login', () => {
  const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';

  it('keeps the action it was opened for, and forgets it when closed without logging in', async () => {
    act(() => openAuthDialog('login', { afterLogin: { kind: 'favorite', providerId: PROVIDER_ID } }));
    const { user } = renderWithProviders(<AuthDialog />);
    expect(peekPendingAction()).toMatchObject({ kind: 'favorite', providerId: PROVIDER_ID });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(peekPendingAction()).toBeNull();
  });

  it('keeps it when closed to go and confirm the email', async () => {
    savePendingAction({ kind: 'message', providerId: PROVIDER_ID });
    const { user } = renderDialog('signupSuccess');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(peekPendingAction()).toMatchObject({ kind: 'message', providerId: PROVIDER_ID });
  });
});

describe('AuthDialog and its messages', () => {
  const ANA = {
    id: 'client-1',
    name: 'Ana Lima',
    email: 'ana@example.com',
    avatar_url: null,
    user_type: 'client',
    role: 'user',
    routing_slug: 'ana-lima',
  };
  afterEach(() => act(() => clearSession()));

  it("says a failed log-in in the dialog only, and after the next try only 'Welcome back' is left", async () => {
    let attempts = 0;
    stubFetch((r) => {
      if (r.path !== '/api/auth/login') return undefined;
      attempts += 1;
      if (attempts === 1)
        return {
          status: 401,
          body: { success: false, error: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
        };
      return {
        body: {
          success: true,
          user: ANA,
          session: {
            access_token: 'test-access-token',
            expires_at: Math.floor(Date.now() / 1000) + 3600,
            user: ANA,
          },
        },
      };
    });
    act(() => openAuthDialog('login'));
    const { user } = renderWithProviders(
      <>
        <AuthDialog />
        <Toaster theme="light" />
      </>,
    );
    await user.type(within(dialog()).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(dialog()).getByLabelText('Password'), 'wrong-secret');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));

    // Said once, in the dialog: no toast over its title.
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Login Failed');
    expect(alert.textContent).toContain(
      'Invalid email or password. Please check your credentials and try again.',
    );

    await user.clear(within(dialog()).getByLabelText('Password'));
    await user.type(within(dialog()).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog()).getByRole('button', { name: 'Log in' }));

    const notifications = await screen.findByRole('region', { name: /^Notifications/ });
    expect(await within(notifications).findByText('Welcome back, Ana Lima!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Login Failed')).toBeNull();
  });

  it('says a failed sign-up in the dialog, by its button, not in a toast over its title', async () => {
    stubFetch((r) =>
      r.path === '/api/auth/signup'
        ? {
            status: 429,
            body: {
              success: false,
              error: 'RATE_LIMITED',
              message: 'Too many attempts. Please wait a moment and try again.',
            },
          }
        : undefined,
    );
    act(() => openAuthDialog('signup'));
    const { user } = renderWithProviders(
      <>
        <AuthDialog />
        <Toaster theme="light" />
      </>,
    );
    const form = within(dialog());
    await user.type(form.getByLabelText('Email'), 'ana@example.com');
    await user.type(form.getByLabelText('Password'), 'Tulip-Harbor-91');
    await user.type(form.getByLabelText('Confirm Password'), 'Tulip-Harbor-91');
    await user.click(form.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(form.getByRole('button', { name: 'Create account' }));

    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('Signup Failed');
    expect(alert.textContent).toContain('Too many attempts. Please wait a moment and try again.');
    expect(screen.getAllByText('Signup Failed')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });
});
