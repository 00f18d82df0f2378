import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '#web/lib/cn.ts';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * 1 to 5 stars as a radio group: arrow keys move between stars, each star has a name ('4 stars,
 * Very good'), and the choice is visible without colour alone (the word next to the stars).
 */
export function StarInput({
  value,
  onChange,
  error,
  name,
}: {
  value: number | null;
  onChange: (value: number) => void;
  error?: string | undefined;
  name: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-app">
        Rating{' '}
        <span aria-hidden="true" className="text-brand-700 dark:text-brand-300">
          *
        </span>
      </legend>
      <div className="mt-1.5 flex items-center gap-3">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[color:var(--ring)]"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-invalid={error ? true : undefined}
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}, {LABELS[n - 1]}
              </span>
              <Star
                aria-hidden="true"
                className={cn(
                  'pointer-events-none h-8 w-8 transition-colors',
                  value !== null && n <= value
                    ? 'fill-amber-400 text-amber-500'
                    : 'fill-transparent text-slate-400 hover:text-amber-500 dark:text-slate-500',
                )}
              />
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-muted">
          {value ? LABELS[value - 1] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
