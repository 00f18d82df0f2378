import { Check } from 'lucide-react';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';

interface ChipGroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
}

/** A labelled group of toggle chips (each a button with aria-pressed) for multi-select lists. */
export function ChipGroup<T extends string>({ legend, options, value, onChange }: ChipGroupProps<T>) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-app">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = value.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={selected}
              onClick={() =>
                onChange(selected ? value.filter((v) => v !== option.value) : [...value, option.value])
              }
              className={toggleChipClass(selected, 'min-h-0 text-xs')}
            >
              {selected && <Check className="h-3 w-3" aria-hidden="true" />}
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
