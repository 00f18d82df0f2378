/** Admin and beta gate: texts, header names and display helpers (no zod). */

export const ADMIN_LIMITS = { pageDefault: 50, pageMax: 100, passwordMax: 200 } as const;

export const ADMIN_TEXTS = {
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
  noBookingLogs: 'No booking logs found',
  noSubmissions: 'No submissions found',
  passwordRequired: 'Enter the admin password',
} as const;

/** Header carrying the token that POST /api/admin/access hands out when ADMIN_PASSWORD is set. */
export const ADMIN_ACCESS_HEADER = 'x-admin-access';

/** Header carrying the token that POST /api/beta/access hands out when BETA_PASSWORD is set. */
export const BETA_ACCESS_HEADER = 'x-beta-access';

/** The browser's key for the beta-gate flag (SPEC.md §4: 'admin-auth'). It holds the server's token. */
export const BETA_STORAGE_KEY = 'admin-auth';

/** First 8 characters then '...' (SPEC.md §2 admin tables). */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}

/** en-US short timestamp with year, month, day, hour and minute (SPEC.md §2 'Admin'). */
export function adminTimestamp(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
