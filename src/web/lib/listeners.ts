/** The listeners of a module's own state, for useSyncExternalStore: `subscribe` it, `emit` on change. */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}
