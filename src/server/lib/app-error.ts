import {
  ERROR_MESSAGES,
  ERROR_STATUS,
  type ErrorCode,
  type Issue,
  PROVIDER_NOT_FOUND,
} from '#domain/errors.ts';

/** The one error type services throw; the error handler turns it into the wire shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: Issue[],
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A 400 about one field, worded like the form's own message. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, [{ path, message }]);
}

/** The 404 for a provider who does not exist or is not listed (the same answer, so ids cannot be probed). */
export function providerNotFound(): AppError {
  return new AppError('NOT_FOUND', PROVIDER_NOT_FOUND);
}

/** How long to wait, in words a person reads at a glance ('45 seconds', '15 minutes', '2 hours'). */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** The one 429: every limit answers with it (the caller sets Retry-After in seconds). */
export function rateLimited(seconds: number): AppError {
  return new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${waitText(seconds)}.`);
}
