import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error';

export const BAD_TEXT_MESSAGE = 'Text may not contain the NUL character or broken Unicode.';

/** Text PostgreSQL can store: no U+0000, no lone surrogate (JSON's '\ud800' escape makes one). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * How deeply input may nest (objects and arrays alike; the root counts as 1). The deepest real body
 * is 3 (a profile's pricing list of packages); a 20 kB body can nest 10,000 deep, which overflowed
 * the stack of the recursive walk this replaces and answered 500.
 */
export const MAX_INPUT_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply.';

/**
 * The first place in `value` (a parsed body, query or params), in document order, where a string or
 * key is not storable or the nesting goes past MAX_INPUT_DEPTH. Walks with an explicit stack, so no
 * input can exhaust the call stack.
 */
function findBadInput(value: unknown): { path: string; message: string } | undefined {
  // Each entry is checked when popped: its key (when it has one), then its value.
  const stack: { value: unknown; path: string[]; key?: string }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, path, key } = item;
    if (key !== undefined && !storable(key)) return { path: path.join('.'), message: BAD_TEXT_MESSAGE };
    if (typeof current === 'string') {
      if (!storable(current)) return { path: path.join('.'), message: BAD_TEXT_MESSAGE };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), message: TOO_DEEP_MESSAGE };
    // Pushed last to first, so the first entry is looked at first (document order).
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [childKey, child] = entries[i]!;
      stack.push({ value: child, path: [...path, childKey], key: childKey });
    }
  }
  return undefined;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate, so such a string
 * anywhere in the input made the query fail with a 500 (found by src/server/test/fuzz); in text columns a
 * lone surrogate was silently stored as U+FFFD. No field has a use for either: refuse them as a 400
 * before any API handler runs (body, query string and path parameters alike), and input nested
 * deeper than any form sends with them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // API input only: a page URL with junk in its query string still gets its page.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    for (const input of [request.params, request.query, request.body]) {
      const bad = findBadInput(input);
      if (bad) throw fieldError(bad.path, bad.message);
    }
  });
}
