import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { BRAND } from '#domain/brand.ts';
import { EmailSchema, text } from '#domain/fields.ts';
import { FORM_LIMITS, FORM_TEXTS, FormMessageSchema, HONEYPOT_FIELD } from '#domain/forms.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useSession } from '#web/lib/session.ts';
import { closeSupportDialog, useSupportDialogOpen } from '#web/lib/support-dialog-store.ts';
import { useSendFeedback } from '../api/send-feedback';
import { useContactForm } from '../use-contact-form';
import { Honeypot } from './Honeypot';
import { messageCounter } from './message-counter';

/** The closing delay after a sent request (docs/product.md §9). */
const CLOSE_AFTER_MS = 2000;

// The same rules FeedbackBodySchema applies to a support request (email and subject required),
// with the messages the form shows next to each field.
const SupportFormSchema = z.object({
  name: text(FORM_LIMITS.nameMax, 'Name'),
  email: EmailSchema,
  subject: text(FORM_LIMITS.subjectMax, 'Subject').min(1, 'Please enter a subject'),
  message: FormMessageSchema.min(1, FORM_TEXTS.messageRequired),
  [HONEYPOT_FIELD]: z.string().max(500),
});
type SupportForm = z.infer<typeof SupportFormSchema>;

const REQUIRED: (keyof SupportForm)[] = ['email', 'subject', 'message'];
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

function isEmpty(values: SupportForm, key: keyof SupportForm) {
  return !values[key]?.trim();
}

/**
 * The Contact Support dialog (docs/product.md §2): name, email, subject and message, sent as a support
 * request. A signed-in person gets their name and email filled in.
 */
export function ContactSupportDialog() {
  const open = useSupportDialogOpen();
  const user = useSession()?.user;
  const [sent, setSent] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const blank = (): SupportForm => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
    [HONEYPOT_FIELD]: '',
  });
  const { form, errors, isPending, handleSubmit, reset, honeypot, failure } = useContactForm({
    action: 'support-request',
    resolver: zodResolver(SupportFormSchema),
    blank,
    mode: 'onTouched',
    fields: FIELDS,
    mutation: useSendFeedback(),
    toBody: (values: SupportForm) => ({
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
      type: 'support' as const,
      [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
    }),
    // The dialog itself says so (a status region): no toast repeating it underneath.
    onSent: () => {
      setSent(true);
      closeTimer.current = window.setTimeout(finish, CLOSE_AFTER_MS);
    },
    // The server's message explains a rate limit or a refused field. Said in the dialog, as the
    // missing fields are: a toast would cover the dialog's title (and outlast the request sent next).
    failure: {
      title: FORM_TEXTS.supportFailedTitle,
      fallback: FORM_TEXTS.feedbackFailed,
      showFirstIssue: true,
      inline: true,
    },
    onInvalid: (fieldErrors: FieldErrors<SupportForm>, values: SupportForm) =>
      REQUIRED.some((key) => fieldErrors[key] && isEmpty(values, key))
        ? { title: FORM_TEXTS.supportMissingTitle, description: FORM_TEXTS.supportMissing }
        : undefined,
  });

  // Fill in who is signed in each time the dialog opens on an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (open && !form.formState.isDirty) reset();
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // After a sent request the next opening starts from a blank form.
  const finish = () => {
    window.clearTimeout(closeTimer.current);
    closeSupportDialog();
    setSent(false);
    reset();
  };

  const handleOpenChange = (next: boolean) => {
    if (next) return;
    if (sent) finish();
    else closeSupportDialog();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Contact Support"
      description={`Tell us what you need and we'll reply by email within 24 hours. You can also write to ${BRAND.supportEmail}.`}
      className="max-w-lg"
    >
      {sent ? (
        <Alert tone="success" title={FORM_TEXTS.supportSentTitle}>
          <p className="flex items-center gap-2">
            <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
            {FORM_TEXTS.supportSent}
          </p>
        </Alert>
      ) : (
        <form noValidate className="space-y-4" onSubmit={handleSubmit}>
          <Honeypot {...honeypot} />
          {failure && (
            <Alert title={failure.title}>
              <p>{failure.description}</p>
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message}>
              <Input autoComplete="name" maxLength={FORM_LIMITS.nameMax} {...form.register('name')} />
            </Field>
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </Field>
          </div>
          <Field label="Subject" error={errors.subject?.message} required>
            <Input
              maxLength={FORM_LIMITS.subjectMax}
              placeholder="What do you need help with?"
              {...form.register('subject')}
            />
          </Field>
          <Field
            label="Message"
            error={errors.message?.message}
            required
            counter={messageCounter(form.watch('message'))}
          >
            <Textarea
              rows={5}
              placeholder="Tell us a little more so we can help..."
              {...form.register('message')}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? (
                <Spinner label={FORM_TEXTS.submitting} />
              ) : (
                <>
                  <Send className="h-4 w-4" aria-hidden="true" /> Send Request
                </>
              )}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
