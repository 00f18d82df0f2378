import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Review, ReviewFieldsSchema } from '#domain/reviews.ts';
import { REVIEW_LIMITS, REVIEW_TEXTS } from '#domain/reviews-options.ts';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSaveReview } from '../api/save-review';
import { StarInput } from './StarInput';

const toast = toastFor('review');

type FormInput = z.input<typeof ReviewFieldsSchema>;
type FormOutput = z.output<typeof ReviewFieldsSchema>;
const FIELDS = ['rating', 'text', 'service'] as const;

interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providerId: string;
  providerName: string;
  /** The provider's service names; the review names one of them when there are any. */
  services: readonly string[];
  /** The viewer's review to edit; null to write one. */
  review: Review | null;
  onSaved?: () => void;
}

/** Write or edit a review: stars, the service, and optional words (validated by the server's schema). */
export function ReviewDialog({ open, onOpenChange, providerName, ...rest }: ReviewDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={rest.review ? 'Edit your review' : `Review ${providerName}`}
      description={REVIEW_TEXTS.rule}
      className="max-w-lg"
    >
      <ReviewForm {...rest} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ReviewForm({
  providerId,
  services,
  review,
  onSaved,
  onDone,
}: Omit<ReviewDialogProps, 'open' | 'onOpenChange' | 'providerName'> & { onDone: () => void }) {
  const save = useSaveReview(providerId);
  // A review names a service the provider has since renamed: it stays choosable.
  const options =
    review?.service && !services.includes(review.service) ? [review.service, ...services] : services;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ReviewFieldsSchema),
    defaultValues: {
      rating: review?.rating ?? (undefined as unknown as number),
      text: review?.text ?? '',
      service: review?.service ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const text = form.watch('text') ?? '';

  const handleValid = async (body: FormOutput) => {
    if (options.length > 0 && !body.service) {
      form.setError('service', { message: REVIEW_TEXTS.serviceRequired }, { shouldFocus: true });
      return;
    }
    try {
      const reply = await save.mutateAsync({ id: review?.id ?? null, body });
      toast.success(reply.message);
      onSaved?.();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && applyServerIssues(error, FIELDS, form.setError)) return;
      toast.error(error instanceof Error ? error.message : REVIEW_TEXTS.loadFailed);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarInput
            name="rating"
            value={field.value ?? null}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      {options.length > 0 && (
        <Field label="Service" error={errors.service?.message} required>
          <Select {...form.register('service')}>
            <option value="">Choose the service you had</option>
            {options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field
        label="Your review (optional)"
        error={errors.text?.message}
        hint={`${text.length} / ${REVIEW_LIMITS.textMax} characters. Your first name and last initial are shown, never your email.`}
      >
        <Textarea
          {...form.register('text')}
          rows={5}
          maxLength={REVIEW_LIMITS.textMax}
          placeholder="What went well? What could be better?"
        />
      </Field>
      <FormActions
        submitLabel={review ? 'Save changes' : 'Post review'}
        isSubmitting={isSubmitting}
        onCancel={onDone}
      />
    </form>
  );
}
