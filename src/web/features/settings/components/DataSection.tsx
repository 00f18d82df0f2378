import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_DATA_TEXTS,
  DELETION_KEEPS,
  DELETION_REMOVES,
  type DeleteAccountBody,
  DeleteAccountBodySchema,
} from '#domain/account-data.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useDeleteAccount } from '../api/account-delete';
import { useDownloadAccountData } from '../api/account-export';
import { useFreshProof } from '../api/identity';
import { CurrentPassword, missingCurrentPassword } from './CurrentPassword';

const exportToast = toastFor('data-export');
const deleteToast = toastFor('account-delete');
const EMPTY: DeleteAccountBody = { current_password: '', confirm: '' };
const FIELDS = ['current_password', 'confirm'] as const;

/**
 * 'Your data': 'Download my data' (one JSON file of everything held about the person) and 'Delete my
 * account' (a dialog that says what happens, asks the current password unless the session was just
 * proven by a passkey or a sign-in link, and the word DELETE). After a deletion the session is
 * cleared and the person lands on the home page.
 */
export function DataSection() {
  const session = useSession();
  if (!session) return null;
  return <DataCard userId={session.user.id} />;
}

function DataCard({ userId }: { userId: string }) {
  const headingId = useId();
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);

  const handleDownload = async () => {
    try {
      await download.mutateAsync();
      exportToast.success(ACCOUNT_DATA_TEXTS.exportDone);
    } catch (error) {
      exportToast.error(error instanceof ApiError ? error.message : ACCOUNT_DATA_TEXTS.exportFailed);
    }
  };

  return (
    <Card id="data" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{ACCOUNT_DATA_TEXTS.title}</CardTitle>
        <CardDescription>{ACCOUNT_DATA_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <h3 className="font-medium text-app">{ACCOUNT_DATA_TEXTS.exportTitle}</h3>
          <p className="text-sm text-muted">{ACCOUNT_DATA_TEXTS.exportHelp}</p>
          <Button variant="outline" onClick={() => void handleDownload()} disabled={download.isPending}>
            {download.isPending ? (
              <Spinner label={ACCOUNT_DATA_TEXTS.exporting} />
            ) : (
              <>
                <Download className="h-4 w-4" aria-hidden="true" />
                {ACCOUNT_DATA_TEXTS.exportButton}
              </>
            )}
          </Button>
        </div>
        <div className="space-y-2 border-t border-app pt-6">
          <h3 className="font-medium text-app">{ACCOUNT_DATA_TEXTS.deleteTitle}</h3>
          <p className="text-sm text-muted">{ACCOUNT_DATA_TEXTS.deleteHelp}</p>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {ACCOUNT_DATA_TEXTS.deleteButton}
          </Button>
        </div>
      </CardContent>
      {deleting && <DeleteAccountDialog userId={userId} onClose={() => setDeleting(false)} />}
    </Card>
  );
}

function DeleteAccountDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const fresh = useFreshProof(userId);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(DeleteAccountBodySchema),
    mode: 'onSubmit',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ current_password, confirm }) => {
    if (missingCurrentPassword(fresh, current_password, form.setError)) return;
    try {
      await remove.mutateAsync({ confirm, ...(current_password ? { current_password } : {}) });
      navigate('/');
      deleteToast.success(ACCOUNT_DATA_TEXTS.deleted);
    } catch (error) {
      if (applyServerIssues(error, FIELDS, form.setError)) return;
      deleteToast.error(error instanceof ApiError ? error.message : NETWORK_ERROR);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={ACCOUNT_DATA_TEXTS.dialogTitle}
      description={ACCOUNT_DATA_TEXTS.dialogIntro}
      className="max-w-lg"
    >
      <div className="space-y-4 text-sm">
        <ul className="list-disc space-y-1 pl-5 text-app">
          {DELETION_REMOVES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="font-medium text-app">{ACCOUNT_DATA_TEXTS.dialogKept}</p>
        <ul className="list-disc space-y-1 pl-5 text-muted">
          {DELETION_KEEPS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form noValidate className="space-y-4" onSubmit={submit}>
          <CurrentPassword
            userId={userId}
            fresh={fresh}
            freshNote={ACCOUNT_DATA_TEXTS.freshProof}
            label={ACCOUNT_DATA_TEXTS.passwordLabel}
            error={errors.current_password?.message}
            registration={form.register('current_password')}
          />
          <Field label={ACCOUNT_DATA_TEXTS.confirmLabel} error={errors.confirm?.message} required>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              {...form.register('confirm')}
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={remove.isPending}>
              {ACCOUNT_DATA_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {remove.isPending ? (
                <Spinner label={ACCOUNT_DATA_TEXTS.deleting} />
              ) : (
                ACCOUNT_DATA_TEXTS.confirmButton
              )}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
