import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DATA_TEXTS,
  AccountDeletionsReplySchema,
  DeleteAccountBodySchema,
  exportFileName,
} from '#domain/account-data.ts';
import { AccountExportSchema } from '#domain/account-export.ts';
import { MessageReplySchema } from '#domain/auth.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { accountLimit, identityCheckLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as account from './account.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** The person's data: download everything held about them, delete the account; the admin's counts. */
export async function accountDataRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const dataExport = accountLimit(base, ctx.config, 'data-export', RATE_LIMITS.dataExport);
  const identityCheck = identityCheckLimit(base, ctx.config);

  app.get(
    '/api/account/export',
    {
      preHandler: [base.authenticate, dataExport],
      schema: {
        tags,
        security,
        summary: 'Download my data',
        description:
          'Everything held about the signed-in person as one JSON file (Content-Disposition: attachment): account, profile with services and availability, image links, openings, favourites, blocked providers, saved searches and their alerts, alert and email settings, reviews written and received, conversations (every thread with its messages, saved replies, reports of messages, blocked clients, reply times), messages emailed to providers before conversations, booking clicks, insights, sessions, passkeys (names and dates), searches made while signed in, the number of sign-in addresses and forms sent from the address. Never a password hash, token, key or address hash.',
        response: { 200: AccountExportSchema },
      },
    },
    async (req, reply) => {
      const data = await account.exportAccountData(ctx, req.user.id);
      reply.header(
        'Content-Disposition',
        `attachment; filename="${exportFileName(data.exported_at.slice(0, 10))}"`,
      );
      return data;
    },
  );

  app.delete(
    '/api/account',
    {
      config: { hashesPassword: true },
      preHandler: [base.authenticate, identityCheck],
      schema: {
        tags,
        security,
        summary: 'Delete my account',
        description:
          'Takes the current password (or none, right after a passkey or a sign-in link) and confirm: "DELETE". At once: every session ends, the profile, images, openings, favourites, saved searches, alerts and reviews written are deleted (ratings recomputed), the public page, search, landing pages and the sitemap drop the account, pending mail is cancelled and a confirmation is emailed. Saved replies, reports of messages and blocked clients are deleted; conversations stay with the other party, read-only, the deleted side named “Deleted account” (a conversation whose other party is already deleted is deleted with its messages). Booking clicks stay as anonymous counts, messages emailed before conversations stay with the provider. The address may sign up again.',
        body: DeleteAccountBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await account.deleteAccount(ctx, req.user, bearerToken(req), req.body);
      return { success: true as const, message: ACCOUNT_DATA_TEXTS.deleted };
    },
  );

  app.get(
    '/api/admin/account-deletions',
    {
      preHandler: [base.authenticate, base.requireAdmin],
      schema: {
        tags: ['admin'],
        security,
        summary: 'Deleted accounts per day (counts only)',
        description:
          'The last 30 days with any deletion, newest first, counted by kind of account, and their total. Nothing about who the accounts were is kept.',
        response: { 200: AccountDeletionsReplySchema },
      },
    },
    async () => ({ success: true as const, ...(await account.listAccountDeletions(ctx)) }),
  );
}
