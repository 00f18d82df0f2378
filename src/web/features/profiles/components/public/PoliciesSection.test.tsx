import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Policies } from '#domain/policies-options.ts';
import type { PublicProfile } from '#domain/profiles.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { PublicProfileView } from './PublicProfileView';

const NONE: Policies = { deposit: null, cancellation_notice_hours: null, text: '' };

const profile = (policies: Policies | undefined): PublicProfile =>
  ({
    id: 'provider-1',
    routing_slug: 'maya-lopez',
    name: 'Maya Lopez',
    user_type: 'provider',
    avatar_url: null,
    review_count: 0,
    rating: null,
    member_since: '2026-03-01T00:00:00.000Z',
    listed: true,
    upcoming_openings: [],
    places: [],
    bio: '',
    location: 'Austin, TX',
    booking_link: 'https://book.example.com/maya',
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
    policies,
    pinned: false,
    position: null,
    map_zip: null,
  }) as PublicProfile;

const renderProfile = (policies: Policies | undefined) =>
  renderWithProviders(
    <PublicProfileView profile={profile(policies)} viewer="signed-out" onLoginRequired={() => {}} />,
  );

describe('PublicProfileView: Policies', () => {
  it('shows the deposit, the notice and the text beside the Book button', () => {
    renderProfile({
      deposit: { type: 'amount', value: 20 },
      cancellation_notice_hours: 24,
      text: 'Please arrive with clean, dry hair.',
    });
    const contact = screen.getByRole('complementary', { name: 'Contact' });
    expect(within(contact).getByRole('button', { name: 'Book Appointment' })).toBeDefined();
    const section = within(contact).getByRole('region', { name: 'Policies' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Deposit: $20 when booking', 'Cancel at least 24 hours ahead']);
    expect(within(section).getByText('Please arrive with clean, dry hair.')).toBeDefined();
    expect(section.textContent).toContain('Any deposit is paid on their booking page, not on Glowfind.');
  });

  it('says a percentage, one hour in the singular, and any time for 0 hours', () => {
    const lines = () =>
      within(screen.getByRole('region', { name: 'Policies' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const view = renderProfile({
      deposit: { type: 'percent', value: 20 },
      cancellation_notice_hours: 1,
      text: '',
    });
    expect(lines()).toEqual(['Deposit: 20% when booking', 'Cancel at least 1 hour ahead']);
    view.unmount();
    renderProfile({ ...NONE, cancellation_notice_hours: 0 });
    expect(lines()).toEqual(['Cancel any time before the appointment']);
  });

  it('shows a text alone when that is all the provider states', () => {
    renderProfile({ ...NONE, text: 'Cash or card at the studio.' });
    const section = screen.getByRole('region', { name: 'Policies' });
    expect(within(section).queryAllByRole('listitem')).toEqual([]);
    expect(within(section).getByText('Cash or card at the studio.')).toBeDefined();
  });

  it('has no Policies section when nothing is stated (or an older cached page has none)', () => {
    const view = renderProfile(NONE);
    expect(screen.queryByRole('region', { name: 'Policies' })).toBeNull();
    view.unmount();
    renderProfile({ ...NONE, text: '   ' });
    expect(screen.queryByRole('region', { name: 'Policies' })).toBeNull();
    renderProfile(undefined);
    expect(screen.queryByRole('region', { name: 'Policies' })).toBeNull();
  });
});
