import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ResetPasswordFormSchema } from '#domain/auth.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useResetLink } from '#web/features/auth/api/check-reset-link.ts';
import { resetPassword } from '#web/features/auth/api/reset-password.ts';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { clearSession } from '#web/lib/session.ts';
import { PageShell } from './page-shell';

type Values = z.infer<typeof ResetPasswordFormSchema>;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Asked as the page opens: a used or expired link says so before two passwords are typed.
  const link = useResetLink(token);
  const deadLink =
    link.error instanceof ApiError && link.error.code === 'INVALID_TOKEN' ? link.error.message : null;
  const form = useForm<Values>({
    resolver: zodResolver(ResetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => resetPassword(token, values.password),
    onSuccess: () => clearSession(),
    onError: (error) => {
      applyServerIssues(error, ['password'], form.setError);
    },
  });
  const { errors, isValid } = form.formState;
  const failure =
    mutation.error instanceof ApiError && mutation.error.code !== 'VALIDATION_ERROR'
      ? mutation.error.message
      : mutation.error && !(mutation.error instanceof ApiError)
        ? NETWORK_ERROR
        : null;

  return (
    <PageShell title="Choose a new password">
      <div className="max-w-md">
        {!token ? (
          <Alert title="This link is incomplete">
            <p>Open the link from your email again, or request a new one.</p>
            <Button variant="link" className="mt-2" onClick={() => openAuthDialog('forgotPassword')}>
              Request a new link
            </Button>
          </Alert>
        ) : mutation.isSuccess ? (
          <Alert tone="success" title="Password updated">
            <p>Your password has been reset and every device was signed out. You can log in now.</p>
            <Button className="mt-3" onClick={() => openAuthDialog('login')}>
              Log in
            </Button>
          </Alert>
        ) : deadLink ? (
          <Alert>
            <p>{deadLink}</p>
            <Button variant="link" className="mt-2" onClick={() => openAuthDialog('forgotPassword')}>
              Request a new link
            </Button>
          </Alert>
        ) : link.isPending ? (
          <Spinner label="Checking your link..." />
        ) : (
          <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
            {failure && (
              <Alert>
                <p>{failure}</p>
                <Button variant="link" className="mt-2" onClick={() => openAuthDialog('forgotPassword')}>
                  Request a new link
                </Button>
              </Alert>
            )}
            <Field
              label="New password"
              error={errors.password?.message}
              required
              hint="At least 6 characters"
            >
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <Field label="Confirm new password" error={errors.confirmPassword?.message} required>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </Field>
            <Button type="submit" className="w-full" disabled={!isValid || mutation.isPending}>
              {mutation.isPending ? <Spinner label="Saving..." /> : 'Set new password'}
            </Button>
          </form>
        )}
      </div>
    </PageShell>
  );
}
