import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * What a failed send says: the server's words when they help the sender (a validation issue, a
 * block, a rate limit: every 4xx), ours when it failed on the way or on the server.
 */
export function sendFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGE_TEXTS.failed;
  if (error.code === 'VALIDATION_ERROR') return error.issues[0]?.message ?? MESSAGE_TEXTS.failed;
  if (error.status === 0 || error.status >= 500) return MESSAGE_TEXTS.failed;
  return error.message || MESSAGE_TEXTS.failed;
}
