import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_TEXTS, DELETION_KEEPS, DELETION_REMOVES } from '#domain/account-data.ts';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { clearSession, getSession } from '#web/lib/session.ts';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { DataSection } from './DataSection';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

const identity = (fresh: boolean) => ({
  body: { success: true, fresh_proof: fresh, fresh_until: fresh ? new Date().toISOString() : null },
});

function answer(fresh: boolean, onDelete: (r: SentRequest) => { status?: number; body: unknown }) {
  return stubFetch((r) => {
    if (r.path === '/api/account/identity') return identity(fresh);
    if (r.path === '/api/account' && r.method === 'DELETE') return onDelete(r);
    return undefined;
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/settings" element={<DataSection />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/settings' },
  );
}

describe('Download my data', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = vi.fn(() => 'blob:data-file');
    URL.revokeObjectURL = vi.fn();
  });

  it('fetches the file with the bearer token and saves it under the server’s name', async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/account/export'
        ? {
            body: { format: 'glowfind-account-data', account: { email: 'ana@example.com' } },
            headers: { 'Content-Disposition': 'attachment; filename="glowfind-data-2030-01-02.json"' },
          }
        : undefined,
    );
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.exportButton }));
    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:data-file', download: 'glowfind-data-2030-01-02.json' }]),
    );
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/account/export' });
    expect(requests[0]!.headers.authorization).toBe('Bearer test-access-token');
    expect(requests[0]!.headers.accept).toBe('application/json');
  });
});

describe('Delete my account', () => {
  it('says what happens, and asks for the password and DELETE before sending anything', async () => {
    const requests = answer(false, () => ({ body: {} }));
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_DATA_TEXTS.dialogTitle });
    for (const line of [...DELETION_REMOVES, ...DELETION_KEEPS])
      expect(within(dialog).getByText(line)).toBeTruthy();
    const password = await within(dialog).findByLabelText(ACCOUNT_DATA_TEXTS.passwordLabel);

    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }));
    expect(await within(dialog).findByText(ACCOUNT_DATA_TEXTS.confirmRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(ACCOUNT_DATA_TEXTS.confirmLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }));
    expect(await within(dialog).findByText(SECURITY_TEXTS.currentPasswordRequired)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(getSession()).not.toBeNull();
  });

  it('puts a wrong password on its field and keeps the person signed in', async () => {
    answer(false, () => ({
      status: 400,
      body: {
        success: false,
        error: 'VALIDATION_ERROR',
        message: SECURITY_TEXTS.currentPasswordWrong,
        issues: [{ path: 'current_password', message: SECURITY_TEXTS.currentPasswordWrong }],
      },
    }));
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText(ACCOUNT_DATA_TEXTS.passwordLabel), 'wrong-one');
    await user.type(within(dialog).getByLabelText(ACCOUNT_DATA_TEXTS.confirmLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }));
    expect(await within(dialog).findByText(SECURITY_TEXTS.currentPasswordWrong)).toBeTruthy();
    expect(getSession()).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
  });

  it('deletes with the password, clears the session and goes home', async () => {
    const requests = answer(false, () => ({ body: { success: true, message: ACCOUNT_DATA_TEXTS.deleted } }));
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      await within(dialog).findByLabelText(ACCOUNT_DATA_TEXTS.passwordLabel),
      'Velvet-Orchid-4821',
    );
    await user.type(within(dialog).getByLabelText(ACCOUNT_DATA_TEXTS.confirmLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(getSession()).toBeNull();
    const sent = requests.find((r) => r.method === 'DELETE');
    expect(sent?.body).toEqual({ current_password: 'Velvet-Orchid-4821', confirm: 'DELETE' });
    expect(sent?.headers.authorization).toBe('Bearer test-access-token');
  });

  it('asks no password right after a passkey or a sign-in link', async () => {
    const requests = answer(true, () => ({ body: { success: true, message: ACCOUNT_DATA_TEXTS.deleted } }));
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(ACCOUNT_DATA_TEXTS.freshProof)).toBeTruthy();
    expect(within(dialog).queryByLabelText(ACCOUNT_DATA_TEXTS.passwordLabel)).toBeNull();
    await user.type(within(dialog).getByLabelText(ACCOUNT_DATA_TEXTS.confirmLabel), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.confirmButton }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ confirm: 'DELETE' });
  });

  it('Cancel closes the dialog and sends nothing', async () => {
    const requests = answer(false, () => ({ body: {} }));
    signInForTest();
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: ACCOUNT_DATA_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
