import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProviderCard as ProviderCardData } from '#domain/search.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { ProviderCard } from './ProviderCard';

const provider: ProviderCardData = {
  id: '2b0f8a9e-6a52-4d7e-9d55-0e1f6c7b8a90',
  routing_slug: 'lumen-studio',
  name: 'Lumen Studio',
  avatar_url: null,
  location: 'South Congress, Austin, TX 78704',
  specialties: ['Balayage', 'Gloss'],
  categories: ['hair'],
  startingPrice: 45,
  portfolio_images: [],
  portfolio_count: 0,
  amenities: [],
  matched_service: null,
  distance_miles: 1.2,
  position: null,
  rating: 4.8,
  review_count: 12,
  active: true,
};

const renderCard = (over: Partial<ProviderCardData>) =>
  renderWithProviders(<ProviderCard provider={{ ...provider, ...over }} />);
const card = () => screen.getByRole('article', { name: 'Lumen Studio' });

describe('ProviderCard price', () => {
  it('shows the searched service and its price range start: "Balayage · from $180"', () => {
    renderCard({
      matched_service: {
        name: 'Balayage',
        min_price: 180,
        max_price: 260,
        starting_at: false,
        duration_min: null,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Balayage · from $180');
    expect(card().textContent).not.toContain('From $45');
  });

  it('shows a fixed service price without "from": "Balayage · $50"', () => {
    renderCard({
      matched_service: {
        name: 'Balayage',
        min_price: 50,
        max_price: 50,
        starting_at: false,
        duration_min: null,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Balayage · $50');
    expect(card().textContent).not.toContain('from $50');
    expect(card().textContent).not.toContain(' min');
  });

  it('says "from" for a starting-at price: "Knotless braids · from $250"', () => {
    renderCard({
      matched_service: {
        name: 'Knotless braids',
        min_price: 250,
        max_price: 250,
        starting_at: true,
        duration_min: null,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Knotless braids · from $250');
  });

  it('keeps cents when a price has them', () => {
    renderCard({
      matched_service: {
        name: 'Gloss',
        min_price: 45.5,
        max_price: 45.5,
        starting_at: false,
        duration_min: null,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Gloss · $45.50');
  });

  it('groups thousands as the profile does: "$1,200", not "$1200"', () => {
    renderCard({
      matched_service: {
        name: 'Bridal',
        min_price: 1200,
        max_price: 1500,
        starting_at: false,
        duration_min: null,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Bridal · from $1,200');
  });

  it('shows the searched service\'s duration beside its price: "Balayage · from $180 · 90 min"', () => {
    renderCard({
      matched_service: {
        name: 'Balayage',
        min_price: 180,
        max_price: 260,
        starting_at: false,
        duration_min: 90,
        duration_max: null,
      },
    });
    expect(card().textContent).toContain('Balayage · from $180 · 1 h 30 min');
  });

  it('shows a duration range as the profile does, and no duration when the service has none', () => {
    renderCard({
      matched_service: {
        name: 'Gloss',
        min_price: 45,
        max_price: 45,
        starting_at: false,
        duration_min: 45,
        duration_max: 60,
      },
    });
    expect(card().textContent).toContain('Gloss · $45 · 45–60 min');
  });

  it('falls back to the starting price without a matched service', () => {
    renderCard({});
    expect(card().textContent).toContain('From $45');
    expect(card().textContent).toContain('1.2 mi away');
  });

  it('says "Contact for pricing" with no priced service', () => {
    renderCard({ startingPrice: null });
    expect(card().textContent).toContain('Contact for pricing');
  });
});
