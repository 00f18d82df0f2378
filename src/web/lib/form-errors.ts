import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Issue } from '#domain/errors.ts';
import { ApiError } from './api-client';

/**
 * Puts a 400's issues on the form's fields ('specialties.3' goes on 'specialties'). Returns true
 * when at least one landed, so the caller knows the fields explain the failure.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let placed = false;
  const seen = new Set<string>();
  for (const issue of error.issues as Issue[]) {
    const field = issue.path.split('.')[0] ?? '';
    if (!fields.includes(field) || seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
