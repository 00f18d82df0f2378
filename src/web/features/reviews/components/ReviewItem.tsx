import { Flag, MessageSquareReply, Pencil, Trash2 } from 'lucide-react';
import type { Review } from '#domain/reviews.ts';
import { Stars } from '#web/components/Stars.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { htmlDateTime, utcDateLabel } from '#web/lib/utc-dates.ts';

/** 'November 27, 2026', the day in UTC: the same in the server-rendered page and every browser. */
export const formatReviewDate = (iso: string) => utcDateLabel(new Date(iso));

/** Edited = changed more than a minute after posting (not the same request's timestamps). */
const wasEdited = (review: Review) => Date.parse(review.updated_at) - Date.parse(review.created_at) > 60_000;

export interface ReviewActions {
  /** The reviewed provider: reply, edit or delete the reply. */
  onReply?: (review: Review) => void;
  onDeleteReply?: (review: Review) => void;
  /** Signed-in visitors other than its author. */
  onReport?: (review: Review) => void;
}

/** One review: stars, who (first name, last initial), service, date, words, and the provider's reply. */
export function ReviewItem({
  review,
  providerName,
  isOwn,
  actions,
}: {
  review: Review;
  providerName: string;
  isOwn: boolean;
  actions: ReviewActions;
}) {
  return (
    <article
      aria-label={`Review by ${review.reviewer_name}`}
      className="border-app border-t py-4 first:border-t-0"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        <span className="font-semibold text-app">{review.reviewer_name}</span>
        {isOwn && <Badge variant="brand">Your review</Badge>}
      </div>
      <p className="mt-1 text-sm text-muted">
        {review.service && <span className="font-medium text-app">{review.service} · </span>}
        <time dateTime={htmlDateTime(review.created_at)}>{formatReviewDate(review.created_at)}</time>
        {wasEdited(review) && ' · Edited'}
      </p>
      {review.text && <p className="mt-2 whitespace-pre-line break-words text-app">{review.text}</p>}
      {review.reply && (
        <div className="mt-3 rounded-lg border-brand-300 border-l-4 bg-muted px-3 py-2 dark:border-brand-700">
          <p className="text-sm font-semibold text-app">Response from {providerName}</p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-app">{review.reply.text}</p>
        </div>
      )}
      {(actions.onReply || actions.onReport) && (
        <div className="mt-2 flex flex-wrap gap-1">
          {actions.onReply && (
            <Button variant="ghost" size="sm" onClick={() => actions.onReply?.(review)}>
              {review.reply ? (
                <Pencil className="h-4 w-4" aria-hidden="true" />
              ) : (
                <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
              )}
              {review.reply ? 'Edit reply' : 'Reply'}
              <span className="sr-only"> to {review.reviewer_name}</span>
            </Button>
          )}
          {actions.onDeleteReply && review.reply && (
            <Button variant="ghost" size="sm" onClick={() => actions.onDeleteReply?.(review)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete reply
              <span className="sr-only"> to {review.reviewer_name}</span>
            </Button>
          )}
          {actions.onReport && !isOwn && (
            <Button variant="ghost" size="sm" onClick={() => actions.onReport?.(review)}>
              <Flag className="h-4 w-4" aria-hidden="true" /> Report
              <span className="sr-only"> review by {review.reviewer_name}</span>
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
