import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvatarReplySchema,
  DeletePortfolioBodySchema,
  IMAGE_LIMITS,
  PortfolioReplySchema,
  UPLOAD_TEXTS,
  UploadImageBodySchema,
} from '#domain/uploads.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { BODY_LIMITS } from '#server/plugins/request-limits.ts';
import { userFromAccessToken } from '../auth/auth.service';
import { base64DecodedLength, decodeImageDataUrl } from './images';
import * as uploads from './uploads.service';

const tags = ['uploads'];
const bearer = [{ bearerAuth: [] }];

type LooseBody = { accessToken?: unknown; file?: unknown } | null | undefined;

export async function uploadRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  // Fastify refuses bodies over its bodyLimit before any route code runs; say it in the upload's words.
  // Anything else goes on to the app's error handler.
  base.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TEXTS.tooLarge);
    }
    throw error;
  });

  /**
   * Runs before body validation, so a stranger gets 401 and an oversized file 413 whatever else is
   * wrong. The token may come as a bearer header or, as SPEC.md §7 sends it, as `accessToken` in the body.
   */
  const authenticateUpload = async (req: FastifyRequest) => {
    const body = req.body as LooseBody;
    const fromBody = typeof body?.accessToken === 'string' ? body.accessToken.trim() : '';
    req.user = await userFromAccessToken(ctx, bearerToken(req) || fromBody);
    if (typeof body?.file === 'string' && base64DecodedLength(body.file) > IMAGE_LIMITS.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TEXTS.tooLarge);
    }
  };

  app.post(
    '/api/upload/avatar',
    {
      bodyLimit: BODY_LIMITS.upload,
      config: { rateLimit: RATE_LIMITS.upload },
      preValidation: authenticateUpload,
      schema: {
        tags,
        security: bearer,
        summary: 'Upload a new profile picture (JPEG, PNG or WebP as a data URL, up to 10 MB)',
        body: UploadImageBodySchema,
        response: { 200: AvatarReplySchema },
      },
    },
    async (req) => {
      const input = decodeImageDataUrl(req.body.file);
      const avatarUrl = await uploads.uploadAvatar(ctx, req.user, req.body.userId, input);
      return { success: true as const, message: UPLOAD_TEXTS.avatarUpdated, avatarUrl };
    },
  );

  app.post(
    '/api/upload/portfolio',
    {
      bodyLimit: BODY_LIMITS.upload,
      config: { rateLimit: RATE_LIMITS.upload },
      preValidation: authenticateUpload,
      schema: {
        tags,
        security: bearer,
        summary: `Add an image to the provider's portfolio (at most ${IMAGE_LIMITS.portfolioMax})`,
        body: UploadImageBodySchema,
        response: { 200: PortfolioReplySchema },
      },
    },
    async (req) => {
      const input = decodeImageDataUrl(req.body.file);
      const portfolioImages = await uploads.addPortfolioImage(ctx, req.user, req.body.userId, input);
      return { success: true as const, message: UPLOAD_TEXTS.imagesAdded(1), portfolioImages };
    },
  );

  app.delete(
    '/api/upload/portfolio',
    {
      config: { rateLimit: RATE_LIMITS.upload },
      preValidation: authenticateUpload,
      schema: {
        tags,
        security: bearer,
        summary: "Remove an image from the provider's portfolio and delete its files",
        body: DeletePortfolioBodySchema,
        response: { 200: PortfolioReplySchema },
      },
    },
    async (req) => {
      const portfolioImages = await uploads.removePortfolioImage(
        ctx,
        req.user,
        req.body.userId,
        req.body.imageUrl,
      );
      return { success: true as const, message: UPLOAD_TEXTS.imageDeleted, portfolioImages };
    },
  );
}
