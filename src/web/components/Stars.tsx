import { Star } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * Five stars filled to `value`, to the nearest half star. Read out as one phrase ('4.5 out of 5
 * stars'); the icons themselves are hidden from screen readers.
 */
export function Stars({
  value,
  className,
  size = 'sm',
}: {
  value: number;
  className?: string;
  size?: 'sm' | 'lg';
}) {
  const halves = Math.round(value * 2) / 2;
  const icon = size === 'lg' ? 'h-5 w-5' : 'h-4 w-4';
  return (
    <span
      role="img"
      aria-label={`${value} out of 5 stars`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = Math.min(1, Math.max(0, halves - (n - 1)));
        return (
          <span key={n} className={cn('relative inline-block', icon)} aria-hidden="true">
            <Star
              className={cn(icon, 'absolute inset-0 fill-transparent text-slate-400 dark:text-slate-500')}
            />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn(icon, 'fill-amber-400 text-amber-500')} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
