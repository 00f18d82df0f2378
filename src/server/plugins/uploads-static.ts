import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL, isSafeKey, UPLOADS_PREFIX } from '../storage/storage';

const notFound = { success: false, error: 'NOT_FOUND', message: 'Not found' } as const;

export interface UploadsStaticOptions {
  /**
   * Where a name that is no longer stored now leads (a replaced avatar → the current one), or null.
   * Handed in by src/server/app.ts from the uploads module, which decides what may be followed.
   */
  replacementUrl?: (key: string) => Promise<string | null>;
}

/**
 * Serves DATA_DIR/uploads at /uploads/. Only names the storage itself could have made are looked up
 * (isSafeKey: no '..', no '//', no '%' or '\'), after Fastify has percent-decoded them, so no
 * spelling of a path can leave the folder. A miss is a JSON 404 here, never the web app's HTML,
 * unless `replacementUrl` names where the picture went: then a 302 there that no cache keeps, since
 * the target changes with the next upload (the stored files themselves never change, so they are
 * cached for good).
 */
export async function registerUploadsStatic(
  app: FastifyInstance,
  root: string,
  { replacementUrl }: UploadsStaticOptions = {},
) {
  const resolvedRoot = path.resolve(root);
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key) || !key.endsWith('.webp')) return reply.status(404).send(notFound);
    const file = path.resolve(resolvedRoot, key);
    if (!file.startsWith(resolvedRoot + path.sep)) return reply.status(404).send(notFound);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      const moved = await replacementUrl?.(key);
      if (!moved) return reply.status(404).send(notFound);
      return reply.header('Cache-Control', 'no-store').redirect(moved, 302);
    }
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', String(info.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
      .send(createReadStream(file));
  });
}
