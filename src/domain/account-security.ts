import { z } from 'zod';
import { NewPasswordSchema } from './auth';
import { LIMITS } from './options';

/**
 * Sign-in and security in the account settings (docs/product.md §2 'Settings'): the steps that
 * prove who the person is again, the password change, and the session list.
 */
export const SECURITY_TEXTS = {
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is incorrect.',
  currentPasswordLabel: 'Current password',
  freshProofNote:
    'You signed in with a passkey or an emailed link a moment ago, so your current password is not needed.',
  passwordChanged: 'Your password was changed. Every other device was signed out.',
  samePassword: 'Choose a password different from your current one.',
  sessionEnded: 'Signed out of that device.',
  otherSessionsEnded: 'Signed out everywhere else.',
  sessionNotFound: 'That session has already ended.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'Unknown system',
} as const;

/**
 * How long after a passkey or an emailed sign-in link the person may change their password, email
 * or delete the account without typing the current password (a 'fresh' proof).
 */
export const FRESH_PROOF_MINUTES = 10;

/**
 * The current password, for the steps that change what signs the person in. Optional: a session
 * proven minutes ago by a passkey or an emailed sign-in link may leave it out (FRESH_PROOF_MINUTES).
 */
export const CurrentPasswordField = z
  .string()
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
  .optional();

export const ChangePasswordBodySchema = z.object({
  current_password: CurrentPasswordField,
  new_password: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The form adds the confirmation (the API takes the new password once). */
export const ChangePasswordFormSchema = z
  .object({
    current_password: CurrentPasswordField,
    new_password: NewPasswordSchema,
    confirm_password: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** What the settings page asks before a sensitive step: may it leave the password out? */
export const IdentityStatusReplySchema = z.object({
  success: z.literal(true),
  /** True when this session was proven by a passkey or a sign-in link in the last minutes. */
  fresh_proof: z.boolean(),
  /** Until when (ISO), when fresh. */
  fresh_until: z.string().nullable(),
});
export type IdentityStatusReply = z.infer<typeof IdentityStatusReplySchema>;

export const SessionInfoSchema = z.object({
  /** An opaque id for 'Sign out' (the login's id). */
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  /** How the login was proven. */
  method: z.enum(['password', 'link', 'passkey']),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request came from ('This device'). */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionsReplySchema = z.object({
  success: z.literal(true),
  sessions: z.array(SessionInfoSchema),
});
export type SessionsReply = z.infer<typeof SessionsReplySchema>;

export const SessionIdParamsSchema = z.object({ id: z.uuid() });

/** The session list shows this many logins at most (the most recently used). */
export const SESSIONS_LIST_MAX = 50;
