import { randomBytes } from 'node:crypto';
import { firstLink, type SmtpSink } from '#server/test/smtp-sink.ts';

/** One HTTP attempt as the drill saw it. */
export interface Attempt {
  status: number; // 0: no answer (connection refused/reset, or our timeout)
  // biome-ignore lint/suspicious/noExplicitAny: reply bodies are read loosely and checked by the drills
  body: any;
  ms: number;
  startedAt: number;
  endedAt: number;
  error?: string;
}

export interface CallOptions {
  token?: string;
  idempotencyKey?: string;
  /** Our own give-up time (default 10 s): the attempt then ends with status 0, error 'timeout'. */
  timeoutMs?: number;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Attempt> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const startedAt = Date.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const endedAt = Date.now();
    return { status: res.status, body: parsed, ms: endedAt - startedAt, startedAt, endedAt };
  } catch (error) {
    const endedAt = Date.now();
    const e = error as Error & { cause?: { code?: string } };
    return {
      status: 0,
      body: undefined,
      ms: endedAt - startedAt,
      startedAt,
      endedAt,
      error: e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message),
    };
  }
}

export interface Account {
  id: string;
  email: string;
  token: string;
  name: string;
  bookingLink: string;
  /** The profile's address (/{slug}). */
  slug: string;
}

const isVerifyMail = (subject: string) => subject.startsWith('Confirm your email');

/** Signs up through the API, reads the link from the sink and verifies: a real user with a session. */
export async function createAccount(
  baseUrl: string,
  sink: SmtpSink,
  kind: 'client' | 'provider',
  label: string,
): Promise<Account> {
  const tag = randomBytes(4).toString('hex');
  const email = `${label}-${tag}@faults.test`;
  const name = `Fault ${label} ${tag}`;
  const bookingLink = `https://book.faults.test/${label}-${tag}`;
  const userData =
    kind === 'provider'
      ? { user_type: 'provider', name, location: 'Austin, TX 78701', booking_link: bookingLink }
      : undefined;
  const signup = await call(baseUrl, 'POST', '/api/auth/signup', {
    email,
    password: 'Velvet-Orchid-4821',
    ...(userData ? { userData } : {}),
  });
  if (signup.status !== 200)
    throw new Error(`signup ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
  const mail = await sink.waitForMail(email, (m) => isVerifyMail(m.subject), 120_000);
  const link = new URL(firstLink(mail));
  const verify = await call(baseUrl, 'POST', '/api/auth/verify-email', {
    temp_token: link.searchParams.get('temp_token'),
    type: 'email',
  });
  if (verify.status !== 200)
    throw new Error(`verify ${email}: ${verify.status} ${JSON.stringify(verify.body)}`);
  const session = verify.body.session;
  if (kind === 'provider') {
    // One priced service lists the profile (ADR 013): favourites, openings and alerts need a listed provider.
    const service = {
      service: 'Silk press',
      description: 'Wash and press',
      priceType: 'fixed',
      minPrice: 80,
    };
    const listed = await call(
      baseUrl,
      'PUT',
      '/api/auth/profile',
      { pricing: [service] },
      { token: session.access_token },
    );
    if (listed.status !== 200)
      throw new Error(`add a service ${email}: ${listed.status} ${JSON.stringify(listed.body)}`);
  }
  return {
    id: session.user.id,
    email,
    token: session.access_token,
    name,
    bookingLink,
    slug: session.user.routing_slug,
  };
}

/** p-limit in a few lines: runs the jobs with at most `n` at a time. */
export async function inBatches<T>(jobs: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
