import { type JsonSchema, type RefResolver, validate } from './json-schema';
import type { Operation } from './requests';

/** The parts of the OpenAPI document (GET /api/openapi.json) the fuzzer and the contract test read. */
export interface OpenApiDocument {
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The document's operations, each with its method (upper-case) and path, and its $ref resolver. */
export function readDocument(doc: OpenApiDocument): { operations: Operation[]; resolve: RefResolver } {
  const resolve = (ref: string): JsonSchema => {
    const name = ref.replace('#/components/schemas/', '');
    const schema = doc.components.schemas[name];
    if (!schema) throw new Error(`unresolved ${ref}`);
    return schema;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
  return { operations, resolve };
}

/** What is wrong with a response, by the document (undefined when nothing is). */
export function checkResponse(
  op: Operation,
  status: number,
  contentType: string,
  text: string,
  resolve: RefResolver,
): string | undefined {
  if (status >= 500) return `server error ${status}: ${text.slice(0, 200)}`;
  const documented = op.responses[String(status)];
  if (!documented) return `undocumented status ${status}: ${text.slice(0, 200)}`;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return undefined;
  if (!contentType.startsWith('application/json')) return `${status} with content-type ${contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const problems = validate(schema, body, resolve);
  return problems.length > 0 ? `${status} body off schema: ${problems.slice(0, 3).join('; ')}` : undefined;
}
