import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { type FeedbackBody, FeedbackBodySchema, FORM_TEXTS, HONEYPOT_FIELD } from '#domain/forms.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { useSendFeedback } from '../api/send-feedback';
import { useContactForm } from '../use-contact-form';
import { Honeypot } from './Honeypot';
import { messageCounter } from './message-counter';

const toast = toastFor('feedback');

const TYPE_OPTIONS = [
  { value: 'feedback', label: 'General Feedback' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
] as const;

const FIELDS = ['type', 'message', 'email'] as const;

/** The about page's form: {type: feedback | bug | feature, message, email?} plus the honeypot. */
type AboutFeedbackBody = Pick<FeedbackBody, 'type' | 'message' | 'email' | 'website'>;

const EMPTY: AboutFeedbackBody = { type: 'feedback', message: '', email: '', [HONEYPOT_FIELD]: '' };

/**
 * The about page's feedback form (docs/product.md §2 'About', §4, §5 'Feedback'): a type, a required message
 * and an optional email. It resets on success. The message is counted, never cut: over the limit it is
 * not sent and says why (docs/product.md §5 'Long texts').
 */
export function AboutFeedbackForm() {
  const { form, errors, isPending, handleSubmit, honeypot } = useContactForm({
    action: 'feedback',
    // raw: the values are sent as typed (the server trims and checks them again).
    resolver: zodResolver(FeedbackBodySchema, undefined, { raw: true }),
    blank: () => EMPTY,
    mode: 'onSubmit',
    fields: FIELDS,
    mutation: useSendFeedback(),
    toBody: (values: AboutFeedbackBody) => values,
    onSent: (reset) => {
      reset();
      toast.success(FORM_TEXTS.thankYou, { description: FORM_TEXTS.feedbackSent });
    },
    failure: { title: 'Error', fallback: FORM_TEXTS.feedbackFailed },
  });

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
          <Field
            label="Message"
            error={errors.message?.message}
            required
            counter={messageCounter(form.watch('message'))}
          >
            <Textarea rows={5} placeholder="What's on your mind?" {...form.register('message')} />
          </Field>
          <Field label="Email (optional)" error={errors.email?.message} hint="Only if you'd like a reply.">
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Honeypot {...honeypot} />
          <Button type="submit" disabled={isPending} className="w-full sm:w-auto">
            {isPending && <Spinner />}
            {isPending ? FORM_TEXTS.submitting : 'Submit Feedback'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
