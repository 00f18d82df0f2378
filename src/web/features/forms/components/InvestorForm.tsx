import { zodResolver } from '@hookform/resolvers/zod';
import { Handshake } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  FORM_LIMITS,
  FORM_TEXTS,
  HONEYPOT_FIELD,
  type InvestorBody,
  InvestorBodySchema,
} from '../../../../domain/forms';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { applyServerIssues } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSubmitInvestor } from '../api/submit-investor';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

const EMPTY: InvestorBody = { name: '', email: '', phone: '', message: '', [HONEYPOT_FIELD]: '' };

/**
 * 'Partner With Us' (SPEC.md §2 'About', §5 'Investor inquiry'): name and email required, phone and
 * message optional. It resets on success.
 */
export function InvestorForm() {
  const form = useForm<InvestorBody, unknown, InvestorBody>({
    resolver: zodResolver(InvestorBodySchema, undefined, { raw: true }),
    mode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const submit = useSubmitInvestor();
  const errors = form.formState.errors;

  const handleSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast.success(FORM_TEXTS.thankYou, { description: FORM_TEXTS.investorSent });
      },
      onError: (error) => {
        applyServerIssues(error, FIELDS, form.setError);
        toast.error('Error', {
          description: error instanceof ApiError && error.message ? error.message : FORM_TEXTS.investorFailed,
        });
      },
    }),
  );

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
          <Field label="Message (optional)" error={errors.message?.message}>
            <Textarea
              rows={4}
              maxLength={FORM_LIMITS.messageMax}
              placeholder="Tell us a little about yourself and your interest."
              {...form.register('message')}
            />
          </Field>
          <Honeypot {...form.register(HONEYPOT_FIELD)} />
          <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
            {submit.isPending && <Spinner />}
            {submit.isPending ? FORM_TEXTS.submitting : 'Submit Inquiry'}
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
