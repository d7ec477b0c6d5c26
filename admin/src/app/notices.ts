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
 * What a failed action tells the user (spec 03 §8): a code the catalogue knows shows its own
 * message; anything else — and every failed download (`isDownload`) — is an unknown error with the
 * server's message. Nothing when the client has reported the failure already (see failureNotice).
 */
export function actionFailureMessage(
  t: TFunction,
  knows: (key: string) => boolean,
  failure: HttpError,
  options: { isDownload?: boolean } = {},
): string | undefined {
  const known =
    !options.isDownload &&
    failure.statusCode >= 400 &&
    failure.statusCode < 500 &&
    failure.statusCode !== 401 &&
    typeof failure.code === 'string' &&
    knows(`errors.${failure.code}`);
  if (known) return failure.message;
  const notice = failureNotice(t, failure);
  return notice ? String(notice.message) : undefined;
}

/**
 * Why a load failed, for the screen that shows it in place of its data (docs/decisions.md "Failure
 * states"): as {@link actionFailureMessage}, and the client's own words when the server could not be
 * reached (the screen must say something even though the client has warned already).
 */
export function loadFailureMessage(
  t: TFunction,
  knows: (key: string) => boolean,
  failure: HttpError,
): string {
  if (failure.statusCode === NETWORK_STATUS) return failure.message;
  return actionFailureMessage(t, knows, failure) ?? failure.message;
}
