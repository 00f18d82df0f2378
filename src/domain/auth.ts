import { z } from 'zod';
import { BRAND } from './brand';
import { EmailSchema, HttpUrlSchema, PasswordSchema, text } from './fields';
import { AMENITIES, CATEGORY_IDS, INCLUSIVITY_OPTIONS, LIMITS } from './options';

export const UserTypeSchema = z.enum(['client', 'provider']);
export const RoleSchema = z.enum(['user', 'admin']);

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  user_type: UserTypeSchema,
  role: RoleSchema,
  routing_slug: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * What the browser keeps (docs/product.md §3 less the refresh token): the refresh token travels only in an
 * HttpOnly cookie scoped to /api/auth that page scripts cannot read (ADR 002).
 */
export const SessionSchema = z.object({
  access_token: z.string(),
  /** Epoch seconds at which the access token expires. */
  expires_at: z.number().int(),
  user: UserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export const ClientUserDataSchema = z.object({
  user_type: z.literal('client'),
  name: text(LIMITS.nameMax, 'Name').optional(),
});

export const ProviderUserDataSchema = z.object({
  user_type: z.literal('provider'),
  name: text(LIMITS.nameMax, 'Name').min(1, 'Business/Professional name is required'),
  bio: text(LIMITS.bioMax, 'Bio').optional().default(''),
  location: text(LIMITS.locationMax, 'Location').min(1, 'Location is required'),
  booking_link: HttpUrlSchema.optional().default(''),
  selected_categories: z.array(z.enum(CATEGORY_IDS)).max(CATEGORY_IDS.length).optional().default([]),
  selected_amenities: z.array(z.enum(AMENITIES)).max(AMENITIES.length).optional().default([]),
  selected_inclusivity: z
    .array(z.enum(INCLUSIVITY_OPTIONS))
    .max(INCLUSIVITY_OPTIONS.length)
    .optional()
    .default([]),
});

export const SignupUserDataSchema = z.discriminatedUnion('user_type', [
  ClientUserDataSchema,
  ProviderUserDataSchema,
]);
export type SignupUserData = z.input<typeof SignupUserDataSchema>;

export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  userData: SignupUserDataSchema.optional().default({ user_type: 'client' }),
});
export type SignupBody = z.input<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const VerifyEmailBodySchema = z.object({
  temp_token: z.string().trim().min(1, 'The verification link is incomplete').max(200),
  type: z.literal('email', { error: "type must be 'email'" }),
});

export const EmailOnlyBodySchema = z.object({ email: EmailSchema });

/** The emailed one-time sign-in link (`/?signin_token=…`), exchanged for a session. */
export const SigninLinkBodySchema = z.object({
  token: z.string().trim().min(1, 'The sign-in link is incomplete').max(200),
});

export const ResetPasswordBodySchema = z.object({
  token: z.string().trim().min(1, 'The reset link is incomplete').max(200),
  password: PasswordSchema,
});

/** The reset page asks, when it opens, whether its link can still set a password (nothing is used). */
export const CheckResetTokenBodySchema = ResetPasswordBodySchema.pick({ token: true });

/**
 * Rows a guesser walks along: the alphabet, the digits (0 after 9 too, as on the keyboard) and the
 * keyboard's letter rows. A password that is a stretch of one, forwards or backwards, is a run.
 */
const RUNS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'].flatMap(
  (row) => [row, [...row].reverse().join('')],
);

/**
 * Why a new password is easy to guess, or null: one character or a short pattern repeated
 * ('aaaaaa', 'ababab'), a run ('abcdef', '654321', 'qwerty'), the email address or its local part
 * (also followed by digits: 'ana.lopez1'), or the product's name. Pure, so the forms show the same
 * message before sending; the server adds its list of 10,000 common passwords (too big to ship).
 */
export function weakPasswordReason(password: string, email?: string): string | null {
  if (password.length < LIMITS.passwordMin) return null; // PasswordSchema already says why
  const lower = password.toLowerCase();
  if (/^(.{1,3})\1+$/su.test(lower)) return AUTH_TEXTS.passwordRepeated;
  if (RUNS.some((row) => row.includes(lower))) return AUTH_TEXTS.passwordRun;
  const address = email?.trim().toLowerCase() ?? '';
  const local = address.split('@')[0] ?? '';
  if (
    local &&
    (lower === address ||
      lower === local ||
      (local.length >= 3 && lower.startsWith(local) && /^\d+$/.test(lower.slice(local.length))))
  )
    return AUTH_TEXTS.passwordIsEmail;
  if (lower.includes(BRAND.name.toLowerCase())) return AUTH_TEXTS.passwordHasBrand;
  return null;
}

/** A password being chosen (sign-up, reset): the length rules plus the pure guessability rule. */
export const NewPasswordSchema = PasswordSchema.superRefine((password, ctx) => {
  const reason = weakPasswordReason(password);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
});

/** Form schemas: the API body plus what only the form checks (confirmation, terms). */
const confirmFields = {
  confirmPassword: z.string().min(1, 'Please confirm your password'),
};

export const LoginFormSchema = LoginBodySchema;
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const SignupFormSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    ...confirmFields,
    agreeToTerms: z.boolean().refine((v) => v, 'You must agree to the Terms of Service'),
    user_type: UserTypeSchema,
    name: text(LIMITS.nameMax, 'Name'),
    bio: text(LIMITS.bioMax, 'Bio'),
    location: text(LIMITS.locationMax, 'Location'),
    booking_link: HttpUrlSchema,
    selected_categories: z.array(z.enum(CATEGORY_IDS)),
    selected_amenities: z.array(z.enum(AMENITIES)),
    selected_inclusivity: z.array(z.enum(INCLUSIVITY_OPTIONS)),
  })
  .superRefine((form, ctx) => {
    // The field schema has checked the rest; only the email rule needs both fields.
    if (weakPasswordReason(form.password, form.email) === AUTH_TEXTS.passwordIsEmail)
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_TEXTS.passwordIsEmail });
    if (form.confirmPassword && form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
    if (form.user_type === 'provider') {
      if (!form.name)
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'Business/Professional name is required' });
      if (!form.location)
        ctx.addIssue({ code: 'custom', path: ['location'], message: 'Location is required' });
    }
  });
export type SignupForm = z.infer<typeof SignupFormSchema>;

/** Turns the sign-up form into the API body, so the form and the API share one set of rules. */
export function signupBodyFromForm(form: SignupForm): SignupBody {
  const userData: SignupUserData =
    form.user_type === 'provider'
      ? {
          user_type: 'provider',
          name: form.name,
          bio: form.bio,
          location: form.location,
          booking_link: form.booking_link,
          selected_categories: form.selected_categories,
          selected_amenities: form.selected_amenities,
          selected_inclusivity: form.selected_inclusivity,
        }
      : { user_type: 'client', ...(form.name ? { name: form.name } : {}) };
  return { email: form.email, password: form.password, userData };
}

export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, ...confirmFields })
  .refine((f) => f.password === f.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });

/** Answers the client reads (docs/product.md §7). */
export const MessageReplySchema = z.object({ success: z.literal(true), message: z.string() });
export const SessionReplySchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: UserSchema,
  session: SessionSchema,
});
export const VerifyEmailReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  dataStatus: z.literal('alreadyConfirmedOrVerified').optional(),
  session: SessionSchema.optional(),
});
export const UserReplySchema = z.object({ success: z.literal(true), user: UserSchema });
/** A sign-in link answers like a verification link that logs in: a message and the session. */
export const SigninLinkReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  session: SessionSchema,
});

export const AUTH_TEXTS = {
  signupSent: 'Check your email for a link to confirm your account.',
  resendSent: 'If that address has an account waiting for confirmation, we sent a new verification email.',
  resetSent: "If an account exists with that email, we've sent a password reset link.",
  passwordReset: 'Your password has been reset. You can log in now.',
  resetLinkUsable: 'This link can set a new password.',
  verified: 'Email verified. Welcome!',
  alreadyVerified: 'Email already verified — You can log in normally with this email.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  passwordRepeated: 'This password repeats one character or a short pattern, which is easy to guess.',
  passwordRun: 'This password is a run of characters (like abcdef or 123456), which is easy to guess.',
  passwordIsEmail: 'Your password must not be your email address.',
  passwordHasBrand: `Your password must not contain ${BRAND.name}: it is the first word anyone would try.`,
  signinLinkSent:
    "If an account exists with that email, we've sent a sign-in link. It works once, for 15 minutes.",
  signinLinkFailed: 'This sign-in link is invalid or has expired. Please request a new one.',
  signedIn: 'You are logged in.',
  loggedOut: 'Logged out',
  upgraded: 'Your account is now a provider account. Complete your profile to appear in search.',
} as const;
