import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { createListeners } from './listeners';

type Kind = 'success' | 'error' | 'info';

/*
 * Toasts through sonner, which is loaded, and its Toaster mounted, on the first toast: most visits
 * show none, so neither is part of the first load. A toast waits until the Toaster has mounted (its
 * effect subscribes to sonner's store before ours runs), so the first one is never lost.
 */
let wanted = false;
const { subscribe, emit } = createListeners();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/**
 * The actions that answer with a toast. Each is the id of its toast: a later outcome of the same
 * action (a success after a failure, a second failure) replaces the toast on screen rather than
 * stacking beside it, so what the toasts say matches the screen.
 */
export type ToastAction =
  | 'session'
  | 'signin-link'
  | 'password-reset'
  | 'verification-email'
  | 'become-provider'
  | 'client-account'
  | 'provider-profile'
  | 'message'
  | 'conversation'
  | 'message-report'
  | 'block-party'
  | 'saved-reply'
  | 'support-request'
  | 'feedback'
  | 'investor-inquiry'
  | 'favorite'
  | 'favorite-service'
  | 'block-provider'
  | 'saved-search'
  | 'opening'
  | 'openings-load'
  | 'opening-alerts'
  | 'time-zone'
  | 'map-position'
  | 'review'
  | 'review-reply'
  | 'review-report'
  | 'review-delete'
  | 'review-moderation'
  | 'message-moderation'
  | 'avatar-upload'
  | 'portfolio-upload'
  | 'portfolio-delete'
  | 'booking-analytics'
  | 'insights-export'
  | 'admin-access'
  | 'admin-data'
  | 'admin-submission'
  | 'admin-export'
  | 'password-change'
  | 'email-change'
  | 'passkey'
  | 'sessions'
  | 'notifications'
  | 'data-export'
  | 'account-delete'
  | 'profile-conflict';

type Options = Pick<ExternalToast, 'description' | 'action' | 'duration'>;

function show(kind: Kind, action: ToastAction | undefined, title: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    emit();
  }
  // sonner merges an update into the toast it replaces: what this outcome does not say is cleared.
  const toastOptions: ExternalToast = {
    description: undefined,
    action: undefined,
    duration: undefined,
    ...options,
    ...(action && { id: action }),
  };
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](title, toastOptions));
}

/** The toasts of one action: each replaces the action's toast on screen, if there is one. */
export function toastFor(action: ToastAction) {
  return {
    success: (title: string, options?: Options) => show('success', action, title, options),
    error: (title: string, options?: Options) => show('error', action, title, options),
    info: (title: string, options?: Options) => show('info', action, title, options),
  };
}

const SonnerToaster = lazy(() =>
  import('sonner').then(({ Toaster }) => ({
    default: function MountedToaster(props: React.ComponentProps<typeof Toaster>) {
      useEffect(() => markMounted(), []);
      return <Toaster {...props} />;
    },
  })),
);

/** Renders nothing until the first toast; then sonner's Toaster. */
export function Toaster({ theme }: { theme: 'light' | 'dark' }) {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} richColors closeButton position="top-center" />
    </Suspense>
  );
}
