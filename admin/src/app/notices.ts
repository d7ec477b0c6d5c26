import type { HttpError, OpenNotificationParams } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { NETWORK_STATUS } from './errors.ts';

/**
 * The notice for a failed load or save (spec 03 §8): "Unknown Error." with the server's message,
 * already in the interface language when the code is known. Nothing for failures the client has
 * already reported: no connection (warned by the client) and an ended session (login page).
 */
export function failureNotice(t: TFunction, error: HttpError | undefined): OpenNotificationParams | false {
  if (!error) return { type: 'error', message: t('errors.unknown', { details: '' }).trim() };
  if (error.statusCode === NETWORK_STATUS || error.statusCode === 401) return false;
  // A server failure already reads "Unknown Error. …" (errors.ERROR_INTERNAL).
  if (error.statusCode >= 500) return { type: 'error', message: error.message };
  return { type: 'error', message: t('errors.unknown', { details: error.message }) };
}

/**
 * The notice for a refused write: the server's own message (already in the interface language) for
 * a refusal it explains (4xx with a code), else the failure notice above.
 */
export function refusalNotice(t: TFunction, error: HttpError): OpenNotificationParams | false {
  const known = typeof error.code === 'string' && error.statusCode >= 400 && error.statusCode < 500;
  if (known && error.statusCode !== 401) return { type: 'error', message: error.message };
  return failureNotice(t, error);
}
