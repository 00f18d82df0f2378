import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SIGNIN_TOKEN_PARAM } from '#domain/auth-options.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { peekPendingAction } from '#web/lib/pending-action.ts';
import { setSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { signInWithLink } from './api/sign-in-with-link';

const toast = toastFor('session');

const FAILED = 'This sign-in link is invalid or has expired. Please request a new one.';

/**
 * Consumes the emailed one-time sign-in link, as the verification link is consumed: the token
 * leaves the address bar (and the history entry) at once, since it is a login by itself; then the
 * user is logged in, or the login dialog opens saying why not (where a new link can be asked for).
 * The root layout renders it (lazily) only while the URL holds a token and the beta gate is open:
 * while it is locked, the link waits in the URL until it opens.
 */
export function SigninLink(): null {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = params.get(SIGNIN_TOKEN_PARAM);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    const rest = new URLSearchParams(params);
    rest.delete(SIGNIN_TOKEN_PARAM);
    const search = rest.toString();
    // Back to the page where a Save, Message, Book or review waits for this login, if any.
    const pending = peekPendingAction();
    navigate(pending ? pending.path : { pathname, search: search ? `?${search}` : '' }, { replace: true });
    signInWithLink(token)
      .then((reply) => {
        setSession(reply.session);
        const name = reply.session.user.name;
        toast.success(`Welcome back${name ? `, ${name}` : ''}!`);
      })
      .catch((error: unknown) => {
        const message =
          error instanceof ApiError && error.code !== 'VALIDATION_ERROR' ? error.message || FAILED : FAILED;
        // The login dialog says why (its notice): no toast over its title.
        openAuthDialog('login', { notice: message });
      });
  }, [token, params, pathname, navigate]);
  return null;
}
