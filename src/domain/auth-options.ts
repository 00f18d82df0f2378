/** Session constants the web app's first load needs (no zod: the home page's bundle stays small). */

/**
 * The header the web app sends on every call. /api/auth/refresh and /api/auth/logout (the routes
 * that read the refresh cookie) refuse a request without it (403): a cross-site form cannot set a
 * header, and a cross-site fetch that sets one needs a CORS preflight this API never grants.
 */
export const CSRF_HEADER = 'x-glowfind-csrf';
export const CSRF_HEADER_VALUE = '1';

/** The query parameter of the emailed one-time sign-in link: `/?signin_token=…`. */
export const SIGNIN_TOKEN_PARAM = 'signin_token';

/**
 * The one thing the web app keeps in localStorage about a sign-in: the signed-in user's id, no
 * token (the access token lives in the page's memory, the refresh token in the HttpOnly cookie).
 * It tells a page load to resume the session through the cookie, lets theme-init.js keep the
 * visitor's header buttons out of a signed-in person's first paint, and tells other tabs (the
 * storage event) that someone signed in or out.
 */
export const SIGNED_IN_KEY = 'glowfind.signed-in';
