import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSupportDialog, openSupportDialog } from '#web/lib/support-dialog-store.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { ContactSupportDialog } from './ContactSupportDialog';

afterEach(() => act(() => closeSupportDialog()));

const dialog = () => screen.getByRole('dialog', { name: 'Contact Support' });

describe('ContactSupportDialog messages', () => {
  it("says missing fields in the dialog, not in a toast over its title, and once sent only 'Support Request Sent' shows", async () => {
    const requests = stubFetch((r) =>
      r.path === '/api/feedback' && r.method === 'POST'
        ? { body: { success: true, message: 'Support request received' } }
        : undefined,
    );
    act(() => openSupportDialog());
    const { user } = renderWithProviders(
      <>
        <ContactSupportDialog />
        <Toaster theme="light" />
      </>,
    );

    await user.click(within(dialog()).getByRole('button', { name: /Send Request/ }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Missing Information');
    expect(alert.textContent).toContain('Please fill in all required fields.');
    expect(within(dialog()).getByText('Please enter a subject')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.type(within(dialog()).getByLabelText('Email'), 'remy@example.com');
    await user.type(within(dialog()).getByLabelText('Subject'), 'Photo upload');
    await user.type(within(dialog()).getByLabelText('Message'), 'My portfolio upload keeps failing.');
    await user.click(within(dialog()).getByRole('button', { name: /Send Request/ }));

    const sent = await within(dialog()).findByRole('status');
    expect(sent.textContent).toContain('Support Request Sent');
    expect(sent.textContent).toContain("We'll get back to you within 24 hours.");
    expect(requests).toMatchObject([
      { method: 'POST', path: '/api/feedback', body: { email: 'remy@example.com', type: 'support' } },
    ]);
    expect(screen.queryByText('Missing Information')).toBeNull();
    expect(screen.queryByText('Please fill in all required fields.')).toBeNull();
  });
});
