import { Link, useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { EMAIL_CHANGE_TEXTS, FORGOT_PASSWORD_PATH } from '#domain/email-change-texts.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, buttonVariants } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useConfirmEmailChange } from '#web/features/settings/api/email-change-confirm.ts';
import { useUndoEmailChange } from '#web/features/settings/api/email-change-undo.ts';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { cn } from '#web/lib/cn.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';
import { PageShell } from './page-shell';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : NETWORK_ERROR);

/**
 * /email-change?token=… (the link mailed to a new address) and /email-change?token=…&undo=1 (the
 * link mailed to the old one). Nothing is sent as the page opens: mail scanners open links, so the
 * change (or its undo) waits for the button.
 */
export function EmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isUndo = params.get('undo') === '1';
  const title = isUndo ? EMAIL_CHANGE_TEXTS.undoTitle : EMAIL_CHANGE_TEXTS.confirmTitle;
  useDocumentTitle(`${title} · ${BRAND.name}`);
  return (
    <PageShell title={title}>
      <div className="max-w-md">
        {!token ? (
          <Alert title="This link is incomplete">
            <p>{EMAIL_CHANGE_TEXTS.incomplete}</p>
          </Alert>
        ) : isUndo ? (
          <UndoStep token={token} />
        ) : (
          <ConfirmStep token={token} />
        )}
      </div>
    </PageShell>
  );
}

function ConfirmStep({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  const session = useSession();
  if (confirm.isSuccess)
    return (
      <Alert tone="success" title="Email changed">
        <p>{confirm.data.message}</p>
        {session ? (
          <Link to="/settings" className={cn(buttonVariants({ variant: 'link' }), 'mt-2 h-auto')}>
            Go to Settings
          </Link>
        ) : (
          <Button variant="link" className="mt-2" onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        )}
      </Alert>
    );
  return (
    <Step
      intro={EMAIL_CHANGE_TEXTS.confirmIntro}
      label={EMAIL_CHANGE_TEXTS.confirmButton}
      isPending={confirm.isPending}
      error={confirm.error}
      onPress={() => confirm.mutate(token)}
    />
  );
}

function UndoStep({ token }: { token: string }) {
  const undo = useUndoEmailChange();
  if (undo.isSuccess)
    return (
      <Alert tone="success" title="Change undone">
        <p>{undo.data.message}</p>
        <Link
          to={undo.data.reset_password_url || FORGOT_PASSWORD_PATH}
          className={cn(buttonVariants(), 'mt-3')}
        >
          {EMAIL_CHANGE_TEXTS.resetPassword}
        </Link>
      </Alert>
    );
  return (
    <Step
      intro={EMAIL_CHANGE_TEXTS.undoIntro}
      label={EMAIL_CHANGE_TEXTS.undoButton}
      isPending={undo.isPending}
      error={undo.error}
      onPress={() => undo.mutate(token)}
    />
  );
}

/** The explanation, the one button that sends the link, and what went wrong if it failed. */
function Step({
  intro,
  label,
  isPending,
  error,
  onPress,
}: {
  intro: string;
  label: string;
  isPending: boolean;
  error: Error | null;
  onPress: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-app">{intro}</p>
      {error && (
        <Alert>
          <p>{failureText(error)}</p>
        </Alert>
      )}
      <Button type="button" disabled={isPending} onClick={onPress}>
        {isPending ? <Spinner label="Sending..." /> : label}
      </Button>
    </div>
  );
}
