import {
  API_VERSION,
  type ApiCall,
  type ApiErrorBody,
  ApiErrorBodySchema,
  type CallInput,
  type CallOutput,
  type FileResult,
  fillPath,
} from '@flybook/schemas';
import qs from 'qs';
import type { z } from 'zod';

/** Any failed call: the HTTP status and the parsed error body (or the raw text). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly call: ApiCall;
  constructor(call: ApiCall, status: number, body: ApiErrorBody | null, text: string) {
    super(body?.errors[0]?.message ?? (text || `HTTP ${status}`));
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.call = call;
  }
  /** The first error code, the way the back office reads messages. */
  get code(): string | undefined {
    return this.body?.errors[0]?.code;
  }
}

/** A request that fails its own schema; it was not sent. */
export class RequestSchemaError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(call: ApiCall, part: string, issues: z.core.$ZodIssue[]) {
    super(`Request ${call.method} ${call.path} (${part}) does not match its schema`);
    this.name = 'RequestSchemaError';
    this.issues = issues;
  }
}

/** An answer that does not match the declared schema. */
export class ResponseSchemaError extends Error {
  readonly issues: z.core.$ZodIssue[];
  constructor(call: ApiCall, issues: z.core.$ZodIssue[]) {
    super(`Response of ${call.method} ${call.path} does not match its schema`);
    this.name = 'ResponseSchemaError';
    this.issues = issues;
  }
}

/** A network failure or an aborted request (the UI only warns about these). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network error', { cause });
    this.name = 'NetworkError';
  }
}

export interface ClientOptions {
  /** API address without the version, e.g. '/api' or 'http://localhost:4321/api'. */
  baseUrl: string;
  getToken?: () => string | null;
  /**
   * Called on a 401 to any call but login: the session is gone. A public read (GET, or a POST
   * declared `readOnly`) that was refused with ERROR_SESSION_EXPIRED is then sent once more without
   * the token and answers as for a guest; any other call throws, so the caller can ask the user to
   * sign in again before anything is done in their name (docs/security.md).
   */
  onUnauthorized?: (error: ApiRequestError) => void;
  fetch?: typeof fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried booking safe. */
  headers?: Readonly<Record<string, string>>;
}

/** GET payloads as query strings: arrays as ids[]=1&ids[]=2, objects as a[from]=…, nulls skipped. */
export const toQueryString = (query: unknown): string =>
  qs.stringify(query, { arrayFormat: 'brackets', skipNulls: true, encodeValuesOnly: true });

function check(call: ApiCall, part: 'params' | 'query' | 'body', value: unknown) {
  const schema = call[part];
  if (!schema) return;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (!result.success) throw new RequestSchemaError(call, part, result.error.issues);
}

function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

type Parts = { params?: Record<string, unknown>; query?: unknown; body?: unknown };

/** The typed API client: calls are made by their declarations and checked both ways. */
export function createClient(options: ClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const base = `${options.baseUrl.replace(/\/$/, '')}/${API_VERSION}`;

  async function call<C extends ApiCall>(
    declared: C,
    ...[input, callOptions]: Record<string, never> extends CallInput<C>
      ? [CallInput<C>?, CallOptions?]
      : [CallInput<C>, CallOptions?]
  ): Promise<CallOutput<C>> {
    const parts = (input ?? {}) as Parts;
    check(declared, 'params', parts.params);
    check(declared, 'query', parts.query);
    check(declared, 'body', parts.body);
    return send(declared, parts, callOptions, false);
  }

  /** Sends a checked call, with the session's token unless `asGuest`. */
  async function send<C extends ApiCall>(
    declared: C,
    parts: Parts,
    callOptions: CallOptions | undefined,
    asGuest: boolean,
  ): Promise<CallOutput<C>> {
    const search = parts.query ? toQueryString(parts.query) : '';
    const url = `${base}/${fillPath(declared.path, parts.params)}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = { ...callOptions?.headers, Accept: 'application/json' };
    const token = asGuest ? null : options.getToken?.();
    if (token) headers['X-AUTH-TOKEN'] = token;
    let body: string | undefined;
    if (declared.method !== 'GET' && parts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(parts.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, { method: declared.method, headers, body, signal: callOptions?.signal });
    } catch (cause) {
      throw new NetworkError(cause);
    }

    if (!response.ok) {
      const text = await response.text().catch(() => '');
      let parsed: ApiErrorBody | null = null;
      try {
        const result = ApiErrorBodySchema.safeParse(JSON.parse(text));
        parsed = result.success ? result.data : null;
      } catch {
        parsed = null;
      }
      const error = new ApiRequestError(declared, response.status, parsed, text);
      const isLogin = declared.method === 'POST' && declared.path === 'auth/token';
      if (response.status === 401 && !isLogin) options.onUnauthorized?.(error);
      const publicRead =
        declared.auth === 'public' && (declared.method === 'GET' || declared.readOnly === true);
      if (response.status === 401 && error.code === 'ERROR_SESSION_EXPIRED' && token && publicRead) {
        return send(declared, parts, callOptions, true);
      }
      throw error;
    }

    if (declared.response === 'empty' || response.status === 204 || response.status === 205) {
      return undefined as CallOutput<C>;
    }
    if (declared.response === 'file') {
      const file: FileResult = {
        blob: await response.blob(),
        fileName: fileNameFrom(response.headers.get('Content-Disposition'), declared.fileName ?? 'download'),
        contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
      };
      return file as CallOutput<C>;
    }
    const json: unknown = await response.json();
    const result = declared.response.safeParse(json);
    if (!result.success) throw new ResponseSchemaError(declared, result.error.issues);
    return result.data as CallOutput<C>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createClient>;
export { createIntent, type Intent, idempotencyHeaders } from './intent.ts';
export { saveFile } from './save-file.ts';
