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
import { addressBlock } from '#server/lib/address-block.ts';
import { rateLimited } from '#server/lib/app-error.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { requireRole } from '#server/plugins/auth.ts';
import { failureBudget, globalPace, keyedLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as access from './access.service';

const tags = ['access'];
const security = [{ bearerAuth: [] }];

type Step = 'admin' | 'beta';

/** The client's address block: what the password steps' limits count by. */
const byBlock = (req: FastifyRequest) => addressBlock(req.ip);

export async function accessRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const admins = [base.authenticate, requireRole('admin')];

  /**
   * Each step is limited per address block (/24, /64: RATE_LIMITS.accessPassword on the route) and
   * keeps a site-wide count of wrong passwords (addresses are cheap to rotate, this count is not).
   * Once that budget is spent the step slows down for everyone instead of locking:
   * - each block gets one attempt per RATE_LIMITS.accessPasswordSlowed window, and
   * - the whole site gets RATE_LIMITS.accessPasswordPaced checks (globalPace: one every 15 s), because
   *   blocks are cheap too (a /48 of IPv6 is 65,536 /64s: one attempt each would be 65k guesses).
   * A block that finds no free check in the pace is given the next one, kept for it (one per block,
   * in the order blocks asked): a 429 whose Retry-After says when, and coming back then it is checked
   * whatever others sent meanwhile. So the right password always gets in, late at worst: at once
   * while the pace has room, else after one slot for each block that asked before it.
   */
  const limitsOf = (step: Step) => ({
    budget: failureBudget(
      base,
      ctx.config,
      `access-password-failures:${step}`,
      RATE_LIMITS.accessPasswordFailures,
    ),
    slowed: keyedLimit(
      base,
      ctx.config,
      `access-password-slowed:${step}`,
      RATE_LIMITS.accessPasswordSlowed,
      byBlock,
    ),
    paced: globalPace(
      base,
      ctx.config,
      `access-password-paced:${step}`,
      RATE_LIMITS.accessPasswordPaced,
      ctx.now,
    ),
  });
  const limits = { admin: limitsOf('admin'), beta: limitsOf('beta') };
  /**
   * Once the step's budget is spent: a block coming back for the check kept for it is checked (it
   * already waited its turn); any other attempt counts toward its block's slowed limit, then takes
   * the next check in the site-wide pace, now or kept for later (a 429 with the wait).
   */
  async function paceAttempt(step: Step, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { slowed, paced } = limits[step];
    const block = byBlock(req);
    const kept = await paced.claim(block);
    if (kept) {
      if (!kept.ready) refuse(reply, kept.retryAfter);
      return;
    }
    await slowed(req, reply);
    const slot = await paced.take(block);
    if (!slot.ready) refuse(reply, slot.retryAfter);
  }
  function refuse(reply: FastifyReply, retryAfter: number): never {
    reply.header('Retry-After', String(retryAfter));
    throw rateLimited(retryAfter);
  }

  /** Runs one password check, paced once its step's budget is spent; a wrong password is counted and logged. */
  async function checkPassword<T>(
    step: Step,
    req: FastifyRequest,
    reply: FastifyReply,
    check: () => Promise<T>,
  ): Promise<T> {
    const { budget } = limits[step];
    if (await budget.isSpent(req)) await paceAttempt(step, req, reply);
    try {
      return await check();
    } catch (error) {
      if (error instanceof access.WrongAccessPasswordError) {
        logSecurityEvent(req.log, 'access-password-failed', { step, ip: req.ip });
        if (await budget.recordFailure(req)) {
          logSecurityEvent(req.log, 'access-password-slowed', {
            step,
            ip: req.ip,
            failures: RATE_LIMITS.accessPasswordFailures.max,
            window: RATE_LIMITS.accessPasswordFailures.timeWindow,
            perBlock: RATE_LIMITS.accessPasswordSlowed,
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
      config: { rateLimit: { ...RATE_LIMITS.accessPassword, keyGenerator: byBlock } },
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
      ...(await checkPassword('admin', req, reply, () =>
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
      config: { rateLimit: { ...RATE_LIMITS.accessPassword, keyGenerator: byBlock } },
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
      ...(await checkPassword('beta', req, reply, () => access.grantBetaAccess(ctx, req.body.password))),
    }),
  );
}
