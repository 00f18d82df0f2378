import { useId } from 'react';
import { MIN_RATING_OPTIONS, type MinRating } from '#domain/search-options.ts';
import { Select } from '#web/components/ui/Select.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * The minimum-rating filter beside availability and experience: a native select (the platform's
 * picker, keyboard and screen-reader friendly), marked like the other filters when one is chosen.
 * Ratings come from real reviews only (ADR 008).
 */
export function RatingFilter({ value, onChange }: { value: MinRating; onChange: (next: MinRating) => void }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        Rating
      </label>
      <Select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value) as MinRating)}
        className={cn(
          'font-medium md:w-auto',
          value > 0 &&
            'border-brand-700 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-900/40 dark:text-brand-100',
        )}
      >
        {MIN_RATING_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option === 0 ? 'Any rating' : `${option}+ stars`}
          </option>
        ))}
      </Select>
    </div>
  );
}
