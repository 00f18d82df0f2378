import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_TEXTS } from '#domain/reviews-options.ts';
import { clearPendingAction, peekPendingAction } from '#web/lib/pending-action.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ReviewsSection } from './ReviewsSection';

const PROVIDER_ID = '6f1c7d52-7a53-4c3e-9d0e-2d1b9b2a8c11';

function renderSection(status: 'eligible' | 'too_early') {
  stubFetch((r) => {
    if (r.path.startsWith('/api/reviews/eligibility')) {
      return {
        body: {
          success: true,
          status,
          eligible_from: status === 'too_early' ? '2026-12-01T15:00:00.000Z' : null,
          review: null,
          editable_until: null,
        },
      };
    }
    if (r.path.startsWith('/api/reviews?')) {
      return {
        body: {
          success: true,
          reviews: [],
          summary: { average: null, count: 0, breakdown: [] },
          nextCursor: null,
        },
      };
    }
    return undefined;
  });
  const onLoginRequired = vi.fn();
  let signIn: () => void = () => {};
  // The route renders the section again as 'signed-in' once the session changes.
  function Route() {
    const [isSignedIn, setSignedIn] = useState(false);
    signIn = () => {
      signInForTest();
      setSignedIn(true);
    };
    return (
      <ReviewsSection
        providerId={PROVIDER_ID}
        providerName="Studio Lumen"
        services={['Balayage']}
        viewer={isSignedIn ? 'signed-in' : 'signed-out'}
        userId={isSignedIn ? 'client-1' : null}
        onLoginRequired={onLoginRequired}
      />
    );
  }
  const rendered = renderWithProviders(<Route />);
  return { ...rendered, onLoginRequired, signIn: () => act(() => signIn()) };
}

afterEach(() => {
  act(() => clearSession());
  clearPendingAction();
});

describe('Write a review across the login wall', () => {
  it('opens the review form once the visitor has logged in and may review', async () => {
    const { user, onLoginRequired, signIn } = renderSection('eligible');
    await user.click(await screen.findByRole('button', { name: /Log in to review/ }));
    expect(onLoginRequired).toHaveBeenCalledWith(REVIEW_TEXTS.loginToReview);
    expect(peekPendingAction()).toMatchObject({ kind: 'review', providerId: PROVIDER_ID });

    signIn();
    expect(await screen.findByRole('dialog', { name: 'Review Studio Lumen' })).toBeTruthy();
    expect(peekPendingAction()).toBeNull();
  });

  it('says why not, without a form, when it is too early to review', async () => {
    const { user, signIn } = renderSection('too_early');
    await user.click(await screen.findByRole('button', { name: /Log in to review/ }));
    signIn();
    expect(await screen.findByText(/You can review this professional after your appointment/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(peekPendingAction()).toBeNull();
  });
});
