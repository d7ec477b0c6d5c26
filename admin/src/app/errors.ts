import { ApiRequestError, NetworkError, RequestSchemaError, ResponseSchemaError } from '@flybook/client';
import { type ApiErrorItem, issuesToErrors } from '@flybook/schemas';
import type { HttpError } from '@refinedev/core';

/** Turns an error code (ERROR_…) and its params into a message in the interface language. */
export type ErrorTranslator = (code: string, params: ApiErrorItem['params'], fallback: string) => string;

/** Status used for failures that never got an HTTP answer (network down, request aborted). */
export const NETWORK_STATUS = 0;

const englishOnly: ErrorTranslator = (_code, _params, fallback) => fallback;

function fieldErrors(items: readonly ApiErrorItem[], translate: ErrorTranslator): HttpError['errors'] {
  const errors: Record<string, string[]> = {};
  for (const item of items) {
    if (!item.field) continue;
    const message = translate(item.code, item.params, item.message);
    errors[item.field] = [...(errors[item.field] ?? []), message];
  }
  const entries = Object.entries(errors);
  if (entries.length === 0) return undefined;
  // One message stays a string so forms show it as is; several are kept as a list.
  return Object.fromEntries(
    entries.map(([field, list]) => [field, list.length === 1 ? (list[0] ?? '') : list]),
  );
}

function fromItems(
  items: readonly ApiErrorItem[],
  statusCode: number,
  translate: ErrorTranslator,
): HttpError {
  const first = items[0];
  const message = first
    ? translate(first.code, first.params, first.message)
    : translate('ERROR_VALIDATION', undefined, 'Request failed');
  const errors = fieldErrors(items, translate);
  return { message, statusCode, ...(first ? { code: first.code } : {}), ...(errors ? { errors } : {}) };
}

/**
 * Maps anything a call can throw to Refine's HttpError: the status, a translated message, and the
 * body's `errors[].field` as per-field messages that Refine's forms put under the matching inputs.
 * A request that failed its own schema never left the browser; it is reported like a 422 so the
 * same form code shows it.
 */
export function toHttpError(error: unknown, translate: ErrorTranslator = englishOnly): HttpError {
  if (isHttpError(error)) return error;
  if (error instanceof ApiRequestError) {
    const items = error.body?.errors ?? [];
    if (items.length > 0) return fromItems(items, error.status, translate);
    const fallback = error.status >= 500 ? 'ERROR_INTERNAL' : 'ERROR_VALIDATION';
    return {
      message: translate(fallback, { details: error.message }, error.message),
      statusCode: error.status,
    };
  }
  if (error instanceof RequestSchemaError) {
    return fromItems(issuesToErrors(error.issues), 422, translate);
  }
  if (error instanceof NetworkError) {
    return {
      message: translate('NETWORK', undefined, error.message),
      statusCode: NETWORK_STATUS,
      code: 'NETWORK',
    };
  }
  if (error instanceof ResponseSchemaError) {
    return {
      message: translate('ERROR_INTERNAL', { details: '' }, error.message),
      statusCode: 500,
      code: 'ERROR_RESPONSE_SCHEMA',
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: translate('ERROR_INTERNAL', { details: message }, message), statusCode: 500 };
}

/** True for a Refine HttpError (as thrown by our data provider or returned by the auth provider). */
export function isHttpError(value: unknown): value is HttpError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    typeof value.statusCode === 'number' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/** The status of a failure, whether it is still the client's error or already an HttpError. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiRequestError) return error.status;
  if (isHttpError(error)) return error.statusCode;
  return undefined;
}
