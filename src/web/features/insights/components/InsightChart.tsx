import { useId } from 'react';
import { type ChartPoint, countOf, dayLabel, summarize } from './insight-summary';

/**
 * One figure per day as bars in plain CSS (no chart library), its total beside the title and, under
 * it, the same in a sentence that the chart's image role points to.
 */
export function InsightChart({
  title,
  unit,
  points,
}: {
  title: string;
  /** The singular noun the summary counts in ('impression'). */
  unit: string;
  points: readonly ChartPoint[];
}) {
  const summaryId = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const total = points.reduce((n, p) => n + p.value, 0);
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="rounded-xl border border-app p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-app">{title}</span>
        <span className="text-2xl font-bold text-app">{total.toLocaleString('en-US')}</span>
      </figcaption>
      <div
        role="img"
        aria-label={`${title} per day, bar chart`}
        aria-describedby={summaryId}
        className="mt-2 flex h-20 items-end gap-px"
      >
        {points.map((p) => (
          <div
            key={p.date}
            title={`${dayLabel(p.date)}: ${countOf(p.value, unit)}`}
            className="min-w-0 flex-1 rounded-t-sm bg-brand-600 dark:bg-brand-400"
            style={{
              height: `${p.value === 0 ? 2 : Math.max(6, (p.value / max) * 100)}%`,
              opacity: p.value ? 1 : 0.25,
            }}
          />
        ))}
      </div>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </div>
      )}
      <p id={summaryId} className="mt-2 text-xs text-muted">
        {summarize(points, unit)}
      </p>
    </figure>
  );
}
