import { expect } from 'vitest';
import type { TestResponse } from './build-test-app';
import { refreshSetCookie, type SetCookie } from './session-cookie';

/** Every limit's answer: 429 RATE_LIMITED, the wait in words, and Retry-After within the window. */
export function expectRateLimited(res: TestResponse, windowSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  expect(res.body.message).toMatch(
    /^Too many attempts\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/,
  );
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

/** The refresh cookie's attributes on an http site (an https one adds Secure). */
export const REFRESH_COOKIE_ATTRIBUTES = {
  path: '/api/auth',
  'max-age': String(30 * 24 * 60 * 60),
  httponly: true,
  samesite: 'Strict',
} as const;

/**
 * A reply that starts a session hands the refresh token out one way only: in the HttpOnly cookie,
 * never in the JSON page scripts can read. Returns the cookie.
 */
export function expectSessionCookie(res: TestResponse): SetCookie {
  expect(Object.keys(res.body.session).sort()).toEqual(['access_token', 'expires_at', 'user']);
  const cookie = refreshSetCookie(res);
  expect(cookie, 'the reply sets the refresh cookie').toBeDefined();
  expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookie!.attributes).toEqual(REFRESH_COOKIE_ATTRIBUTES);
  expect(res.text).not.toContain(cookie!.value);
  return cookie!;
}
