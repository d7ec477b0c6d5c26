import { type ApiErrorBody, ERROR_MESSAGES } from '@flybook/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isTransientDatabaseError } from '../db/faults.ts';
import { ApiError, ValidationError } from './api-error.ts';

/**
 * Failures the router meets before any route runs (a path parameter over the router's length
 * limit: 414; broken percent-encoding: 400), answered in the error format like every other.
 * Passed to Fastify as `frameworkErrors`, which only exists as a constructor option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const code = status >= 500 ? 'ERROR_INTERNAL' : 'ERROR_MALFORMED_REQUEST';
  // The app's onSend hooks do not run for these answers: an error is never to be cached.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ errors: [{ code, message: error.message }] } satisfies ApiErrorBody);
}

/** `Retry-After` of a 503: the database is away for a moment, or this instance is shutting down. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Answers 503 `ERROR_SERVICE_UNAVAILABLE` in the error format with `Retry-After`: the call may be
 * repeated (with the same Idempotency-Key for a write) once the database or another instance answers.
 */
export function serviceUnavailable(
  reply: FastifyReply,
  message = ERROR_MESSAGES.ERROR_SERVICE_UNAVAILABLE ?? 'Service unavailable.',
) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ errors: [{ code: 'ERROR_SERVICE_UNAVAILABLE', message }] } satisfies ApiErrorBody);
}

/** `Retry-After` of a 429 that names no wait of its own. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The wait a rate-limit refusal names (`params.retryAfterSeconds`), in whole seconds, at least 1. */
function retryAfterOf(error: ApiError): number {
  const seconds = Number(error.params?.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
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
      if (error.status === 429) reply.header('Retry-After', String(retryAfterOf(error)));
      return reply.status(error.status).send({ errors: [error.toItem()] } satisfies ApiErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database dropped or refused the connection. Nothing of the request was
      // committed unless its retry (same Idempotency-Key) answers so.
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      return serviceUnavailable(reply);
    }
    if (isTransientDatabaseError(error)) {
      // Not a bug either: a statement cancelled or timed out, no connection slot, a lock or a
      // deadlock; its transaction was rolled back, and the call works again in a moment.
      request.log.warn({ err: error, reqId: request.id }, 'database busy');
      return serviceUnavailable(reply);
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
  // Every 429 says when to try again, whichever code path sent it.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
      reply.header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
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
