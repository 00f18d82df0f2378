import type { Session } from '#domain/auth.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#domain/auth-options.ts';
import { REFRESH_COOKIE } from '../modules/auth/session-cookie';
import type { RequestOptions, TestApp, TestResponse } from './build-test-app';

/** One Set-Cookie header read as a browser would: name, value and attributes (keys lower-cased). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    if (key) attributes[key] = at < 0 ? true : part.slice(at + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** The refresh cookie a reply set, parsed; undefined when it set none. */
export function refreshSetCookie(res: Pick<TestResponse, 'headers'>): SetCookie | undefined {
  const raw = res.headers['set-cookie'];
  const headers = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  return headers.map(parseSetCookie).find((c) => c.name === REFRESH_COOKIE);
}

/** The refresh token a reply handed out in its cookie (throws when it set none). */
export function refreshTokenOf(res: Pick<TestResponse, 'headers' | 'text'>): string {
  const cookie = refreshSetCookie(res);
  if (!cookie?.value) throw new Error(`no ${REFRESH_COOKIE} cookie in the reply: ${res.text.slice(0, 200)}`);
  return cookie.value;
}

/** The header the web app sends on every call; refresh and logout refuse requests without it. */
export const csrfHeader = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

/** Request options as the browser sends them to /api/auth: the refresh cookie and the CSRF header. */
export function asBrowser(refreshToken: string | undefined, options: RequestOptions = {}): RequestOptions {
  return {
    ...options,
    headers: {
      ...csrfHeader,
      ...(refreshToken === undefined ? {} : { cookie: `${REFRESH_COOKIE}=${refreshToken}` }),
      ...options.headers,
    },
  };
}

/** POST /api/auth/refresh as the web app sends it. */
export function refreshWithCookie(t: TestApp, refreshToken: string | undefined, options?: RequestOptions) {
  return t.post('/api/auth/refresh', undefined, asBrowser(refreshToken, options));
}

/** POST /api/auth/logout as the web app sends it: the cookie, the header, and the bearer token. */
export function logoutWithCookie(t: TestApp, refreshToken: string | undefined, accessToken?: string) {
  return t.post(
    '/api/auth/logout',
    undefined,
    asBrowser(refreshToken, accessToken ? { token: accessToken } : {}),
  );
}

/** Logs in through the API (expects success) and returns the session and its refresh cookie's token. */
export async function loginWithCookie(
  t: TestApp,
  email: string,
  password: string,
): Promise<{ session: Session; refreshToken: string }> {
  const res = await t.post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { session: res.body.session, refreshToken: refreshTokenOf(res) };
}
