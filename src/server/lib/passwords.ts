import { hash, verify } from '@node-rs/argon2';
/*
 * The common-password list: @zxcvbn-ts/language-common (MIT licence, https://github.com/zxcvbn-ts/zxcvbn),
 * a dependency, so it ships with the project. Its 'passwords-common' list is ranked by frequency in
 * leaked password dumps (about 49,000 entries); we refuse the first 10,000.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_TEXTS, weakPasswordReason } from '#domain/auth.ts';

// @node-rs/argon2 defaults to argon2id (19 MiB, t=2, OWASP's minimum): 12–29 ms of CPU a hash on this machine's hosts.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown email takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-just-for-timing');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The 10,000 most common passwords (zxcvbn's ranked list), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Why a new password (sign-up, reset) is refused, or null: the common list first, then the pure rule
 * the forms also apply (a repeated character or pattern, a run, the email, the product's name).
 */
export function newPasswordProblem(password: string, email: string): string | null {
  if (isCommonPassword(password)) return AUTH_TEXTS.commonPassword;
  return weakPasswordReason(password, email);
}
