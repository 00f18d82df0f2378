import { CalendarX2, RotateCcw } from 'lucide-react';
import { dayKey, formatDayHeading } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
import { LoadMoreButton } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { type OpeningFilters, useUpcomingOpenings } from '../api/get-upcoming-openings';
import { hasEnded } from '../opening-time';
import { type BookProps, OpeningItem } from './OpeningItem';

/**
 * Openings (soonest first) cut into days, each on its own provider's calendar: a 9 PM Pacific
 * opening belongs to its Pacific day even when that is already tomorrow in New York.
 */
export function groupByDay(
  openings: readonly Opening[],
): { key: string; heading: string; openings: Opening[] }[] {
  const days = new Map<string, Opening[]>();
  for (const opening of openings) {
    const key = dayKey(opening.start_time, opening.time_zone);
    const day = days.get(key);
    if (day) day.push(opening);
    else days.set(key, [opening]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => ({ key, heading: formatDayHeading(key), openings: list }));
}

const hasFilters = (f: OpeningFilters) => Boolean(f.q || f.zip || f.bbox || f.category || f.day);

/**
 * /availability's list (docs/product.md §2 'Availability'): the upcoming openings that
 * match the filters (on the server), grouped by day, with the provider's name linking to their
 * profile, and Load more while the server has more.
 */
export function AvailabilityList({ filters = {}, ...props }: BookProps & { filters?: OpeningFilters }) {
  const query = useUpcomingOpenings(undefined, filters);
  const now = new Date();
  const openings = (query.data?.pages.flatMap((p) => p.openings) ?? []).filter((o) => !hasEnded(o, now));

  if (query.isPending) return <Spinner label="Loading openings..." />;
  if (query.isError && openings.length === 0) {
    // A refused filter (an unknown zip) says what to change; trying again only helps a failure.
    const refused = query.error instanceof ApiError && query.error.status === 400 && query.error.message;
    return (
      <div className="space-y-3">
        <Alert>{refused || 'Failed to load openings'}</Alert>
        {!refused && (
          <Button variant="outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Try Again
          </Button>
        )}
      </div>
    );
  }
  if (openings.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-app px-6 py-12 text-center">
        <CalendarX2 className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
        <h2 className="mt-3 text-lg font-semibold text-app">
          {hasFilters(filters) ? 'No openings match these filters' : 'No upcoming openings'}
        </h2>
        <p className="mt-2 text-sm text-muted">
          {hasFilters(filters)
            ? 'Try a wider radius, another day or fewer words.'
            : 'When professionals post short-notice openings for the next few days, they appear here.'}
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
