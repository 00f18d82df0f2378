import { isDeepStrictEqual } from 'node:util';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND } from '#domain/brand.ts';
import { ERROR_MESSAGES, ERROR_STATUS } from '#domain/errors.ts';
import { PriceRangeSchema } from '#domain/search.ts';
import { ERROR_EXAMPLE, OPERATION_EXAMPLES } from './openapi-examples';

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
  // The settings' steps limit tries per account in a preHandler (RATE_LIMITS.identityCheck, dataExport).
  'POST /api/account/password': [429],
  'POST /api/account/email': [429],
  'POST /api/account/email/undo': [409],
  'DELETE /api/account': [429],
  'GET /api/account/export': [429],
  'DELETE /api/account/sessions/:id': [404],
  'PUT /api/account/passkeys/:id': [404],
  'DELETE /api/account/passkeys/:id': [404],
  'POST /api/auth/passkey/login': [401, 403],
  'GET /api/auth/profile': [404],
  'PUT /api/auth/profile': [403, 404],
  'GET /api/user/:slug': [404],
  // 403: a block either way; 429: MESSAGE_LIMITS.newThreadsPerDay new conversations (whatever the rate limits).
  'POST /api/messages': [403, 404, 429],
  'GET /api/threads/:id': [404],
  'POST /api/threads/:id/messages': [403, 404],
  'POST /api/threads/:id/read': [404],
  'PUT /api/threads/:id/block': [404, 409],
  'POST /api/messages/:id/report': [404, 409],
  'GET /api/admin/messages': [403],
  'PUT /api/admin/messages/:id': [403, 404],
  'GET /api/saved-replies': [403],
  'POST /api/saved-replies': [403, 409],
  'PUT /api/saved-replies/:id': [403, 404],
  'DELETE /api/saved-replies/:id': [403, 404],
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
  // The device writes share one allowance per account (RATE_LIMITS.pushDeviceWrite); 404: not one of mine.
  'POST /api/push/devices': [429],
  'PATCH /api/push/devices/:id': [404, 429],
  'DELETE /api/push/devices/:id': [404, 429],
  'PUT /api/push/quiet-hours': [429],
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
  example: ERROR_EXAMPLE,
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
  if (requiresSignIn(schema.security)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (deployment.betaGate && !BETA_OPEN.has(route.url)) statuses.add(403);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (deployment.rateLimit && config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** A route's `security` when a bearer token is optional: a visitor is served, a signed-in viewer gets more. */
export const OPTIONAL_SIGN_IN: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/** Whether an operation's security requires a bearer token (`{}` among the options makes it optional). */
export function requiresSignIn(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    !security.some((requirement) => Object.keys(requirement ?? {}).length === 0)
  );
}

/** Every tag the routes use, described: the document's top-level `tags` (redocly's lint wants each described). */
const TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Liveness: a database round trip.' },
  {
    name: 'auth',
    description: 'Accounts and sessions: sign-up, email confirmation, login, tokens, password reset.',
  },
  {
    name: 'account',
    description:
      'What a signed-in person controls: password, email, sessions, passkeys, notification choices, their data (download, deletion).',
  },
  { name: 'profiles', description: "The signed-in account's own profile, and providers' public profiles." },
  {
    name: 'messages',
    description:
      'Conversations between clients and providers: writing from a profile, the inbox, a thread, replies, read marks, blocking, reports, saved replies and moderation.',
  },
  { name: 'uploads', description: "Providers' avatar and portfolio images (data URLs, stored as WebP)." },
  {
    name: 'search',
    description: "Provider search and listings, the nearest zip, and the admins' search logs.",
  },
  { name: 'places', description: 'Landing pages: one service in one city.' },
  { name: 'favorites', description: 'Saved providers and services, and providers a client has blocked.' },
  { name: 'bookings', description: 'Clicks on Book buttons, as each provider sees them.' },
  {
    name: 'insights',
    description: "Providers' impressions and views: beacons in, daily figures and CSV out.",
  },
  { name: 'access', description: 'The beta gate and the admin access step.' },
  { name: 'openings', description: 'Last-minute openings posted by providers, and email alerts about them.' },
  { name: 'forms', description: 'Feedback and investor sign-ups, and their admin list.' },
  { name: 'reviews', description: 'Reviews of providers, replies and reports, and their moderation.' },
  { name: 'saved-searches', description: 'Saved searches and their email alerts of new matches.' },
  {
    name: 'push',
    description:
      'Push notifications: the devices an account turned them on for, what each gets, quiet hours, and the click beacon.',
  },
  { name: 'admin', description: 'Admin lists and exports of booking clicks and reviews.' },
];

/**
 * A stable, unique operationId from the method and path: 'GET /api/user/{slug}' → getUserBySlug,
 * 'PUT /api/saved-searches/{id}/alert' → putSavedSearchesByIdAlert. Derived, so a new route needs no
 * name and a renamed path renames its operation.
 */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? ['by', ...param.split('_')] : segment.split(/[-_.]/);
    });
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

/** The schema a zod type has in the document, as the same transform writes it for a body property. */
function documentSchemaOf(schema: z.ZodType): unknown {
  const transformed = jsonSchemaTransform({
    schema: { body: z.object({ value: schema }) },
    url: '/',
    route: { method: 'POST', url: '/' },
    openapiObject: { openapi: OPENAPI_VERSION },
  } as unknown as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: { body: { properties: { value: Record<string, unknown> } } };
  };
  return transformed.schema.body.properties.value;
}

/**
 * Schemas the domain shares between several bodies, named once in `components`: every place the
 * document spells one out becomes a $ref. zod's [price, price] tuple comes out of OpenAPI 3.0 as
 * an array whose items are `anyOf` the same schema twice; its component says it once.
 */
function namedSchemas(): { name: string; inline: unknown; component: Record<string, unknown> }[] {
  const inline = documentSchemaOf(PriceRangeSchema) as Record<string, unknown>;
  const items = (inline.items as { anyOf?: unknown[] } | undefined)?.anyOf?.[0];
  return [
    {
      name: 'PriceRange',
      inline,
      component: {
        ...inline,
        items,
        description: '[lowest, highest] price in US dollars, lowest first.',
        example: [40, 250],
      },
    },
  ];
}

/** Replaces, anywhere under `node`, each value deep-equal to `inline` by `replacement`. */
function replaceDeep(node: unknown, inline: unknown, replacement: unknown): unknown {
  if (isDeepStrictEqual(node, inline)) return replacement;
  if (Array.isArray(node)) return node.map((child) => replaceDeep(child, inline, replacement));
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => [key, replaceDeep(child, inline, replacement)]),
    );
  return node;
}

/**
 * OpenAPI 3.0 lets `nullable` add null only to a `type` in the same schema, and the transform writes
 * a nullable union (the policies' deposit: an amount, a percentage, or null) as `nullable` beside
 * `oneOf` with no type, which redocly refuses. Each such schema, anywhere under `node`, becomes the
 * same alternatives plus a null one (`{ type, nullable: true, enum: [null] }`, 3.0.3's way to say
 * "null").
 */
function nullableUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableUnions);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, nullableUnions(child)]),
  ) as Record<string, unknown>;
  const key = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : null;
  if (schema.nullable !== true || 'type' in schema || !key) return schema;
  const branches = schema[key] as { type?: unknown }[];
  const types = new Set(branches.map((branch) => branch.type));
  const [type] = types;
  if (types.size !== 1 || typeof type !== 'string') return schema;
  const { nullable: _nullable, ...rest } = schema;
  return { ...rest, [key]: [...branches, { type, nullable: true, enum: [null] }] };
}

/** The document's OpenAPI version: it decides the JSON Schema dialect, which the compiled serializers share. */
export const OPENAPI_VERSION = '3.0.3';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
};
type OpenApiDoc = {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
};

/** Adds the examples of openapi-examples.ts to one operation ('METHOD /path' as registered). */
function addExamples(operation: Operation, route: string) {
  const example = OPERATION_EXAMPLES[route];
  if (!example) return;
  for (const parameter of operation.parameters ?? []) {
    const value = example.params?.[parameter.name];
    if (value !== undefined) parameter.example = value;
  }
  const body = operation.requestBody?.content?.['application/json'];
  if (body && example.body !== undefined) body.example = example.body;
  const reply = operation.responses?.['200']?.content?.['application/json'];
  if (reply && example.reply !== undefined) reply.example = example.reply;
}

/** OpenAPI from the zod schemas at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  const deployment = { betaGate: Boolean(app.ctx.config.betaPassword), rateLimit: app.ctx.config.rateLimit };
  // 'method path' as the document spells it ('get /api/user/{slug}') → its error statuses.
  const errorsByOperation = new Map<string, number[]>();
  // The same keys, for the operations whose 200 is a CSV download: they have no reply schema to show.
  const csvOperations = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: `${BRAND.name} API`,
        version: '1.0.0',
        description: `The calls ${BRAND.name}'s web app makes. Every failure has the ErrorResponse shape.`,
      },
      servers: [{ url: app.ctx.config.publicUrl, description: 'This deployment (PUBLIC_URL)' }],
      tags: TAGS,
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Error responses are added to the document only, never to route.schema.response: a response
    // schema there would also change how Fastify serialises the route's replies.
    transform: (input) => {
      const route = input.route as RouteOptions;
      const docPath = route.url.replace(/:(\w+)/g, '{$1}');
      const produces = (route.schema as { produces?: string[] } | undefined)?.produces;
      for (const method of [route.method].flat()) {
        errorsByOperation.set(`${method.toLowerCase()} ${docPath}`, errorStatuses(route, method, deployment));
        if (produces?.includes('text/csv')) csvOperations.add(`${method.toLowerCase()} ${docPath}`);
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      const doc = openapiObject as OpenApiDoc;
      doc.paths = nullableUnions(doc.paths) as OpenApiDoc['paths'];
      const named = namedSchemas();
      for (const { name, inline } of named) {
        doc.paths = replaceDeep(doc.paths, inline, {
          $ref: `#/components/schemas/${name}`,
        }) as OpenApiDoc['paths'];
      }
      doc.components = {
        ...doc.components,
        schemas: {
          ...doc.components?.schemas,
          ErrorResponse: ERROR_RESPONSE_SCHEMA,
          ...Object.fromEntries(named.map(({ name, component }) => [name, component])),
        },
      };
      const operationIds = new Set<string>();
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          operation.operationId = operationIdOf(method, path);
          if (operationIds.has(operation.operationId))
            throw new Error(`two operations derive the operationId ${operation.operationId}`);
          operationIds.add(operation.operationId);
          // Public: an explicit empty list, so no reader mistakes an omission for a default.
          operation.security ??= [];
          addExamples(operation, `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
          operation.responses ??= {};
          const responses = operation.responses;
          if (csvOperations.has(`${method} ${path}`) && responses['200'] && !responses['200'].content) {
            responses['200'] = {
              description: 'A CSV file (a download)',
              content: { 'text/csv': { schema: { type: 'string' } } },
            };
          }
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
