import { screen, waitFor } from '@testing-library/react';
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
