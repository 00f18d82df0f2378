/**
 * The subset of JSON Schema (OpenAPI 3.0 flavour, with `nullable`) that our OpenAPI document uses,
 * and a small validator for it. Written here rather than pulling in ajv: the document uses a dozen
 * keywords, and an unknown keyword makes the validator throw, so nothing is silently ignored.
 */
export interface JsonSchema {
  type?: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
  $ref?: string;
}

/** Keywords that only annotate. */
const ANNOTATIONS = new Set(['default', 'description', 'title', 'example', 'examples', 'deprecated']);
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'anyOf',
  'oneOf',
  'allOf',
  'nullable',
  '$ref',
]);

// zod 4's own checks for these formats (the document shows the format, not zod's regex).
const FORMATS: Record<string, (s: string) => boolean> = {
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s),
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  uri: (s) => URL.canParse(s),
};

/** Resolves `#/components/schemas/X` references against the document. */
export type RefResolver = (ref: string) => JsonSchema;

const typeOf = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number' && Number.isInteger(v)
        ? 'integer'
        : typeof v;

/**
 * Validates `value` against `schema`; returns the problems found ('' path is the root), none when
 * valid. Throws on a keyword outside the subset, so the fuzzer cannot pass by not understanding.
 */
export function validate(schema: JsonSchema, value: unknown, resolve: RefResolver, path = ''): string[] {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) throw new Error(`unsupported keyword ${key} at ${path}`);
  if (schema.$ref) return validate(resolve(schema.$ref), value, resolve, path);
  const at = path || '(root)';
  if (value === null && schema.nullable) return [];
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!;
    const matching = options.filter((s) => validate(s, value, resolve, path).length === 0).length;
    if (schema.oneOf && matching !== 1) return [`${at}: matches ${matching} of oneOf's ${options.length}`];
    if (matching === 0) return [`${at}: matches none of anyOf`];
  }
  const problems: string[] = [];
  for (const sub of schema.allOf ?? []) problems.push(...validate(sub, value, resolve, path));
  if (schema.enum && !schema.enum.some((e) => e === value))
    return [`${at}: ${JSON.stringify(value)} not in enum`];
  const actual = typeOf(value);
  if (schema.type) {
    const ok = schema.type === actual || (schema.type === 'number' && actual === 'integer');
    if (!ok) return [`${at}: expected ${schema.type}${schema.nullable ? ' or null' : ''}, got ${actual}`];
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      problems.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      problems.push(`${at}: does not match ${schema.pattern}`);
    if (schema.format) {
      const check = FORMATS[schema.format];
      if (!check) throw new Error(`unsupported format ${schema.format} at ${at}`);
      if (!check(value)) problems.push(`${at}: not a ${schema.format}`);
    }
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push(`${at}: not finite`);
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push(`${at}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      problems.push(`${at}: not above ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      problems.push(`${at}: not below ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      problems.push(`${at}: more than ${schema.maxItems} items`);
    const items = schema.items;
    if (items)
      value.forEach((item, i) => void problems.push(...validate(items, item, resolve, `${path}/${i}`)));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) problems.push(`${at}: missing ${key}`);
    for (const [key, v] of Object.entries(object)) {
      const sub = schema.properties?.[key];
      if (sub) problems.push(...validate(sub, v, resolve, `${path}/${key}`));
      else if (schema.additionalProperties === false) problems.push(`${at}: unexpected key ${key}`);
      else if (typeof schema.additionalProperties === 'object')
        problems.push(...validate(schema.additionalProperties, v, resolve, `${path}/${key}`));
    }
  }
  return problems;
}
