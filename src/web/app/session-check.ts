import { useEffect, useSyncExternalStore } from 'react';
import { getAccountProfile } from '../features/profiles/api/get-account-profile';
import { ApiError } from '../lib/api-client';
import { createListeners } from '../lib/listeners';
import { clearSession, getSession, updateSessionUser } from '../lib/session';

let checked = getSession() === null;
let started = false;
const { subscribe, emit } = createListeners();

/**
 * Checks the stored session once on load via the profile call; a failure clears it (SPEC.md §4).
 * Without reading the outcome: the layout starts the check, and does not render again when it ends
 * (a server-rendered page would otherwise render whole a second time as it hydrates, since the
 * server cannot know the outcome).
 */
export function useStartSessionCheck(): void {
  useEffect(() => {
    if (checked || started) return;
    started = true;
    getAccountProfile()
      .then((reply) => updateSessionUser(reply.profile))
      .catch((error) => {
        // Offline, or behind the beta gate, is not a reason to sign someone out; a refused token is.
        if (!(error instanceof ApiError && ['NETWORK_ERROR', 'BETA_LOCKED'].includes(error.code)))
          clearSession();
      })
      .finally(() => {
        checked = true;
        emit();
      });
  }, []);
}

/** Whether the stored session has been checked (at once when there is none): the guarded pages wait. */
export function useSessionCheck(): boolean {
  useStartSessionCheck();
  return useSyncExternalStore(
    subscribe,
    () => checked,
    () => false,
  );
}
