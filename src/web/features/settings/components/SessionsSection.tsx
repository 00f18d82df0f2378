import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useId, useState } from 'react';
import type { SessionInfo } from '#domain/account-security.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSessions } from '../api/sessions';

/** A moment in the reader's own time and language (a signed-in page: never rendered on the server). */
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const METHOD_LABELS: Record<SessionInfo['method'], string> = {
  password: 'a password',
  link: 'an emailed link',
  passkey: 'a passkey',
};

/** 'Where you're signed in': each live session, 'Sign out' per session and 'Sign out everywhere else'. */
export function SessionsSection({ userId }: { userId: string }) {
  const headingId = useId();
  const { query, endOne, endOthers } = useSessions(userId);
  const [confirmOthers, setConfirmOthers] = useState(false);
  const toast = toastFor('sessions');
  const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : NETWORK_ERROR);
  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  return (
    <Card id="sessions" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <MonitorSmartphone className="h-5 w-5" aria-hidden="true" />
          Where you're signed in
        </CardTitle>
        <CardDescription>
          Sign out of a device you no longer use or do not recognise. If one looks wrong, change your password
          too.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <Spinner label="Loading sessions..." />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Your sessions could not be loaded.{' '}
            <Button variant="link" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <ul className="divide-y divide-[color:var(--border)] rounded-lg border border-app">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-app">
                    {session.browser} on {session.system}{' '}
                    {session.current && <Badge className="ml-1 align-middle">This device</Badge>}
                  </p>
                  <p className="text-sm text-muted">
                    Signed in {when(session.created_at)} with {METHOD_LABELS[session.method]} · last active{' '}
                    {when(session.last_used_at)}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={endOne.isPending}
                    aria-label={`Sign out ${session.browser} on ${session.system}`}
                    onClick={() =>
                      endOne.mutate(session.id, {
                        onSuccess: (reply) => toast.success(reply.message),
                        onError: failed,
                      })
                    }
                  >
                    <LogOut className="h-4 w-4" aria-hidden="true" />
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others > 0 && (
          <Button variant="outline" onClick={() => setConfirmOthers(true)}>
            Sign out everywhere else
          </Button>
        )}
        <ConfirmDialog
          open={confirmOthers}
          onOpenChange={setConfirmOthers}
          title="Sign out everywhere else?"
          description={`${others === 1 ? 'One other device' : `${others} other devices`} will need to sign in again. This device stays signed in.`}
          confirmLabel="Sign out everywhere else"
          isPending={endOthers.isPending}
          onConfirm={() =>
            endOthers.mutate(undefined, {
              onSuccess: (reply) => {
                setConfirmOthers(false);
                toast.success(reply.message);
              },
              onError: failed,
            })
          }
        />
      </CardContent>
    </Card>
  );
}
