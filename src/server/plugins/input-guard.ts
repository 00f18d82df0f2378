import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error';

export const BAD_TEXT_MESSAGE = 'Text may not contain the NUL character or broken Unicode.';

/** Text PostgreSQL can store: no U+0000, no lone surrogate (JSON's '\ud800' escape makes one). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** Where in `value` (a parsed body, query or params) a string or key is not storable, as 'a.b.0'; undefined if nowhere. */
function findBadText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return storable(value) ? undefined : path.join('.');
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!storable(key)) return [...path, key].join('.');
    const found = findBadText(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate, so such a string
 * anywhere in the input made the query fail with a 500 (found by src/server/fuzz); in text columns a
 * lone surrogate was silently stored as U+FFFD. No field has a use for either: refuse them as a 400
 * before any API handler runs (body, query string and path parameters alike).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // API input only: a page URL with junk in its query string still gets its page.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    for (const input of [request.params, request.query, request.body]) {
      const path = findBadText(input);
      if (path !== undefined) throw fieldError(path, BAD_TEXT_MESSAGE);
    }
  });
}
