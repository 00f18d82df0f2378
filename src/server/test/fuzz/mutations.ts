import fc from 'fast-check';
import type { JsonSchema, RefResolver } from './json-schema';
import { arbitraryFor, type Hints } from './schema-arbitrary';

/**
 * Values a schema must reject. Every one breaks a rule the document states, in a way zod's
 * trimming cannot repair (no leading or trailing spaces), so a 2xx for one is a real finding.
 */

/** Non-space filler, so `.trim()` before a length or pattern check changes nothing. */
const solid = (n: number, char = 'x') => char.repeat(n);

/** A value of another JSON type than `schema` allows. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [
    12345,
    -1.5,
    true,
    'not-the-right-type',
    [1, 'two'],
    { nested: { deep: [] } },
  ];
  if (!schema.nullable) candidates.push(null);
  const allowed = (v: unknown) => {
    const t =
      v === null
        ? 'null'
        : Array.isArray(v)
          ? 'array'
          : typeof v === 'number'
            ? Number.isInteger(v)
              ? 'integer'
              : 'number'
            : typeof v;
    if (schema.enum) return schema.enum.includes(v);
    if (!schema.type) return true;
    return schema.type === t || (schema.type === 'number' && t === 'integer');
  };
  return fc.constantFrom(...candidates.filter((v) => !allowed(v)));
}

function invalidString(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (schema.maxLength !== undefined) {
    const max = schema.maxLength;
    out.push(fc.integer({ min: max + 1, max: max + 200 }).map((n) => solid(n)));
    // Huge: far beyond any limit, still under the body limit.
    out.push(fc.constant(solid(Math.max(max + 1, 200_000), 'é')));
  }
  if (schema.minLength !== undefined && schema.minLength > 0) {
    out.push(fc.integer({ min: 0, max: schema.minLength - 1 }).map((n) => solid(n)));
  }
  if (schema.enum) out.push(fc.constantFrom('not-an-option', 'HAIR', `${String(schema.enum[0])}x`));
  if (schema.format === 'uuid')
    out.push(fc.constantFrom('not-a-uuid', '1', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g'));
  if (schema.format === 'date-time') out.push(fc.constantFrom('yesterday', '2026-13-45T99:99:99Z', '1e999'));
  if (schema.pattern) {
    const re = new RegExp(schema.pattern, 'u');
    const tries = ['x', 'no spaces allowed here?', '<script>', '\u0000', '@@', 'ユニコード', '1'.repeat(9)];
    const failing = tries.filter(
      (s) => !re.test(s) && (schema.maxLength === undefined || s.length <= schema.maxLength),
    );
    if (failing.length > 0) out.push(fc.constantFrom(...failing));
  }
  return out;
}

function invalidNumber(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (schema.minimum !== undefined)
    out.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 1e6, -1e300));
  if (schema.maximum !== undefined)
    out.push(fc.constantFrom(schema.maximum + 1, schema.maximum + 1e6, 1e300));
  if (schema.type === 'integer') {
    const base = schema.minimum ?? 0;
    out.push(fc.constant(base + 0.5));
  }
  return out;
}

/** An arbitrary of values `schema` must reject (null when nothing can be said to be invalid). */
export function invalidFor(
  schema: JsonSchema,
  resolve: RefResolver,
  hints: Hints,
  depth = 0,
): fc.Arbitrary<unknown> | null {
  if (schema.$ref) return invalidFor(resolve(schema.$ref), resolve, hints, depth);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    // Only a wrong top-level type is sure to fail every branch.
    const types = new Set(options.map((o) => o.type));
    const wrong = [42, 'a string', [], true].filter(
      (v) =>
        !types.has(
          typeof v === 'number' ? 'number' : Array.isArray(v) ? 'array' : (typeof v as JsonSchema['type']),
        ),
    );
    return wrong.length > 0 ? fc.constantFrom(...wrong) : null;
  }
  if (!schema.type && !schema.enum) return null;
  const candidates: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (schema.type === 'string' || (schema.enum && typeof schema.enum[0] === 'string'))
    candidates.push(...invalidString(schema));
  if (schema.type === 'integer' || schema.type === 'number') candidates.push(...invalidNumber(schema));
  if (schema.type === 'array') {
    const items = schema.items ? arbitraryFor(schema.items, resolve, hints) : fc.string();
    if (schema.maxItems !== undefined) {
      const n = schema.maxItems + 1;
      // maxItems + 1 distinct-ish items (a set of enum values may have fewer than n members: repeat).
      candidates.push(fc.array(items, { minLength: n, maxLength: n + 5 }));
    }
    if (schema.minItems) candidates.push(fc.constant([]));
    const badItem = schema.items ? invalidFor(schema.items, resolve, hints, depth + 1) : null;
    if (badItem) candidates.push(badItem.map((v) => [v]));
  }
  if (schema.type === 'object') {
    const valid = arbitraryFor(schema, resolve, hints) as fc.Arbitrary<Record<string, unknown>>;
    const required = schema.required ?? [];
    if (required.length > 0) {
      // A required key left out.
      candidates.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
          const copy = { ...value };
          delete copy[key];
          return copy;
        }),
      );
    }
    // One property made invalid, the rest valid.
    const props = Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => {
      const bad = depth < 4 ? invalidFor(sub, resolve, hints, depth + 1) : null;
      return bad ? [{ key, bad }] : [];
    });
    if (props.length > 0) {
      candidates.push(
        fc
          .oneof(...props.map(({ key, bad }) => bad.map((v) => ({ key, v }))))
          .chain(({ key, v }) => valid.map((value) => ({ ...value, [key]: v }))),
      );
    }
  }
  return fc.oneof(...candidates);
}

/** Bodies that are not JSON at all, sent as application/json. */
export const MALFORMED_JSON = fc.constantFrom(
  '{',
  '{"email":',
  '{"a":1,}',
  "{'single':'quotes'}",
  '[1,2',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\ud800\\u"}',
  '{"__proto__":',
  '\ufeff{"a":1',
  `{"a":${'['.repeat(10_000)}`,
);

/**
 * Content types the API does not take for a JSON route, each with a body in that type. (Not
 * 'application/json; charset=utf-16': Fastify matches the media type and reads UTF-8 regardless.)
 */
export const WRONG_CONTENT_TYPES = fc.constantFrom(
  { type: 'application/xml', body: '<a>1</a>' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  { type: 'image/png', body: '\u0089PNG' },
  { type: 'text/html', body: '<b>1</b>' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { type: 'text/plain', body: 'a=1' },
);
