import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ADMIN_TEXTS, PasswordBodySchema } from '#domain/admin.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useGrantAdminAccess } from '../api/grant-admin-access';

/** The 'Admin Access' step: the server checks the password and hands out a token for this tab. */
export function AdminAccessForm({ userId }: { userId: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useGrantAdminAccess(userId);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = PasswordBodySchema.safeParse({ password });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate(check.data, {
      onSuccess: () => toastFor('admin-access').success(ADMIN_TEXTS.accessGranted),
      onError: (failure) => {
        const wrongPassword = failure instanceof ApiError && failure.message === ADMIN_TEXTS.invalidPassword;
        const description = wrongPassword
          ? ADMIN_TEXTS.invalidPassword
          : failure instanceof ApiError
            ? failure.message
            : 'An unexpected error occurred. Please try again.';
        toastFor('admin-access').error(ADMIN_TEXTS.accessDenied, { description });
        setError(wrongPassword ? ADMIN_TEXTS.invalidPasswordForm : description);
        setPassword('');
      },
    });
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="text-center">
          <span className="mx-auto mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
            <KeyRound className="h-6 w-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-app">{ADMIN_TEXTS.accessTitle}</h1>
          <CardDescription>Enter the admin password to open the analytics dashboard.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="space-y-4" onSubmit={handleSubmit}>
            <Field label="Admin password" error={error} required>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={mutation.isPending}>
              {mutation.isPending ? <Spinner label="Checking..." /> : 'Access Dashboard'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
