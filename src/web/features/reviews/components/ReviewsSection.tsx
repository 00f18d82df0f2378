import { MessageSquareText, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { EligibilityReply, RatingSummary, Review } from '#domain/reviews.ts';
import { formatRating, REVIEW_LIMITS, REVIEW_TEXTS, reviewCountLabel } from '#domain/reviews-options.ts';
import { LoadFailed, LoadMoreButton } from '#web/components/ListStates.tsx';
import { Stars } from '#web/components/Stars.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { savePendingAction, takePendingAction } from '#web/lib/pending-action.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useDeleteReview } from '../api/delete-review';
import { useReviewEligibility } from '../api/get-review-eligibility';
import { useReviews } from '../api/get-reviews';
import { useSetReply } from '../api/set-review-reply';
import { formatReviewDate, ReviewItem } from './ReviewItem';

// The review, reply and report forms (react-hook-form and its zod resolver) load when first opened,
// not with the profile page (docs/performance.md 'Budgets'; Lighthouse's LCP on mobile).
const ReviewDialog = lazy(() => import('./ReviewDialog').then((m) => ({ default: m.ReviewDialog })));
const ReplyDialog = lazy(() => import('./ReplyDialog').then((m) => ({ default: m.ReplyDialog })));
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));
const ConfirmDialog = lazy(() =>
  import('#web/components/ui/ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

type Viewer = 'owner' | 'signed-in' | 'signed-out';

interface ReviewsSectionProps {
  providerId: string;
  providerName: string;
  services: readonly string[];
  viewer: Viewer;
  userId: string | null;
  onLoginRequired: (notice: string) => void;
}

/**
 * 'Reviews' on a public profile: the average and breakdown, the rule in plain words, what the
 * viewer may do (write, edit, delete their review; the provider replies), and the reviews.
 */
export function ReviewsSection(props: ReviewsSectionProps) {
  const { providerId, providerName, services, viewer, userId, onLoginRequired } = props;
  const titleId = useId();
  const reviews = useReviews(providerId);
  const eligibility = useReviewEligibility(providerId, viewer === 'signed-in' ? userId : null);
  const [editing, setEditing] = useState<Review | null | 'new'>(null);
  const [replyTo, setReplyTo] = useState<Review | null>(null);
  const [reportOf, setReportOf] = useState<Review | null>(null);
  // Mounted from their first use on, so they close (and give focus back) like any dialog.
  const [replyUsed, setReplyUsed] = useState(false);
  if (replyTo && !replyUsed) setReplyUsed(true);
  const [reportUsed, setReportUsed] = useState(false);
  if (reportOf && !reportUsed) setReportUsed(true);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [deletingReply, setDeletingReply] = useState<Review | null>(null);
  const [confirmUsed, setConfirmUsed] = useState(false);
  if ((deleting || deletingReply) && !confirmUsed) setConfirmUsed(true);
  const deleteReview = useDeleteReview(providerId);
  const setReply = useSetReply(providerId);

  // A visitor pressed 'Log in to review', then logged in: open the form if they may write (or still
  // edit) their review; otherwise the viewer area below says why not.
  const eligible = eligibility.data;
  useEffect(() => {
    if (viewer === 'owner') takePendingAction(providerId, ['review']);
    if (viewer !== 'signed-in' || !eligible || !takePendingAction(providerId, ['review'])) return;
    if (eligible.status === 'eligible') setEditing('new');
    else if (eligible.status === 'reviewed' && eligible.review && eligible.editable_until) {
      setEditing(eligible.review);
    }
  }, [viewer, eligible, providerId]);

  const summary = reviews.data?.pages[0]?.summary;
  const list = reviews.data?.pages.flatMap((p) => p.reviews) ?? [];
  const own = eligibility.data?.review ?? null;
  const isOwner = viewer === 'owner';

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      toastFor('review-delete').success((await deleteReview.mutateAsync(deleting.id)).message);
    } catch (error) {
      toastFor('review-delete').error(error instanceof Error ? error.message : REVIEW_TEXTS.loadFailed);
    }
    setDeleting(null);
  };

  const confirmDeleteReply = async () => {
    if (!deletingReply) return;
    try {
      toastFor('review-reply').success(
        (await setReply.mutateAsync({ id: deletingReply.id, text: null })).message,
      );
    } catch (error) {
      toastFor('review-reply').error(error instanceof Error ? error.message : REVIEW_TEXTS.loadFailed);
    }
    setDeletingReply(null);
  };

  return (
    <Card aria-labelledby={titleId} id="reviews" className="scroll-mt-20">
      <div className="px-5 py-5 sm:px-6">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-app">
          <MessageSquareText
            className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-300"
            aria-hidden="true"
          />
          {REVIEW_TEXTS.heading}
        </h2>

        {reviews.isError && !reviews.data ? (
          <div className="mt-4">
            <LoadFailed
              message={REVIEW_TEXTS.loadFailed}
              onRetry={() => void reviews.refetch()}
              isRetrying={reviews.isFetching}
            />
          </div>
        ) : !summary ? (
          <div className="mt-4 flex justify-center py-6">
            <Spinner />
            <span className="sr-only">Loading reviews</span>
          </div>
        ) : (
          <>
            <SummaryBlock summary={summary} />
            <p className="mt-4 flex items-start gap-2 text-sm text-muted">
              <ShieldCheck
                className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400"
                aria-hidden="true"
              />
              <span>
                <span className="font-medium text-app">{REVIEW_TEXTS.rule}</span> {REVIEW_TEXTS.ruleDetail}
              </span>
            </p>

            <ViewerArea
              viewer={viewer}
              eligibility={eligibility.data}
              onWrite={() => setEditing('new')}
              onEdit={(review) => setEditing(review)}
              onDelete={(review) => setDeleting(review)}
              onLogin={() => {
                savePendingAction({ kind: 'review', providerId });
                onLoginRequired(REVIEW_TEXTS.loginToReview);
              }}
            />

            {/* With no reviews at all the summary already says 'No reviews yet.': once is enough. */}
            {list.length === 0 ? (
              summary.count > 0 && <p className="mt-4 text-muted">{REVIEW_TEXTS.noReviews}</p>
            ) : (
              <div className="mt-4">
                {list.map((review) => (
                  <ReviewItem
                    key={review.id}
                    review={review}
                    providerName={providerName}
                    isOwn={own?.id === review.id}
                    actions={{
                      ...(isOwner ? { onReply: setReplyTo, onDeleteReply: setDeletingReply } : {}),
                      ...(viewer !== 'signed-out' ? { onReport: setReportOf } : {}),
                    }}
                  />
                ))}
                <LoadMoreButton query={reviews} />
              </div>
            )}
          </>
        )}
      </div>

      {editing !== null && (
        <Suspense fallback={null}>
          <ReviewDialog
            open
            onOpenChange={(open) => !open && setEditing(null)}
            providerId={providerId}
            providerName={providerName}
            services={services}
            review={editing === 'new' ? null : editing}
          />
        </Suspense>
      )}
      {replyUsed && (
        <Suspense fallback={null}>
          <ReplyDialog review={replyTo} onOpenChange={(open) => !open && setReplyTo(null)} />
        </Suspense>
      )}
      {reportUsed && (
        <Suspense fallback={null}>
          <ReportDialog review={reportOf} onOpenChange={(open) => !open && setReportOf(null)} />
        </Suspense>
      )}
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete your review?"
            description="Your review and any reply to it are removed. You can't write another one for this professional."
            confirmLabel="Delete review"
            isPending={deleteReview.isPending}
            onConfirm={() => void confirmDelete()}
          />
          <ConfirmDialog
            open={deletingReply !== null}
            onOpenChange={(open) => !open && setDeletingReply(null)}
            title="Delete your reply?"
            confirmLabel="Delete reply"
            isPending={setReply.isPending}
            onConfirm={() => void confirmDeleteReply()}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** The average (one decimal), the count, and how many reviews gave each number of stars. */
function SummaryBlock({ summary }: { summary: RatingSummary }) {
  if (summary.count === 0 || summary.average === null) {
    return <p className="mt-4 text-muted">{REVIEW_TEXTS.noReviews}</p>;
  }
  return (
    <div className="mt-4 grid gap-5 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:pr-4 sm:text-left">
        <p className="text-4xl font-extrabold text-app">{formatRating(summary.average)}</p>
        <Stars value={summary.average} size="lg" className="mt-1" />
        <p className="mt-1 text-sm text-muted">{reviewCountLabel(summary.count)}</p>
      </div>
      <ul aria-label="Rating breakdown" className="space-y-1.5">
        {summary.breakdown.map(({ stars, count }) => {
          const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="w-14 shrink-0 text-app">
                {stars} {stars === 1 ? 'star' : 'stars'}
              </span>
              <span
                aria-hidden="true"
                className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-white/15"
              >
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-20 shrink-0 text-right text-muted">
                {count}
                <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ViewerArea({
  viewer,
  eligibility,
  onWrite,
  onEdit,
  onDelete,
  onLogin,
}: {
  viewer: Viewer;
  eligibility: EligibilityReply | undefined;
  onWrite: () => void;
  onEdit: (review: Review) => void;
  onDelete: (review: Review) => void;
  onLogin: () => void;
}) {
  if (viewer === 'owner') return null;
  if (viewer === 'signed-out') {
    return (
      <div className="mt-4">
        <Button variant="outline" onClick={onLogin}>
          Booked through this page? Log in to review
        </Button>
      </div>
    );
  }
  if (!eligibility) return null;
  const box = 'mt-4 rounded-lg border border-app px-4 py-3 text-sm';
  switch (eligibility.status) {
    case 'eligible':
      return (
        <div className="mt-4">
          <Button onClick={onWrite}>Write a review</Button>
        </div>
      );
    case 'reviewed': {
      const review = eligibility.review;
      if (!review) return <p className={`${box} text-muted`}>You have reviewed this professional.</p>;
      return (
        <div className={box}>
          <p className="text-app">
            You reviewed this professional on {formatReviewDate(review.created_at)}.
            {eligibility.editable_until
              ? ` You can edit your review until ${formatReviewDate(eligibility.editable_until)}.`
              : ''}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {eligibility.editable_until && (
              <Button size="sm" variant="outline" onClick={() => onEdit(review)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit your review
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => onDelete(review)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete your review
            </Button>
          </div>
        </div>
      );
    }
    case 'too_early':
      return (
        <p className={`${box} text-app`}>
          Thanks for booking! You can review this professional after your appointment, from{' '}
          {eligibility.eligible_from
            ? new Date(eligibility.eligible_from).toLocaleString('en-US', {
                weekday: 'short',
                hour: 'numeric',
                minute: '2-digit',
              })
            : 'soon'}
          .
        </p>
      );
    case 'expired':
      return <p className={`${box} text-muted`}>{REVIEW_TEXTS.tooLate}</p>;
    case 'held':
      return (
        <div className={box}>
          <p className="text-app">{REVIEW_TEXTS.held}</p>
          {eligibility.review && (
            <div className="mt-2 space-y-1 text-muted">
              <Stars value={eligibility.review.rating} />
              {eligibility.review.text && (
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{eligibility.review.text}</p>
              )}
            </div>
          )}
        </div>
      );
    case 'account_too_new':
      return <p className={`${box} text-muted`}>{REVIEW_TEXTS.accountTooNew}</p>;
    case 'daily_limit':
      return (
        <p className={`${box} text-muted`}>
          You can post up to {REVIEW_LIMITS.perDayMax} new reviews a day. You can review this professional
          from{' '}
          {eligibility.eligible_from
            ? new Date(eligibility.eligible_from).toLocaleString('en-US', {
                weekday: 'short',
                hour: 'numeric',
                minute: '2-digit',
              })
            : 'tomorrow'}
          .
        </p>
      );
    default:
      return null;
  }
}
