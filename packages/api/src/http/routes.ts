import type { ApiCall, CallOutput, CallRequest, ResponseKind } from '@flybook/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The caller of a `user` call, resolved from X-AUTH-TOKEN. */
export interface AuthUser {
  id: number;
  type: 'manager' | 'agent' | 'customer' | 'admin';
  displayName: string;
  email: string;
  roles: ReadonlySet<string>;
  tokenHash: string;
}

/** A file answer: bytes, a name for Content-Disposition and a content type. */
export interface FileAnswer {
  body: Buffer | Uint8Array;
  fileName: string;
  contentType: string;
}

type Answer<C extends ApiCall> = C['response'] extends 'file'
  ? FileAnswer
  : C['response'] extends 'empty'
    ? unknown
    : CallOutput<C>;

export type HandlerInput<C extends ApiCall> = CallRequest<C> & {
  user: C extends ApiCall<
    z.ZodType | undefined,
    z.ZodType | undefined,
    z.ZodType | undefined,
    ResponseKind,
    'user'
  >
    ? AuthUser
    : AuthUser | null;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<C extends ApiCall> = (input: HandlerInput<C>) => Promise<Answer<C>>;

/** One declared call bound to its handler. */
export interface RouteBinding {
  call: ApiCall;
  handler: Handler<ApiCall>;
}

/** Binds a declared call to the function that serves it; types flow from the declaration. */
export function route<C extends ApiCall>(call: C, handler: Handler<C>): RouteBinding {
  return { call, handler: handler as unknown as Handler<ApiCall> };
}
