import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_TEXTS, LoginFormSchema, type LoginForm as LoginValues } from '#domain/auth.ts';
import { EmailSchema } from '#domain/fields.ts';
import { PASSKEY_TEXTS, passkeyPromptErrorText } from '#domain/passkeys.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { closeAuthDialog, setAuthMode } from '#web/lib/auth-dialog-store.ts';
import { setSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { login } from '../api/login';
import { loginWithPasskey } from '../api/passkey-login';
import { requestSigninLink } from '../api/request-signin-link';
import { ModeLink } from './ModeLink';
import { loginErrorText } from './messages';

export function LoginForm({
  notice,
  onSigninLinkSent,
}: {
  notice: string;
  /** The person will log in from their inbox (what they pressed before stays pending). */
  onSigninLinkSent?: () => void;
}) {
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  const form = useForm<LoginValues>({
    resolver: zodResolver(LoginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isValid } = form.formState;
  const [linkSent, setLinkSent] = useState(false);
  const emailCheck = EmailSchema.safeParse(form.watch('email'));
  // 'Email me a sign-in link': a way in that needs no password, also while password logins to the
  // account are locked after too many attempts. The answer is the same for every address.
  const linkMutation = useMutation({
    mutationFn: requestSigninLink,
    onSuccess: () => {
      setFailure(null);
      setLinkSent(true);
      onSigninLinkSent?.();
      toastFor('signin-link').success('Sign-in Link Sent', { description: AUTH_TEXTS.signinLinkSent });
    },
    onError: (error) =>
      toastFor('signin-link').error('Error', {
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred',
      }),
  });
  const signedIn = (reply: Awaited<ReturnType<typeof login>>) => {
    setSession(reply.session);
    toastFor('session').success(`Welcome back${reply.user.name ? `, ${reply.user.name}` : ''}!`);
    closeAuthDialog();
  };
  // 'Sign in with a passkey': the browser offers this site's passkeys; no email or password typed.
  const passkeyMutation = useMutation({
    mutationFn: () => {
      if (typeof window === 'undefined' || window.PublicKeyCredential === undefined)
        return Promise.reject(new Error(PASSKEY_TEXTS.unsupported));
      return loginWithPasskey();
    },
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof ApiError) {
        // The server's own words for a passkey it does not know ('That passkey was not recognised.').
        setFailure(
          error.code === 'INVALID_CREDENTIALS'
            ? { title: 'Login Failed', description: error.message }
            : loginErrorText(error),
        );
        return;
      }
      setFailure({
        title: 'Passkey sign-in failed',
        description: passkeyPromptErrorText(error.name) ?? error.message,
      });
    },
  });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signedIn,
    onError: (error, values) => {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setAuthMode('verifyEmailRequired', values.email);
        return;
      }
      // Said in the form (an alert), not again in a toast over the dialog's title.
      setFailure(loginErrorText(error));
    },
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        mutation.mutate(values);
      })}
    >
      {notice && <Alert tone="info">{notice}</Alert>}
      {linkSent && (
        <Alert tone="success" title="Sign-in Link Sent">
          {AUTH_TEXTS.signinLinkSent}
        </Alert>
      )}
      {failure && (
        <Alert title={failure.title}>
          <p>{failure.description}</p>
        </Alert>
      )}
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <div className="flex justify-end">
        <ModeLink onClick={() => setAuthMode('forgotPassword', form.getValues('email'))}>
          Forgot password?
        </ModeLink>
      </div>
      {!isValid && (
        <p className="text-xs text-muted">Enter a valid email and a password with at least 6 characters.</p>
      )}
      <Button type="submit" className="w-full" disabled={!isValid || mutation.isPending}>
        {mutation.isPending ? <Spinner label="Logging in..." /> : 'Log in'}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={!emailCheck.success || linkMutation.isPending}
        onClick={() => emailCheck.success && linkMutation.mutate(emailCheck.data)}
      >
        {linkMutation.isPending ? <Spinner label="Sending..." /> : 'Email me a sign-in link'}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={passkeyMutation.isPending}
        // Focus stays where it was: leaving a touched, empty email field would show its error and
        // push this button down between the press and the release, and the click would be lost.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setFailure(null);
          passkeyMutation.mutate();
        }}
      >
        {passkeyMutation.isPending ? <Spinner label="Waiting for your passkey..." /> : PASSKEY_TEXTS.signIn}
      </Button>
      <p className="text-center text-sm text-muted">
        Don't have an account? <ModeLink onClick={() => setAuthMode('signup')}>Sign up</ModeLink>
      </p>
    </form>
  );
}
