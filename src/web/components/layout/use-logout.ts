import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { clearSession, getSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** Revokes the login on the server (best effort), clears the session and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const session = getSession();
    if (session)
      void api('/api/auth/logout', { body: { refresh_token: session.refresh_token } }).catch(() => {});
    clearSession();
    queryClient.clear();
    navigate('/');
    toast.success('Logged out');
  };
}
