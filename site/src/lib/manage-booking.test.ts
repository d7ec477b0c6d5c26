import { ApiRequestError } from '@flybook/client';
import { manageCalls } from '@flybook/schemas/manage';
import { describe, expect, it } from 'vitest';
import {
  addressWithoutKey,
  manageFailureOf,
  manageLinkOf,
  minutesToWait,
  storedKeyFor,
} from './manage-booking.ts';

const answer = (status: number, code: string, params?: Record<string, number>) =>
  new ApiRequestError(
    manageCalls.find,
    status,
    { errors: [{ code, message: code, ...(params ? { params } : {}) }] },
    '',
  );

describe('manage my booking, in the browser', () => {
  it('reads the booking of an e-mail link and drops the key from the address', () => {
    expect(manageLinkOf('?ref=ABC234&key=k3y_-x')).toEqual({ recordLocator: 'ABC234', accessKey: 'k3y_-x' });
    expect(manageLinkOf('?ref=ABC234')).toBeNull();
    expect(manageLinkOf('')).toBeNull();
    expect(addressWithoutKey('https://flybook.test/de/booking/manage?ref=ABC234&key=secret#x')).toBe(
      '/de/booking/manage?ref=ABC234#x',
    );
  });

  it('tells not found, too many tries (with the wait) and a server failure apart', () => {
    expect(manageFailureOf(answer(404, 'ERROR_NOT_FOUND'))).toEqual({ kind: 'notFound' });
    expect(manageFailureOf(answer(429, 'ERROR_RATE_LIMITED', { retryAfterSeconds: 601 }))).toEqual({
      kind: 'tooMany',
      minutes: 11,
    });
    expect(manageFailureOf(answer(500, 'ERROR_INTERNAL'))).toEqual({ kind: 'failed' });
    expect(manageFailureOf(answer(503, 'ERROR_UNAVAILABLE'))).toEqual({ kind: 'failed' });
    expect(manageFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(Number.NaN)).toBe(1);
  });

  it("uses this tab's stored key only for the same locator", () => {
    const stored = JSON.stringify({ recordLocator: 'ABC234', accessKey: 'key' });
    expect(storedKeyFor(stored, 'abc234')).toEqual({ recordLocator: 'ABC234', accessKey: 'key' });
    expect(storedKeyFor(stored, 'XYZ789')).toBeNull();
    expect(storedKeyFor('{broken', 'ABC234')).toBeNull();
    expect(storedKeyFor(null, 'ABC234')).toBeNull();
  });
});
