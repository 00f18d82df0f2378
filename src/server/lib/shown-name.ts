/**
 * Whether a name is only what sign-up gives an account without one: its email's local part (or
 * nothing). Shown to someone else, it would give away part of the address, so reviews and
 * conversations show no name (or 'Glowfind member') instead.
 */
export function isAddressName(name: string, email: string | null | undefined): boolean {
  const shown = name.trim().toLowerCase();
  return shown === '' || shown === ((email ?? '').split('@')[0] ?? '').toLowerCase();
}
