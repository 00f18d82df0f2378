import { createHmac } from 'node:crypto';

/**
 * A client address as we keep it: a keyed hash, so the database can tell that two requests came
 * from the same address (sign-up and a provider, a known login address) without storing the
 * address. Keyed by the signing secret: the hash cannot be reversed by trying all 2³² IPv4s.
 */
export function addressHash(secret: Uint8Array, ip: string): string {
  return createHmac('sha256', secret).update(`address:${ip}`).digest('base64url').slice(0, 22);
}
