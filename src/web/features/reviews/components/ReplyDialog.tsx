import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReplyBodySchema, type Review } from '#domain/reviews.ts';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSetReply } from '../api/set-review-reply';

const toast = toastFor('review-reply');

type ReplyInput = z.input<typeof ReplyBodySchema>;
type ReplyOutput = z.output<typeof ReplyBodySchema>;

/** The reviewed provider's one public reply to a review: write it or change it. */
export function ReplyDialog({
  review,
  onOpenChange,
}: {
  review: Review | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={review !== null}
      onOpenChange={onOpenChange}
      title={review?.reply ? 'Edit your reply' : 'Reply to this review'}
      description="Your reply is public and shown under the review."
      className="max-w-lg"
    >
      {review && <ReplyForm review={review} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const setReply = useSetReply(review.provider_id);
  const form = useForm<ReplyInput, unknown, ReplyOutput>({
    resolver: zodResolver(ReplyBodySchema),
    defaultValues: { text: review.reply?.text ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const text = form.watch('text') ?? '';

  const handleValid = async (body: ReplyOutput) => {
    try {
      const reply = await setReply.mutateAsync({ id: review.id, text: body.text });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      if (applyServerIssues(error, ['text'], form.setError)) return;
      toast.error(error instanceof ApiError ? error.message : 'Unable to post your reply. Please try again.');
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      <blockquote className="rounded-lg bg-muted px-3 py-2 text-sm text-muted">
        <span className="font-medium text-app">{review.reviewer_name}:</span>{' '}
        {review.text || `${review.rating} out of 5 stars`}
      </blockquote>
      <Field
        label="Your reply"
        error={errors.text?.message}
        hint={`${text.length} / ${REVIEW_LIMITS.replyMax} characters`}
        required
      >
        <Textarea {...form.register('text')} rows={4} maxLength={REVIEW_LIMITS.replyMax} />
      </Field>
      <FormActions submitLabel="Post reply" isSubmitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
