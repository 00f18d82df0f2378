import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RatingSummary, Review } from '#domain/reviews.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ReviewItem } from './ReviewItem';
import { ReviewsSection } from './ReviewsSection';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';

const replied: Review = {
  id: 'b3a1f6c2-0c55-4f0e-8f7e-5b1d2c3a4e5f',
  provider_id: PROVIDER_ID,
  rating: 5,
  text: 'Lovely colour.',
  service: 'Balayage',
  reviewer_name: 'Ana L.',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  reply: {
    text: 'Thank you, Ana!',
    created_at: '2026-01-06T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
  },
};
const summary: RatingSummary = {
  average: 5,
  count: 1,
  breakdown: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 1 : 0 })),
};

beforeEach(() => {
  signInForTest({ id: 'provider-1', user_type: 'provider' });
});

describe('ReviewsSection', () => {
  it("asks before deleting the owner's reply (the dialog loads when first needed), then deletes it", async () => {
    const requests = stubFetch((r) => {
      if (r.method === 'GET' && r.path.startsWith('/api/reviews?'))
        return { body: { success: true, reviews: [replied], summary, nextCursor: null } };
      if (r.method === 'DELETE' && r.path === `/api/reviews/${replied.id}/reply`)
        return {
          body: { success: true, message: 'Reply deleted', review: { ...replied, reply: null }, summary },
        };
      return undefined;
    });
    const { user } = renderWithProviders(
      <ReviewsSection
        providerId={PROVIDER_ID}
        providerName="Studio Lumen"
        services={['Balayage']}
        viewer="owner"
        userId="provider-1"
        onLoginRequired={vi.fn()}
      />,
    );
    const review = await screen.findByRole('article', { name: 'Review by Ana L.' });
    // No dialog before it is asked for.
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(review).getByRole('button', { name: 'Delete reply to Ana L.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your reply?' });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        `/api/reviews/${replied.id}/reply`,
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ReviewItem: valid HTML', () => {
  it("writes the API's microsecond date as a datetime HTML accepts (at most three fraction digits)", () => {
    const review = {
      ...replied,
      created_at: '2026-01-05T10:00:08.420000Z',
      updated_at: '2026-01-05T10:00:08.420000Z',
    };
    const { container } = renderWithProviders(
      <ReviewItem review={review} providerName="Juno Hair" isOwn={false} actions={{}} />,
    );
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-05T10:00:08.420Z');
    expect(screen.getByText('January 5, 2026')).toBeTruthy();
  });
});
