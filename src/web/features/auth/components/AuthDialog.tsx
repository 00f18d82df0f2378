import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { type AuthMode, closeAuthDialog, setAuthMode, useAuthDialog } from '#web/lib/auth-dialog-store.ts';
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

/** The one sign-up / log-in dialog with its five modes (SPEC.md §2, §4). */
export function AuthDialog() {
  const { open, mode, email, notice } = useAuthDialog();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && closeAuthDialog()}
      title={TITLES[mode]}
      className={mode === 'signup' ? 'max-w-lg' : undefined}
    >
      {/* key: switching modes or reopening starts each form fresh */}
      {mode === 'login' && <LoginForm key={`login-${open}`} notice={notice} />}
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
