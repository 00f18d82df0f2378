import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { LoadMoreButton } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { cn } from '#web/lib/cn.ts';

export interface LogColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface LogPage<T> {
  logs: T[];
  total: number;
  nextCursor: string | null;
}

interface LogTableProps<T> {
  caption: string;
  columns: LogColumn<T>[];
  query: UseInfiniteQueryResult<InfiniteData<LogPage<T>>>;
  emptyText: string;
  /** Keeps narrow columns readable on a phone: the table scrolls sideways inside its card. */
  minWidthClass: string;
}

/** One log list: a real table (caption, column headers), its empty and failed states, and 'Load more'. */
export function LogTable<T extends { id: string }>({
  caption,
  columns,
  query,
  emptyText,
  minWidthClass,
}: LogTableProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading logs..." />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="p-4">
        <Alert>{ADMIN_TEXTS.loadFailedInline}</Alert>
      </div>
    );
  }

  const pages = query.data.pages;
  const rows = pages.flatMap((page) => page.logs);
  const total = pages.at(-1)?.total ?? 0;

  return (
    <div>
      {/* Focusable so keyboard users can scroll it sideways on a narrow screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="overflow-x-auto" aria-label={caption} tabIndex={0}>
        {/* An empty list needs no width: its message must be readable without scrolling sideways. */}
        <table className={cn('w-full text-left text-sm', rows.length > 0 && minWidthClass)}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted text-xs tracking-wide text-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cn('px-4 py-3 font-semibold', column.className)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="border-t border-app px-4 py-10 text-center text-muted"
                >
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="border-t border-app align-top">
                  {columns.map((column) => (
                    <td key={column.header} className={cn('px-4 py-3 text-app', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {query.isError && (
        <div className="px-4 pt-4">
          <Alert>{ADMIN_TEXTS.loadFailedInline}</Alert>
        </div>
      )}
      {rows.length > 0 && (
        <div className="flex flex-col items-center gap-3 border-t border-app px-4 py-4 sm:flex-row sm:justify-between">
          <p className="text-sm text-muted" aria-live="polite">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
          </p>
          <LoadMoreButton query={query} size="sm" />
        </div>
      )}
    </div>
  );
}
