import { CalendarClock } from 'lucide-react';
import { lazy } from 'react';
import { availabilityLabel } from '../filter-rules';
// Type-only, so erased: the popover still loads on first use.
import type { AvailabilityValue } from './AvailabilityPopover';
import { LazyFilter } from './FilterTrigger';

// The popover (Radix and its positioning) loads on first use, not with the home page.
const load = () => import('./AvailabilityPopover');
const AvailabilityPopover = lazy(() => load().then((m) => ({ default: m.AvailabilityPopover })));
const preload = () => void load();

/** The availability filter's button; its popover holds the quick options, days, times and presets. */
export function AvailabilityFilter({
  value,
  onChange,
}: {
  value: AvailabilityValue;
  onChange: (next: AvailabilityValue) => void;
}) {
  return (
    <LazyFilter
      popover={AvailabilityPopover}
      preload={preload}
      icon={CalendarClock}
      label="Availability"
      summary={availabilityLabel(value)}
      value={value}
      onChange={onChange}
    />
  );
}
