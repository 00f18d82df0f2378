import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useBetaAccess } from '../api/request-beta-access';

/**
 * The beta gate (docs/product.md §4): while the site is in private beta, this 'Admin Login' modal covers it
 * until the server accepts the password. It cannot be closed any other way.
 */
export function BetaGateDialog() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const access = useBetaAccess();
  const queryClient = useQueryClient();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await access.mutateAsync(password);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : ADMIN_TEXTS.invalidPasswordForm);
      return;
    }
    // Whatever failed behind the gate loads now.
    void queryClient.invalidateQueries();
  };

  return (
    <Dialog
      open
      onOpenChange={() => {}}
      dismissible={false}
      title="Admin Login"
      description="This site is in private beta. Enter the access password to continue."
    >
      <form onSubmit={handleSubmit} className="space-y-4" noValidate>
        <Field label="Password" error={error || undefined} required>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={!password || access.isPending}>
          {access.isPending ? <Spinner /> : <LockKeyhole className="h-4 w-4" aria-hidden="true" />}
          Enter
        </Button>
      </form>
    </Dialog>
  );
}
