import type { ApiErrorBody } from '@flybook/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ValidationError } from './api-error.ts';

/**
 * Failures the router meets before any route runs (a path parameter over the router's length
 * limit: 414; broken percent-encoding: 400), answered in the error format like every other.
 * Passed to Fastify as `frameworkErrors`, which only exists as a constructor option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const code = status >= 500 ? 'ERROR_INTERNAL' : 'ERROR_MALFORMED_REQUEST';
  return reply.status(status).send({ errors: [{ code, message: error.message }] } satisfies ApiErrorBody);
}

/**
 * The one place that turns failures into answers: validation → 422 with field paths, ApiError →
 * its status, unreadable requests → 400, anything else → a bare 500 logged with the request id.
 */
export function installErrorHandler(
  app: FastifyInstance,
  /** A page for browsers that ask for an unknown page (the public site's 404), else JSON. */
  notFoundPage: (request: FastifyRequest) => string | null = () => null,
) {
  app.setErrorHandler((error: FastifyError | ApiError | ValidationError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(422).send({ errors: error.items } satisfies ApiErrorBody);
    }
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ errors: [error.toItem()] } satisfies ApiErrorBody);
    }
    const status = 'statusCode' in error ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx: bad JSON, wrong content type, body too large.
      const code = status === 429 ? 'ERROR_RATE_LIMITED' : 'ERROR_MALFORMED_REQUEST';
      return reply.status(status).send({ errors: [{ code, message: error.message }] } satisfies ApiErrorBody);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({
      errors: [{ code: 'ERROR_INTERNAL', message: `Internal server error (request ${request.id}).` }],
    } satisfies ApiErrorBody);
  });
  app.setNotFoundHandler((request, reply) => {
    const page = notFoundPage(request);
    if (page !== null) return reply.status(404).type('text/html; charset=utf-8').send(page);
    return reply.status(404).send({
      errors: [
        { code: 'ERROR_NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` },
      ],
    } satisfies ApiErrorBody);
  });
}
