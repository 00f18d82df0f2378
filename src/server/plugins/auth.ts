import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ACCESS_HEADER, ADMIN_TEXTS } from '#domain/admin.ts';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** preHandler: requires a valid bearer token and loads the user into request.user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler after authenticate for every admin endpoint (see registerAuth). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
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
 * The rules behind authentication belong to modules (which tokens are valid: auth; the 'Admin Access'
 * step: access), and a plugin does not import modules, so src/server/app.ts passes them in.
 */
export interface AuthRules {
  /** The user a raw access token belongs to; throws AppError 401/403 otherwise. */
  userFromAccessToken: (ctx: AppContext, token: string) => Promise<UserRow>;
  /** Whether this admin passed the 'Admin Access' step (always, when ADMIN_PASSWORD is unset). */
  hasAdminAccess: (ctx: AppContext, user: UserRow, token: string) => Promise<boolean>;
}

/** What every reply to a signed-in request tells caches: it is this person's alone, kept nowhere. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * A Cache-Control that already keeps a reply out of shared caches: a route's own choice stands.
 * `private="field"` does not count (it hides only those fields from shared caches).
 */
const KEPT_FROM_SHARED_CACHES = /(^|,)\s*(private|no-store)\s*(,|$)/i;

/**
 * True when a reply answers someone signed in or hands out a session: the request was
 * authenticated (request.user), carried credentials (an Authorization header, valid or not), or
 * the reply sets a cookie (login, refresh, logout: the refresh cookie).
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.user !== null ||
    request.headers.authorization !== undefined ||
    reply.getHeader('set-cookie') !== undefined
  );
}

/**
 * Reads and checks the bearer token into request.user (app.authenticate), and decorates
 * app.requireAdmin for every admin endpoint: the admin role ('Access Denied' for anyone else), then,
 * when ADMIN_PASSWORD is set, the token of the 'Admin Access' step. Every reply to a signed-in
 * request (any status, CSV downloads too) is sent `private, no-store` from one hook, over a
 * public policy a route may have set; a route's own private policy stands.
 */
export function registerAuth(app: FastifyInstance, rules: AuthRules) {
  app.decorateRequest('user', null as unknown as UserRow);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isPersonal(request, reply)) return payload;
    const current = reply.getHeader('cache-control');
    if (current === undefined || !KEPT_FROM_SHARED_CACHES.test(String(current))) {
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    }
    return payload;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await rules.userFromAccessToken(app.ctx, bearerToken(request));
  });
  const adminRole = requireRole('admin');
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await adminRole(request);
    const token = String(request.headers[ADMIN_ACCESS_HEADER] ?? '');
    if (!(await rules.hasAdminAccess(app.ctx, request.user, token)))
      throw new AppError('ADMIN_ACCESS_REQUIRED');
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
