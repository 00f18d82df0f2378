import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '#domain/forms.ts';
import { closeSupportDialog, openSupportDialog } from '#web/lib/support-dialog-store.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { ContactSupportDialog } from './ContactSupportDialog';

afterEach(() => act(() => closeSupportDialog()));

describe('ContactSupportDialog: a long message', () => {
  it('counts the message and refuses one over 5,000 characters next to the box, sending nothing', async () => {
    const requests = stubFetch(() => undefined);
    const { user } = renderWithProviders(<ContactSupportDialog />);
    act(() => openSupportDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Contact Support' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'rae@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Long story');
    const box = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(within(dialog).getByText('0 / 5,000')).toBeTruthy();

    await user.click(box);
    await user.paste('v'.repeat(6000));
    expect(box.value).toHaveLength(6000);
    expect(within(dialog).getByText('6,000 / 5,000')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByText(FORM_TEXTS.messageTooLong)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
