import { type ReactElement, type ReactNode, useId } from 'react';
import { HOUR_SLOTS, WEEKDAY_LABEL, WEEKDAY_SHORT, WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { AVAILABILITY_QUICK_OPTIONS, WEEKDAY_DAYS } from '#domain/search-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '#web/components/ui/Popover.tsx';
import { isNineToFive, NINE_TO_FIVE, timeLabel } from '../filter-rules';
import type { SearchState } from '../url-state';

/** The part of the search state this popover edits. */
export type AvailabilityValue = Pick<SearchState, 'when' | 'days' | 'times'>;

const NONE: AvailabilityValue = { when: null, days: [], times: [] };

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((i) => i !== item) : [...list, item];
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{label}</legend>
      {children}
    </fieldset>
  );
}

/**
 * docs/product.md §2/§9 availability popover: one quick option (No Preference, Today, Tomorrow, Weekdays,
 * Weekends, Evenings) or a custom choice of days × hourly times, the 'Mon-Fri 9-5' preset and
 * 'Clear All'. Every change applies at once (the results follow the URL).
 */
export function AvailabilityPopover({
  open,
  onOpenChange,
  value,
  onChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: AvailabilityValue;
  onChange: (next: AvailabilityValue) => void;
  children: ReactElement;
}) {
  const titleId = useId();
  const isCustom = value.when === null;
  const custom = (days: Weekday[], times: string[]) => onChange({ when: null, days, times });
  const nothing = isCustom && value.days.length === 0 && value.times.length === 0;
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="space-y-3 sm:w-[34rem]">
        <p id={titleId} className="font-semibold">
          When would you like an appointment?
        </p>
        <Group label="Quick options">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {AVAILABILITY_QUICK_OPTIONS.map((option) => {
              const isSelected = option.id === 'flexible' ? nothing : value.when === option.id;
              return (
                <button
                  key={option.id}
                  type="button"
                  aria-pressed={isSelected}
                  className={toggleChipClass(isSelected, undefined, true)}
                  onClick={() => onChange(option.id === 'flexible' ? NONE : { ...NONE, when: option.id })}
                >
                  {option.label}
                </button>
              );
            })}
          </div>
        </Group>
        <Group label="Days">
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
            {WEEKDAYS.map((day) => {
              const isSelected = isCustom && value.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  title={WEEKDAY_LABEL[day]}
                  aria-pressed={isSelected}
                  className={toggleChipClass(isSelected, undefined, true)}
                  onClick={() => custom(toggle(isCustom ? value.days : [], day), isCustom ? value.times : [])}
                >
                  {WEEKDAY_SHORT[day]}
                </button>
              );
            })}
          </div>
        </Group>
        <Group label="Times">
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {HOUR_SLOTS.map((slot) => {
              const isSelected = isCustom && value.times.includes(slot);
              return (
                <button
                  key={slot}
                  type="button"
                  aria-pressed={isSelected}
                  className={toggleChipClass(isSelected, 'tabular-nums', true)}
                  onClick={() =>
                    custom(isCustom ? value.days : [], toggle(isCustom ? value.times : [], slot))
                  }
                >
                  {timeLabel(slot)}
                </button>
              );
            })}
          </div>
        </Group>
        <div className="flex flex-wrap items-center gap-2 border-t border-app pt-3">
          <button
            type="button"
            aria-pressed={isNineToFive(value)}
            className={toggleChipClass(isNineToFive(value), undefined, true)}
            onClick={() => custom([...WEEKDAY_DAYS], [...NINE_TO_FIVE])}
          >
            Mon-Fri 9-5
          </button>
          <Button variant="ghost" size="sm" onClick={() => onChange(NONE)}>
            Clear All
          </Button>
          <PopoverClose asChild>
            <Button size="sm" className="ml-auto">
              Done
            </Button>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
