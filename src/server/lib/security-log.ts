import type { FastifyBaseLogger } from 'fastify';

/** What an attacker's probing looks like in the log: one `security` event per refusal worth noticing. */
export type SecurityEvent =
  | 'access-password-failed'
  | 'access-password-slowed'
  | 'account-deleted'
  | 'email-changed'
  | 'email-change-undone'
  | 'identity-check-failed'
  | 'login-locked'
  | 'mail-recipient-cap-passed-by-owner'
  | 'mail-recipient-capped'
  | 'passkey-added'
  | 'passkey-removed'
  | 'password-changed'
  | 'refresh-token-reuse'
  | 'review-held';

/**
 * Logs a security event at warn level with `security: <event>`, so one filter finds them all.
 * Never pass secrets, tokens or passwords in `details`; addresses and ids are fine.
 */
export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  details: Record<string, unknown> = {},
): void {
  log.warn({ security: event, ...details }, `security: ${event}`);
}
