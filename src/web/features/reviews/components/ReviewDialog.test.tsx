import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '#domain/reviews.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from '#domain/reviews-options.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ReviewDialog } from './ReviewDialog';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';

const ownReview: Review = {
  id: 'b3a1f6c2-0c55-4f0e-8f7e-5b1d2c3a4e5f',
  provider_id: PROVIDER_ID,
  rating: 4,
  text: 'Lovely colour.',
  service: 'Old Balayage',
  reviewer_name: 'Ana L.',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  reply: null,
};

function renderReviewDialog(review: Review | null = null, services: string[] = ['Balayage', 'Trim']) {
  const onOpenChange = vi.fn();
  const onSaved = vi.fn();
  const rendered = renderWithProviders(
    <ReviewDialog
      open
      onOpenChange={onOpenChange}
      providerId={PROVIDER_ID}
      providerName="Studio Lumen"
      services={services}
      review={review}
      onSaved={onSaved}
    />,
  );
  return { ...rendered, onOpenChange, onSaved };
}

beforeEach(() => {
  // Saving a review is an authorised call: a signed-in client with a token far from expiry.
  signInForTest();
});

describe('ReviewDialog', () => {
  it('asks for stars and the service before sending anything', async () => {
    const requests = stubFetch(() => undefined);
    const { user } = renderReviewDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review Studio Lumen' });
    expect(within(dialog).getByText(REVIEW_TEXTS.rule)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText(REVIEW_TEXTS.ratingRequired)).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: '4 stars, Very good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText(REVIEW_TEXTS.serviceRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('posts a new review with the stars, service and words, then closes', async () => {
    const requests = stubFetch((r) =>
      r.method === 'POST' && r.path === '/api/reviews'
        ? { status: 201, body: { success: true, message: 'Thanks for your review!' } }
        : undefined,
    );
    const { user, onOpenChange, onSaved } = renderReviewDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review Studio Lumen' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars, Excellent' }));
    await user.selectOptions(within(dialog).getByLabelText('Service'), 'Balayage');
    await user.type(within(dialog).getByLabelText('Your review (optional)'), 'Best colour I have had.');
    expect(
      within(dialog).getByText(
        `23 / ${REVIEW_LIMITS.textMax} characters. Your first name and last initial are shown, never your email.`,
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/reviews',
      headers: { authorization: 'Bearer test-access-token' },
      body: { provider_id: PROVIDER_ID, rating: 5, service: 'Balayage', text: 'Best colour I have had.' },
    });
  });

  it('edits the viewer’s review in place, keeping a service the provider has since renamed', async () => {
    const requests = stubFetch((r) =>
      r.method === 'PUT' ? { body: { success: true, message: 'Review updated' } } : undefined,
    );
    const { user, onOpenChange } = renderReviewDialog(ownReview);
    const dialog = screen.getByRole('dialog', { name: 'Edit your review' });
    expect(within(dialog).getByRole('radio', { name: '4 stars, Very good' })).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('Service')).toHaveProperty('value', 'Old Balayage');
    expect(within(dialog).getByLabelText('Your review (optional)')).toHaveProperty('value', 'Lovely colour.');

    await user.click(within(dialog).getByRole('radio', { name: '3 stars, Good' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toMatchObject([
      {
        method: 'PUT',
        path: `/api/reviews/${ownReview.id}`,
        body: { rating: 3, service: 'Old Balayage', text: 'Lovely colour.' },
      },
    ]);
  });

  it("shows the server's field issue on its field and stays open", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        success: false,
        error: 'VALIDATION_ERROR',
        message: 'Invalid input',
        issues: [{ path: 'service', message: REVIEW_TEXTS.unknownService }],
      },
    }));
    const { user, onOpenChange } = renderReviewDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review Studio Lumen' });
    await user.click(within(dialog).getByRole('radio', { name: '2 stars, Fair' }));
    await user.selectOptions(within(dialog).getByLabelText('Service'), 'Trim');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));

    expect(await within(dialog).findByText(REVIEW_TEXTS.unknownService)).toBeTruthy();
    expect(within(dialog).getByLabelText('Service').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Post review' })).toHaveProperty('disabled', false);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('needs no service when the provider lists none; Cancel closes', async () => {
    const requests = stubFetch(() => ({ status: 201, body: { success: true, message: 'Thanks' } }));
    const { user, onOpenChange } = renderReviewDialog(null, []);
    const dialog = screen.getByRole('dialog', { name: 'Review Studio Lumen' });
    expect(within(dialog).queryByLabelText('Service')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '1 star, Poor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ provider_id: PROVIDER_ID, rating: 1, service: null, text: '' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
