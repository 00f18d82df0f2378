import { z } from 'zod';
import { LIMITS } from './options';

/**
 * The product's one phone rule (docs/product.md §5 'Phone'), for the form and the server alike. In its
 * own module so only the pages that ask for a phone load it.
 */

/** The message of a phone number that is not one. */
export const PHONE_INVALID = 'Please enter a valid phone number, like +1 512 555 0100';

/**
 * A phone number as people write one: digits with spaces, dots, dashes and parentheses, an optional
 * leading +, and 7 to 15 digits (the longest international number, E.164, has 15).
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** An optional phone number, trimmed; '' means none. */
export const OptionalPhoneSchema = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, PHONE_INVALID)
  .refine((value) => value === '' || isPhoneNumber(value), PHONE_INVALID);
