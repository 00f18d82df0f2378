import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded component whose code can be loaded ahead; once loaded it renders directly.
 * Hydration needs that (ADR 017): a `lazy` component suspends on its first render even when its
 * module is there, and a boundary still suspended when anything above it updates is thrown away and
 * rendered again in the browser.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Preloadable.preload = async () => void (await preload());
  return Preloadable;
}
