// Errors as they go to the log: bounded, and never with a statement's parameters. Drizzle's query
// error puts the whole SQL and every bound value in its message ('Failed query: … params: …'): one
// refused multi-row insert once made a 10 MB log line, repeated on every retry. The serializer below
// is pino's `err` for every logger of the app; databaseErrorSummary is the short form for lines that
// only need to say what the database answered.

/** The longest message, and the longest stack, a logged error keeps. */
const MESSAGE_MAX = 500;
const STACK_MAX = 2_000;
/** Causes followed (an error's cause, its cause…). */
const CAUSE_DEPTH = 3;

/** The listed fields that hold a short string. */
function pick(error: object, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = (error as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.length <= 128) out[key] = value;
  }
  return out;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
  severity?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

/** An error's message without the bound values a query error appends to it. */
function messageOf(error: ErrorLike): string {
  const message = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  // drizzle: `Failed query: ${query}\nparams: ${params}`
  const params = 'params' in error ? message.indexOf('\nparams:') : -1;
  return clip(params >= 0 ? message.slice(0, params) : message, MESSAGE_MAX);
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer: type, message, code, a bounded stack and the causes; nothing else. */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!value || typeof value !== 'object') return { type: typeof value, message: String(value), stack: '' };
  const error = value as ErrorLike;
  const name = typeof error.name === 'string' ? error.name : 'Error';
  const message = messageOf(error);
  let stack = '';
  if (typeof error.stack === 'string') {
    // A stack starts with the message, parameters included: keep only its frames, found from the
    // message's end (a bound value could itself hold a line like a frame).
    const fullMessage = typeof error.message === 'string' ? error.message : '';
    const afterMessage = error.stack.indexOf(fullMessage);
    const from = afterMessage >= 0 ? afterMessage + fullMessage.length : 0;
    const frames = error.stack.indexOf('\n    at ', from);
    stack = clip(`${name}: ${message}${frames >= 0 ? error.stack.slice(frames) : ''}`, STACK_MAX);
  }
  return {
    type: name,
    message,
    ...(typeof error.code === 'string' || typeof error.code === 'number' ? { code: error.code } : {}),
    ...(typeof error.statusCode === 'number' ? { statusCode: error.statusCode } : {}),
    ...(typeof error.severity === 'string' ? { severity: error.severity } : {}),
    // Which constraint, table and column refused a statement: names of the schema, never values.
    ...pick(error, ['constraint', 'table', 'column']),
    stack,
    ...(error.cause && depth < CAUSE_DEPTH ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/**
 * What the database answered, in one short phrase: the first SQLSTATE code found along the causes
 * and that error's own message ('23503 insert or update … violates foreign key constraint …').
 */
export function databaseErrorSummary(error: unknown): string {
  let e = error as ErrorLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth <= CAUSE_DEPTH; depth++) {
    if (typeof e.code === 'string') return clip(`${e.code} ${messageOf(e)}`, 300);
    e = e.cause as ErrorLike | undefined;
  }
  return clip(messageOf((error ?? {}) as ErrorLike), 300);
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * SQLSTATE class 08 is 'connection exception', except 08P01 (protocol violation): PostgreSQL's
 * answer to a statement it cannot take, such as one with more than 65,535 bound parameters. Retrying
 * that statement can never succeed, so it is the statement's fault, not an outage.
 */
const isConnectionCode = (code: string) => code.startsWith('08') && code !== '08P01';

/**
 * Errors that mean the database cannot be reached (server down, restarting, pool exhausted, closed):
 * worth retrying later. Anything else the database refuses is the statement's own fault.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (e.code && (DB_DOWN_CODES.has(e.code) || isConnectionCode(e.code))) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|PGlite is closed|connect ECONNREFUSED/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
