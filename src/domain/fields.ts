import { z } from 'zod';
import { isHttpUrl } from './links';
import { LIMITS } from './options';

/** Reusable field schemas with docs/product.md §5's messages. Strings are trimmed and bounded. */

/**
 * One addr-spec, so one address is one mailbox: HTML's `input type=email` rule (WHATWG 'valid e-mail
 * address') without `?` in the local part, with at most 64 characters before the @ and a dot in the
 * domain. Nothing a mailer or a `mailto:` reads as a separator or a header gets through: no comma,
 * space, `?`, `<`, `>`, quote, parenthesis, `;`, `:`, brackets or backslash, and exactly one @.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=^_`{|}~-]{1,64}@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** An email address, trimmed and lower-cased (one address is one account whatever its case). */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(LIMITS.emailMax, 'Please enter a valid email')
  .regex(EMAIL_PATTERN, 'Please enter a valid email');

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/** A bounded, trimmed text; empty is allowed unless `min` says otherwise. */
export function text(max: number, label = 'This field') {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`);
}

/** An optional http(s) link; '' means none. `javascript:` and other schemes are refused. */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.urlMax, 'The link is too long')
  .refine(
    (value) => value === '' || isHttpUrl(value),
    'Please enter a valid link starting with http:// or https://',
  );

/** Lower-cases and trims an email so one address is one account whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A point on the map: a provider's pin or their zip's centre, rounded to 3 decimals (map-area.ts).
 * Here, with the other shared fields, so the cards', openings' and profiles' schemas carry it
 * without bringing the map's texts and rules along.
 */
export const PositionSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type Position = z.infer<typeof PositionSchema>;
