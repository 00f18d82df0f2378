import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
// The helmet @fastify/helmet wraps, for the few replies that never pass through its hook.
import helmet from 'helmet';

/**
 * Helmet defaults plus a CSP with no inline scripts (DESIGN.md §5). `imageOrigins`: where else
 * stored images are served from (S3_PUBLIC_URL may be plain http, e.g. a local MinIO).
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
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

/** Registers the headers on every reply that goes through Fastify's hooks. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  isHttps: boolean,
  imageOrigins: string[] = [],
) {
  await app.register(fastifyHelmet, helmetOptions(isHttps, imageOrigins));
}

/**
 * The same headers set straight on a raw response: for what the router refuses before any hook
 * runs (see frameworkErrorHandler in errors.ts).
 */
export function securityHeaders(isHttps: boolean, imageOrigins: string[] = []) {
  const apply = helmet(helmetOptions(isHttps, imageOrigins));
  return (req: IncomingMessage, res: ServerResponse) =>
    apply(req, res, (error?: unknown) => {
      if (error) throw error;
    });
}
