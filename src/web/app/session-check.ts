import { useEffect, useSyncExternalStore } from 'react';
import { resumeSession } from '../lib/api-client';
import { createListeners } from '../lib/listeners';
import { hasSignedInHint } from '../lib/session';

let checked = !hasSignedInHint();
let started = false;
const { subscribe, emit } = createListeners();

/**
 * Resumes the session once on load when this browser was signed in: the access token lives in
 * memory only, so the page gets one (and the user, fresh) through the refresh cookie; a refused
 * cookie ends the session (docs/product.md §4). Without reading the outcome: the layout starts the check,
 * and does not render again when it ends (a server-rendered page would otherwise render whole a
 * second time as it hydrates, since the server cannot know the outcome).
 */
export function useStartSessionCheck(): void {
  useEffect(() => {
    if (checked || started) return;
    started = true;
    void resumeSession().finally(() => {
      checked = true;
      emit();
    });
  }, []);
}

/** Whether the session has been resumed or refused (at once when none was hinted): the guarded pages wait. */
export function useSessionCheck(): boolean {
  useStartSessionCheck();
  return useSyncExternalStore(
    subscribe,
    () => checked,
    () => false,
  );
}
