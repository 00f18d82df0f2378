import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

let open = false;
const { subscribe, emit } = createListeners();

function set(next: boolean) {
  open = next;
  emit();
}

/** Opens the Contact Support dialog from anywhere (header, home FAQ, help centre). */
export function openSupportDialog() {
  set(true);
}

export function closeSupportDialog() {
  set(false);
}

export function useSupportDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
}
