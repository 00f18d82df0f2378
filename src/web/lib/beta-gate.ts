import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

/**
 * The beta gate's state in the browser (docs/product.md §4 'Admin gate'). The server says the gate is on
 * with a meta tag in index.html; the token POST /api/beta/access grants is kept under the
 * 'admin-auth' key and sent with every API call. A call refused with BETA_LOCKED (no token, or a
 * token of an old password) forgets the token and locks the page again.
 */
const STORAGE_KEY = 'admin-auth';
export const BETA_HEADER = 'x-beta-access';

function readToken(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

const gateOn =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="glowfind-beta-gate"]')?.getAttribute('content') === 'on';

let token = typeof localStorage === 'undefined' ? '' : readToken();
let locked = gateOn && !token;
const { subscribe, emit } = createListeners();

/** Headers to add to an API call (none when the gate is off or not yet passed). */
export function betaHeaders(): Record<string, string> {
  return token ? { [BETA_HEADER]: token } : {};
}

export function grantBeta(newToken: string): void {
  token = newToken;
  locked = false;
  localStorage.setItem(STORAGE_KEY, newToken);
  emit();
}

/**
 * The server refused a call as un-gated: forget the token and show the gate. `sentWith` is the token
 * the refused call carried: a call sent before the password was accepted can be refused after it,
 * and must not lock out the token granted meanwhile.
 */
export function lockBeta(sentWith: string): void {
  if (sentWith !== token) return;
  token = '';
  locked = true;
  localStorage.removeItem(STORAGE_KEY);
  emit();
}

export function useBetaLocked(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => locked,
    () => false,
  );
}
