import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#domain/auth-options.ts';
import { BRAND } from '#domain/brand.ts';
import { AppError } from '#server/lib/app-error.ts';
import { REFRESH_TOKEN_TTL_S } from '#server/lib/tokens.ts';

/**
 * The refresh token travels only in this cookie (ADR 002): HttpOnly so page scripts (an XSS) cannot
 * read it, SameSite=Strict so no other site's page sends it, and scoped to /api/auth so only the
 * two routes that read it (refresh, logout) and the ones that set it ever carry it.
 */
export const REFRESH_COOKIE = 'glowfind_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Our tokens are 43 base64url characters; anything else in the cookie is treated as absent. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * `Secure` whenever the site is served over https (PUBLIC_URL). On an http PUBLIC_URL (local
 * development, the browser tests) it is left off: a browser that does not count that host as
 * secure would drop a Secure cookie, and the login would end after 15 minutes.
 */
export function isSecureSite(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The Set-Cookie value that hands the browser a refresh token for the refresh token's lifetime. */
export function refreshCookie(token: string, secure: boolean): string {
  return cookie(token, REFRESH_TOKEN_TTL_S, secure);
}

/** The Set-Cookie value that makes the browser forget the refresh token (logout). */
export function clearedRefreshCookie(secure: boolean): string {
  return cookie('', 0, secure);
}

/**
 * The refresh token of a `Cookie:` header, or undefined. The first well-formed cookie of our name
 * wins (browsers send the one with the longest path first); nothing is decoded or evaluated.
 */
export function readRefreshCookie(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    if (TOKEN_PATTERN.test(value)) return value;
  }
  return undefined;
}

/**
 * preHandler of the routes that read the refresh cookie. SameSite=Strict keeps other sites' pages
 * from sending the cookie; this is the second lock: a cross-site form cannot set a header, and a
 * cross-site fetch that sets one needs a CORS preflight this API never grants.
 */
export async function requireCsrfHeader(request: FastifyRequest): Promise<void> {
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new AppError('FORBIDDEN', `This request must come from the ${BRAND.name} app.`);
  }
}
