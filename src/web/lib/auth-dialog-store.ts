import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';
import type { PendingActionInput } from './pending-action';

export type AuthMode = 'login' | 'signup' | 'forgotPassword' | 'signupSuccess' | 'verifyEmailRequired';

interface State {
  open: boolean;
  mode: AuthMode;
  /** The email the success / verify-required views talk about. */
  email: string;
  /** Shown above the login form (e.g. why the dialog opened). */
  notice: string;
  /**
   * What to do once logged in. The lazy dialog stores it (pending-action.ts), so the home page's
   * first load does not carry that store (docs/performance.md 'Budgets').
   */
  afterLogin?: PendingActionInput | undefined;
}

let state: State = { open: false, mode: 'login', email: '', notice: '' };
const { subscribe, emit } = createListeners();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  emit();
}

/** Opens the sign-up / log-in dialog from anywhere (header, guards, favourite buttons…). */
export function openAuthDialog(
  mode: AuthMode = 'login',
  opts: { notice?: string; email?: string; afterLogin?: PendingActionInput | undefined } = {},
) {
  set({
    open: true,
    mode,
    notice: opts.notice ?? '',
    email: opts.email ?? state.email,
    afterLogin: opts.afterLogin,
  });
}

export function setAuthMode(mode: AuthMode, email?: string) {
  set({ mode, ...(email !== undefined ? { email } : {}), notice: '' });
}

/** Closing resets to login and forgets the form (docs/product.md §4). */
export function closeAuthDialog() {
  set({ open: false, mode: 'login', email: '', notice: '' });
}

export function useAuthDialog(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
