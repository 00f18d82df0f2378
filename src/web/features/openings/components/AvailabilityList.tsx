import { CalendarX2, RotateCcw } from 'lucide-react';
import type { Opening } from '#domain/openings.ts';
import { LoadMoreButton } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useUpcomingOpenings } from '../api/get-upcoming-openings';
import { dayKey, formatDayHeading, hasEnded } from '../opening-time';
import { type BookProps, OpeningItem } from './OpeningItem';

/** Openings in the order given (soonest first), cut into local calendar days. */
function groupByDay(openings: readonly Opening[]): { key: string; heading: string; openings: Opening[] }[] {
  const days: { key: string; heading: string; openings: Opening[] }[] = [];
  for (const opening of openings) {
    const key = dayKey(opening.start_time);
    const last = days.at(-1);
    if (last?.key === key) last.openings.push(opening);
    else days.push({ key, heading: formatDayHeading(opening.start_time), openings: [opening] });
  }
  return days;
}

/**
 * /availability's list (SPEC.md §2 'Availability'): every upcoming opening, grouped by day, with the
 * provider's name linking to their profile, and Load more while the server has more.
 */
export function AvailabilityList(props: BookProps) {
  const query = useUpcomingOpenings();
  const now = new Date();
  const openings = (query.data?.pages.flatMap((p) => p.openings) ?? []).filter((o) => !hasEnded(o, now));

  if (query.isPending) return <Spinner label="Loading openings..." />;
  if (query.isError && openings.length === 0)
    return (
      <div className="space-y-3">
        <Alert>Failed to load openings</Alert>
        <Button variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  if (openings.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-app px-6 py-12 text-center">
        <CalendarX2 className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold text-app">No upcoming openings</h2>
        <p className="mt-2 text-sm text-muted">
          When professionals post short-notice openings for the next few days, they appear here.
        </p>
      </div>
    );

  return (
    <div className="space-y-10">
      {groupByDay(openings).map((day) => (
        <section key={day.key} aria-labelledby={`day-${day.key}`}>
          <h2 id={`day-${day.key}`} className="mb-4 text-xl font-semibold text-app">
            {day.heading}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {day.openings.map((opening) => (
              <li key={opening.id}>
                <OpeningItem opening={opening} showProvider showDate={false} {...props} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <LoadMoreButton query={query} />
    </div>
  );
}
