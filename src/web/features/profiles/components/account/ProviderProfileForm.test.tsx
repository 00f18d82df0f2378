import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountProfile } from '#domain/profiles.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ProviderProfileForm } from './ProviderProfileForm';

const profile: AccountProfile = {
  id: 'provider-1',
  name: 'Maya Lopez',
  email: 'maya@example.com',
  avatar_url: null,
  user_type: 'provider',
  role: 'user',
  routing_slug: 'maya-lopez',
  bio: '',
  location: 'Austin, TX',
  zip: null,
  booking_link: '',
  license_details: '',
  additional_details: '',
  availability: '',
  specialties: [],
  certifications: [],
  amenities: [],
  products: [],
  categories: [],
  portfolio_images: [],
  pricing: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('ProviderProfileForm zip box', () => {
  it('keeps the zip of a pasted address and saves it', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubFetch((request) =>
      request.method === 'PUT' && request.path === '/api/auth/profile'
        ? { body: { success: true, profile: { ...profile, zip: '78704' } } }
        : undefined,
    );
    const { user } = renderWithProviders(
      <ProviderProfileForm profile={profile} avatar={null} portfolio={null} />,
    );
    const zipBox = screen.getByRole('textbox', { name: 'Zip code' });

    await user.click(zipBox);
    await user.paste('Austin, TX 78704');
    expect(zipBox).toHaveProperty('value', '78704');

    await user.clear(zipBox);
    await user.paste('78704-1234');
    expect(zipBox).toHaveProperty('value', '78704');

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ zip: '78704' });
  });
});

describe('ProviderProfileForm booking policies', () => {
  it('refuses out-of-range values with the schema’s messages and sends nothing', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubFetch(() => undefined);
    const { user } = renderWithProviders(
      <ProviderProfileForm profile={profile} avatar={null} portfolio={null} />,
    );
    const policies = screen.getByRole('region', { name: 'Booking Policies' });
    await user.selectOptions(within(policies).getByRole('combobox', { name: 'Deposit' }), 'percent');
    await user.type(within(policies).getByRole('spinbutton', { name: /Deposit percentage/ }), '150');
    await user.type(within(policies).getByRole('spinbutton', { name: /Cancellation notice/ }), '721');
    const text = within(policies).getByRole('textbox', { name: 'Policy text' });
    await user.click(text);
    await user.paste('x'.repeat(501));
    expect(within(policies).getByText(/501\/500 characters/)).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await within(policies).findByText('Deposit percentage must be between 1 and 100')).toBeDefined();
    expect(within(policies).getByText('Cancellation notice must be whole hours from 0 to 720')).toBeDefined();
    expect(within(policies).getByText('Policy text must be at most 500 characters')).toBeDefined();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.selectOptions(within(policies).getByRole('combobox', { name: 'Deposit' }), 'amount');
    const amount = within(policies).getByRole('spinbutton', { name: /Deposit amount/ });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(
      await within(policies).findByText('Deposit amount must be more than $0 and at most $100,000'),
    ).toBeDefined();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves a deposit, the notice and the text together', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const saved = {
      deposit: { type: 'amount' as const, value: 20 },
      cancellation_notice_hours: 24,
      text: 'No-shows lose the deposit.',
    };
    const requests = stubFetch((request) =>
      request.method === 'PUT' && request.path === '/api/auth/profile'
        ? { body: { success: true, profile: { ...profile, policies: saved } } }
        : undefined,
    );
    const { user } = renderWithProviders(
      <ProviderProfileForm
        profile={{ ...profile, policies: { deposit: null, cancellation_notice_hours: 48, text: '' } }}
        avatar={null}
        portfolio={null}
      />,
    );
    const policies = screen.getByRole('region', { name: 'Booking Policies' });
    expect(within(policies).getByRole('spinbutton', { name: /Cancellation notice/ })).toHaveProperty(
      'value',
      '48',
    );
    await user.selectOptions(within(policies).getByRole('combobox', { name: 'Deposit' }), 'amount');
    await user.type(within(policies).getByRole('spinbutton', { name: /Deposit amount/ }), '20');
    const hours = within(policies).getByRole('spinbutton', { name: /Cancellation notice/ });
    await user.clear(hours);
    await user.type(hours, '24');
    await user.type(within(policies).getByRole('textbox', { name: 'Policy text' }), saved.text);

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ policies: saved });
    expect(await screen.findByText('No unsaved changes')).toBeDefined();
  });
});
