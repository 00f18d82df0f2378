import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import {
  PASSKEY_LIMITS,
  PASSKEY_TEXTS,
  type PasskeyInfo,
  passkeyPromptErrorText,
  type RenamePasskeyBody,
  RenamePasskeyBodySchema,
} from '#domain/passkeys.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useFreshProof } from '../api/identity';
import { useChangePasskey } from '../api/passkeys-change';
import { usePasskeys } from '../api/passkeys-list';
import { useAddPasskey } from '../api/passkeys-register';

const toast = toastFor('passkey');

/** A day in the reader's own language (a signed-in page: never rendered on the server). */
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The text of a failure: the server's, the browser prompt's, or the generic one. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR : error.message;
  if (error instanceof Error) return passkeyPromptErrorText(error.name) ?? fallback;
  return fallback;
}

/** Whether this browser has WebAuthn at all (checked when shown: the page is never rendered on the server). */
const browserHasPasskeys = () => typeof window !== 'undefined' && window.PublicKeyCredential !== undefined;

/**
 * 'Passkeys': the account's passkeys (name, added, last used), 'Add a passkey' (after the current
 * password unless this session was proven minutes ago), rename in place, remove after a confirm.
 */
export function PasskeysSection() {
  const session = useSession();
  if (!session) return null;
  return <Passkeys userId={session.user.id} />;
}

function Passkeys({ userId }: { userId: string }) {
  const headingId = useId();
  const query = usePasskeys(userId);
  const fresh = useFreshProof(userId);
  const add = useAddPasskey(userId);
  const change = useChangePasskey(userId);
  const [asking, setAsking] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const supported = browserHasPasskeys();
  const items = query.data?.passkeys ?? [];
  const full = items.length >= (query.data?.max ?? PASSKEY_LIMITS.perAccount);

  /** Runs the browser's prompt; a password the server asks for after all opens the dialog. */
  const start = async (current_password?: string) => {
    try {
      const reply = await add.mutateAsync({ current_password });
      setAsking(false);
      toast.success(reply.message);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((i) => i.path === 'current_password')) {
        setAsking(true);
        return error;
      }
      toast.error(failureText(error, PASSKEY_TEXTS.notAdded));
      return null;
    }
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading passkeys..." />;
  else if (query.isError)
    content = (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {PASSKEY_TEXTS.loadFailed}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </p>
    );
  else if (items.length === 0) content = <p className="text-sm text-muted">{PASSKEY_TEXTS.empty}</p>;
  else
    content = (
      <ul className="divide-y divide-[color:var(--border)] rounded-lg border border-app">
        {items.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            {renaming === passkey.id ? (
              <RenameForm
                passkey={passkey}
                onSubmit={(name) => change.rename.mutateAsync({ id: passkey.id, name })}
                onDone={() => setRenaming(null)}
              />
            ) : (
              <>
                <div className="min-w-0">
                  <p className="font-medium break-words text-app">
                    {passkey.name}{' '}
                    {passkey.backed_up && (
                      <Badge variant="muted" className="ml-1 align-middle">
                        Synced
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    Added {day(passkey.created_at)} ·{' '}
                    {passkey.last_used_at ? `last used ${day(passkey.last_used_at)}` : 'not used yet'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRenaming(passkey.id)}
                    aria-label={`Rename “${passkey.name}”`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Rename
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRemoving(passkey)}
                    aria-label={`Remove “${passkey.name}”`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Remove
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card id="passkeys" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Fingerprint className="h-5 w-5" aria-hidden="true" />
          {PASSKEY_TEXTS.sectionTitle}
        </CardTitle>
        <CardDescription>{PASSKEY_TEXTS.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!supported && <Alert tone="info">{PASSKEY_TEXTS.unsupported}</Alert>}
        {content}
        {supported && (
          <div className="space-y-1">
            <Button
              variant="outline"
              disabled={add.isPending || query.isPending || full}
              onClick={() => (fresh ? void start() : setAsking(true))}
            >
              {add.isPending && !asking ? (
                <Spinner label="Waiting for your passkey..." />
              ) : (
                <>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  {PASSKEY_TEXTS.add}
                </>
              )}
            </Button>
            {full && <p className="text-sm text-muted">{PASSKEY_TEXTS.tooMany}</p>}
          </div>
        )}
      </CardContent>
      <Dialog
        open={asking}
        onOpenChange={(open) => !add.isPending && setAsking(open)}
        title={PASSKEY_TEXTS.add}
        description="A passkey is a new way into your account, so confirm it is you first."
        className="max-w-md"
      >
        {asking && (
          <PasswordForm isPending={add.isPending} onSubmit={start} onCancel={() => setAsking(false)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this passkey?"
        description={
          removing
            ? `“${removing.name}” will no longer sign you in. You can still use your password or an emailed link.`
            : undefined
        }
        confirmLabel="Remove"
        isPending={change.remove.isPending}
        onConfirm={() =>
          removing &&
          change.remove.mutate(removing.id, {
            onSuccess: (reply) => {
              toast.success(reply.message);
              setRemoving(null);
            },
            onError: (error) => toast.error(failureText(error, NETWORK_ERROR)),
          })
        }
      />
    </Card>
  );
}

/** The current password before the prompt; its errors (wrong, missing) stay on the field. */
function PasswordForm({
  isPending,
  onSubmit,
  onCancel,
}: {
  isPending: boolean;
  onSubmit: (password: string) => Promise<ApiError | null>;
  onCancel: () => void;
}) {
  const form = useForm<{ current_password: string }>({ defaultValues: { current_password: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ current_password }) => {
    if (!current_password) {
      form.setError(
        'current_password',
        { message: SECURITY_TEXTS.currentPasswordRequired },
        { shouldFocus: true },
      );
      return;
    }
    const error = await onSubmit(current_password);
    if (error) applyServerIssues(error, ['current_password'], form.setError);
  });
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <Field label="Current password" error={errors.current_password?.message} required>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.register('current_password')}
        />
      </Field>
      <FormActions
        submitLabel={isPending ? 'Waiting for your passkey...' : 'Continue'}
        isSubmitting={isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/** The name in place of the row: Enter saves, Escape or Cancel leaves it as it was. */
function RenameForm({
  passkey,
  onSubmit,
  onDone,
}: {
  passkey: PasskeyInfo;
  onSubmit: (name: string) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const form = useForm<RenamePasskeyBody>({
    resolver: zodResolver(RenamePasskeyBodySchema),
    defaultValues: { name: passkey.name },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      toast.success((await onSubmit(name)).message);
      onDone();
    } catch (error) {
      if (applyServerIssues(error, ['name'], form.setError)) return;
      toast.error(failureText(error, NETWORK_ERROR));
    }
  });
  return (
    <form
      noValidate
      className="flex w-full flex-wrap items-end gap-2"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <Field label={`New name for “${passkey.name}”`} error={errors.name?.message} className="min-w-0 flex-1">
        <Input {...form.register('name')} maxLength={PASSKEY_LIMITS.nameMax} autoComplete="off" autoFocus />
      </Field>
      <Button type="submit" size="sm" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label="Saving..." /> : 'Save'}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={isSubmitting}>
        Cancel
      </Button>
    </form>
  );
}
