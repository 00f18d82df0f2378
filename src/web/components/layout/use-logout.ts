import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { clearSession, getSession, hasSignedInHint } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';

const toast = toastFor('session');

/**
 * Revokes the login on the server (best effort: the refresh cookie's family and this access token,
 * and the cookie is cleared), clears the session and goes home.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const session = getSession();
    // The cookie alone ends the login (a page whose session never resumed, offline at load, has no token).
    if (session || hasSignedInHint())
      void api<z.infer<typeof MessageReplySchema>>('/api/auth/logout', {
        method: 'POST',
        headers: session ? { Authorization: `Bearer ${session.access_token}` } : {},
      }).catch(() => {});
    clearSession();
    queryClient.clear();
    navigate('/');
    toast.success('Logged out');
  };
}
