import type { FastifyInstance } from 'fastify';
import { BETA_ACCESS_HEADER } from '../../domain/admin';
import { AppError } from '../lib/app-error';
import { hasBetaAccess } from '../modules/access/access.service';

/** What stays open behind the gate: the gate itself and the health check. */
const OPEN_PATHS = new Set(['/api/health', '/api/beta', '/api/beta/access']);

/**
 * The beta gate (SPEC.md §4, DESIGN.md §5): with BETA_PASSWORD set, every API call must carry the
 * token that POST /api/beta/access grants for the right password; others get 403 BETA_LOCKED.
 */
export function registerBetaGate(app: FastifyInstance) {
  if (!app.ctx.config.betaPassword) return;
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0]!;
    if (!(path === '/api' || path.startsWith('/api/')) || OPEN_PATHS.has(path)) return;
    const token = String(request.headers[BETA_ACCESS_HEADER] ?? '');
    if (!(await hasBetaAccess(app.ctx, token))) throw new AppError('BETA_LOCKED');
  });
}
