import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema as FjsSchema } from 'fast-json-stringify';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { createJsonSchemaTransform, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { OPENAPI_VERSION } from './openapi';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Response schemas served by the zod serializer instead of a compiled one, as 'METHOD /path
     * status: why' (serializer.api.test.ts expects none).
     */
    serializerFallbacks: string[];
  }
}

/**
 * The route's response schema as the OpenAPI document has it (openapi.ts: the same transform and
 * target), except that a zod type JSON Schema cannot say (a transform, a custom check) throws here
 * instead of becoming `{}` (any value): such a route keeps the zod serializer.
 */
const toDocumentSchema = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'throw' } });

/**
 * Zod types whose output fast-json-stringify writes as `JSON.stringify(zod.parse(x))` would, given a
 * value of the right type. Anything else (defaults and catches that fill values in, pipes and codecs
 * whose output is not their input, lazy and recursive types, tuples, intersections) falls back.
 */
const FAITHFUL = new Set([
  'object',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'array',
  'optional',
  'nullable',
  'union',
  'record',
  'date',
  'unknown',
  'any',
]);

type ZodDef = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  keyType?: $ZodType;
  valueType?: $ZodType;
};

/** Why `schema` cannot be compiled faithfully, or null when it can. */
function unfaithfulPart(schema: $ZodType, path = '$'): string | null {
  const def = schema._zod.def as unknown as ZodDef;
  if (!FAITHFUL.has(def.type)) return `${path} is a zod ${def.type}`;
  const children: [string, $ZodType | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([key, child]): [string, $ZodType] => [`${path}.${key}`, child]),
    [`${path}[]`, def.element],
    [path, def.innerType],
    [`${path}{}`, def.valueType],
    [`${path}{key}`, def.keyType],
    [`${path}.*`, def.catchall],
    ...(def.options ?? []).map((option, i): [string, $ZodType] => [`${path}|${i}`, option]),
  ];
  for (const [childPath, child] of children) {
    const reason = child ? unfaithfulPart(child, childPath) : null;
    if (reason) return reason;
  }
  return null;
}

/** Fastify hands the response schema as given, or wrapped in `{ properties }` after its normalisation. */
function zodSchemaOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}

type Serialize = (data: unknown) => string;

/** The compiled serializer of one response schema, or the reason it cannot have one. */
export function compileResponseSchema(zodSchema: $ZodType, url: string): Serialize | string {
  const unfaithful = unfaithfulPart(zodSchema);
  if (unfaithful) return unfaithful;
  try {
    const transformed = toDocumentSchema({
      schema: { response: { 200: zodSchema } },
      url,
      route: { method: 'GET', url } as never,
      openapiObject: { openapi: OPENAPI_VERSION },
    } as Parameters<typeof toDocumentSchema>[0]) as { schema: { response: Record<number, FjsSchema> } };
    return fastJsonStringify(transformed.schema.response[200]!);
  } catch (error) {
    return `no compiled serializer: ${(error as Error).message}`;
  }
}

/** The zod serializer fastify-type-provider-zod used: parse (encode) and JSON.stringify. */
function zodSerializer(schema: $ZodType, method: string, url: string): Serialize {
  return (data) => {
    const result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Tests: every reply is parsed by zod first (a reply the schema refuses is the 500 it always was),
 * and the compiled serializer's JSON must equal zod's, or the reply is a 500 that says where they
 * differ: the whole API suite checks the compiled serializers on real replies.
 */
function checkedSerializer(schema: $ZodType, compiled: Serialize, method: string, url: string): Serialize {
  const viaZod = zodSerializer(schema, method, url);
  return (data) => {
    const expected = viaZod(data);
    const json = compiled(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(expected))) {
      throw new Error(
        `The compiled serializer of ${method} ${url} wrote ${json}, but the zod schema gives ${expected}`,
      );
    }
    return json;
  };
}

/**
 * Replies are written by fast-json-stringify functions compiled once per route from the zod response
 * schemas (ADR 016): no zod parse per reply in production. What the compiled function does
 * not check, TypeScript does (the handlers' return types come from the same schemas) and so does the
 * test suite (`check`: zod first, then both compared). A missing required key still throws (a 500).
 */
export function registerSerializer(app: FastifyInstance, options: { check: boolean }) {
  const fallbacks: string[] = [];
  app.decorate('serializerFallbacks', fallbacks);
  // Once per schema: routes share reply schemas, and each GET is compiled again for its HEAD.
  const compiledBySchema = new WeakMap<$ZodType, Serialize | string>();
  const compiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
    const zodSchema = zodSchemaOf(schema);
    // A plain JSON Schema (none today): Fastify's own serializer compiler would take it.
    if (!zodSchema) return fastJsonStringify(schema as FjsSchema);
    let compiled = compiledBySchema.get(zodSchema);
    if (compiled === undefined) {
      compiled = compileResponseSchema(zodSchema, url);
      compiledBySchema.set(zodSchema, compiled);
    }
    if (typeof compiled === 'string') {
      if (method !== 'HEAD') fallbacks.push(`${method} ${url} ${httpStatus}: ${compiled}`);
      return zodSerializer(zodSchema, method, url);
    }
    return options.check ? checkedSerializer(zodSchema, compiled, method, url) : compiled;
  };
  app.setSerializerCompiler(compiler);
}
