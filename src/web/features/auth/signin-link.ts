import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { setSession } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.tsx';
import { signInWithLink } from './api/sign-in-with-link';

/** The query parameter of the emailed sign-in link: `/?signin_token=…`. */
export const SIGNIN_TOKEN_PARAM = 'signin_token';

const FAILED = 'This sign-in link is invalid or has expired. Please request a new one.';

/**
 * Consumes the emailed one-time sign-in link, as the verification link is consumed: the token
 * leaves the address bar (and the history entry) at once, since it is a login by itself; then the
 * user is logged in, or the login dialog opens saying why not (where a new link can be asked for).
 * `enabled` is false while the beta gate is locked: the link waits in the URL until it opens.
 */
export function useSigninLink(enabled: boolean): void {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = params.get(SIGNIN_TOKEN_PARAM);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !token || started.current === token) return;
    started.current = token;
    const rest = new URLSearchParams(params);
    rest.delete(SIGNIN_TOKEN_PARAM);
    const search = rest.toString();
    navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true });
    signInWithLink(token)
      .then((reply) => {
        setSession(reply.session);
        const name = reply.session.user.name;
        toast.success(`Welcome back${name ? `, ${name}` : ''}!`);
      })
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError && error.code !== 'VALIDATION_ERROR' ? error.message || FAILED : FAILED;
        toast.error('Sign-in link failed', { description: message });
        openAuthDialog('login', { notice: message });
      });
  }, [enabled, token, params, pathname, navigate]);
}
