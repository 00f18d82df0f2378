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

  it('shows the next outcome of an action whose toast was just closed by its own button', async () => {
    render(<Toaster theme="light" />);
    let reloads = 0;
    const refused = () =>
      toastFor('saved-search').error('Changed elsewhere', {
        action: { label: 'Reload', onClick: () => (reloads += 1) },
        duration: 15_000,
      });
    act(() => refused());
    const region = await screen.findByRole('region', { name: /^Notifications/ });
    const reload = await within(region).findByRole('button', { name: 'Reload' });
    act(() => reload.click());
    expect(reloads).toBe(1);
    // Refused again while the first toast plays its exit: the new one shows, and stays.
    act(() => refused());
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(within(notifications()).getByText('Changed elsewhere')).toBeTruthy();
    expect(within(notifications()).getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
  });
});
