import { useState } from 'react';
import {
  INSIGHT_FIGURES,
  INSIGHT_PERIODS,
  INSIGHT_TEXTS,
  type InsightPeriod,
} from '#domain/insights-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { exportInsightsCsv } from '../api/export-insights-csv';
import { useProviderInsights } from '../api/get-provider-insights';
import { InsightChart } from './InsightChart';
import { countOf } from './insight-summary';

const toast = toastFor('insights-export');

const percent = (ratio: number) =>
  ratio.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });

/**
 * 'Insights' on the provider's account page, beside Booking Interest (ADR 019): for the last
 * 7, 30 or 90 of the provider's days, a chart per figure with its summary in words, the conversion
 * from profile view to booking click, the top search words, and the figures as a CSV file. Loaded
 * as its own chunk (account.tsx), so the account page's first load does not grow.
 */
export function ProviderInsights({ providerId }: { providerId: string }) {
  const [days, setDays] = useState<InsightPeriod>(30);
  const [isExporting, setIsExporting] = useState(false);
  const query = useProviderInsights(providerId, days);

  const handleExport = async () => {
    setIsExporting(true);
    try {
      await exportInsightsCsv(providerId, days);
    } catch {
      toast.error('Failed to export your insights');
    } finally {
      setIsExporting(false);
    }
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading insights..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={INSIGHT_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else {
    const insights = query.data;
    const { totals } = insights;
    content = (
      <div className="space-y-6" aria-busy={query.isPlaceholderData}>
        <p className="rounded-xl border border-app p-4 text-sm text-app">
          <span className="font-semibold">Profile view to booking click: </span>
          {insights.conversion === null
            ? 'no profile views in this period yet.'
            : `${percent(insights.conversion)} (${countOf(totals.booking_clicks, 'click')} from ${countOf(totals.profile_views, 'view')}).`}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {INSIGHT_FIGURES.map((figure) => (
            <InsightChart
              key={figure.key}
              title={figure.label}
              unit={figure.unit}
              points={insights.per_day.map((d) => ({ date: d.date, value: d[figure.key] }))}
            />
          ))}
        </div>
        <section aria-labelledby="insights-words-title">
          <h3 id="insights-words-title" className="text-sm font-semibold text-app">
            Search words that showed you most
          </h3>
          {insights.top_words.length === 0 ? (
            <p className="mt-1 text-sm text-muted">No searches showed you in this period yet.</p>
          ) : (
            <ol className="mt-2 flex flex-wrap gap-2">
              {insights.top_words.map((w) => (
                <li key={w.word} className="rounded-full border border-app px-3 py-1 text-sm text-app">
                  {w.word} <span className="text-muted">· {w.count.toLocaleString('en-US')}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <p className="text-xs text-muted">
          Days in your time zone ({insights.time_zone}). Profile views count each visitor once a day, and
          booking clicks each client once a day; bots are not counted.
        </p>
      </div>
    );
  }

  return (
    <Card aria-labelledby="insights-title">
      <CardHeader>
        <CardTitle id="insights-title">Insights</CardTitle>
        <CardDescription>
          How clients find you: searches that showed you, profile visitors, new favorites, saved-search alerts
          and booking clicks. Counted without recording who.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <fieldset className="m-0 inline-flex min-w-0 rounded-lg border border-app p-0.5">
            <legend className="sr-only">Period</legend>
            {INSIGHT_PERIODS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={n === days}
                onClick={() => setDays(n)}
                className={cn(
                  'h-8 cursor-pointer rounded-md px-3 text-xs font-semibold text-app',
                  n === days ? 'bg-brand-700 text-white dark:bg-brand-600' : 'hover:bg-muted',
                )}
              >
                {n} days
              </button>
            ))}
          </fieldset>
          <Button variant="outline" size="sm" onClick={() => void handleExport()} disabled={isExporting}>
            Export CSV
          </Button>
        </div>
        {content}
      </CardContent>
    </Card>
  );
}
