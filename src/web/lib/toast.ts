import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info';

/**
 * Toasts through sonner, loaded on first use so it stays out of the first-load bundle
 * (the Toaster itself is mounted lazily right after the first render).
 */
function show(kind: Kind, title: string, options?: ExternalToast) {
  void import('sonner').then(({ toast }) => toast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
};
