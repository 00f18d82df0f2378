import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { BODY_LIMITS } from '#server/plugins/request-limits.ts';
import { base64DecodedLength, decodeImageDataUrl } from './images';
import { parseUploadBody, UPLOAD_BODY_TEXTS } from './upload-body';
import * as uploads from './uploads.service';

const tags = ['uploads'];
const bearer = [{ bearerAuth: [] }];

/** Whether the request announces a body that has not been read yet. */
const bodyToCome = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export async function uploadRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;

  // Fastify refuses a body over the route's bodyLimit, and a content type no parser takes, before the
  // body is parsed: say it in the upload's words. Anything else goes on to the app's error handler.
  base.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TEXTS.tooLarge);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_BODY_TEXTS.jsonOnly);
    }
    throw error;
  });

  // These routes read JSON of their own shape only (upload-body.ts); any other content type is 415.
  base.removeAllContentTypeParsers();
  base.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    async (_req: FastifyRequest, body: string | Buffer) => parseUploadBody(String(body)),
  );

  /**
   * The token comes from the Authorization header only, and is checked before a byte of the body is
   * read: a stranger's 15 MB body is never parsed, walked or held (it used to be parsed and walked
   * before authentication, blocking the event loop for seconds). The refusal closes the connection,
   * as Fastify does for a body over the limit, so the rest of the body is not read either. This runs
   * before the PGlite admission gate (a preHandler), which a slow body must not hold: only a token
   * whose signature holds reaches the database, and the route's rate limit, which runs first, bounds
   * those per address.
   */
  const authenticateUpload = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      await base.authenticate(req);
    } catch (error) {
      if (bodyToCome(req)) reply.header('connection', 'close');
      throw error;
    }
  };
  // After the route's rate limit, which @fastify/rate-limit appends to each route's onRequest hooks
  // from its own onRoute hook (registered before this module's): a stranger's flood is still counted.
  base.addHook('onRoute', (route) => {
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticateUpload];
  });

  /** An oversized file is 413 whatever else is wrong with the body (measured without decoding it). */
  const refuseOversizedFile = async (req: FastifyRequest) => {
    const file = (req.body as { file?: unknown } | undefined)?.file;
    if (typeof file === 'string' && base64DecodedLength(file) > IMAGE_LIMITS.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TEXTS.tooLarge);
    }
  };

  app.post(
    '/api/upload/avatar',
    {
      bodyLimit: BODY_LIMITS.upload,
      config: { rateLimit: RATE_LIMITS.upload },
      preValidation: refuseOversizedFile,
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
      preValidation: refuseOversizedFile,
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
