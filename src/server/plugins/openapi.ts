import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BRAND } from '#domain/brand.ts';
import { ERROR_MESSAGES, ERROR_STATUS } from '#domain/errors.ts';

/**
 * Failures a route can answer beyond what its options show (auth, input, rate limit): the 403, 404
 * and 409 its service throws. Keyed 'METHOD /path' as registered; the OpenAPI fuzzer
 * (src/server/test/fuzz) fails on any status a route answers that its document does not list.
 */
const ROUTE_ERRORS: Record<string, number[]> = {
  'POST /api/auth/login': [401, 403],
  // Refresh and logout read the refresh cookie: 403 without the CSRF header.
  'POST /api/auth/refresh': [401, 403],
  'POST /api/auth/logout': [403],
  'POST /api/auth/upgrade-to-provider': [409],
  'GET /api/auth/profile': [404],
  'PUT /api/auth/profile': [403, 404],
  'GET /api/user/:slug': [404],
  'POST /api/messages': [404],
  'POST /api/upload/avatar': [403, 404],
  'POST /api/upload/portfolio': [403, 404, 409],
  'DELETE /api/upload/portfolio': [403, 404],
  'GET /api/search': [403],
  // No US zip within 50 miles of the position.
  'GET /api/zips/nearest': [404],
  'GET /api/places/:service/:place': [404],
  'POST /api/favorites': [404, 409],
  'DELETE /api/favorites': [404],
  'POST /api/blocked-providers': [404, 409],
  'POST /api/booking-logs': [404],
  'GET /api/booking-logs': [403, 404],
  'GET /api/insights': [404],
  'GET /api/insights/export': [404],
  'GET /api/admin/access': [403],
  'POST /api/admin/access': [403, 404],
  // No BETA_PASSWORD: there is no gate to open.
  'POST /api/beta/access': [404],
  // Only the owner's list (?provider_id=) needs a token, so the document marks no security here.
  'GET /api/last-minute-openings': [401, 403, 404],
  'POST /api/last-minute-openings': [403, 404, 409],
  'PUT /api/last-minute-openings': [403, 404, 409],
  'DELETE /api/last-minute-openings': [403, 404, 409],
  'PUT /api/last-minute-openings/time-zone': [403, 404],
  'GET /api/admin/submissions': [403],
  'GET /api/admin/submissions/export': [403],
  'PUT /api/admin/submissions/:id': [403, 404],
  'GET /api/admin/booking-logs': [403],
  'GET /api/admin/booking-logs/export': [403],
  'GET /api/admin/search-logs/export': [403],
  'GET /api/reviews': [404],
  'GET /api/reviews/eligibility': [404],
  // 429: the account's 3 new reviews of the last 24 hours (ADR 008), whatever the rate limits.
  'POST /api/reviews': [403, 404, 409, 429],
  'PUT /api/reviews/:id': [403, 404, 409],
  'DELETE /api/reviews/:id': [403, 404],
  'PUT /api/reviews/:id/reply': [403, 404],
  'DELETE /api/reviews/:id/reply': [403, 404],
  'POST /api/reviews/:id/report': [403, 404, 409],
  'GET /api/admin/reviews': [403],
  'GET /api/admin/reviews/export': [403],
  'PUT /api/admin/reviews/:id': [403, 404],
  // 409: the account already keeps SAVED_SEARCH_LIMITS.perAccount saved searches, or this one.
  'POST /api/saved-searches': [409],
  'PUT /api/saved-searches/:id': [404],
  'PUT /api/saved-searches/:id/alert': [404],
  'DELETE /api/saved-searches/:id': [404],
};

/** Paths the beta gate leaves open (plugins/beta-gate.ts). */
const BETA_OPEN = new Set(['/api/health', '/api/beta', '/api/beta/access']);

/** ErrorBodySchema (src/domain/errors.ts) as JSON Schema: every failure has this shape. */
const ERROR_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['success', 'error', 'message'],
  additionalProperties: false,
};

const DESCRIPTIONS: Record<number, string> = {
  400: ERROR_MESSAGES.VALIDATION_ERROR,
  401: ERROR_MESSAGES.UNAUTHORIZED,
  403: ERROR_MESSAGES.FORBIDDEN,
  404: ERROR_MESSAGES.NOT_FOUND,
  409: ERROR_MESSAGES.CONFLICT,
  413: ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  415: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
  429: ERROR_MESSAGES.RATE_LIMITED,
  503: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error statuses one route can answer in this deployment, from its options and ROUTE_ERRORS. */
function errorStatuses(
  route: RouteOptions,
  method: string,
  deployment: { betaGate: boolean; rateLimit: boolean },
): number[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const statuses = new Set<number>([503, ...(ROUTE_ERRORS[`${method} ${route.url}`] ?? [])]);
  const hasBody = BODY_METHODS.has(method);
  // A body method always parses its body (malformed JSON is a 400), so it can fail validation too.
  if (hasBody || schema.body || schema.querystring || schema.params) statuses.add(400);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  // authenticate: no or a bad token (401), an account that never confirmed its email (403).
  if (Array.isArray(schema.security) && schema.security.length > 0) {
    statuses.add(401);
    statuses.add(403);
  }
  if (deployment.betaGate && !BETA_OPEN.has(route.url)) statuses.add(403);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (deployment.rateLimit && config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** The document's OpenAPI version: it decides the JSON Schema dialect, which the compiled serializers share. */
export const OPENAPI_VERSION = '3.0.3';

type OpenApiDoc = {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** OpenAPI from the zod schemas at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  const deployment = { betaGate: Boolean(app.ctx.config.betaPassword), rateLimit: app.ctx.config.rateLimit };
  // 'method path' as the document spells it ('get /api/user/{slug}') → its error statuses.
  const errorsByOperation = new Map<string, number[]>();
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: `${BRAND.name} API`, version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Error responses are added to the document only, never to route.schema.response: a response
    // schema there would also change how Fastify serialises the route's replies.
    transform: (input) => {
      const route = input.route as RouteOptions;
      const docPath = route.url.replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        errorsByOperation.set(`${method.toLowerCase()} ${docPath}`, errorStatuses(route, method, deployment));
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const doc = openapiObject as OpenApiDoc;
      doc.components = {
        ...doc.components,
        schemas: { ...doc.components?.schemas, ErrorResponse: ERROR_RESPONSE_SCHEMA },
      };
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          operation.responses ??= {};
          const responses = operation.responses;
          for (const status of errorsByOperation.get(`${method} ${path}`) ?? []) {
            responses[status] ??= {
              description: DESCRIPTIONS[status],
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
            };
          }
        }
      }
      return openapiObject;
    },
  });
  // The docs are served in production too: Swagger UI's page loads its scripts from files and its
  // own CSP allows them by 'self' and sha256 hashes, never 'unsafe-inline'. Only two directives are
  // brought in line with the app's CSP (security.ts): never framed (it says 'self'), and
  // upgrade-insecure-requests only when the site is https (it always says it).
  const isHttps = app.ctx.config.publicUrl.startsWith('https:');
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (csp) =>
      csp
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => directive && (isHttps || directive !== 'upgrade-insecure-requests'))
        .map((directive) => (directive.startsWith('frame-ancestors') ? "frame-ancestors 'none'" : directive))
        .join('; '),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
