import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet defaults plus a CSP with no inline scripts (docs/product.md §10). `imageOrigins`: where else
 * images are served from: stored ones (S3_PUBLIC_URL may be plain http, e.g. a local MinIO) and the
 * map's tiles (MAP_TILE_URL's origin).
 */
function helmetOptions(isHttps: boolean, imageOrigins: string[]) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stored images are this site's or S3's; the results map's tiles come from MAP_TILE_URL's host
        // (imageOrigins has both), and no other host.
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest: this site's own only, named rather than
        // left to the fallbacks (script-src, default-src), so widening those never widens these.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, worked out once. Helmet is middleware that builds its policies when it is
 * made; @fastify/helmet made it again on every request (parsing the CSP directives each time, about
 * 25 µs and its garbage per reply), for headers that never change here (no nonces, no per-route
 * options).
 */
function helmetHeaders(isHttps: boolean, imageOrigins: string[]): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(helmetOptions(isHttps, imageOrigins))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

/**
 * The same headers set straight on a raw response: on every reply that goes through Fastify's hooks
 * (registerSecurityHeaders), and on what the router refuses before any hook runs (see
 * frameworkErrorHandler in errors.ts).
 */
export function securityHeaders(isHttps: boolean, imageOrigins: string[] = []) {
  const headers = helmetHeaders(isHttps, imageOrigins);
  return (_req: IncomingMessage, res: ServerResponse) => {
    // Helmet removes it too: Node's http never sets it, a proxy or framework in between might.
    res.removeHeader('X-Powered-By');
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}

/** Registers the headers on every reply that goes through Fastify's hooks. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  isHttps: boolean,
  imageOrigins: string[] = [],
) {
  const apply = securityHeaders(isHttps, imageOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw);
    done();
  });
}
