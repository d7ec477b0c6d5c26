import { satisfies } from '@flybook/domain';
import { type ApiCall, allCalls, parseRequest, readQuery } from '@flybook/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, ValidationError } from './api-error.ts';
import type { AuthUser, FileAnswer, RouteBinding } from './routes.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call is `keyed` (schemas/src/http.ts): app.ts counts it per client IP. */
    keyed?: boolean;
  }
}

const fastifyPath = (path: string) => `${API_PREFIX}/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Whether any text (value or key) of a value may hold a NUL character: JSON writes one as `\u0000`
 * (a text with those six characters typed in also says yes, and the walk below then finds none).
 * A value too deep for JSON.stringify's stack says yes too.
 */
function mayHoldNulCharacter(value: unknown): boolean {
  try {
    return JSON.stringify(value)?.includes('\\u0000') ?? false;
  } catch {
    return true;
  }
}

/**
 * The path of the first text that holds a NUL character, which PostgreSQL cannot store in text
 * (it would fail the query). Walks without recursion: a body may be nested thousands deep. Only
 * a body that may hold one pays for the walk and its paths (`mayHoldNulCharacter` first).
 */
function nulCharacterAt(value: unknown): string | null {
  if (!mayHoldNulCharacter(value)) return null;
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function parsePart<T extends z.ZodType | undefined>(schema: T, value: unknown, part: string): unknown {
  if (!schema) return part === 'body' ? undefined : {};
  const nul = nulCharacterAt(value);
  if (nul !== null) {
    throw new ValidationError([
      {
        code: 'ERROR_FORMAT',
        message: 'Text must not contain NUL characters.',
        ...(nul ? { field: nul } : {}),
        params: { format: 'text' },
      },
    ]);
  }
  // A missing field is ERROR_REQUIRED, one of the wrong type ERROR_TYPE (spec 01 §5).
  const result = parseRequest(schema, value ?? (part === 'body' ? undefined : {}));
  if (!result.success) throw new ValidationError(result.errors);
  return result.data;
}

/**
 * Sets Content-Disposition with an ASCII fallback and the UTF-8 name. Returns the reply: an async
 * handler that sent without returning it is answered a second time by Fastify.
 */
function sendFile(reply: FastifyReply, file: FileAnswer) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('Content-Type', file.contentType)
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(Buffer.from(file.body));
}

export interface RegisterOptions {
  authenticate(token: string): Promise<AuthUser | null>;
  /** Parse every JSON answer against its schema (on outside production: a contract bug fails loudly). */
  checkResponses: boolean;
  /** Called after every call that changed data succeeded (caches of reads forget what they hold). */
  onWrite?: () => void;
}

/**
 * Registers every declared call: path from the declaration, token and role check, request
 * parsing with the call's schemas, and the answer in the declared form. Fails at start when a
 * declared call has no handler or a handler serves an undeclared call.
 */
export function registerCalls(app: FastifyInstance, bindings: RouteBinding[], options: RegisterOptions) {
  const declared = new Set(allCalls());
  const bound = new Set<ApiCall>();
  for (const binding of bindings) {
    if (!declared.has(binding.call))
      throw new Error(`Handler for undeclared call ${binding.call.method} ${binding.call.path}`);
    if (bound.has(binding.call))
      throw new Error(`Two handlers for ${binding.call.method} ${binding.call.path}`);
    bound.add(binding.call);
  }
  const missing = [...declared].filter((call) => !bound.has(call));
  if (missing.length > 0) {
    throw new Error(
      `Declared calls without handler: ${missing.map((c) => `${c.method} ${c.path}`).join(', ')}`,
    );
  }

  for (const { call, handler } of bindings) {
    app.route({
      method: call.method,
      url: fastifyPath(call.path),
      config: { keyed: call.keyed === true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        let user: AuthUser | null = null;
        const token = request.headers['x-auth-token'];
        if (typeof token === 'string' && token !== '' && !call.ignoresSession) {
          user = await options.authenticate(token);
          // Also on public calls: a booking made with a lapsed session must not silently become a
          // guest's, missing from the customer's account (docs/security.md).
          if (!user) throw new ApiError('ERROR_SESSION_EXPIRED', 401);
        }
        if (call.auth === 'user') {
          if (!user) throw new ApiError('ERROR_UNAUTHORIZED', 401);
          if (call.roles && !satisfies(user.roles, call.roles)) throw ApiError.forbidden();
        }
        const params = parsePart(call.params, request.params, 'params');
        // Blank values count as absent; `status=a` is read like `status[]=a` (docs/decisions.md).
        const query = parsePart(call.query, readQuery(call.query, request.query), 'query');
        const body = parsePart(call.body, request.body, 'body');
        const answer = await handler({ params, query, body, user, ip: request.ip, request, reply } as never);
        if (call.method !== 'GET' && !call.readOnly) options.onWrite?.();
        if (call.response === 'empty') return reply.status(204).send();
        if (call.response === 'file') return sendFile(reply, answer as unknown as FileAnswer);
        const payload = options.checkResponses ? call.response.parse(answer) : answer;
        return reply.status(call.status ?? 200).send(payload);
      },
    });
  }
}
