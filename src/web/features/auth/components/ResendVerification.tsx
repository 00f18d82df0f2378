import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailSchema } from '#domain/fields.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { resendVerification } from '../api/resend-verification';

const toast = toastFor('verification-email');

/** Email box + 'Resend' with docs/product.md §5/§8's rules and texts; used by the dialogs. */
export function ResendVerification({
  initialEmail,
  onSent,
  label = 'Resend verification email',
}: {
  initialEmail: string;
  onSent?: () => void;
  label?: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const check = EmailSchema.safeParse(email);
  const error = touched && !check.success ? check.error.issues[0]?.message : undefined;
  const mutation = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => {
      toast.success('Verification Email Sent', { description: 'Check your inbox for the new link.' });
      onSent?.();
    },
    onError: () =>
      toast.error('Failed to Send Email', {
        description: 'Unable to resend verification email. Please try again.',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!email.trim()) {
          toast.error('Email Required', { description: 'Please enter your email address first.' });
          return;
        }
        if (check.success) mutation.mutate(check.data);
      }}
    >
      <Field label="Email" error={error}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      </Field>
      <Button
        type="submit"
        variant="outline"
        className="w-full"
        disabled={!check.success || mutation.isPending}
      >
        {mutation.isPending ? <Spinner label="Sending..." /> : label}
      </Button>
    </form>
  );
}
