import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake } from 'lucide-react';
import {
  FORM_LIMITS,
  FORM_TEXTS,
  HONEYPOT_FIELD,
  type InvestorBody,
  InvestorBodySchema,
} from '#domain/forms.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { useSubmitInvestor } from '../api/submit-investor';
import { useContactForm } from '../use-contact-form';
import { Honeypot } from './Honeypot';
import { messageCounter } from './message-counter';

const toast = toastFor('investor-inquiry');

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

const EMPTY: InvestorBody = { name: '', email: '', phone: '', message: '', [HONEYPOT_FIELD]: '' };

/**
 * 'Partner With Us' (docs/product.md §2 'About', §5 'Investor inquiry'): name and email required, phone and
 * message optional (a phone must be one, the message is counted and never cut). It resets on success.
 */
export function InvestorForm() {
  const { form, errors, isPending, handleSubmit, honeypot } = useContactForm({
    action: 'investor-inquiry',
    resolver: zodResolver(InvestorBodySchema, undefined, { raw: true }),
    blank: () => EMPTY,
    mode: 'onSubmit',
    fields: FIELDS,
    mutation: useSubmitInvestor(),
    toBody: (values: InvestorBody) => values,
    onSent: (reset) => {
      reset();
      toast.success(FORM_TEXTS.thankYou, { description: FORM_TEXTS.investorSent });
    },
    failure: { title: 'Error', fallback: FORM_TEXTS.investorFailed },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Handshake className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          Partner With Us
        </CardTitle>
        <CardDescription>
          Interested in investing in or partnering with us? Leave your details and we'll reach out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Partner With Us">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" error={errors.name?.message} required>
              <Input autoComplete="name" maxLength={FORM_LIMITS.nameMax} {...form.register('name')} />
            </Field>
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </Field>
          </div>
          <Field label="Phone (optional)" error={errors.phone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              maxLength={FORM_LIMITS.phoneMax}
              {...form.register('phone')}
            />
          </Field>
          <Field
            label="Message (optional)"
            error={errors.message?.message}
            counter={messageCounter(form.watch('message'))}
          >
            <Textarea
              rows={4}
              placeholder="Tell us a little about yourself and your interest."
              {...form.register('message')}
            />
          </Field>
          <Honeypot {...honeypot} />
          <Button type="submit" disabled={isPending} className="w-full sm:w-auto">
            {isPending && <Spinner />}
            {isPending ? FORM_TEXTS.submitting : 'Submit Inquiry'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
