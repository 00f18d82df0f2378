import { CalendarClock } from 'lucide-react';
import { lazy } from 'react';
import { availabilityLabel } from '../filter-rules';
import type { SearchState } from '../url-state';
import { LazyFilter } from './FilterTrigger';

export type AvailabilityValue = Pick<SearchState, 'when' | 'days' | 'times'>;

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
