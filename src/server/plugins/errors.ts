import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode, type Issue } from '#domain/errors.ts';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/log-errors';
import { GateRefusedError } from './admission-gate';

function body(code: ErrorCode, message?: string, issues?: Issue[]): ErrorBody {
  return {
    success: false,
    error: code,
    message: message ?? ERROR_MESSAGES[code],
    ...(issues ? { issues } : {}),
  };
}

/**
 * One place that turns every failure into the API's error shape (docs/architecture.md, 'API conventions');
 * stack traces only go to the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof GateRefusedError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body('VALIDATION_ERROR', issues[0]?.message, issues));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send(body('SERVICE_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED'));
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE'));
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR';
      const message = code === 'VALIDATION_ERROR' ? 'The request body is malformed.' : undefined;
      return reply.status(ERROR_STATUS[code]).send(body(code, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL_ERROR'));
  });
}

/**
 * Fastify's frameworkErrors: what the router refuses before any hook runs (a malformed %-escape, a
 * parameter longer than maxParamLength). Fastify would answer these bare, without the security
 * headers every other reply gets from its onRequest hook, so they are set here, with our body.
 */
export function frameworkErrorHandler(
  applySecurityHeaders: (req: IncomingMessage, res: ServerResponse) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applySecurityHeaders(request.raw, reply.raw);
    // No id, slug or token is that long, so nothing is there.
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(body('NOT_FOUND'));
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.status(400).send(body('VALIDATION_ERROR', 'The request URL is malformed.'));
    }
    request.log.error({ err: error }, 'router error');
    return reply.status(500).send(body('INTERNAL_ERROR'));
  };
}
