import fc from 'fast-check';
import type { JsonSchema, RefResolver } from './json-schema';

/**
 * JSON Schema → fast-check arbitrary of values the schema accepts, for the subset our OpenAPI
 * document uses (json-schema.ts). Strings are adversarial within their bounds (NUL, RTL marks,
 * emoji, lone surrogates, SQL and HTML), since a valid request is also where a handler can break.
 */

/** Per property name: realistic values (real ids, tokens, images) mixed into the generic ones. */
export type Hints = Record<string, () => fc.Arbitrary<unknown>>;

/** Characters that have broken servers: controls, RTL override, BOM, emoji, quotes, wildcards. */
const NASTY_CHARS = fc.constantFrom(
  '\u0001',
  '\u001b',
  '\u007f',
  '\u202e',
  '\u200f',
  '\ufeff',
  '\u00a0',
  '\u2028',
  '😀',
  '👩🏽‍🦱',
  '\\',
  '%',
  '_',
  "'",
  '"',
  '\n',
  '\t',
  'é',
  'ß',
  '中',
  'ﷺ',
);

/**
 * What PostgreSQL cannot store (NUL, lone surrogates): the server refuses these with a 400
 * (plugins/input-guard.ts), so they go into one string in forty rather than into every request.
 */
const UNSTORABLE = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000');

/** Whole payloads for free-text fields: SQL, HTML, template and path tricks. */
export const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1); SELECT pg_sleep(5); --',
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%27%22',
  '\\u0000',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '&amp;&lt;&gt;',
];

/** Any character: mostly plain, sometimes full Unicode or one of NASTY_CHARS. */
const anyChar = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: NASTY_CHARS },
);

/** A string of UTF-16 length within [min, max] (zod counts .length), built from anyChar and PAYLOADS. */
function boundedString(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, Math.max(min, 300)); // long enough to matter, short enough to run fast
  const pieces = fc.array(
    fc.oneof({ weight: 5, arbitrary: anyChar }, { weight: 1, arbitrary: fc.constantFrom(...PAYLOADS) }),
    {
      maxLength: Math.min(cap, 60),
    },
  );
  const clamp = (s: string) => {
    let out = s.slice(0, cap);
    // A cut through a surrogate pair leaves a lone surrogate: fine, that is a case we want too.
    while (out.length < min) out += 'x';
    return out;
  };
  const exactly = (n: number) => fc.string({ unit: 'grapheme-ascii', minLength: n, maxLength: n });
  return fc.oneof(
    { weight: 30, arbitrary: pieces.map((p) => clamp(p.join(''))) },
    { weight: 1, arbitrary: fc.tuple(pieces, UNSTORABLE).map(([p, bad]) => clamp(`${bad}${p.join('')}`)) },
    // The boundaries themselves.
    { weight: 3, arbitrary: exactly(min) },
    { weight: 3, arbitrary: exactly(max === Number.POSITIVE_INFINITY ? 10_000 : max) },
  );
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') {
    // Around now, where openings and reviews have their rules; ISO with Z as zod's default wants.
    const now = Date.now();
    return fc
      .integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 })
      .map((offset) => new Date(now + offset).toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length >= min && e.length <= max);
  if (schema.format === 'uri') return fc.webUrl().filter((u) => u.length >= min && u.length <= max);
  if (schema.format) throw new Error(`no generator for format ${schema.format}`);
  if (schema.pattern) {
    // One character class repeated (a base64url key) with a length to keep: the length goes into the
    // pattern, since filtering generated strings for an exact length of 87 would never end.
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern);
    const bounded = repeated && (schema.minLength !== undefined || schema.maxLength !== undefined);
    const pattern = bounded ? `^${repeated[1]}{${min},${max}}$` : schema.pattern;
    return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length >= min && s.length <= max);
  }
  return boundedString(min, max);
}

/** An arbitrary of values valid for `schema`; `hints` supply realistic values by property name. */
export function arbitraryFor(
  schema: JsonSchema,
  resolve: RefResolver,
  hints: Hints = {},
  name = '',
): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryFor(resolve(schema.$ref), resolve, hints, name);
  const base = plainArbitrary(schema, resolve, hints);
  const hinted =
    name && hints[name]
      ? fc.oneof({ weight: 3, arbitrary: hints[name]() }, { weight: 1, arbitrary: base })
      : base;
  return schema.nullable ? fc.option(hinted, { nil: null, freq: 6 }) : hinted;
}

function plainArbitrary(schema: JsonSchema, resolve: RefResolver, hints: Hints): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => arbitraryFor(s, resolve, hints)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = schema.minimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return fc.oneof(
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.constantFrom(min, max),
      );
    }
    case 'array': {
      const items = schema.items ? arbitraryFor(schema.items, resolve, hints) : fc.jsonValue();
      const maxLength = Math.min(schema.maxItems ?? 8, 20);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(
          Object.entries(props).map(([key, sub]) => [key, arbitraryFor(sub, resolve, hints, key)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
      // Sometimes a key the schema does not name: zod strips it, and it must not reach the database.
      if (schema.additionalProperties === false) return record;
      return fc
        .tuple(
          record,
          fc.option(fc.constantFrom('__proto__', 'constructor', 'is_admin', 'role', 'id', 'extra'), {
            freq: 4,
          }),
        )
        .map(([value, extra]) => (extra ? { ...value, [extra]: 'admin' } : value));
    }
    case 'null':
      return fc.constant(null);
    default:
      // No type (e.g. a `default`-only wrapper): any JSON.
      return fc.jsonValue();
  }
}
