import { X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { REVIEW_TEXTS } from '#domain/reviews-options.ts';
import { StarIcon } from '#web/components/Stars.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { useReviewEligibility } from '../api/get-review-eligibility';

// The review form loads when the invitation is taken up (see ReviewsSection).
const ReviewDialog = lazy(() => import('./ReviewDialog').then((m) => ({ default: m.ReviewDialog })));

const dismissedKey = (providerId: string) => `glowfind.review-invite.${providerId}`;

function isDismissed(providerId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(providerId)) === '1';
  } catch {
    return false;
  }
}

/**
 * After a booking click, the next visit to the profile once the 2 hours have passed: 'How was
 * your visit?'. 'Not now' hides it on this browser; the Reviews section still offers the form.
 */
export function ReviewInvite({
  providerId,
  providerName,
  services,
  userId,
}: {
  providerId: string;
  providerName: string;
  services: readonly string[];
  userId: string;
}) {
  const eligibility = useReviewEligibility(providerId, userId);
  const [dismissed, setDismissed] = useState(() => isDismissed(providerId));
  const [open, setOpen] = useState(false);
  if (eligibility.data?.status !== 'eligible' || dismissed) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(providerId), '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-label="Review invitation"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-800 dark:bg-brand-900/30"
    >
      <div className="flex items-start gap-3">
        <StarIcon className="mt-0.5 h-6 w-6 shrink-0 fill-amber-400 text-amber-500" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-app">{REVIEW_TEXTS.invite(providerName)}</h2>
          <p className="mt-1 text-sm text-muted">{REVIEW_TEXTS.inviteBody}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => setOpen(true)}>Write a review</Button>
            <Button variant="ghost" onClick={dismiss}>
              Not now
            </Button>
          </div>
        </div>
        <Button variant="ghost" size="icon" onClick={dismiss} aria-label="Dismiss the review invitation">
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <ReviewDialog
            open
            onOpenChange={setOpen}
            providerId={providerId}
            providerName={providerName}
            services={services}
            review={null}
          />
        </Suspense>
      )}
    </section>
  );
}
