/**
 * How much a request may carry and how long it may take to arrive. Fastify
 * refuses a body over its route's limit with 413 before reading it all (the error handler answers
 * PAYLOAD_TOO_LARGE), and Node closes a connection whose headers or body arrive too slowly.
 */

const KB = 1024;
const MB = 1024 * KB;

/** Largest request bodies in bytes, by route kind. */
export const BODY_LIMITS = {
  /** Every route unless it names another limit: the largest sign-up or form is about 20 kB. */
  json: 64 * KB,
  /**
   * PUT /api/auth/profile: a full provider profile, every text and list at its limit, is about 75 kB
   * in 3-byte UTF-8 (more if a client escapes characters as \uXXXX).
   */
  large: 1 * MB,
  /** The image uploads: a 10 MB image as a base64 data URL (13.4 MB) and the JSON around it. */
  upload: 15 * MB,
} as const;

/** The HTTP server's timeouts, in milliseconds. */
export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this; then 408 and the socket closes. */
  requestMs: number;
  /** The headers must arrive within this (longer than keepAliveMs; at most requestMs). */
  headersMs: number;
  /**
   * An idle kept-alive connection closes after this. Node tells the client `Keep-Alive: timeout=N`
   * with N the whole seconds of it, rounded down; Node's agent (Playwright's too) drops an idle
   * socket after exactly N s, so a fraction over N gives it time to do so before the server's FIN
   * crosses a request it has just sent on that socket (which fails with ECONNRESET).
   */
  keepAliveMs: number;
  /** A socket with no traffic at all for this long is destroyed (a handler never takes this long). */
  idleMs: number;
  /** How often Node checks requestMs and headersMs (its default, 30 s, would double requestMs). */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 5_900,
  idleMs: 60_000,
  checkIntervalMs: 2_000,
};

/** Fastify's server options for these timeouts. */
export function serverTimeoutOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
