import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images live. Keys are relative paths like 'portfolio/<userId>/<sha256>.webp';
 * `put` answers the public URL of the stored object.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The key of a URL this storage handed out, or null for anything else. */
  keyFromUrl(url: string): string | null;
  urlFor(key: string): string;
}

/** Keys are made by the server, but are checked anyway so a bad one can never leave the root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)+$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export const UPLOADS_PREFIX = '/uploads/';

/** Stored names are content hashes, so a name never changes meaning and may be cached for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** True for keys assertSafeKey accepts. */
export function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Local disk under DATA_DIR/uploads, served by the app at /uploads/. */
export function createDiskStorage(root: string): Storage {
  return {
    kind: 'disk',
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return UPLOADS_PREFIX + key;
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(path.join(root, key), { force: true });
    },
    keyFromUrl(url) {
      if (!url.startsWith(UPLOADS_PREFIX)) return null;
      const key = url.slice(UPLOADS_PREFIX.length);
      return isSafeKey(key) ? key : null;
    },
    urlFor: (key) => UPLOADS_PREFIX + key,
  };
}
