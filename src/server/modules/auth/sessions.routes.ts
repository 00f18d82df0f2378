import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordBodySchema,
  IdentityStatusReplySchema,
  SECURITY_TEXTS,
  SessionIdParamsSchema,
  SessionsReplySchema,
} from '#domain/account-security.ts';
import { MessageReplySchema } from '#domain/auth.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { identityCheckLimit } from '#server/plugins/rate-limit.ts';
import * as sessions from './sessions.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** Sign-in and security of a signed-in person: the password change and the session list. */
export async function sessionRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const identityCheck = identityCheckLimit(base, ctx.config);

  app.get(
    '/api/account/identity',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whether this session may skip the current password',
        description:
          'True for a few minutes after a passkey or an emailed sign-in link proved who the person is: the password change, the email change and the account deletion then take no current password.',
        response: { 200: IdentityStatusReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await sessions.identityStatus(ctx, bearerToken(req))) }),
  );

  app.post(
    '/api/account/password',
    {
      config: { hashesPassword: true },
      preHandler: [base.authenticate, identityCheck],
      schema: {
        tags,
        security,
        summary: 'Change the password',
        description:
          'Takes the current password (or none, right after a passkey or a sign-in link), checks the new one by the sign-up rules, ends every other session and emails a security notice to the account.',
        body: ChangePasswordBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await sessions.changePassword(ctx, req.user, bearerToken(req), req.body);
      return { success: true as const, message: SECURITY_TEXTS.passwordChanged };
    },
  );

  app.get(
    '/api/account/sessions',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'The account’s active sessions',
        description:
          'Browser and system (from the User-Agent), start and last use, and which one is this device.',
        response: { 200: SessionsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      sessions: await sessions.listSessions(ctx, req.user, bearerToken(req)),
    }),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'Sign out one session',
        description:
          'Ends that login: its refresh token and every access token it issued. Another account’s session, or one already ended, is a 404.',
        params: SessionIdParamsSchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await sessions.endSession(ctx, req.user, req.params.id);
      return { success: true as const, message: SECURITY_TEXTS.sessionEnded };
    },
  );

  app.post(
    '/api/account/sessions/end-others',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere else',
        description: 'Ends every session of the account but the one this request came from.',
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await sessions.endOtherSessions(ctx, req.user.id, await sessions.loginFamilyOf(ctx, bearerToken(req)));
      return { success: true as const, message: SECURITY_TEXTS.otherSessionsEnded };
    },
  );
}
