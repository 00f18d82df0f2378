import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessTokenReplySchema,
  ADMIN_ACCESS_HEADER,
  ADMIN_TEXTS,
  AdminAccessStatusReplySchema,
  BETA_ACCESS_HEADER,
  BetaStatusReplySchema,
  PasswordBodySchema,
} from '../../../domain/admin';
import { requireRole } from '../../plugins/auth';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import * as access from './access.service';

const tags = ['access'];
const security = [{ bearerAuth: [] }];

export async function accessRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const admins = [base.authenticate, requireRole('admin')];

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
    async (req) => ({
      success: true as const,
      message: ADMIN_TEXTS.accessGranted,
      ...(await access.grantAdminAccess(ctx, req.user, req.body.password)),
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
    async (req) => ({
      success: true as const,
      message: ADMIN_TEXTS.accessGranted,
      ...(await access.grantBetaAccess(ctx, req.body.password)),
    }),
  );
}
