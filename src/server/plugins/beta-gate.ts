import type { FastifyInstance } from 'fastify';
import { BETA_ACCESS_HEADER } from '#domain/admin.ts';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';

/** What stays open behind the gate: the gate itself and the health check. */
const OPEN_PATHS = new Set(['/api/health', '/api/beta', '/api/beta/access']);

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

function decodedPath(url: string): string {
  const raw = url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The beta gate (docs/product.md §4 and §10): with BETA_PASSWORD set, every API call must carry the
 * token that POST /api/beta/access grants for the right password; others get 403 BETA_LOCKED.
 */
export function registerBetaGate(
  app: FastifyInstance,
  // Which tokens the gate takes is the access module's rule; a plugin does not import modules, so
  // src/server/app.ts passes it in.
  hasBetaAccess: (ctx: AppContext, token: string) => Promise<boolean>,
) {
  if (!app.ctx.config.betaPassword) return;
  app.addHook('onRequest', async (request) => {
    // The router decodes the path ('/%61pi/providers' is GET /api/providers), so judge the route
    // it matched, and the decoded path when it matched none.
    const route = request.routeOptions.url;
    const path = route && isApiPath(route) ? route : decodedPath(request.url);
    if (!isApiPath(path) || OPEN_PATHS.has(path)) return;
    const token = String(request.headers[BETA_ACCESS_HEADER] ?? '');
    if (!(await hasBetaAccess(app.ctx, token))) throw new AppError('BETA_LOCKED');
  });
}
