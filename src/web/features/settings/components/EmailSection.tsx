import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ChangeEmailBody, ChangeEmailBodySchema, EMAIL_CHANGE_TEXTS } from '#domain/email-change.ts';
import { LIMITS } from '#domain/options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useRequestEmailChange } from '../api/email-change-request';
import { useAccountEmail } from '../api/email-status';
import { useFreshProof } from '../api/identity';
import { CurrentPassword, missingCurrentPassword } from './CurrentPassword';

const EMPTY: ChangeEmailBody = { new_email: '', current_password: '' };
const FIELDS = ['new_email', 'current_password'] as const;
const toast = toastFor('email-change');

const formatUntil = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * 'Email': the sign-in email, a change waiting for its link, and the form that asks for one (the new
 * address and the current password, left out right after a passkey or an emailed sign-in link). The
 * address changes only when the link mailed to it is followed (/email-change).
 */
export function EmailSection({ userId }: { userId?: string }) {
  const session = useSession();
  const id = userId ?? session?.user.id;
  if (!id) return null;
  return <EmailCard userId={id} />;
}

function EmailCard({ userId }: { userId: string }) {
  const headingId = useId();
  const status = useAccountEmail(userId);
  const fresh = useFreshProof(userId);
  const request = useRequestEmailChange(userId);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(ChangeEmailBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ new_email, current_password }) => {
    setSent(null);
    if (status.data && new_email === status.data.email.toLowerCase()) {
      form.setError('new_email', { message: EMAIL_CHANGE_TEXTS.sameEmail }, { shouldFocus: true });
      return;
    }
    if (missingCurrentPassword(fresh, current_password, form.setError)) return;
    try {
      const reply = await request.mutateAsync({
        new_email,
        ...(current_password ? { current_password } : {}),
      });
      form.reset(EMPTY);
      setSent(reply.message);
    } catch (error) {
      if (applyServerIssues(error, FIELDS, form.setError)) return;
      toast.error(error instanceof ApiError ? error.message : NETWORK_ERROR);
    }
  });

  let current: React.ReactNode;
  if (status.isPending) current = <Spinner label="Loading your email..." />;
  else if (status.isError)
    current = (
      <LoadFailed
        message={EMAIL_CHANGE_TEXTS.loadFailed}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  else
    current = (
      <div className="space-y-3">
        <p className="text-sm text-muted">
          {EMAIL_CHANGE_TEXTS.currentLabel}:{' '}
          <span className="font-medium break-all text-app">{status.data.email}</span>
        </p>
        {status.data.pending_email && (
          <Alert tone="info">
            <p>{EMAIL_CHANGE_TEXTS.pending(status.data.pending_email)}</p>
            {status.data.expires_at && (
              <p className="mt-1 text-muted">
                {EMAIL_CHANGE_TEXTS.pendingUntil(formatUntil(status.data.expires_at))}
              </p>
            )}
          </Alert>
        )}
      </div>
    );

  return (
    <Card id="email" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Mail className="h-5 w-5" aria-hidden="true" />
          {EMAIL_CHANGE_TEXTS.sectionTitle}
        </CardTitle>
        <CardDescription>{EMAIL_CHANGE_TEXTS.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {current}
        {sent && (
          <Alert tone="success">
            <p>{sent}</p>
          </Alert>
        )}
        <form noValidate className="max-w-md space-y-4" onSubmit={submit}>
          <Field label={EMAIL_CHANGE_TEXTS.newLabel} error={errors.new_email?.message} required>
            <Input
              type="email"
              autoComplete="email"
              maxLength={LIMITS.emailMax}
              {...form.register('new_email')}
            />
          </Field>
          <CurrentPassword
            userId={userId}
            fresh={fresh}
            freshNote={EMAIL_CHANGE_TEXTS.freshProofNote}
            label={EMAIL_CHANGE_TEXTS.passwordLabel}
            error={errors.current_password?.message}
            registration={form.register('current_password')}
          />
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? <Spinner label="Sending..." /> : EMAIL_CHANGE_TEXTS.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
