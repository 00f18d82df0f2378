import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import { signInForTest, stubFetch } from '#web/test/render.tsx';
import { ApiError, api, BUSY_RETRY_MAX_MS, downloadCsv } from './api-client';
import { queryClient } from './query-client';
import { clearSession } from './session';

/**
 * The embedded database's admission gate answers a burst's overflow 503
 * SERVICE_UNAVAILABLE with Retry-After. The client waits that long (at most 5 s) and asks once
 * more, for reads only; a second 503 is the caller's error. Fake timers measure the wait.
 */

const BUSY = {
  status: 503,
  body: { success: false, error: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE },
};
const busy = (retryAfter?: string) => ({
  ...BUSY,
  ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
});
const OK = { body: { success: true, providers: ['one'] } };

/** Answers in order: the first request gets answers[0], the second answers[1], and so on. */
function answerInTurn(...answers: { status?: number; body: unknown; headers?: Record<string, string> }[]) {
  let turn = 0;
  return stubFetch(() => answers[Math.min(turn++, answers.length - 1)]);
}

/** Settles what is pending now (the stubbed fetch, the parse) without moving the clock on. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a busy 503 with Retry-After', () => {
  it('a GET waits exactly Retry-After, asks once more, and gets the answer', async () => {
    const requests = answerInTurn(busy('2'), OK);
    const reply = api<{ providers: string[] }>('/api/providers');
    await flush();
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(await reply).toEqual(OK.body);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/providers',
      'GET /api/providers',
    ]);
  });

  it('a second 503 is an ApiError SERVICE_UNAVAILABLE with the server message, after two requests', async () => {
    const requests = answerInTurn(busy('1'), busy('1'), OK);
    const reply = api('/api/providers').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await reply;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    });
    // No third try, even with time to spare.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests).toHaveLength(2);
  });

  it('a long Retry-After is cut to 5 s', async () => {
    const requests = answerInTurn(busy('120'), OK);
    const reply = api('/api/providers');
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_MAX_MS - 1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(await reply).toEqual(OK.body);
  });

  it('POST /api/search (a read, so marked) is resent with the same body', async () => {
    const requests = answerInTurn(busy('1'), OK);
    const reply = api('/api/search', { body: { query: 'balayage' }, read: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await reply).toEqual(OK.body);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/search', { query: 'balayage' }],
      ['POST', '/api/search', { query: 'balayage' }],
    ]);
  });

  it('a write is never resent: the first 503 is the answer', async () => {
    for (const opts of [
      { body: { message: 'Hello' } },
      { method: 'PUT' as const, body: { bio: 'x' } },
      { method: 'DELETE' as const, body: { providerId: 'p' } },
    ]) {
      const requests = answerInTurn(busy('1'), OK);
      const reply = api('/api/feedback', opts).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(5000);
      const error = await reply;
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(requests).toHaveLength(1);
      vi.unstubAllGlobals();
    }
  });

  it('a 503 without a Retry-After in seconds is resent after 1 s; another 5xx is not resent', async () => {
    for (const answer of [busy(), busy('Wed, 21 Oct 2026 07:28:00 GMT')]) {
      const requests = answerInTurn(answer, OK);
      const reply = api('/api/providers');
      await vi.advanceTimersByTimeAsync(999);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await reply).toEqual(expect.objectContaining({ success: true }));
      expect(requests).toHaveLength(2);
      vi.unstubAllGlobals();
    }
    const requests = answerInTurn({ ...busy('1'), status: 500 }, OK);
    const reply = api('/api/providers').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await reply).toBeInstanceOf(ApiError);
    expect(requests).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('aborting during the wait ends the call at once, without the second request', async () => {
    const requests = answerInTurn(busy('3'), OK);
    const controller = new AbortController();
    const reply = api('/api/providers', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const error = await reply;
    expect(error).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(1);
  });
});

describe('downloadCsv', () => {
  /** The names the browser was asked to save files under, and the files' texts. */
  function recordDownloads() {
    const saved: { name: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
    });
    return saved;
  }
  const CSV = { body: 'day,views', headers: { 'Content-Disposition': 'attachment; filename="views.csv"' } };

  afterEach(() => clearSession());

  it('sends the bearer token and the extra headers, saves the file under its name, and returns the headers', async () => {
    signInForTest();
    const saved = recordDownloads();
    const requests = answerInTurn({ ...CSV, headers: { ...CSV.headers, 'X-Export-Rows': '2' } });
    const headers = await downloadCsv('/api/insights/export?days=7', 'fallback.csv', { 'X-Admin': 'a' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/insights/export?days=7',
      headers: { accept: 'text/csv', authorization: 'Bearer test-access-token', 'x-admin': 'a' },
    });
    expect(saved.map((f) => f.name)).toEqual(['views.csv']);
    expect(await saved[0]!.text).toBe(JSON.stringify('day,views'));
    expect(headers.get('X-Export-Rows')).toBe('2');
  });

  it('uses the fallback name when the server gives none', async () => {
    signInForTest();
    const saved = recordDownloads();
    answerInTurn({ body: 'a,b' });
    await downloadCsv('/api/admin/reviews/export', 'glowfind-reviews.csv');
    expect(saved.map((f) => f.name)).toEqual(['glowfind-reviews.csv']);
  });

  it('turns a refused export into the ApiError any call gives, and saves nothing', async () => {
    signInForTest();
    const saved = recordDownloads();
    answerInTurn({
      status: 404,
      body: { success: false, error: 'NOT_FOUND', message: 'Provider not found' },
    });
    const error = await downloadCsv('/api/insights/export', 'x.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Provider not found' });
    expect(saved).toEqual([]);
  });

  it('refreshes the token once on a 401 and sends again, as any authorised call', async () => {
    signInForTest();
    const saved = recordDownloads();
    const session = { access_token: 'fresh-token', expires_at: Math.floor(Date.now() / 1000) + 3600 };
    const requests = answerInTurn(
      { status: 401, body: { success: false, error: 'UNAUTHORIZED', message: 'Expired' } },
      { body: { success: true, session: { ...session, user: { id: 'u1' } } } },
      CSV,
    );
    await downloadCsv('/api/insights/export', 'x.csv');
    expect(requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
      'GET /api/insights/export Bearer test-access-token',
      'POST /api/auth/refresh ',
      'GET /api/insights/export Bearer fresh-token',
    ]);
    expect(saved.map((f) => f.name)).toEqual(['views.csv']);
  });

  it('refuses without a session, before any request', async () => {
    const requests = answerInTurn(CSV);
    await expect(downloadCsv('/api/insights/export', 'x.csv')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
    expect(requests).toHaveLength(0);
  });
});

describe('the query client', () => {
  const retry = queryClient.getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

  it('does not retry a 503 again (the API client already did, once), but still retries a 500 or a network error', () => {
    expect(retry(0, new ApiError('SERVICE_UNAVAILABLE', 503, ERROR_MESSAGES.SERVICE_UNAVAILABLE))).toBe(
      false,
    );
    expect(retry(0, new ApiError('INTERNAL_ERROR', 500, 'Something went wrong'))).toBe(true);
    expect(retry(0, new ApiError('NETWORK_ERROR', 0, 'Network error occurred'))).toBe(true);
    expect(retry(2, new ApiError('INTERNAL_ERROR', 500, 'Something went wrong'))).toBe(false);
    expect(retry(0, new ApiError('NOT_FOUND', 404, 'Not found'))).toBe(false);
  });
});
