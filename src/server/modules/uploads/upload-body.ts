import { AppError, fieldError } from '#server/lib/app-error.ts';

/**
 * The upload routes' body parser. Their bodies are JSON objects of a few text members (`{"file":
 * "data:image/png;base64,…", "userId": "…"}`, a delete's `imageUrl` and `userId`). Fastify's JSON parser
 * builds whatever arrives up to the route's limit, and then the input guard walks it: one 15 MB body of
 * `[0,0,0,…]` (7.5 million array elements) held the event loop for 47 seconds. This reads that one
 * shape and refuses anything else with a 400 before building it: no arrays, numbers or nested objects,
 * at most UPLOAD_BODY_MAX_MEMBERS members. Each string is decoded by JSON.parse on its own slice, so
 * escapes and control characters follow JSON exactly, and a 13 MB data URL costs one native scan.
 */

/** More members than any upload sends (two), room for a client's extra fields, and still tiny. */
export const UPLOAD_BODY_MAX_MEMBERS = 16;
/** Longer than any field name; a key is echoed in an error's `issues`, so it must stay short. */
const MAX_KEY_LENGTH = 64;

export const UPLOAD_BODY_TEXTS = {
  shape: 'An upload is a JSON object of text fields: {"file": "data:image/…;base64,…", "userId": "…"}.',
  notText: 'This field must be text.',
  jsonOnly: 'Uploads are sent as JSON (Content-Type: application/json).',
} as const;

const shapeError = () => new AppError('VALIDATION_ERROR', UPLOAD_BODY_TEXTS.shape);

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The JSON string starting at `start` (its opening quote) and the index after its closing quote. The
 * closing quote is the first one not escaped by an odd run of backslashes; indexOf jumps there, so a
 * base64 payload (no quotes, no backslashes) is found in one native scan.
 */
function readString(text: string, start: number): { value: string; end: number } {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) throw shapeError();
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, quote + 1));
      } catch {
        throw shapeError();
      }
      return { value: value as string, end: quote + 1 };
    }
    from = quote + 1;
  }
}

/**
 * `text` as an object of its string members, or a 400: the shape's message, or, for a member whose
 * value is not a string, that member's path. A key given twice is refused (JSON.parse would keep the
 * last one silently).
 */
export function parseUploadBody(text: string): Record<string, string> {
  const entries: [string, string][] = [];
  const seen = new Set<string>();
  let i = skipSpace(text, 0);
  if (text[i] !== '{') throw shapeError();
  i = skipSpace(text, i + 1);
  if (text[i] === '}') i += 1;
  else {
    for (;;) {
      if (text[i] !== '"') throw shapeError();
      const key = readString(text, i);
      if (key.value.length > MAX_KEY_LENGTH || seen.has(key.value)) throw shapeError();
      seen.add(key.value);
      i = skipSpace(text, key.end);
      if (text[i] !== ':') throw shapeError();
      i = skipSpace(text, i + 1);
      if (i >= text.length) throw shapeError();
      if (text[i] !== '"') throw fieldError(key.value, UPLOAD_BODY_TEXTS.notText);
      const value = readString(text, i);
      entries.push([key.value, value.value]);
      i = skipSpace(text, value.end);
      if (text[i] === '}') {
        i += 1;
        break;
      }
      if (text[i] !== ',' || entries.length >= UPLOAD_BODY_MAX_MEMBERS) throw shapeError();
      i = skipSpace(text, i + 1);
    }
  }
  if (skipSpace(text, i) !== text.length) throw shapeError();
  // Like JSON.parse, an own property even for '__proto__' (fromEntries defines, it never assigns).
  return Object.fromEntries(entries);
}
