import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FORM_TEXTS } from '#domain/forms.ts';
import { PHONE_INVALID } from '#domain/phone.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { InvestorForm } from './InvestorForm';

const setup = async (phone: string) => {
  const { user } = renderWithProviders(<InvestorForm />);
  const form = screen.getByRole('form', { name: 'Partner With Us' });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Vera Capital');
  await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'vera@example.com');
  if (phone) await user.type(within(form).getByRole('textbox', { name: 'Phone (optional)' }), phone);
  return { user, form };
};

describe('InvestorForm', () => {
  it("refuses 'abc' as a phone next to the box, and sends nothing", async () => {
    const requests = stubFetch(() => undefined);
    const { user, form } = await setup('abc');
    await user.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await within(form).findByText(PHONE_INVALID)).toBeTruthy();
    expect(PHONE_INVALID).toBe('Please enter a valid phone number, like +1 512 555 0100');
    const phone = within(form).getByRole('textbox', { name: 'Phone (optional)' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('sends a phone written the way people write one', async () => {
    const requests = stubFetch(() => ({ body: { success: true, message: FORM_TEXTS.investorSent } }));
    const { user, form } = await setup('+1 (512) 555-0100');
    await user.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ phone: '+1 (512) 555-0100', email: 'vera@example.com' });
    expect(within(form).queryByText(PHONE_INVALID)).toBeNull();
  });

  it('counts the optional message, and refuses one over 5,000 characters without sending', async () => {
    const requests = stubFetch(() => undefined);
    const { user, form } = await setup('');
    const box = within(form).getByRole('textbox', { name: 'Message (optional)' });
    expect(within(form).getByText('0 / 5,000')).toBeTruthy();
    await user.click(box);
    await user.paste('w'.repeat(5001));
    expect(within(form).getByText('5,001 / 5,000')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Submit Inquiry' }));
    expect(await within(form).findByText(FORM_TEXTS.messageTooLong)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
