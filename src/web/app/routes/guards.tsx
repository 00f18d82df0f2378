import { type ReactNode, useRef } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useSession } from '#web/lib/session.ts';
import { useSessionCheck } from '../session-check';

/**
 * Waits for the stored session to be checked, then lets the right people in; others go to / (replace).
 * With `keepOnSignOut`, a page already shown stays when the session ends there (an expired refresh,
 * a logout in another tab) and shows its own signed-out state instead of jumping away.
 */
export function RequireAuth({
  only,
  keepOnSignOut = false,
  children,
}: {
  only?: 'provider';
  keepOnSignOut?: boolean;
  children: ReactNode;
}) {
  const ready = useSessionCheck();
  const session = useSession();
  const admitted = useRef(false);
  if (!ready) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!session && keepOnSignOut && admitted.current) return children;
  if (!session || (only === 'provider' && session.user.user_type !== 'provider'))
    return <Navigate to="/" replace />;
  admitted.current = true;
  return children;
}
