import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReportBodySchema, type Review } from '#domain/reviews.ts';
import { REPORT_REASON_LABELS, REPORT_REASONS, REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useReportReview } from '../api/report-review';

const toast = toastFor('review-report');

type ReportInput = z.input<typeof ReportBodySchema>;
type ReportOutput = z.output<typeof ReportBodySchema>;

/** Report a review to the moderators: a reason and optional details. */
export function ReportDialog({
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
      title="Report this review"
      description="Our team reads every report and hides reviews that break our rules."
    >
      {review && <ReportForm review={review} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ReportForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const report = useReportReview();
  const form = useForm<ReportInput, unknown, ReportOutput>({ resolver: zodResolver(ReportBodySchema) });
  const { errors, isSubmitting } = form.formState;

  const handleValid = async (body: ReportOutput) => {
    try {
      const reply = await report.mutateAsync({
        id: review.id,
        body: { reason: body.reason, ...(body.details ? { details: body.details } : {}) },
      });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      if (applyServerIssues(error, ['reason', 'details'], form.setError)) return;
      toast.error(
        error instanceof ApiError ? error.message : 'Unable to send your report. Please try again.',
      );
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      <fieldset aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
        <legend className="text-sm font-medium text-app">Why are you reporting it?</legend>
        <div className="mt-2 space-y-1">
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-app"
            >
              <input
                type="radio"
                value={reason}
                {...form.register('reason')}
                className="h-4 w-4 accent-brand-700"
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id="report-reason-error" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.reason.message}
          </p>
        )}
      </fieldset>
      <Field label="Details (optional)" error={errors.details?.message}>
        <Textarea {...form.register('details')} rows={3} maxLength={REVIEW_LIMITS.reportReasonMax} />
      </Field>
      <FormActions submitLabel="Send report" isSubmitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
