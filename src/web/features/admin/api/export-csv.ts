import { EXPORT_ROWS_HEADER, EXPORT_TRUNCATED_HEADER } from '#domain/admin-options.ts';
import { downloadCsv } from '#web/lib/api-client.ts';
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
 * GET /api/admin/<table>/export with the table's filters, saved by the browser as a .csv file,
 * with the admin token; a refused token is forgotten so the step shows again (as adminGet does).
 */
export async function exportCsv(
  table: ExportTable,
  filters: AdminTableFilters & { reviewStatus?: string },
): Promise<CsvExport> {
  const params = filterParams(filters, filters.reviewStatus ? { status: filters.reviewStatus } : {});
  try {
    const headers = await downloadCsv(
      `/api/admin/${table}/export?${params}`,
      `glowfind-${table}.csv`,
      adminAccessHeaders(),
    );
    return {
      rows: Number(headers.get(EXPORT_ROWS_HEADER) ?? 0),
      truncated: headers.get(EXPORT_TRUNCATED_HEADER) === 'true',
    };
  } catch (error) {
    if (isAdminAccessRequired(error)) clearAdminAccess();
    throw error;
  }
}
