import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { peekPendingAction } from '#web/lib/pending-action.ts';
import { setSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { verifyEmail } from '../api/verify-email';
import { ResendVerification } from './ResendVerification';

const toast = toastFor('session');

type State =
  | { step: 'verifying' }
  | { step: 'success'; loggedIn: boolean }
  | { step: 'error'; message: string; retry?: boolean }
  | { step: 'resendSent'; alreadyVerified: boolean };

/** Opens when the URL carries ?temp_token=…&type=email&email=… from the verification email. */
export function VerifyEmailDialog() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('temp_token');
  const type = params.get('type');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<State>({ step: 'verifying' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    if (type !== 'email') {
      setState({ step: 'error', message: 'Email verification failed. The link may be invalid or expired.' });
      return;
    }
    setState({ step: 'verifying' });
    verifyEmail(token)
      .then((reply) => {
        if (reply.dataStatus === 'alreadyConfirmedOrVerified') {
          setState({ step: 'resendSent', alreadyVerified: true });
        } else if (reply.session?.access_token && reply.session.user) {
          setSession(reply.session);
          const pending = peekPendingAction();
          if (pending) {
            // They signed up to save, message, book or review: back to that page, which does it.
            toast.success(`Welcome to ${BRAND.name}!`, {
              description: "Your email is confirmed and you're logged in.",
            });
            navigate(pending.path, { replace: true });
            return;
          }
          setState({ step: 'success', loggedIn: true });
        } else {
          setState({ step: 'success', loggedIn: false });
        }
      })
      .catch((error) =>
        setState({
          step: 'error',
          message:
            error instanceof ApiError
              ? error.message ||
                'An error occurred during email verification. Please try again or contact support.'
              : 'An unexpected error occurred. Please try again.',
        }),
      );
  }, [token, type, navigate]);

  if (!token) return null;
  // Home, or back to the page where a Save, Message, Book or review waits for the login.
  const close = () => navigate(peekPendingAction()?.path ?? '/', { replace: true });
  const title =
    state.step === 'verifying'
      ? 'Verifying your email'
      : state.step === 'success'
        ? `Welcome to ${BRAND.name}!`
        : state.step === 'error'
          ? 'Sorry, we ran into an error.'
          : state.alreadyVerified
            ? 'Email already verified'
            : 'Check your email';

  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={title}>
      {state.step === 'verifying' && <Spinner label="Verifying your email..." />}
      {state.step === 'success' && (
        <div className="space-y-4">
          <p className="text-sm">
            {state.loggedIn
              ? `Your email is confirmed and you're logged in. Welcome to ${BRAND.name}: ${BRAND.tagline}`
              : 'Your email is confirmed. Please log in to continue.'}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {state.loggedIn ? (
              <Button asChild className="flex-1">
                <Link to="/account" replace>
                  View account
                </Link>
              </Button>
            ) : (
              <Button
                className="flex-1"
                onClick={() => {
                  close();
                  openAuthDialog('login');
                }}
              >
                Log in
              </Button>
            )}
            <Button asChild variant="outline" className="flex-1">
              <Link to="/" replace>
                Explore Providers
              </Link>
            </Button>
          </div>
        </div>
      )}
      {state.step === 'error' && (
        <div className="space-y-4">
          <p className="text-sm">{state.message}</p>
          <p className="text-sm text-muted">
            Need help? Contact{' '}
            <a className="text-brand-700 underline dark:text-brand-300" href={`mailto:${BRAND.supportEmail}`}>
              {BRAND.supportEmail}
            </a>
            . You can also request a new link:
          </p>
          <ResendVerification
            initialEmail={email}
            label="Send a new link"
            onSent={() => setState({ step: 'resendSent', alreadyVerified: false })}
          />
        </div>
      )}
      {state.step === 'resendSent' && (
        <div className="space-y-4">
          {state.alreadyVerified ? (
            <>
              <p className="text-sm">You can log in normally with this email.</p>
              <Button
                className="w-full"
                onClick={() => {
                  close();
                  openAuthDialog('login', { email });
                }}
              >
                Log in
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm">
                If <strong>{email || 'that address'}</strong> has an account waiting for confirmation, a new
                link is on its way.
              </p>
              <Button
                variant="link"
                onClick={() => setState({ step: 'error', message: 'Didn’t get it? Try again' })}
              >
                Didn’t get it? Try again
              </Button>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
