import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '#domain/profiles.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { ProfileHero } from './ProfileHero';
import { profileDisplay } from './profile-view';

const profile = (over: Partial<PublicProfile>): PublicProfile => ({
  id: 'provider-1',
  routing_slug: 'rosa-styles',
  name: 'Rosa Styles',
  user_type: 'provider',
  avatar_url: null,
  review_count: 0,
  rating: null,
  member_since: '2026-01-05T10:00:00.000Z',
  listed: true,
  upcoming_openings: [],
  places: [],
  reply_hours: null,
  bio: '',
  location: 'Austin, TX 78701',
  booking_link: '',
  license_details: '',
  additional_details: '',
  availability: '',
  specialties: [],
  certifications: [],
  amenities: [],
  products: [],
  categories: ['hair'],
  portfolio_images: [],
  pricing: [],
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  pinned: false,
  position: { latitude: 30.271, longitude: -97.744 },
  map_zip: '78701',
  ...over,
});

const renderHero = (p: PublicProfile) =>
  renderWithProviders(<ProfileHero profile={p} display={profileDisplay(p)} />);

describe('ProfileHero map line', () => {
  it("says the provider is at their zip's centre", () => {
    renderHero(profile({}));
    expect(screen.getByText('On the map at the centre of 78701')).toBeTruthy();
    expect(screen.queryByText(/own pin/)).toBeNull();
  });

  it('says the provider placed their own pin', () => {
    renderHero(profile({ pinned: true, map_zip: null, position: { latitude: 30.28, longitude: -97.732 } }));
    expect(screen.getByText('On the map at their own pin (to about 100 m)')).toBeTruthy();
    expect(screen.queryByText(/centre of/)).toBeNull();
  });

  it('says nothing without a zip', () => {
    renderHero(profile({ map_zip: null, position: null, location: 'Travels to you' }));
    expect(screen.queryByText(/On the map/)).toBeNull();
  });
});

describe('ProfileHero category links', () => {
  it("links a category to its page in the provider's city, named by the words on screen first", () => {
    renderHero(
      profile({
        places: [
          { category: 'hair', path: '/hair-stylists/austin-tx', label: 'Hair Stylists in Austin, TX' },
        ],
      }),
    );
    // (The test DOM's name computation puts a space before the hidden words; browsers do not.)
    const link = screen.getByRole('link', { name: /^Hair ?: Hair Stylists in Austin, TX$/ });
    expect(link.getAttribute('href')).toBe('/hair-stylists/austin-tx');
    expect(link.getAttribute('aria-label')).toBeNull();
  });
});
