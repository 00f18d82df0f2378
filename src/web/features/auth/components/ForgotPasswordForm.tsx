import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailSchema } from '#domain/fields.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { setAuthMode } from '#web/lib/auth-dialog-store.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { forgotPassword } from '../api/forgot-password';
import { ModeLink } from './ModeLink';

const toast = toastFor('password-reset');

const SENT = "If an account exists with that email, we've sent a password reset link.";

export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const check = EmailSchema.safeParse(email);
  const error = touched && !check.success ? check.error.issues[0]?.message : undefined;
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: () => {
      setSent(true);
      toast.success('Reset Link Sent', { description: SENT });
    },
    onError: (e) =>
      toast.error('Error', {
        description: e instanceof ApiError ? e.message : 'An unexpected error occurred',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (check.success) mutation.mutate(check.data);
      }}
    >
      <p className="text-sm text-muted">
        Enter your account's email and we'll send you a link to choose a new password.
      </p>
      {sent && (
        <Alert tone="success" title="Reset Link Sent">
          {SENT}
        </Alert>
      )}
      <Field label="Email" error={error} required>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={!check.success || mutation.isPending}>
        {mutation.isPending ? <Spinner label="Sending..." /> : 'Send reset link'}
      </Button>
      <p className="text-center text-sm">
        <ModeLink onClick={() => setAuthMode('login')}>Back to log in</ModeLink>
      </p>
    </form>
  );
}
