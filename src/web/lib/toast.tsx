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

function show(kind: Kind, title: string, options?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    emit();
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
};

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
