import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessTokenReplySchema,
  ADMIN_ACCESS_HEADER,
  ADMIN_TEXTS,
  AdminAccessStatusReplySchema,
  BETA_ACCESS_HEADER,
  BetaStatusReplySchema,
  PasswordBodySchema,
} from '#domain/admin.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { requireRole } from '#server/plugins/auth.ts';
import { failureLock, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as access from './access.service';

const tags = ['access'];
const security = [{ bearerAuth: [] }];

type Step = 'admin' | 'beta';

export async function accessRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const admins = [base.authenticate, requireRole('admin')];

  /**
   * Besides the per-address limit on each route, a site-wide count of wrong passwords per step
   * (issue 17, item 1): addresses are cheap to rotate, this count is not. Once it is full the step
   * answers 429 to everyone, the right password included, until the window passes: that is the
   * point of a lock, since an attacker would otherwise keep guessing and learn when they hit.
   */
  const locks = {
    admin: failureLock(
      base,
      ctx.config,
      'access-password-failures:admin',
      RATE_LIMITS.accessPasswordFailures,
    ),
    beta: failureLock(base, ctx.config, 'access-password-failures:beta', RATE_LIMITS.accessPasswordFailures),
  };
  /** Runs one password check under its step's lock; a wrong password is counted and logged. */
  async function checkUnderLock<T>(
    step: Step,
    req: FastifyRequest,
    reply: FastifyReply,
    check: () => Promise<T>,
  ): Promise<T> {
    await locks[step].assertOpen(req, reply);
    try {
      return await check();
    } catch (error) {
      if (error instanceof access.WrongAccessPasswordError) {
        logSecurityEvent(req.log, 'access-password-failed', { step, ip: req.ip });
        if (await locks[step].recordFailure(req)) {
          logSecurityEvent(req.log, 'access-password-locked', {
            step,
            ip: req.ip,
            failures: RATE_LIMITS.accessPasswordFailures.max,
            window: RATE_LIMITS.accessPasswordFailures.timeWindow,
          });
        }
      }
      throw error;
    }
  }

  app.get(
    '/api/admin/access',
    {
      preHandler: admins,
      schema: {
        tags,
        security,
        summary: "Admins: is the 'Admin Access' password step on, and has this request passed it?",
        response: { 200: AdminAccessStatusReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await access.getAdminAccessStatus(ctx, req.user, String(req.headers[ADMIN_ACCESS_HEADER] ?? ''))),
    }),
  );

  app.post(
    '/api/admin/access',
    {
      preHandler: admins,
      config: { rateLimit: RATE_LIMITS.accessPassword },
      schema: {
        tags,
        security,
        summary: `Admins: check ADMIN_PASSWORD; the token goes in the ${ADMIN_ACCESS_HEADER} header`,
        body: PasswordBodySchema,
        response: { 200: AccessTokenReplySchema },
      },
    },
    async (req, reply) => ({
      success: true as const,
      message: ADMIN_TEXTS.accessGranted,
      ...(await checkUnderLock('admin', req, reply, () =>
        access.grantAdminAccess(ctx, req.user, req.body.password),
      )),
    }),
  );

  app.get(
    '/api/beta',
    {
      schema: {
        tags,
        summary: 'Is the beta gate on, and does this request carry a valid beta token?',
        response: { 200: BetaStatusReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      enabled: Boolean(ctx.config.betaPassword),
      granted: await access.hasBetaAccess(ctx, String(req.headers[BETA_ACCESS_HEADER] ?? '')),
    }),
  );

  app.post(
    '/api/beta/access',
    {
      config: { rateLimit: RATE_LIMITS.accessPassword },
      schema: {
        tags,
        summary: `Check BETA_PASSWORD; the token goes in the ${BETA_ACCESS_HEADER} header`,
        body: PasswordBodySchema,
        response: { 200: AccessTokenReplySchema },
      },
    },
    async (req, reply) => ({
      success: true as const,
      message: ADMIN_TEXTS.accessGranted,
      ...(await checkUnderLock('beta', req, reply, () => access.grantBetaAccess(ctx, req.body.password))),
    }),
  );
}
