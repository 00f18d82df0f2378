import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useSessionCheck } from '../../features/auth/session-check';
import { useSession } from '../../lib/session';

/** Waits for the stored session to be checked, then lets the right people in; others go to / (replace). */
export function RequireAuth({ only, children }: { only?: 'provider'; children: ReactNode }) {
  const ready = useSessionCheck();
  const session = useSession();
  if (!ready) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (!session || (only === 'provider' && session.user.user_type !== 'provider'))
    return <Navigate to="/" replace />;
  return children;
}
