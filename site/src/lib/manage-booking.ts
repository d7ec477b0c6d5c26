import { ApiRequestError } from '@flybook/client';

/** Where this tab keeps the key of the booking it manages (sessionStorage: ends with the tab). */
export const MANAGE_KEY_STORAGE = 'flybook.manageBooking';

/** Why a booking could not be shown: each has its own text, a server failure is never "not found". */
export type ManageFailure = { kind: 'notFound' } | { kind: 'tooMany'; minutes: number } | { kind: 'failed' };

/**
 * The booking an e-mail link opens: `?ref=ABC234&key=…` (manageBookingUrl on the server). Null when
 * the address names none.
 */
export function manageLinkOf(search: string): { recordLocator: string; accessKey: string } | null {
  const query = new URLSearchParams(search);
  const recordLocator = query.get('ref')?.trim() ?? '';
  const accessKey = query.get('key')?.trim() ?? '';
  return recordLocator && accessKey ? { recordLocator, accessKey } : null;
}

/** The address without the key (it stays in this tab's storage), so it is not shared or bookmarked. */
export function addressWithoutKey(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('key');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whole minutes to wait, at least 1, from the seconds of a 429's Retry-After. */
export const minutesToWait = (seconds: number): number =>
  Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60));

/** The failure a look-up or a read ended in, from what the API answered (or did not). */
export function manageFailureOf(error: unknown): ManageFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed' };
  if (error.status === 404) return { kind: 'notFound' };
  if (error.status === 429) {
    const seconds = Number(error.body?.errors[0]?.params?.retryAfterSeconds);
    return { kind: 'tooMany', minutes: minutesToWait(seconds) };
  }
  return { kind: 'failed' };
}

/** A stored key of this tab, when it is for the locator in the address. */
export function storedKeyFor(
  stored: string | null,
  recordLocator: string,
): { recordLocator: string; accessKey: string } | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (
      typeof value === 'object' &&
      value !== null &&
      'recordLocator' in value &&
      'accessKey' in value &&
      typeof value.recordLocator === 'string' &&
      typeof value.accessKey === 'string' &&
      value.recordLocator.toUpperCase() === recordLocator.trim().toUpperCase()
    )
      return { recordLocator: value.recordLocator, accessKey: value.accessKey };
  } catch {
    // Not ours or damaged: as if nothing was stored.
  }
  return null;
}
