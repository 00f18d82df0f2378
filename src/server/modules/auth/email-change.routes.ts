import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageReplySchema } from '#domain/auth.ts';
import {
  AccountEmailReplySchema,
  ChangeEmailBodySchema,
  EMAIL_CHANGE_TEXTS,
  EmailChangeTokenBodySchema,
  FORGOT_PASSWORD_PATH,
  UndoEmailChangeReplySchema,
} from '#domain/email-change.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { accountLimit, identityCheckLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as emailChange from './email-change.service';

const tags = ['account'];
const signedIn = [{ bearerAuth: [] }];

/** The email change: the new address confirmed by a link, the old one told with an undo link. */
export async function emailChangeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const identityCheck = identityCheckLimit(base, ctx.config);
  // How many change requests an account may have mailed: counted once the person is proven.
  const mailedRequests = accountLimit(base, ctx.config, 'email-change-mail', RATE_LIMITS.perEmailMail);

  app.get(
    '/api/account/email',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security: signedIn,
        summary: 'The sign-in email and a change waiting for confirmation',
        description:
          'The account’s email, and the address a requested change waits for (with until when its link works), or null.',
        response: { 200: AccountEmailReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...(await emailChange.getAccountEmail(ctx, req.user)) }),
  );

  app.post(
    '/api/account/email',
    {
      config: { hashesPassword: true },
      preHandler: [base.authenticate, identityCheck],
      schema: {
        tags,
        security: signedIn,
        summary: 'Ask to change the sign-in email',
        description:
          'Takes the new address and the current password (or none, right after a passkey or a sign-in link). The new address gets a link that makes the change; until it is followed the current email stays. The answer is the same when the address belongs to another account, whose owner is told instead.',
        body: ChangeEmailBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req, reply) => ({
      success: true as const,
      message: await emailChange.requestEmailChange(ctx, req.user, bearerToken(req), req.body, () =>
        mailedRequests(req, reply),
      ),
    }),
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        security: [],
        summary: 'Confirm a new email from the emailed link',
        description:
          'Makes the link’s address the sign-in email and mails the old address a notice with a 7-day undo link. A link that is unknown, used or expired, or whose address another account took meanwhile, is INVALID_TOKEN.',
        body: EmailChangeTokenBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: EMAIL_CHANGE_TEXTS.confirmed(await emailChange.confirmEmailChange(ctx, req.body.token)),
    }),
  );

  app.post(
    '/api/account/email/undo',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        security: [],
        summary: 'Undo an email change from the link sent to the old address',
        description:
          'Within 7 days: puts the previous email back, retires every change link and signs out every session of the account. CONFLICT when another account took the previous email meanwhile.',
        body: EmailChangeTokenBodySchema,
        response: { 200: UndoEmailChangeReplySchema },
      },
    },
    async (req) => {
      await emailChange.undoEmailChange(ctx, req.body.token);
      return {
        success: true as const,
        message: EMAIL_CHANGE_TEXTS.undone,
        reset_password_url: FORGOT_PASSWORD_PATH,
      };
    },
  );
}
