import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { PASSKEY_TEXTS, type PasskeyInfo } from '#domain/passkeys.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { PasskeysSection } from './PasskeysSection';

beforeAll(async () => {
  await import('sonner');
});

const LAPTOP: PasskeyInfo = {
  id: 'cred-laptop',
  name: 'Passkey, Mar 5, 2026',
  created_at: '2026-03-05T10:00:00.000Z',
  last_used_at: null,
  backed_up: false,
};
const PHONE: PasskeyInfo = {
  id: 'cred-phone',
  name: 'iCloud Keychain, Jan 2, 2026',
  created_at: '2026-01-02T10:00:00.000Z',
  last_used_at: '2026-03-01T09:00:00.000Z',
  backed_up: true,
};
const list = (passkeys: PasskeyInfo[]) => ({ body: { success: true, passkeys, max: 20 } });
const identity = { body: { success: true, fresh_proof: false, fresh_until: null } };

/** happy-dom has no WebAuthn; a browser that has it exposes PublicKeyCredential. */
const withWebAuthn = () =>
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
  });
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

describe('Settings → Passkeys', () => {
  it('lists each passkey; renames one in place and removes one after a confirm', async () => {
    withWebAuthn();
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity;
      if (r.path === '/api/account/passkeys') return list([PHONE, LAPTOP]);
      if (r.method === 'PUT' && r.path === '/api/account/passkeys/cred-laptop')
        return {
          body: {
            success: true,
            message: PASSKEY_TEXTS.renamed,
            passkey: { ...LAPTOP, name: 'Work laptop' },
          },
        };
      if (r.method === 'DELETE' && r.path === '/api/account/passkeys/cred-phone')
        return { body: { success: true, message: PASSKEY_TEXTS.removed } };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <PasskeysSection />
        <Toaster theme="light" />
      </>,
    );
    const card = screen.getByRole('region', { name: PASSKEY_TEXTS.sectionTitle });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('iCloud Keychain, Jan 2, 2026');
    expect(within(items[0]!).getByText('Synced')).toBeTruthy();
    expect(items[0]!.textContent).toContain('last used');
    expect(items[1]!.textContent).toContain('not used yet');

    // Rename: a blank name is refused in the form; a good one is sent and shown.
    await user.click(within(card).getByRole('button', { name: `Rename “${LAPTOP.name}”` }));
    const field = within(card).getByLabelText(`New name for “${LAPTOP.name}”`);
    await user.clear(field);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(PASSKEY_TEXTS.nameRequired)).toBeTruthy();
    await user.type(field, 'Work laptop{Enter}');
    expect(await within(card).findByText('Work laptop')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ name: 'Work laptop' }]);

    // Remove: nothing is sent until confirmed.
    await user.click(within(card).getByRole('button', { name: `Remove “${PHONE.name}”` }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText(PASSKEY_TEXTS.removed)).toBeTruthy();
  });

  it('asks for the current password before adding one, and puts the server’s answer on the field', async () => {
    withWebAuthn();
    const requests = stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity;
      if (r.path === '/api/account/passkeys') return list([]);
      if (r.path === '/api/account/passkeys/register/options')
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
    const { user } = renderWithProviders(<PasskeysSection />);
    const card = screen.getByRole('region', { name: PASSKEY_TEXTS.sectionTitle });
    expect(await within(card).findByText(PASSKEY_TEXTS.empty)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = await screen.findByRole('dialog', { name: PASSKEY_TEXTS.add });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(SECURITY_TEXTS.currentPasswordRequired)).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/account/passkeys/register/options')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Current password/), 'Not-It-123');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(SECURITY_TEXTS.currentPasswordWrong)).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/account/passkeys/register/options')?.body).toEqual({
      current_password: 'Not-It-123',
    });
  });

  it('says so when the browser has no passkeys, and offers no Add button', async () => {
    stubFetch((r) => {
      if (r.path === '/api/account/identity') return identity;
      if (r.path === '/api/account/passkeys') return list([LAPTOP]);
      return undefined;
    });
    signInForTest();
    renderWithProviders(<PasskeysSection />);
    const card = screen.getByRole('region', { name: PASSKEY_TEXTS.sectionTitle });
    expect(within(card).getByText(PASSKEY_TEXTS.unsupported)).toBeTruthy();
    expect(await within(card).findByText(LAPTOP.name)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: PASSKEY_TEXTS.add })).toBeNull();
  });
});
