import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'signup' | 'forgotPassword' | 'signupSuccess' | 'verifyEmailRequired';

interface State {
  open: boolean;
  mode: AuthMode;
  /** The email the success / verify-required views talk about. */
  email: string;
  /** Shown above the login form (e.g. why the dialog opened). */
  notice: string;
}

let state: State = { open: false, mode: 'login', email: '', notice: '' };
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** Opens the sign-up / log-in dialog from anywhere (header, guards, favourite buttons…). */
export function openAuthDialog(mode: AuthMode = 'login', opts: { notice?: string; email?: string } = {}) {
  set({ open: true, mode, notice: opts.notice ?? '', email: opts.email ?? state.email });
}

export function setAuthMode(mode: AuthMode, email?: string) {
  set({ mode, ...(email !== undefined ? { email } : {}), notice: '' });
}

/** Closing resets to login and forgets the form (SPEC.md §4). */
export function closeAuthDialog() {
  set({ open: false, mode: 'login', email: '', notice: '' });
}

export function useAuthDialog(): State {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
