import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { SearchLog, SearchLogsReply } from '#domain/admin.ts';
import { ADMIN_TEXTS, adminTimestamp } from '#domain/admin-options.ts';
import { searchLogFilterParts } from '#domain/search-log-filters.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { exportCsv } from '../api/export-csv';
import type { SearchLogFilters } from '../api/get-search-logs';
import { type LogColumn, LogTable } from './LogTable';
import { TableToolbar } from './TableToolbar';

/** An empty cell: a dash to the eye, words to a screen reader. */
function None({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

const columns: LogColumn<SearchLog>[] = [
  {
    header: 'Query',
    // Long queries wrap anywhere rather than widening the table.
    cell: (row) => row.query || <None label="No words" />,
    className: '[overflow-wrap:anywhere]',
  },
  {
    header: 'Zip',
    cell: (row) => row.zip ?? <None label="No zip" />,
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    header: 'Filters',
    cell: (row) => {
      const parts = searchLogFilterParts(row.filters);
      return parts.length > 0 ? parts.join(' · ') : <None label="No filters" />;
    },
    className: 'text-muted md:max-w-[16rem]',
  },
  {
    header: 'Results',
    cell: (row) =>
      row.result_count === null ? (
        <None label="Not counted" />
      ) : (
        <span
          className={row.result_count === 0 ? 'font-semibold text-amber-800 dark:text-amber-300' : undefined}
        >
          {row.result_count.toLocaleString('en-US')}
        </span>
      ),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    header: 'Timestamp',
    cell: (row) => <time dateTime={htmlDateTime(row.created_at)}>{adminTimestamp(row.created_at)}</time>,
    className: 'whitespace-nowrap text-muted',
  },
];

interface SearchLogsPanelProps {
  filters: SearchLogFilters;
  onFiltersChange: (filters: SearchLogFilters) => void;
  query: UseInfiniteQueryResult<InfiniteData<SearchLogsReply['data']>>;
}

/**
 * The admin's search log (docs/product.md §2 'Admin'): each search's words, zip, filters and result
 * count, newest first; filtered by UTC days and, with 'Zero results only', to the searches that found
 * nobody (the server filters and pages them); exported as CSV with the same filters.
 */
export function SearchLogsPanel({ filters, onFiltersChange, query }: SearchLogsPanelProps) {
  const isZeroOnly = filters.results === 'zero';
  const total = query.data?.pages.at(-1)?.total ?? null;
  return (
    <>
      <TableToolbar
        name="Search logs"
        range={{ from: filters.from, to: filters.to }}
        onRangeChange={(range) => onFiltersChange({ ...range, results: filters.results })}
        total={total}
        onExport={() => exportCsv('search-logs', filters)}
      >
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium text-app">
          <input
            type="checkbox"
            checked={isZeroOnly}
            onChange={(e) => onFiltersChange({ ...filters, results: e.target.checked ? 'zero' : 'all' })}
            className="h-4 w-4 accent-brand-700"
          />
          {ADMIN_TEXTS.zeroResultsOnly}
        </label>
      </TableToolbar>
      <Card className="overflow-hidden">
        <LogTable
          caption={isZeroOnly ? 'Searches with zero results, newest first' : 'Search logs, newest first'}
          columns={columns}
          query={query}
          emptyText={isZeroOnly ? ADMIN_TEXTS.noZeroResultSearches : ADMIN_TEXTS.noSearchLogs}
          minWidthClass="min-w-[44rem]"
        />
      </Card>
    </>
  );
}
