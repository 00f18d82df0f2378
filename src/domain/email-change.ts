import { z } from 'zod';
import { CurrentPasswordField } from './account-security';
import { EmailSchema } from './fields';

export * from './email-change-texts';

/** A token from an emailed link. */
const LinkTokenSchema = z.string().trim().min(1, 'The link is incomplete').max(200);

/** POST /api/account/email: the new address and the proof (the form uses the same schema). */
export const ChangeEmailBodySchema = z.object({
  new_email: EmailSchema,
  current_password: CurrentPasswordField,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/** POST /api/account/email/confirm and /undo. */
export const EmailChangeTokenBodySchema = z.object({ token: LinkTokenSchema });

/** GET /api/account/email: the sign-in email and a change waiting for its link, if any. */
export const AccountEmailReplySchema = z.object({
  success: z.literal(true),
  email: z.string(),
  /** The address a change waits to be confirmed by (null when none). */
  pending_email: z.string().nullable(),
  /** Until when (ISO) that link works. */
  expires_at: z.string().nullable(),
});
export type AccountEmailReply = z.infer<typeof AccountEmailReplySchema>;

/** An undo answer: what to do next if the person did not make the change. */
export const UndoEmailChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where to ask for a password reset link. */
  reset_password_url: z.string(),
});
export type UndoEmailChangeReply = z.infer<typeof UndoEmailChangeReplySchema>;

/**
 * An address as a notice shows it to whoever reads the old mailbox: the first character of the
 * local part, then '***', and the domain ('nadia@example.com' → 'n***@example.com').
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
