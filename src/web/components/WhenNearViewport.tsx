import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place on the page comes within `margin` of the viewport, so
 * sections far below the fold (and their lazy chunks and API calls) wait until the visitor scrolls
 * towards them. The home page's first load is capped at 120 KB of gzipped JavaScript
 * (docs/performance.md 'Budgets').
 */
export function WhenNearViewport({ children, margin = 300 }: { children: ReactNode; margin?: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setIsNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return isNear ? children : <div ref={marker} />;
}
