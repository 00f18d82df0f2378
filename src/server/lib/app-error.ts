import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode, type Issue } from '../../domain/errors';

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
