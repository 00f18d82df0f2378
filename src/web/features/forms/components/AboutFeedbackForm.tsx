import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FeedbackBodySchema, FORM_LIMITS, FORM_TEXTS, HONEYPOT_FIELD } from '../../../../domain/forms';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type AboutFeedbackBody, useSubmitAboutFeedback } from '../api/submit-about-feedback';

const TYPE_OPTIONS = [
  { value: 'feedback', label: 'General Feedback' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
] as const;

const FIELDS = ['type', 'message', 'email'] as const;

const EMPTY: AboutFeedbackBody = { type: 'feedback', message: '', email: '', [HONEYPOT_FIELD]: '' };

/**
 * The about page's feedback form (SPEC.md §2 'About', §4, §5 'Feedback'): a type, a required message
 * and an optional email. It resets on success.
 */
export function AboutFeedbackForm() {
  // raw: the values are sent as typed (the server trims and checks them again).
  const form = useForm<AboutFeedbackBody, unknown, AboutFeedbackBody>({
    resolver: zodResolver(FeedbackBodySchema, undefined, { raw: true }),
    mode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const submit = useSubmitAboutFeedback();
  const errors = form.formState.errors;

  const handleSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast.success(FORM_TEXTS.thankYou, { description: FORM_TEXTS.feedbackSent });
      },
      onError: (error) => {
        applyServerIssues(error, FIELDS, form.setError);
        toast.error('Error', {
          description: error instanceof ApiError && error.message ? error.message : FORM_TEXTS.feedbackFailed,
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          Share Your Feedback
        </CardTitle>
        <CardDescription>
          Tell us what works, report a bug or suggest a feature. We read every message.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Feedback">
          <Field label="Type" error={errors.type?.message}>
            <Select {...form.register('type')}>
              {TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Message" error={errors.message?.message} required>
            <Textarea
              rows={5}
              maxLength={FORM_LIMITS.messageMax}
              placeholder="What's on your mind?"
              {...form.register('message')}
            />
          </Field>
          <Field label="Email (optional)" error={errors.email?.message} hint="Only if you'd like a reply.">
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Honeypot {...form.register(HONEYPOT_FIELD)} />
          <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
            {submit.isPending && <Spinner />}
            {submit.isPending ? FORM_TEXTS.submitting : 'Submit Feedback'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Off-screen and out of the tab order: people never fill it in, bots often do. */
function Honeypot(props: React.ComponentProps<'input'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
