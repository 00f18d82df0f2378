import { EXPORT_ROWS_HEADER, EXPORT_TRUNCATED_HEADER } from '#domain/admin-options.ts';
import { ApiError, refreshSession } from '#web/lib/api-client.ts';
import { betaHeaders } from '#web/lib/beta-gate.ts';
import { getSession, needsRefresh } from '#web/lib/session.ts';
import { adminAccessHeaders, clearAdminAccess } from '../admin-access-store';
import { type AdminTableFilters, filterParams } from './admin-filters';
import { isAdminAccessRequired } from './admin-request';

/** What an export holds: its rows, and whether the server cut it at ADMIN_LIMITS.exportMaxRows. */
export interface CsvExport {
  rows: number;
  truncated: boolean;
}

/** The tables that export, by their export path. */
export type ExportTable = 'search-logs' | 'submissions' | 'booking-logs' | 'reviews';

/**
 * GET /api/admin/<table>/export with the table's filters, saved by the browser as a .csv file.
 * The reply is CSV, not JSON, so this reads it itself (the bearer and admin token as `api` sends
 * them) rather than through `api`; a failure still becomes an ApiError.
 */
export async function exportCsv(
  table: ExportTable,
  filters: AdminTableFilters & { reviewStatus?: string },
): Promise<CsvExport> {
  let session = getSession();
  if (!session) throw new ApiError('UNAUTHORIZED', 401, 'No authentication token available');
  if (needsRefresh(session)) session = (await refreshSession()) ?? session;
  const params = filterParams(filters, filters.reviewStatus ? { status: filters.reviewStatus } : {});
  const response = await fetch(`/api/admin/${table}/export?${params}`, {
    headers: {
      Accept: 'text/csv',
      Authorization: `Bearer ${session.access_token}`,
      ...betaHeaders(),
      ...adminAccessHeaders(),
    },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    const error = new ApiError(
      data?.error ?? 'HTTP_ERROR',
      response.status,
      data?.message ?? `HTTP error! status: ${response.status}`,
    );
    if (isAdminAccessRequired(error)) clearAdminAccess();
    throw error;
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `glowfind-${table}.csv`;
  saveFile(blob, name);
  return {
    rows: Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0),
    truncated: response.headers.get(EXPORT_TRUNCATED_HEADER) === 'true',
  };
}

/** Hands a file to the browser's downloads (a temporary object URL on a clicked download link). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the download to start; the URL holds the whole file in memory until revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
