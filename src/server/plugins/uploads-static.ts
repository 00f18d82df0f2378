import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL, isSafeKey, UPLOADS_PREFIX } from '../storage/storage';

const notFound = { success: false, error: 'NOT_FOUND', message: 'Not found' } as const;

/**
 * Serves DATA_DIR/uploads at /uploads/. Only names the storage itself could have made are looked up
 * (isSafeKey: no '..', no '//', no '%' or '\'), after Fastify has percent-decoded them, so no
 * spelling of a path can leave the folder. A miss is a JSON 404 here, never the web app's HTML.
 */
export async function registerUploadsStatic(app: FastifyInstance, root: string) {
  const resolvedRoot = path.resolve(root);
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key) || !key.endsWith('.webp')) return reply.status(404).send(notFound);
    const file = path.resolve(resolvedRoot, key);
    if (!file.startsWith(resolvedRoot + path.sep)) return reply.status(404).send(notFound);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return reply.status(404).send(notFound);
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', String(info.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
      .send(createReadStream(file));
  });
}
