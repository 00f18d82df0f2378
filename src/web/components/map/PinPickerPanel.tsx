import { lazy, Suspense, useEffect, useState } from 'react';
import type { PinPicker as PinPickerType } from './PinPicker';

// Leaflet loads with the first map shown, as for the results map (MapPanel.tsx).
const PinPicker = lazy(() => import('./leaflet-maps').then((m) => ({ default: m.PinPicker })));

const placeholder = <div aria-hidden="true" className="h-full rounded-2xl border border-app bg-muted" />;

/** The pin picker's box on the account page: 18 rem high, the map rendered in the browser only. */
export function PinPickerPanel(props: Parameters<typeof PinPickerType>[0]) {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return (
    <div className="h-72">
      {isBrowser ? (
        <Suspense fallback={placeholder}>
          <PinPicker {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
