import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { LoadMoreButton } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * One column of an admin table, used by both of its renderings: the table's header and cell on a
 * wide screen, and a 'label: value' pair on each stacked card on a phone.
 */
export interface LogColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the table's header and cells (widths, wrapping); a card's field ignores them. */
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
  /** Keeps the table's columns readable between md and its width: the table then scrolls sideways. */
  minWidthClass: string;
}

/**
 * One log list, its empty and failed states, and 'Load more'. Below `md` each row is a card in a
 * list (each column a labelled field, its buttons and links kept); from `md` up, a real table with
 * caption and column headers. Both come from the same columns; CSS shows one, and the hidden one is
 * display:none, so out of the accessibility tree too.
 */
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
      <section aria-label={caption}>
        {rows.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted">{emptyText}</p>
        ) : (
          <>
            {/* role="list" because Safari drops a list's role once its bullets are styled away. */}
            {/* biome-ignore lint/a11y/noRedundantRoles: see above */}
            <ul role="list" aria-label={caption} className="md:hidden">
              {rows.map((row) => (
                <li key={row.id} className="border-t border-app px-4 py-4 first:border-t-0">
                  <dl className="grid gap-3 sm:grid-cols-2">
                    {columns.map((column) => (
                      <div key={column.header} className="min-w-0">
                        <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                          {column.header}
                        </dt>
                        <dd className="mt-1 text-sm text-app [overflow-wrap:anywhere]">{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            {/* Focusable so keyboard users can scroll it sideways when the screen is narrower than the table; */}
            {/* relative so the cells' visually hidden (absolute) texts stay inside it, not widening the page. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <div className="relative hidden overflow-x-auto md:block" tabIndex={0}>
              <table className={cn('w-full text-left text-sm', minWidthClass)}>
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
                  {rows.map((row) => (
                    <tr key={row.id} className="border-t border-app align-top">
                      {columns.map((column) => (
                        <td key={column.header} className={cn('px-4 py-3 text-app', column.className)}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
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
