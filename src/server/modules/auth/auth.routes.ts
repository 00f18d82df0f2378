import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_TEXTS,
  CheckResetTokenBodySchema,
  EmailOnlyBodySchema,
  LoginBodySchema,
  MessageReplySchema,
  ResetPasswordBodySchema,
  type Session,
  SessionReplySchema,
  SigninLinkBodySchema,
  SigninLinkReplySchema,
  SignupBodySchema,
  UserReplySchema,
  VerifyEmailBodySchema,
  VerifyEmailReplySchema,
} from '#domain/auth.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#domain/auth-options.ts';
import { normalizeEmail } from '#domain/fields.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { keyedLimit, RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import * as auth from './auth.service';
import {
  clearedRefreshCookie,
  isSecureSite,
  readRefreshCookie,
  refreshCookie,
  requireCsrfHeader,
} from './session-cookie';

const tags = ['auth'];

/** The address and browser a login comes from (the session list shows the browser). */
export const loginClient = (req: FastifyRequest): auth.LoginClient => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
});
const bearer = [{ bearerAuth: [] }];

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const emailOf = (req: FastifyRequest) =>
    normalizeEmail(String((req.body as { email?: unknown })?.email ?? ''));
  // The per-email limits of the routes that mail a link count each requesting address apart: keyed
  // by the email alone, a stranger's three requests from elsewhere used up the owner's allowance and
  // blocked their recovery for an hour. What bounds the owner's mailbox is the per-recipient mail cap
  // (mail/outbox.ts), across every address.
  const byEmailFromHere = (name: string, limit: { max: number; timeWindow: string }) =>
    keyedLimit(base, ctx.config, name, limit, (req) => `${emailOf(req)}:${addressHash(ctx.secret, req.ip)}`);

  // A completed reset or sign-in link clears the account's login lock (clearLoginLock): the login
  // counters' keys carry how many recoveries the account has had in the last day, counted in the
  // same store (Redis when REDIS_URL is set, so every instance sees it), so a recovery starts new
  // counts. A day outlasts any login window, so when this count expires the keys it gave are gone too.
  const recoveredEmail = new WeakMap<FastifyRequest, string>();
  const recoveries = base.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: '1 day',
    keyGenerator: (req) => `login-recoveries:${recoveredEmail.get(req) ?? emailOf(req)}`,
  });
  const generations = new WeakMap<FastifyRequest, Promise<string>>();
  /** '' before the account's first recovery of the day, then ':1', ':2'… (read once per request). */
  const loginGeneration = (req: FastifyRequest): Promise<string> => {
    let generation = generations.get(req);
    if (!generation) {
      generation = recoveries(req, { increment: false }).then((state) => {
        const count = state.isAllowed ? 0 : state.max - state.remaining;
        return count > 0 ? `:${count}` : '';
      });
      generations.set(req, generation);
    }
    return generation;
  };
  const clearLoginLock = async (req: FastifyRequest, email: string) => {
    if (!ctx.config.rateLimit) return;
    recoveredEmail.set(req, normalizeEmail(email));
    await recoveries(req);
  };

  // The per-account limit on password logins (RATE_LIMITS.loginPerAccount) does not answer 429 by
  // itself as keyedLimit would: past it, the owner still gets in from an address they used before
  // (auth.login decides). That way is bounded too: each address has its own allowance per account,
  // so a guesser sharing the owner's address gets no more tries than anyone else.
  const accountLogins = base.createRateLimit({
    ...RATE_LIMITS.loginPerAccount,
    keyGenerator: async (req) => `login:${emailOf(req)}${await loginGeneration(req)}`,
  });
  const addressLogins = base.createRateLimit({
    ...RATE_LIMITS.loginPerAccount,
    keyGenerator: async (req) =>
      `login-address:${emailOf(req)}:${addressHash(ctx.secret, req.ip)}${await loginGeneration(req)}`,
  });
  const loginLock = async (req: FastifyRequest): Promise<auth.LoginLock | undefined> => {
    const account = await accountLogins(req);
    if (account.isAllowed || !account.isExceeded) return undefined;
    const fromHere = await addressLogins(req);
    const ownerMayPass = fromHere.isAllowed || !fromHere.isExceeded;
    const retryAfterSeconds = ownerMayPass
      ? account.ttlInSeconds
      : Math.max(account.ttlInSeconds, fromHere.ttlInSeconds);
    return { retryAfterSeconds, ownerMayPass };
  };
  /** Who asks for a recovery link: the address and the browser's refresh cookie (auth.ownerAsking). */
  const recoveryRequester = (req: FastifyRequest): auth.RecoveryRequester => ({
    ip: req.ip,
    refreshToken: readRefreshCookie(req.headers.cookie),
  });
  const secureCookie = isSecureSite(ctx.config.publicUrl);
  /**
   * Every route that starts or renews a session answers through this: the refresh token goes into
   * the HttpOnly cookie, and only the rest of the session into the JSON body.
   */
  const withRefreshCookie = (reply: FastifyReply, issued: auth.IssuedSession): Session => {
    reply.header('set-cookie', refreshCookie(issued.refreshToken, secureCookie));
    return issued.session;
  };

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimit: RATE_LIMITS.signup, hashesPassword: true },
      schema: {
        tags,
        summary: 'Create an account and send the verification email',
        body: SignupBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await auth.signup(ctx, req.body, req.ip);
      return { success: true as const, message: AUTH_TEXTS.signupSent };
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: RATE_LIMITS.login, hashesPassword: true },
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: LoginBodySchema,
        response: { 200: SessionReplySchema },
      },
    },
    async (req, reply) => {
      const lock = await loginLock(req);
      try {
        const issued = await auth.login(ctx, req.body.email, req.body.password, {
          ...loginClient(req),
          lock,
        });
        const session = withRefreshCookie(reply, issued);
        return { success: true as const, user: session.user, session };
      } catch (error) {
        if (lock && error instanceof AppError && error.code === 'RATE_LIMITED')
          reply.header('Retry-After', String(lock.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        summary: 'Confirm an email address from the emailed link',
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailReplySchema },
      },
    },
    async (req, reply) => {
      const result = await auth.verifyEmail(ctx, req.body.temp_token, loginClient(req));
      if (result.status === 'alreadyVerified') {
        return {
          success: true as const,
          dataStatus: 'alreadyConfirmedOrVerified' as const,
          message: AUTH_TEXTS.alreadyVerified,
        };
      }
      const session = withRefreshCookie(reply, result.session);
      return { success: true as const, message: AUTH_TEXTS.verified, session };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit: RATE_LIMITS.resend },
      preHandler: byEmailFromHere('resend', RATE_LIMITS.perEmailMail),
      schema: {
        tags,
        summary: 'Send a new verification link',
        body: EmailOnlyBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await auth.resendVerification(ctx, req.body.email);
      return { success: true as const, message: AUTH_TEXTS.resendSent };
    },
  );

  // The two routes that read the refresh cookie: no body, and the CSRF header is required.
  app.post(
    '/api/auth/refresh',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      preHandler: requireCsrfHeader,
      schema: {
        tags,
        summary: 'Rotate the refresh token for a new session',
        description: `Reads the refresh token from the HttpOnly \`glowfind_refresh\` cookie (Path=/api/auth) and sets the rotated one; requires the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header (403 without it).`,
        response: { 200: SessionReplySchema },
      },
    },
    async (req, reply) => {
      const issued = await auth.refreshSession(ctx, readRefreshCookie(req.headers.cookie));
      const session = withRefreshCookie(reply, issued);
      return { success: true as const, message: 'Session refreshed', user: session.user, session };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireCsrfHeader,
      schema: {
        tags,
        summary: 'Revoke this login',
        description: `Revokes the login of the \`glowfind_refresh\` cookie and the bearer access token (if any), and clears the cookie; requires the \`${CSRF_HEADER}: ${CSRF_HEADER_VALUE}\` header (403 without it).`,
        response: { 200: MessageReplySchema },
      },
    },
    async (req, reply) => {
      await auth.logout(ctx, {
        refreshToken: readRefreshCookie(req.headers.cookie),
        accessToken: bearerToken(req),
      });
      reply.header('set-cookie', clearedRefreshCookie(secureCookie));
      return { success: true as const, message: AUTH_TEXTS.loggedOut };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      preHandler: byEmailFromHere('forgot', RATE_LIMITS.perEmailMail),
      schema: {
        tags,
        summary: 'Email a password reset link',
        body: EmailOnlyBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      // Not awaited: the lookup and the mail happen after the answer (constant time).
      auth.forgotPassword(ctx, req.body.email, recoveryRequester(req));
      return { success: true as const, message: AUTH_TEXTS.resetSent };
    },
  );

  app.post(
    '/api/auth/signin-link',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      preHandler: byEmailFromHere('signin-link', RATE_LIMITS.perEmailMail),
      schema: {
        tags,
        summary: 'Email a one-time sign-in link',
        description:
          'Mails a verified account a link to `/?signin_token=…` that logs in once within 15 minutes, even while password logins to the account are locked. Answers the same for every address.',
        body: EmailOnlyBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      // Not awaited, like forgot-password: the same answer in the same time for every address.
      auth.requestSigninLink(ctx, req.body.email, recoveryRequester(req));
      return { success: true as const, message: AUTH_TEXTS.signinLinkSent };
    },
  );

  app.post(
    '/api/auth/signin-link/verify',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        summary: 'Log in with an emailed sign-in link',
        body: SigninLinkBodySchema,
        response: { 200: SigninLinkReplySchema },
      },
    },
    async (req, reply) => {
      const issued = await auth.signInWithLink(ctx, req.body.token, loginClient(req));
      await clearLoginLock(req, issued.session.user.email);
      const session = withRefreshCookie(reply, issued);
      return { success: true as const, message: AUTH_TEXTS.signedIn, session };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword, hashesPassword: true },
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: ResetPasswordBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      const email = await auth.resetPassword(ctx, req.body.token, req.body.password, req.ip);
      await clearLoginLock(req, email);
      return { success: true as const, message: AUTH_TEXTS.passwordReset };
    },
  );

  app.post(
    '/api/auth/reset-password/check',
    {
      // Like the other routes that take an emailed token (nothing is hashed or mailed here).
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        summary: 'Check a reset link without using it',
        description:
          'The reset page asks when it opens. 200 while the link can set a password; an unknown, used or expired link gets the same INVALID_TOKEN as POST /api/auth/reset-password. Nothing is used, and nothing about the account is answered.',
        body: CheckResetTokenBodySchema,
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await auth.checkResetLink(ctx, req.body.token);
      return { success: true as const, message: AUTH_TEXTS.resetLinkUsable };
    },
  );

  app.get(
    '/api/auth/verify',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Check the access token',
        response: { 200: UserReplySchema },
      },
    },
    async (req) => ({ success: true as const, user: auth.toUser(req.user) }),
  );

  app.post(
    '/api/auth/upgrade-to-provider',
    {
      preHandler: base.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Turn a client account into a provider account',
        response: { 200: MessageReplySchema },
      },
    },
    async (req) => {
      await auth.upgradeToProvider(ctx, req.user.id);
      return { success: true as const, message: AUTH_TEXTS.upgraded };
    },
  );
}
