// The stored search log: writing the rows search-log.ts's writer releases, and reading them back
// for the admin dashboard (a page with its total, or a date range as CSV).

import {
  ADMIN_LIMITS,
  type AdminDateRange,
  dateRangeBounds,
  type SearchLogResults,
  toCsv,
} from '#domain/admin.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { decodeKeyset, pageOf } from '#server/lib/keyset-cursor.ts';
import * as q from './search.queries';

export type { NewSearchLog } from './search.queries';

/** Writes a batch of search log rows: the flush of search-log.ts's writer, after the replies are sent. */
export async function writeSearchLogs(db: Db, rows: readonly q.NewSearchLog[]): Promise<void> {
  await q.insertSearchLogs(db, rows);
}

type SearchLogFilters = AdminDateRange & { results: SearchLogResults };

const logRange = (query: SearchLogFilters): q.LogRange => ({
  ...dateRangeBounds(query),
  zeroOnly: query.results === 'zero',
});

/**
 * A page of search logs for the admin dashboard (all, or only those that found nobody), with the
 * total: each row's words, zip, filters and result count.
 */
export async function listSearchLogs(
  ctx: AppContext,
  query: { limit: number; cursor?: string | undefined } & SearchLogFilters,
) {
  const range = logRange(query);
  const [rows, total] = await Promise.all([
    q.findSearchLogs(ctx.db, query.limit, decodeKeyset(query.cursor, 'bigint'), range),
    q.countSearchLogs(ctx.db, range),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    logs: page.map((log) => ({
      id: log.id,
      query: log.query,
      zip: log.zip,
      filters: log.filters ?? {},
      result_count: log.result_count,
      created_at: log.created_at,
    })),
    total,
    nextCursor,
  };
}

const SEARCH_LOG_CSV_HEADER = ['id', 'created_at', 'query', 'zip', 'filters', 'result_count'];

/** The search logs of the list's filters as CSV, newest first, at most ADMIN_LIMITS.exportMaxRows. */
export async function exportSearchLogsCsv(ctx: AppContext, query: SearchLogFilters) {
  const max = ADMIN_LIMITS.exportMaxRows;
  const rows = await q.findSearchLogs(ctx.db, max, null, logRange(query));
  const page = rows.slice(0, max);
  const csv = toCsv(
    SEARCH_LOG_CSV_HEADER,
    page.map((r) => [
      r.id,
      r.created_at,
      r.query,
      r.zip,
      Object.keys(r.filters ?? {}).length > 0 ? JSON.stringify(r.filters) : '',
      r.result_count,
    ]),
  );
  return { csv, rows: page.length, truncated: rows.length > max };
}
