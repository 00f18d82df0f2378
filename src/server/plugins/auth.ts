import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { verifyAccessToken } from '../lib/tokens';
import { findUserById, type UserRow } from '../modules/auth/auth.queries';

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
 * user, or issued before the user's tokens_valid_after. Loaded fresh so role and type changes apply at once.
 */
export async function userFromAccessToken(ctx: AppContext, token: string): Promise<UserRow> {
  if (!token) throw new AppError('UNAUTHORIZED', 'Authentication required');
  const claims = await verifyAccessToken(ctx.secret, token, ctx.now());
  if (!claims) throw new AppError('UNAUTHORIZED');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.tokensValidAfter && claims.issuedAtMs < user.tokensValidAfter.getTime()) {
    throw new AppError('UNAUTHORIZED');
  }
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
    const ok = role === 'admin' ? request.user.role === 'admin' : request.user.userType === 'provider';
    if (!ok) throw new AppError('FORBIDDEN');
  };
}
