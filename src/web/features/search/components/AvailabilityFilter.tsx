import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { availabilityLabel } from '../filter-rules';
import type { SearchState } from '../url-state';
import { FilterTrigger } from './FilterTrigger';

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
  const [isOpen, setOpen] = useState(false);
  const [isWanted, setWanted] = useState(false);
  const trigger = (
    <FilterTrigger
      icon={CalendarClock}
      label="Availability"
      summary={availabilityLabel(value)}
      isOpen={isOpen}
    />
  );
  if (!isWanted) {
    return (
      <FilterTrigger
        icon={CalendarClock}
        label="Availability"
        summary={availabilityLabel(value)}
        isOpen={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={trigger}>
      <AvailabilityPopover open={isOpen} onOpenChange={setOpen} value={value} onChange={onChange}>
        {trigger}
      </AvailabilityPopover>
    </Suspense>
  );
}
