// This card is a lazy chunk of its own (account.tsx): an icon it shared with just one other page (the
// admin's MousePointerClick, the profile's CalendarDays) would be cut into a chunk of its own there.
import { CalendarClock, MousePointer2, Users } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { BookingStats } from '#domain/bookings.ts';
import { BOOKING_TEXTS, SERVICE_BOOKING_TEXTS } from '#domain/bookings-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { useBookingAnalytics } from '../api/get-booking-analytics';

const toast = toastFor('booking-analytics');

const dayLabel = (date: string, style: 'short' | 'long' = 'short') =>
  new Date(`${date}T12:00:00`).toLocaleDateString('en-US', {
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
    ...(style === 'long' ? { weekday: 'long' } : {}),
  });

const clickTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function Stat({
  icon: Icon,
  label,
  value,
  unique,
}: {
  icon: typeof Users;
  label: string;
  value: number;
  /** Unique clicks (one per client per day) among `value`, shown under it. */
  unique?: number;
}) {
  return (
    <div className="rounded-xl border border-app p-4">
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon className="h-4 w-4" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-app">{value.toLocaleString('en-US')}</dd>
      {unique !== undefined && (
        <dd className="text-sm text-muted">{unique.toLocaleString('en-US')} unique</dd>
      )}
    </div>
  );
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * Unique clicks per day (one per client per day) for the last 30 days as bars, so a client who
 * clicks again and again is one bar's worth; every click is in each bar's title and the
 * accessible description.
 */
function ClicksChart({ perDay }: { perDay: BookingStats['per_day'] }) {
  const descId = useId();
  const max = Math.max(1, ...perDay.map((d) => d.unique));
  const empty = { date: '', count: 0, unique: 0 };
  const busiest = perDay.reduce((a, b) => (b.unique > a.unique ? b : a), perDay[0] ?? empty);
  const total = perDay.reduce((sum, d) => sum + d.count, 0);
  const unique = perDay.reduce((sum, d) => sum + d.unique, 0);
  const first = perDay[0];
  const last = perDay.at(-1);
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium text-app">
        Unique clicks per day, last 30 days
      </figcaption>
      <div
        role="img"
        aria-describedby={descId}
        aria-label="Bar chart of booking clicks per day"
        className="flex h-28 items-end gap-[2px] rounded-lg border border-app p-2"
      >
        {perDay.map((d) => (
          <div
            key={d.date}
            title={`${dayLabel(d.date)}: ${BOOKING_TEXTS.clicksAndUnique(d.count, d.unique)}`}
            className="min-w-0 flex-1 rounded-t-sm bg-brand-600 dark:bg-brand-400"
            style={{
              height: `${d.unique === 0 ? 2 : Math.max(6, (d.unique / max) * 100)}%`,
              opacity: d.unique ? 1 : 0.25,
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
      <p id={descId} className="sr-only">
        {total === 0
          ? 'No clicks in the last 30 days.'
          : `${plural(unique, 'unique click')} (${plural(total, 'click')} in all) in the last 30 days; the busiest day was ${dayLabel(busiest.date, 'long')} with ${busiest.unique} unique.`}
      </p>
    </figure>
  );
}

/**
 * 'Booking Interest' on the provider's account page (docs/product.md §2, §9): total clicks and unique
 * clicks (one per client per day, which repeated clicks cannot inflate; ADR 008), unique clients,
 * the last 7 days, a 30-day chart and the 10 most recent clicks on their booking links.
 */
export function BookingAnalytics({ providerId }: { providerId: string }) {
  const query = useBookingAnalytics(providerId);

  useEffect(() => {
    if (query.isError && !query.isFetching) toast.error(BOOKING_TEXTS.loadFailedToast);
  }, [query.isError, query.isFetching]);

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading booking analytics..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={BOOKING_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else {
    const { stats, logs, total } = query.data;
    content = (
      <div className="space-y-6">
        {stats && (
          <>
            <div>
              <dl className="grid gap-3 sm:grid-cols-3">
                <Stat
                  icon={MousePointer2}
                  label="Total clicks"
                  value={stats.total_clicks}
                  unique={stats.unique_clicks}
                />
                <Stat icon={Users} label="Unique clients" value={stats.unique_clients} />
                <Stat
                  icon={CalendarClock}
                  label="Last 7 days"
                  value={stats.last_7_days}
                  unique={stats.unique_last_7_days}
                />
              </dl>
              <p className="mt-2 text-xs text-muted">{BOOKING_TEXTS.uniqueExplained}</p>
            </div>
            <ClicksChart perDay={stats.per_day} />
          </>
        )}
        {logs.length === 0 ? (
          <p className="text-sm text-muted">
            No clicks yet. When signed-in clients click Book on your profile, they show up here.
          </p>
        ) : (
          <div>
            <div className="relative overflow-x-auto rounded-lg border border-app">
              <table className="w-full min-w-[28rem] text-left text-sm">
                <caption className="sr-only">Most recent booking clicks</caption>
                <thead className="bg-muted text-xs text-muted uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Link
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Client
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {logs.map((log) => (
                    <tr key={log.id} className="border-t border-app">
                      <td className="px-3 py-2 whitespace-nowrap text-app">{clickTime(log.created_at)}</td>
                      <td className="max-w-[16rem] truncate px-3 py-2 text-app" title={log.url}>
                        {log.url}
                        {log.service_name && (
                          <span className="block truncate text-xs text-muted">
                            {SERVICE_BOOKING_TEXTS.forService(log.service_name)}
                          </span>
                        )}
                      </td>
                      <td className={log.client ? 'px-3 py-2 text-app' : 'px-3 py-2 text-muted'}>
                        {log.client_id === null
                          ? BOOKING_TEXTS.deletedClient
                          : BOOKING_TEXTS.clientName(log.client)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-muted">{BOOKING_TEXTS.showing(logs.length, total)}</p>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card aria-labelledby="booking-analytics-title">
      <CardHeader>
        <CardTitle id="booking-analytics-title">Booking Interest</CardTitle>
        <CardDescription>
          Clicks on your booking link by signed-in clients. Your own clicks are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
