import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const l of listeners) l();
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
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => open,
  );
}
