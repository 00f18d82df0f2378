import { Check } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import {
  HOUR_SLOTS,
  hourLabel,
  hourOf,
  type TimeSlots,
  WEEKDAY_LABEL,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type Weekday,
} from '#domain/availability.ts';
import { cn } from '#web/lib/cn.ts';

interface AvailabilityGridProps {
  value: TimeSlots;
  onToggle: (day: Weekday, slot: string) => void;
  disabled?: boolean;
}

/**
 * Days × hourly slots (8AM–7PM) as toggle buttons. One tab stop for the whole grid; the arrow keys,
 * Home and End move between slots (a roving tabindex), Space or Enter toggles. On a phone the rows
 * scroll sideways while the day names stay put.
 */
export function AvailabilityGrid({ value, onToggle, disabled = false }: AvailabilityGridProps) {
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const cols = HOUR_SLOTS.length;

  const moveTo = (row: number, col: number) => {
    const r = Math.min(WEEKDAYS.length - 1, Math.max(0, row));
    const c = Math.min(cols - 1, Math.max(0, col));
    setFocus([r, c]);
    buttons.current[r * cols + c]?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [row, col + 1],
      ArrowLeft: [row, col - 1],
      ArrowDown: [row + 1, col],
      ArrowUp: [row - 1, col],
      Home: [row, 0],
      End: [row, cols - 1],
    };
    const target = moves[event.key];
    if (!target) return;
    event.preventDefault();
    moveTo(...target);
  };

  return (
    <div className="relative overflow-x-auto rounded-xl border border-app">
      <table className="w-full min-w-[620px] border-separate border-spacing-1 text-xs">
        <caption className="sr-only">
          Weekly hours: each button is one hour starting at the time shown. Use the arrow keys to move and
          Space to switch an hour on or off.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-card px-1 text-left font-medium text-muted">
              <span className="sr-only">Day</span>
            </th>
            {HOUR_SLOTS.map((slot) => (
              <th
                key={slot}
                scope="col"
                className="px-0.5 py-1 text-center font-medium whitespace-nowrap text-muted"
              >
                {hourLabel(hourOf(slot))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day, row) => (
            <tr key={day}>
              <th
                scope="row"
                className="sticky left-0 z-10 bg-card pr-2 pl-1 text-left text-sm font-semibold text-app"
              >
                <abbr title={WEEKDAY_LABEL[day]} className="no-underline">
                  {WEEKDAY_SHORT[day]}
                </abbr>
              </th>
              {HOUR_SLOTS.map((slot, col) => {
                const isOn = value[day].includes(slot);
                const isFocusTarget = focus[0] === row && focus[1] === col;
                return (
                  <td key={slot} className="p-0">
                    <button
                      ref={(el) => {
                        buttons.current[row * cols + col] = el;
                      }}
                      type="button"
                      disabled={disabled}
                      tabIndex={isFocusTarget ? 0 : -1}
                      aria-pressed={isOn}
                      aria-label={`${WEEKDAY_LABEL[day]} ${hourLabel(hourOf(slot))}`}
                      onClick={() => {
                        setFocus([row, col]);
                        onToggle(day, slot);
                      }}
                      onKeyDown={(event) => handleKeyDown(event, row, col)}
                      className={cn(
                        'flex h-10 w-full min-w-10 cursor-pointer items-center justify-center rounded-md border transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                        isOn
                          ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-600'
                          : 'border-[#b9b1c4] bg-muted text-muted hover:border-brand-500 dark:border-[#5a4f66] dark:hover:border-brand-400',
                      )}
                    >
                      {isOn && <Check className="h-4 w-4" aria-hidden="true" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
