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
 * The actions that answer with a toast. Each names its toast: a later outcome of the same action (a
 * success after a failure, a second failure) replaces the toast on screen rather than stacking
 * beside it, so what the toasts say matches the screen.
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

/**
 * The id of each action's toast: the action's name and a generation, which moves on once the toast
 * leaves the screen (closed, timed out, or its button pressed). sonner merges a toast into one with
 * the same id even while that one is playing its exit, and then removes both: a second refusal
 * right after a Reload would never show. A closed toast's successor gets a fresh id instead.
 */
const generations = new Map<ToastAction, number>();
const toastId = (action: ToastAction) => `${action}:${generations.get(action) ?? 0}`;
function retire(action: ToastAction, id: string) {
  if (toastId(action) === id) generations.set(action, (generations.get(action) ?? 0) + 1);
}

function show(kind: Kind, action: ToastAction | undefined, title: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    emit();
  }
  const id = action && toastId(action);
  const gone = () => {
    if (action && id) retire(action, id);
  };
  const button = options?.action;
  // sonner merges an update into the toast it replaces: what this outcome does not say is cleared.
  const toastOptions: ExternalToast = {
    description: undefined,
    action: undefined,
    duration: undefined,
    ...options,
    ...(button &&
      typeof button === 'object' &&
      'onClick' in button && {
        action: {
          ...button,
          onClick: (event) => {
            button.onClick(event);
            // Pressed, the button closes its toast unless its handler kept it.
            if (!event.defaultPrevented) gone();
          },
        },
      }),
    onDismiss: gone,
    onAutoClose: gone,
    ...(id && { id }),
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
