import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '#domain/profiles.ts';
import { clearPendingAction, peekPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { LOGIN_NOTICES, type Viewer } from './ContactCard';
import { PublicProfileView } from './PublicProfileView';

const pkg = (service: string, price: number, more: Partial<PublicProfile['pricing'][number]> = {}) => ({
  service,
  description: `${service}, done well`,
  price: `$${price}`,
  priceType: 'fixed' as const,
  minPrice: price,
  maxPrice: null,
  durationMin: null,
  durationMax: null,
  bookingLink: '',
  ...more,
});

const PROFILE: PublicProfile = {
  id: '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11',
  routing_slug: 'studio-lumen',
  name: 'Studio Lumen',
  user_type: 'provider',
  avatar_url: null,
  review_count: 0,
  rating: null,
  member_since: '2026-03-01T00:00:00.000Z',
  listed: true,
  upcoming_openings: [],
  places: [],
  bio: 'Colour and cuts.',
  location: 'Austin, TX',
  booking_link: 'https://book.example.com/lumen',
  policies: { deposit: null, cancellation_notice_hours: null, text: '' },
  pinned: false,
  position: null,
  map_zip: null,
  license_details: '',
  additional_details: '',
  availability: '',
  specialties: [],
  certifications: [],
  amenities: [],
  products: [],
  categories: ['hair'],
  portfolio_images: [],
  pricing: [
    pkg('Balayage', 180, { durationMin: 90, bookingLink: 'https://book.example.com/lumen/balayage' }),
    pkg('Gloss', 45, { durationMin: 45, durationMax: 60 }),
    pkg('Trim', 30, { durationMin: 60 }),
    pkg('Consultation', 0),
    // A stored link that is not http(s) never becomes a link.
    pkg('Mystery', 10, { bookingLink: 'javascript:alert(1)' }),
  ],
};

function renderProfile(viewer: Viewer) {
  const onLoginRequired = vi.fn();
  const onBook = vi.fn();
  const onBookService = vi.fn();
  const rendered = renderWithProviders(
    <PublicProfileView
      profile={PROFILE}
      viewer={viewer}
      onLoginRequired={onLoginRequired}
      onBook={onBook}
      onBookService={onBookService}
    />,
  );
  const services = () => within(screen.getByRole('region', { name: 'Services & Pricing' }));
  return { ...rendered, onLoginRequired, onBook, onBookService, services };
}

describe('Services & Pricing on the public profile', () => {
  it("lists each service's duration as the one formatter writes it", () => {
    const { services } = renderProfile('signed-out');
    const rows = services().getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Duration: 1 h 30 min'),
      expect.stringContaining('Duration: 45–60 min'),
      expect.stringContaining('Duration: 60 min'),
      expect.not.stringContaining('Duration'),
      expect.not.stringContaining('Duration'),
    ]);
  });

  it("gives a signed-in visitor a Book link for each service with its own link, logging the service's click", async () => {
    const { user, services, onBookService, onBook } = renderProfile('signed-in');
    const book = services().getByRole('link', { name: /^Book Balayage/ });
    expect(book.getAttribute('href')).toBe('https://book.example.com/lumen/balayage');
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toBe('noopener noreferrer');
    // Only Balayage has one: the others (and the one with a bad link) book through the profile's Book.
    expect(services().getAllByRole('link', { name: /^Book / })).toHaveLength(1);
    expect(services().queryByRole('link', { name: /Mystery/ })).toBeNull();

    book.addEventListener('click', (e) => e.preventDefault());
    await user.click(book);
    expect(onBookService).toHaveBeenCalledWith('Balayage');
    expect(onBook).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in first, as the main Book does', async () => {
    const { user, services, onLoginRequired, onBookService } = renderProfile('signed-out');
    expect(services().queryByRole('link', { name: /^Book Balayage/ })).toBeNull();
    await user.click(services().getByRole('button', { name: 'Book Balayage' }));
    expect(onLoginRequired).toHaveBeenCalledWith(LOGIN_NOTICES.book);
    expect(onBookService).not.toHaveBeenCalled();
    expect(peekPendingAction()).toMatchObject({
      kind: 'book-service',
      providerId: PROFILE.id,
      service: 'Balayage',
    });
  });

  it("resumes the service's Book once logged in: 'Continue to booking' at that service, logged when pressed", async () => {
    clearPendingAction();
    const signedOut = renderProfile('signed-out');
    await signedOut.user.click(signedOut.services().getByRole('button', { name: 'Book Balayage' }));
    signedOut.unmount();

    const { user, services, onBookService, onBook } = renderProfile('signed-in');
    const rows = services().getAllByRole('listitem');
    const go = within(rows[0]!).getByRole('link', { name: /^Continue to booking/ });
    expect(within(rows[0]!).getByText("You're logged in")).toBeTruthy();
    expect(go.getAttribute('href')).toBe('https://book.example.com/lumen/balayage');
    expect(go.getAttribute('target')).toBe('_blank');
    expect(services().getAllByRole('link', { name: /^Continue to booking/ })).toHaveLength(1);
    // Taken: a reload does not offer it again.
    expect(peekPendingAction()).toBeNull();

    go.addEventListener('click', (e) => e.preventDefault());
    await user.click(go);
    expect(onBookService).toHaveBeenCalledWith('Balayage');
    expect(onBook).not.toHaveBeenCalled();
    expect(services().queryByRole('link', { name: /^Continue to booking/ })).toBeNull();
  });

  it("leaves the profile's own Book to resume the main Book", async () => {
    clearPendingAction();
    savePendingAction({ kind: 'book', providerId: PROFILE.id });
    const { services } = renderProfile('signed-in');
    expect(services().queryByRole('link', { name: /^Continue to booking/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Continue to booking/ })).toHaveLength(1);
  });

  it('shows the owner the durations but no Book of their own', () => {
    const { services } = renderProfile('owner');
    expect(services().getByText('1 h 30 min')).toBeTruthy();
    expect(services().queryByRole('link', { name: /^Book/ })).toBeNull();
    expect(services().queryByRole('button', { name: /^Book/ })).toBeNull();
  });
});
