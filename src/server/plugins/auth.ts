import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ACCESS_HEADER, ADMIN_TEXTS } from '../../domain/admin';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { verifyAccessToken } from '../lib/tokens';
import { hasAdminAccess } from '../modules/access/access.service';
import { findUserForAccessToken, type UserRow } from '../modules/auth/auth.queries';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** preHandler: requires a valid bearer token and loads the user into request.user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow;
  }
}

/** The token of an `Authorization: Bearer …` header, or '' when there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * The user a raw access token belongs to; 401 when it is missing, invalid, expired, of a deleted
 * user, ended by a logout (the denylist), or issued before the user's tokens_valid_after;
 * 403 EMAIL_NOT_VERIFIED for an account that never confirmed its email (no login hands one a token;
 * this holds even if one was minted). Loaded fresh so role and type changes apply at once; the
 * denylist is read in the same query, so this stays one round trip.
 */
export async function userFromAccessToken(ctx: AppContext, token: string): Promise<UserRow> {
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const claims = await verifyAccessToken(ctx.secret, token, ctx.now());
  if (!claims) throw new AppError('UNAUTHORIZED');
  const found = await findUserForAccessToken(ctx.db, claims.sub, claims.jti);
  if (!found || found.tokenRevoked) throw new AppError('UNAUTHORIZED');
  const { user } = found;
  if (user.tokensValidAfter && claims.issuedAtMs < user.tokensValidAfter.getTime()) {
    throw new AppError('UNAUTHORIZED');
  }
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  return user;
}

/** Reads and checks the bearer token into request.user. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await userFromAccessToken(app.ctx, bearerToken(request));
  });
}

/** preHandler after authenticate: the user must have this role or type. */
export function requireRole(role: 'provider' | 'admin') {
  return async (request: FastifyRequest) => {
    if (role === 'admin' && request.user.role !== 'admin')
      throw new AppError('FORBIDDEN', ADMIN_TEXTS.accessDenied);
    if (role === 'provider' && request.user.userType !== 'provider') throw new AppError('FORBIDDEN');
  };
}

/**
 * preHandler after authenticate for every admin endpoint: the admin role ('Access Denied' for
 * anyone else), then, when ADMIN_PASSWORD is set, the token of the 'Admin Access' step.
 */
export function requireAdmin(ctx: AppContext) {
  const adminRole = requireRole('admin');
  return async (request: FastifyRequest) => {
    await adminRole(request);
    const token = String(request.headers[ADMIN_ACCESS_HEADER] ?? '');
    if (!(await hasAdminAccess(ctx, request.user, token))) throw new AppError('ADMIN_ACCESS_REQUIRED');
  };
}
