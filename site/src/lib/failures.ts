import { ApiRequestError, NetworkError, RequestSchemaError } from '@flybook/client';
import type { ServerError } from '@flybook/domain/booking-errors';
import { fill, type Message } from './message.ts';

/**
 * Why a call of an island failed (docs/decisions.md "Failure states"): the server refused it (a 4xx
 * with a code: asking again changes nothing, something must be changed), or it could not answer
 * (no connection, a 5xx, too many requests: asking again may work). `notFound` is a 404: what the
 * address names is not there.
 */
export type CallFailure =
  | { kind: 'refused'; error: ServerError }
  | { kind: 'notFound'; error: ServerError }
  | { kind: 'failed'; error: ServerError };

/** What the client threw, sorted. A request the client refused to send is refused like a 422. */
export function callFailureOf(failure: unknown): CallFailure {
  if (failure instanceof ApiRequestError) {
    const error: ServerError = failure.body?.errors[0] ?? {
      code: failure.status >= 500 ? 'ERROR_INTERNAL' : 'ERROR_VALIDATION',
      message: failure.message,
    };
    if (failure.status === 404) return { kind: 'notFound', error };
    const refused =
      failure.status >= 400 && failure.status < 500 && failure.status !== 408 && failure.status !== 429;
    return { kind: refused ? 'refused' : 'failed', error };
  }
  if (failure instanceof RequestSchemaError) return { kind: 'refused', error: { code: 'ERROR_VALIDATION' } };
  // NetworkError (no answer), or anything unforeseen: nothing the visitor did, so try again.
  if (failure instanceof NetworkError) return { kind: 'failed', error: { code: 'NETWORK' } };
  return {
    kind: 'failed',
    error: { code: 'ERROR_INTERNAL', message: failure instanceof Error ? failure.message : String(failure) },
  };
}

/**
 * A failure in the visitor's language: the code's text (`errors` by code, `{{details}}` filled with
 * the server's message), "Unknown Error. <message>" for a code the page has no text for, and the
 * network text when nothing answered.
 */
export function failureText(
  error: ServerError,
  texts: { errors: Record<string, Message>; unknown: Message<'details'>; network: string },
): string {
  if (error.code === 'NETWORK') return texts.network;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(error.params ?? {}))
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  values.details = error.message ?? error.code;
  return fill(texts.errors[error.code] ?? texts.unknown, values);
}
