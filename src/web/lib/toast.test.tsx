import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toastFor } from './toast';

const notifications = () => screen.getByRole('region', { name: /^Notifications/ });

describe('toastFor', () => {
  it("replaces the action's toast with its later outcome, description and all; other actions' toasts stay", async () => {
    act(() => toastFor('favorite').success('Saved!'));
    render(<Toaster theme="light" />);
    expect(
      await within(await screen.findByRole('region', { name: /^Notifications/ })).findByText('Saved!'),
    ).toBeTruthy();

    act(() => toastFor('support-request').error('Error', { description: 'Too many requests. Please wait.' }));
    expect(await within(notifications()).findByText('Too many requests. Please wait.')).toBeTruthy();

    act(() => toastFor('support-request').success('Support Request Sent'));
    expect(await within(notifications()).findByText('Support Request Sent')).toBeTruthy();
    expect(within(notifications()).queryByText('Error')).toBeNull();
    expect(within(notifications()).queryByText('Too many requests. Please wait.')).toBeNull();
    expect(within(notifications()).getByText('Saved!')).toBeTruthy();
    expect(within(notifications()).getAllByRole('listitem')).toHaveLength(2);
  });
});
