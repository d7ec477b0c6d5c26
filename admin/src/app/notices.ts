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
 * The notice for a failed action (a save, a state change): a refusal with a known error code shows
 * the code's own text from the catalogue (spec 03 §8); anything else, and every failed download, is
 * an unknown error with the server's message ({@link failureNotice}).
 */
export function actionFailureNotice(
  t: TFunction,
  isKnownCode: (code: string) => boolean,
  failure: HttpError,
  options: { isDownload?: boolean } = {},
): OpenNotificationParams | false {
  const known =
    !options.isDownload &&
    failure.statusCode >= 400 &&
    failure.statusCode < 500 &&
    failure.statusCode !== 401 &&
    typeof failure.code === 'string' &&
    isKnownCode(failure.code);
  if (known) return { type: 'error', message: failure.message };
  return failureNotice(t, failure);
}
