import type { z } from 'zod';

/**
 * A permission rule as plain data: a role string, any-of, all-of, or anyone. The same shape as
 * `PermissionRule` in @flybook/domain (which evaluates it); the contract only declares it.
 */
export type RoleRule = string | { anyOf: RoleRule[] } | { allOf: RoleRule[] } | { anyone: true };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a call answers: a JSON body checked by its schema, an empty 204, or a file (PDF, xlsx). */
export type ResponseKind = z.ZodType | 'empty' | 'file';

export type AuthKind = 'public' | 'user';

export interface ApiCall<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends ResponseKind = ResponseKind,
  A extends AuthKind = AuthKind,
> {
  method: HttpMethod;
  /** Path under the API base, with `{name}` placeholders: 'user/{id}/account'. */
  path: string;
  summary: string;
  /** 'public' calls need no token; 'user' calls need a valid token and `roles`. */
  auth: A;
  /** Roles a logged-in caller needs; anyone logged in when absent. */
  roles?: RoleRule;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Default download name of a file answer when Content-Disposition carries none. */
  fileName?: string;
  /** Success status for JSON answers; 200 unless stated. */
  status?: 200 | 201;
  /** A POST that changes nothing (a computation, a document): safe to retry, keeps read caches. */
  readOnly?: true;
  /**
   * A public call keyed by an id or a secret (a transaction id, a guest key, a recovery token):
   * counted per client IP and refused with 429 and `Retry-After` over `KEYED_RATE_MAX` per
   * `KEYED_RATE_WINDOW`, so ids and keys cannot be tried in bulk (docs/security.md).
   */
  keyed?: true;
  /**
   * A public call that needs no session by its nature (log in, recover a password): a token sent
   * with it is not looked at. Every other call answers 401 ERROR_SESSION_EXPIRED to an unknown or
   * expired token, public or not, so nothing is done as a guest that the caller meant to do as
   * themself (docs/security.md).
   */
  ignoresSession?: true;
}

/** Declares a call once; the server registers it, the client calls by it, OpenAPI is made from it. */
export function defineCall<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends ResponseKind = ResponseKind,
  A extends AuthKind = AuthKind,
>(call: ApiCall<P, Q, B, R, A>): ApiCall<P, Q, B, R, A> {
  return call;
}

type Part<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [k in K]?: z.input<S> }
    : { [k in K]: z.input<S> }
  : { [k in K]?: never };

/** What a caller passes for a call: params, query and body as their schemas accept them. */
export type CallInput<C extends ApiCall> =
  C extends ApiCall<infer P, infer Q, infer B, ResponseKind, AuthKind>
    ? Part<'params', P> & Part<'query', Q> & Part<'body', B>
    : never;

/** A downloaded file: bytes plus the name from Content-Disposition. */
export interface FileResult {
  blob: Blob;
  fileName: string;
  contentType: string;
}

/** What a call answers once parsed. */
export type CallOutput<C extends ApiCall> =
  C extends ApiCall<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R, AuthKind>
    ? R extends z.ZodType
      ? z.output<R>
      : R extends 'file'
        ? FileResult
        : undefined
    : never;

type Parsed<S, Empty> = S extends z.ZodType ? z.output<S> : Empty;

/** Parsed request parts as the server handler receives them. */
export type CallRequest<C extends ApiCall> =
  C extends ApiCall<infer P, infer Q, infer B, ResponseKind, AuthKind>
    ? {
        params: Parsed<P, Record<string, never>>;
        query: Parsed<Q, Record<string, never>>;
        body: Parsed<B, undefined>;
      }
    : never;

/** Fills `{name}` placeholders of a call path. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
