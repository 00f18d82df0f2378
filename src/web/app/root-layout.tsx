import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SIGNIN_TOKEN_PARAM } from '#domain/auth-options.ts';
import { Footer } from '../components/layout/Footer';
import { Header } from '../components/layout/Header';
import { type AuthMode, openAuthDialog, useAuthDialog } from '../lib/auth-dialog-store';
import { useBetaLocked } from '../lib/beta-gate';
import { onSessionExpired } from '../lib/session';
import { useSupportDialogOpen } from '../lib/support-dialog-store';
import { useStartSessionCheck } from './session-check';

// The dialogs carry the forms and their validation (react-hook-form, zod): loaded on first use.
const AuthDialog = lazy(() =>
  import('../features/auth/components/AuthDialog').then((m) => ({ default: m.AuthDialog })),
);
// The emailed sign-in link: /?signin_token=…
const SigninLink = lazy(() =>
  import('../features/auth/signin-link').then((m) => ({ default: m.SigninLink })),
);
const VerifyEmailDialog = lazy(() =>
  import('../features/auth/components/VerifyEmailDialog').then((m) => ({ default: m.VerifyEmailDialog })),
);

const BetaGateDialog = lazy(() =>
  import('../features/auth/components/BetaGateDialog').then((m) => ({ default: m.BetaGateDialog })),
);

const ContactSupportDialog = lazy(() =>
  import('../features/forms/components/ContactSupportDialog').then((m) => ({
    default: m.ContactSupportDialog,
  })),
);

const DIALOG_MODES: AuthMode[] = ['login', 'signup', 'forgotPassword'];

export function RootLayout() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useStartSessionCheck();
  const dialogOpen = useAuthDialog().open;
  const betaLocked = useBetaLocked();
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialogOpen && !dialogUsed) setDialogUsed(true);
  const supportOpen = useSupportDialogOpen();
  const [supportUsed, setSupportUsed] = useState(false);
  if (supportOpen && !supportUsed) setSupportUsed(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top on every path change
  useEffect(() => {
    // Not over a link to a part of a page ('/slug#opening-<id>' from a notification): the browser
    // has scrolled to that part.
    if (!location.hash) scrollTo(0, 0);
  }, [pathname]);

  useEffect(
    () =>
      // The login dialog says so (its notice): no toast over its title.
      onSessionExpired(() => {
        openAuthDialog('login', { notice: 'Your session has expired. Please log in again.' });
      }),
    [],
  );

  // Links in emails can open the dialog: /?auth=forgotPassword
  const authParam = params.get('auth');
  useEffect(() => {
    if (authParam && (DIALOG_MODES as string[]).includes(authParam)) {
      openAuthDialog(authParam as AuthMode);
      navigate(pathname, { replace: true });
    }
  }, [authParam, navigate, pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps while a page
          loads its code and data (Lighthouse's layout shift on profiles). */}
      <main id="main" className="min-h-dvh flex-1">
        {/* Lazy routes suspend here; a navigation (a transition) keeps the current page until they load. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        {dialogUsed && <AuthDialog />}
        {supportUsed && <ContactSupportDialog />}
        {params.has('temp_token') && !betaLocked && <VerifyEmailDialog />}
        {params.has(SIGNIN_TOKEN_PARAM) && !betaLocked && <SigninLink />}
        {betaLocked && <BetaGateDialog />}
      </Suspense>
    </div>
  );
}
