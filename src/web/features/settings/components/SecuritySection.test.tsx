import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { SecuritySection } from './SecuritySection';
import { SessionsSection } from './SessionsSection';

beforeAll(async () => {
  await import('sonner');
});

const NEW_PASSWORD = 'Harbor-Quill-6482';
const identity = (fresh: boolean) => ({
  body: { success: true, fresh_proof: fresh, fresh_until: fresh ? '2026-12-02T12:10:00.000Z' : null },
});

describe('Settings → Password', () => {
  it('puts the server’s answer on the current password field and sends nothing else', async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity(false);
      if (r.path === '/api/account/password')
        return {
          status: 400,
          body: {
            success: false,
            error: 'VALIDATION_ERROR',
            message: SECURITY_TEXTS.currentPasswordWrong,
            issues: [{ path: 'current_password', message: SECURITY_TEXTS.currentPasswordWrong }],
          },
        };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<SecuritySection userId="client-1" />);
    const card = screen.getByRole('region', { name: 'Password' });
    await user.type(within(card).getByLabelText(/Current password/), 'Not-It-123');
    await user.type(within(card).getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(within(card).getByLabelText(/Confirm new password/), NEW_PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText(SECURITY_TEXTS.currentPasswordWrong)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/account/password')?.body).toEqual({
      current_password: 'Not-It-123',
      new_password: NEW_PASSWORD,
    });
  });

  it('right after a passkey or sign-in link it asks no current password, and says why', async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity(true);
      if (r.path === '/api/account/password')
        return { body: { success: true, message: SECURITY_TEXTS.passwordChanged } };
      if (r.path === '/api/account/sessions') return { body: { success: true, sessions: [] } };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <SecuritySection userId="client-1" />
        <Toaster theme="light" />
      </>,
    );
    const card = screen.getByRole('region', { name: 'Password' });
    expect(await within(card).findByText(/your current password is not needed/)).toBeTruthy();
    expect(within(card).queryByLabelText(/Current password/)).toBeNull();
    await user.type(within(card).getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(within(card).getByLabelText(/Confirm new password/), 'Something-Else-1');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('Passwords do not match')).toBeTruthy();
    await user.clear(within(card).getByLabelText(/Confirm new password/));
    await user.type(within(card).getByLabelText(/Confirm new password/), NEW_PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    const notifications = await screen.findByRole('region', { name: /^Notifications/ });
    expect(await within(notifications).findByText(SECURITY_TEXTS.passwordChanged)).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/account/password').map((r) => r.body)).toEqual([
      { new_password: NEW_PASSWORD },
    ]);
  });
});

describe('Settings → Password → Confirm with a passkey instead', () => {
  it('is offered only to an account with a passkey, in a browser that has them', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    let passkeys: unknown[] = [];
    stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity(false);
      if (r.path === '/api/account/passkeys') return { body: { success: true, passkeys, max: 20 } };
      return undefined;
    });
    signInForTest();
    const first = renderWithProviders(<SecuritySection userId="client-1" />);
    const card = screen.getByRole('region', { name: 'Password' });
    await within(card).findByLabelText(/Current password/);
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    expect(within(card).queryByRole('button', { name: 'Confirm with a passkey instead' })).toBeNull();
    first.unmount();

    passkeys = [
      {
        id: 'a2V5',
        name: 'My phone',
        created_at: '2026-12-01T10:00:00.000Z',
        last_used_at: null,
        backed_up: true,
      },
    ];
    renderWithProviders(<SecuritySection userId="client-1" />);
    expect(
      await within(screen.getByRole('region', { name: 'Password' })).findByRole('button', {
        name: 'Confirm with a passkey instead',
      }),
    ).toBeTruthy();
    vi.unstubAllGlobals();
  });
});

describe("Settings → Where you're signed in", () => {
  it('marks this device, offers Sign out for the others, and asks the list again after one ends', async () => {
    let sessions = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        browser: 'Chrome 131',
        system: 'Linux',
        method: 'password',
        created_at: '2026-12-01T10:00:00.000Z',
        last_used_at: '2026-12-02T10:00:00.000Z',
        current: true,
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        browser: 'Mobile Safari 17',
        system: 'iOS 17',
        method: 'link',
        created_at: '2026-11-20T10:00:00.000Z',
        last_used_at: '2026-11-30T10:00:00.000Z',
        current: false,
      },
    ];
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/sessions') return { body: { success: true, sessions } };
      if (r.method === 'DELETE' && r.path === `/api/account/sessions/${sessions[1]?.id}`) {
        sessions = sessions.slice(0, 1);
        return { body: { success: true, message: SECURITY_TEXTS.sessionEnded } };
      }
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<SessionsSection userId="client-1" />);
    const card = screen.getByRole('region', { name: "Where you're signed in" });
    expect(await within(card).findByText('This device')).toBeTruthy();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByText(/with an emailed link/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    expect(within(card).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });
});
