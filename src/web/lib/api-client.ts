import type { Session } from '#domain/auth.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#domain/auth-options.ts';
import type { Issue } from '#domain/errors.ts';
import { BETA_HEADER, betaHeaders, lockBeta } from './beta-gate';
import {
  expireSession,
  getSession,
  hasSignedInHint,
  needsRefresh,
  onSignedInElsewhere,
  setSession,
  settleResume,
} from './session';

/** Every failed call becomes one of these; components choose docs/product.md §8 texts by `code`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'Network error occurred';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends the bearer token, refreshing it first when under 5 minutes remain. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the admin step's token). */
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a booking click that opens another tab). */
  keepalive?: boolean;
  /** A POST that only reads (POST /api/search): safe to send again after a busy server's 503. */
  read?: boolean;
}

/** The beta token each response's request carried ('' for none), for lockBeta. */
const sentBetaToken = new WeakMap<Response, string>();

async function send(path: string, opts: RequestOptions, token?: string): Promise<Response> {
  // The CSRF header goes on every call: the routes that read the refresh cookie require it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    ...betaHeaders(),
    ...opts.headers,
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      // The refresh cookie (HttpOnly, Path=/api/auth) goes only to our own origin.
      credentials: 'same-origin',
      // Always asked of the server (a 304 when nothing changed): public replies allow
      // stale-while-revalidate for CDNs, which would let this browser answer the refetch after this
      // person's own write (a reply to a review) with the list from before it.
      cache: 'no-cache',
      signal: opts.signal ?? null,
      keepalive: opts.keepalive ?? false,
    });
    sentBetaToken.set(response, headers[BETA_HEADER] ?? '');
    return response;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('NETWORK_ERROR', 0, NETWORK_ERROR);
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (await isBetaLocked(response)) {
    lockBeta(sentBetaToken.get(response) ?? '');
    throw new ApiError('BETA_LOCKED', 403, 'Enter the beta access password to continue.');
  }
  const data = (await response.json().catch(() => null)) as {
    success?: boolean;
    error?: string;
    message?: string;
    issues?: Issue[];
  } | null;
  if (!response.ok || data?.success === false) {
    throw new ApiError(
      data?.error ?? 'HTTP_ERROR',
      response.status,
      data?.message ?? `HTTP error! status: ${response.status}`,
      data?.issues ?? [],
    );
  }
  return data as T;
}

/** The error code of a failed response, read from a copy (the body stays readable). */
async function codeOf(response: Response): Promise<string | undefined> {
  const data = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: string } | null;
  return data?.error;
}

/** A 403 from the beta gate (not a permission problem: no token refresh can fix it). */
async function isBetaLocked(response: Response): Promise<boolean> {
  return response.status === 403 && (await codeOf(response)) === 'BETA_LOCKED';
}

/**
 * 403s our server gives for reasons a fresh token cannot change (docs/product.md §4 refreshes on 401/403;
 * refreshing for these would only spend a rate-limited attempt twice).
 */
const FINAL_403 = new Set(['FORBIDDEN', 'BETA_LOCKED', 'ADMIN_ACCESS_REQUIRED', 'EMAIL_NOT_VERIFIED']);

async function worthRefreshing(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (response.status !== 403) return false;
  return !FINAL_403.has((await codeOf(response)) ?? '');
}

let refreshing: Promise<Session | null> | null = null;
let resuming: Promise<Session | null> | null = null;

/**
 * Rotates the refresh token (the HttpOnly cookie the browser sends to /api/auth) once for all
 * callers in this tab, and under a Web Lock across tabs, so two tabs never present the same
 * refresh token (which would revoke the login): the second one waits and sends the cookie the
 * first one was given. Null when the server refuses the cookie (signed out); a network failure, a
 * busy server or the beta gate throws, since none of them says the login has ended.
 */
function rotateRefreshToken(): Promise<Session | null> {
  refreshing ??= (async () => {
    const run = async () => {
      // Signed out meanwhile, here or in another tab: nothing to refresh.
      if (!getSession() && !hasSignedInHint()) return null;
      const response = await send('/api/auth/refresh', { method: 'POST' });
      if (response.ok) {
        const reply = (await response.json()) as { session: Session };
        setSession(reply.session);
        return reply.session;
      }
      if (response.status === 401 || (response.status === 403 && !(await isBetaLocked(response))))
        return null;
      return parse<never>(response);
    };
    try {
      return navigator.locks ? await navigator.locks.request('glowfind-session-refresh', run) : await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** A new access token through the refresh cookie, or null when there is none to be had. */
export function refreshSession(): Promise<Session | null> {
  return rotateRefreshToken().catch(() => null);
}

/**
 * The session of a page loaded while this browser was signed in (the hint in storage): the access
 * token lives in memory only, so a load gets one through the refresh cookie. A refused cookie ends
 * the session as any expiry does (the message and the login dialog); a failure that says nothing of
 * the login (offline, the beta gate) throws and keeps the hint for the next load.
 */
function resumeOrThrow(): Promise<Session | null> {
  const session = getSession();
  if (session || !hasSignedInHint()) return Promise.resolve(session);
  resuming ??= rotateRefreshToken()
    .then((resumed) => {
      if (!resumed) expireSession();
      return resumed;
    })
    .finally(() => {
      resuming = null;
      settleResume();
    });
  return resuming;
}

/** resumeOrThrow for the load's session check: null whatever went wrong. */
export function resumeSession(): Promise<Session | null> {
  return resumeOrThrow().catch(() => null);
}

// Another tab signed in: this one resumes the session at once (its header, its open page).
onSignedInElsewhere(() => void resumeSession());

/** The longest Retry-After a read waits out before its one retry; a longer one is cut to this. */
export const BUSY_RETRY_MAX_MS = 5000;

/**
 * How long to wait before resending a read the server refused as busy (503, with Retry-After in
 * seconds from the embedded database's admission gate or PostgreSQL out of reach), or null for any
 * other answer. Writes are never resent: the server may have done one before failing.
 */
function busyRetryDelay(response: Response, opts: RequestOptions): number | null {
  if (response.status !== 503) return null;
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  if (method !== 'GET' && !opts.read) return null;
  // Without a Retry-After in seconds (a proxy's 503, an HTTP date), one second.
  const seconds = response.headers.get('Retry-After')?.trim() ?? '';
  return Math.min(/^\d+$/.test(seconds) ? Number(seconds) * 1000 : 1000, BUSY_RETRY_MAX_MS);
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

/** Waits `ms`, or rejects with an AbortError as soon as the caller aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Sends once more after a busy 503 to a read, when its Retry-After has passed; a second 503 stands. */
async function sendOrRetryBusy(path: string, opts: RequestOptions, token?: string): Promise<Response> {
  const response = await send(path, opts, token);
  const delay = busyRetryDelay(response, opts);
  if (delay === null) return response;
  await pause(delay, opts.signal);
  return send(path, opts, token);
}

/**
 * Calls the API. Authorised calls refresh near expiry; a 401/403 refreshes once and retries once.
 * A read the server answers 503 with Retry-After is sent once more after that wait (at most 5 s).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await respond(path, opts));
}

/**
 * GETs a file the API makes (a CSV export) as `api` sends any authorised call, and hands it to the
 * browser's downloads under the server's Content-Disposition name, else `fallbackName`. A failed
 * reply is an ApiError, as from `api`. Returns the reply's headers (an export's row count).
 */
export async function downloadCsv(
  path: string,
  fallbackName: string,
  headers: Record<string, string> = {},
): Promise<Headers> {
  const response = await respond(path, { auth: true, headers: { Accept: 'text/csv', ...headers } });
  if (!response.ok) await parse<never>(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
  return response.headers;
}

/** Hands a file to the browser's downloads (a temporary object URL on a clicked download link). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the download to start; the URL holds the whole file in memory until revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The reply to a call, after the session's refresh and the retries `api` describes. */
async function respond(path: string, opts: RequestOptions): Promise<Response> {
  if (!opts.auth) return sendOrRetryBusy(path, opts);
  let session = await resumeOrThrow();
  if (!session) throw new ApiError('UNAUTHORIZED', 401, 'No authentication token available');
  if (needsRefresh(session)) session = (await refreshSession()) ?? session;
  let response = await sendOrRetryBusy(path, opts, session.access_token);
  if (await worthRefreshing(response)) {
    const renewed = await refreshSession();
    if (!renewed) {
      expireSession();
      throw new ApiError('UNAUTHORIZED', 401, 'Your session has expired. Please log in again.');
    }
    response = await sendOrRetryBusy(path, opts, renewed.access_token);
    if (response.status === 401) {
      expireSession();
      throw new ApiError('UNAUTHORIZED', 401, 'Your session has expired. Please log in again.');
    }
  }
  return response;
}
