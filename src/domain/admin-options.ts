/** Admin and beta gate: texts, header names and display helpers (no zod). */

export const ADMIN_LIMITS = {
  pageDefault: 50,
  pageMax: 100,
  passwordMax: 200,
  /** A CSV export holds at most this many rows (the newest); the reply says when it was cut. */
  exportMaxRows: 10_000,
  /** Date filters accept days in these years (PostgreSQL refuses year 0; nothing predates 2000). */
  minDate: '2000-01-01',
  maxDate: '2999-12-31',
} as const;

export const ADMIN_TEXTS = {
  /** A booking click whose client has since deleted their account. */
  deletedAccount: 'Deleted account',
  /** The account deletions card: counts only (ADR 026). */
  deletionsTitle: 'Account deletions',
  deletionsDescription: 'Deleted accounts per day, as counts only: nothing about who they were is kept.',
  deletionsTotal: (n: number) => `${n} in the last 30 days`,
  deletionsNone: 'No accounts were deleted in the last 30 days.',
  accessTitle: 'Admin Access',
  accessDenied: 'Access Denied',
  invalidPassword: 'Invalid admin password',
  invalidPasswordForm: 'Invalid password. Please try again.',
  accessGranted: 'Access Granted',
  loggedOut: 'Logged Out',
  loadFailedTitle: 'Error',
  loadFailed: 'Failed to load analytics data',
  loadFailedInline: 'Failed to load logs',
  noSearchLogs: 'No search logs found',
  zeroResultsOnly: 'Zero results only',
  noZeroResultSearches: 'No searches without results',
  noBookingLogs: 'No booking logs found',
  noSubmissions: 'No submissions found',
  passwordRequired: 'Enter the admin password',
  invalidDate: 'Enter a date as YYYY-MM-DD',
  dateOutOfRange: 'Enter a date between 2000 and 2999',
  badDateRange: "The 'to' date must be on or after the 'from' date",
  noSubmissionsInView: 'No submissions match these filters',
  markedHandled: 'Marked handled',
  markedOpen: 'Marked open',
  submissionNotFound: 'Submission not found',
  exportFailed: 'Export failed. Please try again.',
  exportTruncated: (max: number) =>
    `Only the newest ${max.toLocaleString('en-US')} rows were exported. Narrow the dates to export the rest.`,
} as const;

/** Headers of a CSV export: how many rows it holds, and whether more matched (then it was cut). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
export const EXPORT_TRUNCATED_HEADER = 'x-export-truncated';

/** The headers of a CSV export reply ('glowfind-submissions-2026-01-31.csv'). */
export function csvExportHeaders(
  name: string,
  result: { rows: number; truncated: boolean },
  today: string,
): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="glowfind-${name}-${today}.csv"`,
    'cache-control': 'private, no-store',
    [EXPORT_ROWS_HEADER]: String(result.rows),
    [EXPORT_TRUNCATED_HEADER]: String(result.truncated),
  };
}

/**
 * A date range of the admin filters as instants: from the start of `from` (UTC) to the start of
 * the day after `to` (UTC), so `to` is inclusive. Either end may be open.
 */
export function dateRangeBounds(range: { from?: string | undefined; to?: string | undefined }): {
  since: string | null;
  before: string | null;
} {
  const before = range.to ? new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString() : null;
  return { since: range.from ? `${range.from}T00:00:00.000Z` : null, before };
}

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text that a spreadsheet would read as a
 * formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, and a cell
 * holding a quote, comma or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: a header row, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const line = (cells: readonly unknown[]) =>
    cells.map((c) => csvCell(c as string | number | boolean | null | undefined)).join(',');
  return `${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** Header carrying the token that POST /api/admin/access hands out when ADMIN_PASSWORD is set. */
export const ADMIN_ACCESS_HEADER = 'x-admin-access';

/** Header carrying the token that POST /api/beta/access hands out when BETA_PASSWORD is set. */
export const BETA_ACCESS_HEADER = 'x-beta-access';

/** en-US short timestamp with year, month, day, hour and minute (docs/product.md §2 'Admin'). */
export function adminTimestamp(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
