import { lazy, Suspense, useEffect, useState } from 'react';
import type { MapPin, PinMap as PinMapType } from './PinMap';

// Leaflet and its styles load when a map is first shown, in a chunk of their own: never with a page's
// first load, and never on the server (Leaflet reads `window` as it loads).
const PinMap = lazy(() => import('./leaflet-maps').then((m) => ({ default: m.PinMap })));

export type { MapPin };

/** The map's box while Leaflet loads (and in the server's HTML): the same size and background. */
const placeholder = <div aria-hidden="true" className="h-full rounded-2xl border border-app bg-muted" />;

/**
 * The results map's place on the page: 70% of a phone's screen, or the window's height beside the
 * list on a desktop (sticky while the list scrolls). The map itself renders in the browser only.
 */
export function MapPanel(props: Parameters<typeof PinMapType>[0]) {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return (
    <div className="h-[70vh] min-h-80 lg:sticky lg:top-20 lg:h-[calc(100vh-6rem)]">
      {isBrowser ? (
        <Suspense fallback={placeholder}>
          <PinMap {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
