import type { AdminDateRange, SearchLogResults, SubmissionStatus } from '#domain/admin.ts';

/**
 * The filters of one admin table: a date range (UTC days) and, for submissions, open/handled; for
 * search logs, all or only those that found nobody.
 */
export interface AdminTableFilters extends AdminDateRange {
  status?: SubmissionStatus;
  results?: SearchLogResults;
}

/** The filters as query parameters (only those set), for the list and its CSV export alike. */
export function filterParams(
  filters: AdminTableFilters,
  extra: Record<string, string> = {},
): URLSearchParams {
  const params = new URLSearchParams(extra);
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.results && filters.results !== 'all') params.set('results', filters.results);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}
