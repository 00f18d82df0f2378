import { cn } from '../lib/cn';

/** Lucide's `star` (ISC), drawn five times in one SVG below. */
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
/** One star is 24 units wide, and 3 units apart from the next (2 px at the small size). */
const STEP = 27;
const WIDTH = 5 * STEP - 3;

/**
 * Five stars filled to `value`, to the nearest half star. Read out as one phrase ('4.5 out of 5
 * stars'); the drawing itself is hidden from screen readers. One SVG for the five: a profile lists a
 * star row per review, and ten icons per row were most of its server-rendered HTML.
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
  return (
    <span
      role="img"
      aria-label={`${value} out of 5 stars`}
      className={cn('inline-flex items-center', className)}
    >
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${WIDTH} 24`}
        className={size === 'lg' ? 'h-5 w-[110px]' : 'h-4 w-[88px]'}
        fill="none"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {[0, 1, 2, 3, 4].map((n) => {
          const fill = Math.min(1, Math.max(0, halves - n));
          return (
            <g key={n} transform={`translate(${n * STEP} 0)`}>
              <path d={STAR} stroke="currentColor" className="text-slate-400 dark:text-slate-500" />
              {fill > 0 && (
                // A nested SVG clips the filled star to its width: half a star shows its left half.
                <svg aria-hidden="true" width={24 * fill} height={24} viewBox={`0 0 ${24 * fill} 24`}>
                  <path d={STAR} stroke="currentColor" className="fill-amber-400 text-amber-500" />
                </svg>
              )}
            </g>
          );
        })}
      </svg>
    </span>
  );
}

/** One star, as Lucide's `Star` icon draws it (the same path, so a profile loads it once). */
export function StarIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={STAR} />
    </svg>
  );
}
