import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { type AuthMode, closeAuthDialog, setAuthMode, useAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { clearPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { ResendVerification } from './ResendVerification';
import { SignupForm } from './SignupForm';

const TITLES: Record<AuthMode, string> = {
  login: 'Log in',
  signup: 'Create your account',
  forgotPassword: 'Reset your password',
  signupSuccess: 'Confirm your Email',
  verifyEmailRequired: 'Verify your email',
};

/** Modes in which the person goes on by email (a verification link): what they pressed stays pending. */
const CONTINUES_BY_EMAIL: readonly AuthMode[] = ['signupSuccess', 'verifyEmailRequired'];

/** The one sign-up / log-in dialog with its five modes (docs/product.md §2, §4). */
export function AuthDialog() {
  const { open, mode, email, notice, afterLogin } = useAuthDialog();
  // An emailed sign-in link was asked for while the dialog was open: the login happens later, from
  // the inbox, so closing the dialog keeps what the person pressed.
  const signinLinkSent = useRef(false);
  // Opened for a Save (the home page's hearts hand it over here, see auth-dialog-store.ts): kept
  // until the login, which the page's own button then carries out.
  useEffect(() => {
    if (!open) return;
    signinLinkSent.current = false;
    if (afterLogin) savePendingAction(afterLogin);
  }, [open, afterLogin]);

  // Closed without logging in: forget the Save, Message, Book or review it was opened for
  // (docs/product.md §2). A login closes the dialog itself, without passing here.
  const handleDismiss = () => {
    if (!CONTINUES_BY_EMAIL.includes(mode) && !signinLinkSent.current) clearPendingAction();
    closeAuthDialog();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && handleDismiss()}
      title={TITLES[mode]}
      className={mode === 'signup' ? 'max-w-lg' : undefined}
    >
      {/* key: switching modes or reopening starts each form fresh */}
      {mode === 'login' && (
        <LoginForm
          key={`login-${open}`}
          notice={notice}
          onSigninLinkSent={() => {
            signinLinkSent.current = true;
          }}
        />
      )}
      {mode === 'signup' && <SignupForm key={`signup-${open}`} />}
      {mode === 'forgotPassword' && <ForgotPasswordForm initialEmail={email} />}
      {mode === 'signupSuccess' && (
        <div className="space-y-4">
          <div className="flex items-start gap-3">
            <MailCheck
              className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-300"
              aria-hidden="true"
            />
            <p className="text-sm">
              We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account. The
              link expires in 24 hours.
            </p>
          </div>
          <p className="text-sm text-muted">Didn't get it? Check your spam folder, or send it again.</p>
          <ResendVerification initialEmail={email} />
          <Button variant="ghost" className="w-full" onClick={() => setAuthMode('login')}>
            Back to log in
          </Button>
        </div>
      )}
      {mode === 'verifyEmailRequired' && (
        <div className="space-y-4">
          <p className="text-sm">
            Please verify your email address before logging in. Open the link we emailed to{' '}
            <strong>{email}</strong>, or request a new one.
          </p>
          <ResendVerification initialEmail={email} />
          <Button variant="ghost" className="w-full" onClick={() => setAuthMode('login')}>
            Back to log in
          </Button>
        </div>
      )}
    </Dialog>
  );
}
