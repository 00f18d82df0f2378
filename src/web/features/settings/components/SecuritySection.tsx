import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  type ChangePasswordForm,
  ChangePasswordFormSchema,
  SECURITY_TEXTS,
} from '#domain/account-security.ts';
import { LIMITS } from '#domain/options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useChangePassword } from '../api/change-password';
import { useFreshProof } from '../api/identity';
import { CurrentPassword, missingCurrentPassword } from './CurrentPassword';

const EMPTY: ChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/**
 * 'Password': the current password (left out right after a passkey or an emailed sign-in link), the
 * new one twice. The server ends every other session and mails a notice.
 */
export function SecuritySection({ userId }: { userId: string }) {
  const headingId = useId();
  const fresh = useFreshProof(userId);
  const change = useChangePassword(userId);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const toast = toastFor('password-change');

  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    if (missingCurrentPassword(fresh, current_password, form.setError)) return;
    try {
      const reply = await change.mutateAsync({
        ...(current_password ? { current_password } : {}),
        new_password,
      });
      form.reset(EMPTY);
      toast.success(reply.message);
    } catch (error) {
      if (applyServerIssues(error, ['current_password', 'new_password'], form.setError)) return;
      toast.error(error instanceof ApiError ? error.message : NETWORK_ERROR);
    }
  });

  return (
    <Card id="password" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
          Password
        </CardTitle>
        <CardDescription>
          Changing your password signs out every other device, and we email you a notice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="max-w-md space-y-4" onSubmit={submit}>
          <CurrentPassword
            userId={userId}
            fresh={fresh}
            freshNote={SECURITY_TEXTS.freshProofNote}
            label={SECURITY_TEXTS.currentPasswordLabel}
            error={errors.current_password?.message}
            registration={form.register('current_password')}
          />
          <Field
            label="New password"
            error={errors.new_password?.message}
            required
            hint={`At least ${LIMITS.passwordMin} characters`}
          >
            <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
          </Field>
          <Field label="Confirm new password" error={errors.confirm_password?.message} required>
            <Input type="password" autoComplete="new-password" {...form.register('confirm_password')} />
          </Field>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner label="Changing..." /> : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
