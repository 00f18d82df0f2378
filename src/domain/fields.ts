import { z } from 'zod';
import { LIMITS } from './options';

/** Reusable field schemas with SPEC.md §5's messages. Strings are trimmed and bounded. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
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

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Lower-cases and trims an email so one address is one account whatever its case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
