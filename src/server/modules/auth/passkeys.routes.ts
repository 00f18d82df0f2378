import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdentityStatusReplySchema } from '#domain/account-security.ts';
import { MessageReplySchema, SessionReplySchema } from '#domain/auth.ts';
import {
  PASSKEY_LIMITS,
  PASSKEY_TEXTS,
  PasskeyAssertionBodySchema,
  PasskeyCreationOptionsReplySchema,
  PasskeyParamsSchema,
  PasskeyRegisterOptionsBodySchema,
  PasskeyReplySchema,
  PasskeyRequestOptionsReplySchema,
  PasskeysReplySchema,
  RegisterPasskeyBodySchema,
  RenamePasskeyBodySchema,
} from '#domain/passkeys.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { accountLimit, identityCheckLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { loginClient } from './auth.routes';
import * as passkeys from './passkeys.service';
import { isSecureSite, refreshCookie } from './session-cookie';
import { identityStatus } from './sessions.service';

const accountTags = ['account'];
const authTags = ['auth'];
const security = [{ bearerAuth: [] }];

/** Passkeys (WebAuthn): register, sign in, re-authenticate, list, rename, remove. */
export async function passkeyRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const secureCookie = isSecureSite(ctx.config.publicUrl);
  // Password checks and re-authentications share one allowance with the other identity steps.
  const identityCheck = identityCheckLimit(base, ctx.config);
  const passkeyWrites = accountLimit(base, ctx.config, 'passkey', RATE_LIMITS.passkey);
  const signedIn = (...more: (typeof identityCheck)[]) => ({ preHandler: [base.authenticate, ...more] });

  app.post(
    '/api/account/passkeys/register/options',
    {
      ...signedIn(identityCheck, passkeyWrites),
      config: { hashesPassword: true },
      schema: {
        tags: accountTags,
        security,
        summary: 'Start adding a passkey',
        description: `Takes the current password (or none, right after a passkey or a sign-in link: a passkey is a new way in) and answers the options for navigator.credentials.create(): a discoverable credential, the account's passkeys excluded, a challenge good for ${PASSKEY_LIMITS.challengeMinutes} minutes. At most ${PASSKEY_LIMITS.perAccount} passkeys (409 past it).`,
        body: PasskeyRegisterOptionsBodySchema,
        response: { 200: PasskeyCreationOptionsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      options: await passkeys.registrationOptions(ctx, req.user, bearerToken(req), req.body.current_password),
    }),
  );

  app.post(
    '/api/account/passkeys/register',
    {
      ...signedIn(passkeyWrites),
      schema: {
        tags: accountTags,
        security,
        summary: 'Finish adding a passkey',
        description:
          "Verifies the browser's answer (navigator.credentials.create()) against its challenge, which it uses up, and keeps the passkey under the name given, or one from its maker and the day.",
        body: RegisterPasskeyBodySchema,
        response: { 200: PasskeyReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: PASSKEY_TEXTS.added,
      passkey: await passkeys.registerPasskey(ctx, req.user, req.body),
    }),
  );

  app.get(
    '/api/account/passkeys',
    {
      ...signedIn(),
      schema: {
        tags: accountTags,
        security,
        summary: 'The account’s passkeys',
        description: 'Name, when added, when last used to sign in, and whether it is backed up (synced).',
        response: { 200: PasskeysReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      passkeys: await passkeys.listPasskeys(ctx, req.user.id),
      max: PASSKEY_LIMITS.perAccount,
    }),
  );

  app.put(
    '/api/account/passkeys/:id',
    {
      ...signedIn(passkeyWrites),
      schema: {
        tags: accountTags,
        security,
        summary: 'Rename one of your passkeys',
        description: 'Another account’s passkey, or one already removed, is a 404.',
        params: PasskeyParamsSchema,
        body: RenamePasskeyBodySchema,
        response: { 200: PasskeyReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: PASSKEY_TEXTS.renamed,
      passkey: await passkeys.renamePasskey(ctx, req.user.id, req.params.id, req.body.name),
    }),
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      ...signedIn(passkeyWrites),
      schema: {
        tags: accountTags,
        security,
        summary: 'Remove one of your passkeys',
        description: 'It no longer signs in. Another account’s passkey, or one already removed, is a 404.',
        params: PasskeyParamsSchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await passkeys.removePasskey(ctx, req.user.id, req.params.id);
      return { success: true as const, message: PASSKEY_TEXTS.removed };
    },
  );

  app.post(
    '/api/account/passkeys/reauth/options',
    {
      ...signedIn(passkeyWrites),
      schema: {
        tags: accountTags,
        security,
        summary: 'Start confirming it is you with a passkey',
        description:
          "Options for navigator.credentials.get() offering only this account's passkeys (400 when it has none).",
        response: { 200: PasskeyRequestOptionsReplySchema },
      },
    },
    async (req) => ({ success: true as const, options: await passkeys.reauthOptions(ctx, req.user.id) }),
  );

  app.post(
    '/api/account/passkeys/reauth',
    {
      ...signedIn(identityCheck),
      schema: {
        tags: accountTags,
        security,
        summary: 'Confirm it is you with a passkey',
        description:
          'Verifies an answer by one of your own passkeys; this session then counts as freshly proven for a few minutes: the password change, the email change and the account deletion take no current password. Any other answer is a 400.',
        body: PasskeyAssertionBodySchema,
        response: { 200: IdentityStatusReplySchema },
      },
    },
    async (req) => {
      const token = bearerToken(req);
      await passkeys.reauthenticate(ctx, req.user, token, req.body.response);
      return { success: true as const, ...(await identityStatus(ctx, token)) };
    },
  );

  app.post(
    '/api/auth/passkey/options',
    {
      config: { rateLimit: RATE_LIMITS.passkey },
      schema: {
        tags: authTags,
        security: [],
        summary: 'Start signing in with a passkey',
        description: `Options for navigator.credentials.get() with no credential list: the browser offers the passkeys it holds for this site. The challenge is good for ${PASSKEY_LIMITS.challengeMinutes} minutes, once.`,
        response: { 200: PasskeyRequestOptionsReplySchema },
      },
    },
    async () => ({ success: true as const, options: await passkeys.loginOptions(ctx) }),
  );

  app.post(
    '/api/auth/passkey/login',
    {
      config: { rateLimit: RATE_LIMITS.passkey },
      schema: {
        tags: authTags,
        security: [],
        summary: 'Sign in with a passkey',
        description:
          'Verifies the answer to a sign-in challenge and starts a session as the password login does (the refresh token in the HttpOnly `glowfind_refresh` cookie). An unknown or removed passkey, or a bad signature, is one 401; an unverified account a 403.',
        body: PasskeyAssertionBodySchema,
        response: { 200: SessionReplySchema },
      },
    },
    async (req, reply) => {
      const issued = await passkeys.loginWithPasskey(ctx, req.body.response, loginClient(req));
      reply.header('set-cookie', refreshCookie(issued.refreshToken, secureCookie));
      return { success: true as const, user: issued.session.user, session: issued.session };
    },
  );
}
