import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { loggableError } from '../db/faults.ts';

/** An incoming X-Request-Id we keep: short, and only characters safe in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * The request's id: the caller's X-Request-Id (a load balancer or another service that started the
 * trace) when it is sane, else a new UUID. A long or odd value is never echoed into logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Paths whose parts are secrets: the recovery link carries its one-time token in the address. */
const SECRET_IN_PATH = /(\/updatePassword\/)[^/?#]+/g;
// Keys to one booking (guest key, manage-booking access key, the e-mail link's `key`) open its
// personal data to whoever reads them: as secret as a token.
const SECRET_PARAMS = new Set([
  'token',
  'recoverytoken',
  'password',
  'passwordconfirm',
  'guestkey',
  'accesskey',
  'key',
]);

/** A request address as it may be logged: recovery tokens and secret query values replaced. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_IN_PATH, '$1[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((part) => {
      const name = decodeURIComponentSafe(part.split('=')[0] ?? '').toLowerCase();
      return SECRET_PARAMS.has(name) ? `${part.split('=')[0]}=[redacted]` : part;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Header and body fields that never reach a log line, wherever a log call puts them. Fastify's own
 * request lines carry no headers or bodies; these catch a `request.log.info({ req, body })` added later.
 */
export const REDACTED_PATHS = [
  'req.headers["x-auth-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-auth-token"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'passwordConfirm',
  'token',
  'recoveryToken',
  'guestKey',
  'accessKey',
  'body.password',
  'body.passwordConfirm',
  'body.token',
  'body.recoveryToken',
  '*.password',
  '*.passwordConfirm',
  '*.token',
  '*.recoveryToken',
  '*.guestKey',
  '*.accessKey',
];

export interface LogOptions {
  level: string;
  /** Where the JSON lines go (tests capture them); stdout when absent. */
  stream?: { write(line: string): void };
}

/**
 * Fastify's logger (pino): one JSON object per line with `reqId` on every line of a request, the
 * request's method, address (secrets removed) and client, and the answer's status and time.
 */
export function loggerOptions(options: LogOptions): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      // `log.error(error)` would take the error's message as the line's `msg`, and a failed
      // statement's message lists its parameters: the error goes through the serializer instead.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (!(first instanceof Error)) return method.apply(this, args);
        const message = typeof rest[0] === 'string' ? rest.shift() : loggableError(first).message;
        return method.apply(this, [{ err: first }, message, ...rest] as Parameters<typeof method>);
      },
    },
    serializers: {
      // Errors without SQL parameters (session token hashes, rate-limit keys, personal data).
      err: (error: unknown) => {
        const item = loggableError(error);
        return { ...item, stack: item.stack ?? '' };
      },
      req: (request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
