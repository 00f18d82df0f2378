import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

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
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors',
                selected
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-600'
                  : 'border-app bg-transparent text-app hover:bg-muted',
              )}
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
