import { ERROR_MESSAGES, type ErrorCode } from '@flybook/schemas';
import { ApiError } from '../../http/api-error.ts';

/** Which booked flight a booking error is about: the first is the outbound flight, the second the return. */
export type Direction = 'outbound' | 'return' | 'both';

const DIRECTION_TEXT: Record<Direction, string> = {
  outbound: 'outbound flight',
  return: 'return flight',
  both: 'outbound or return flight',
};

/** Booking's own wording of codes other areas share (spec 02 §8). */
const BOOKING_MESSAGES: Partial<Record<ErrorCode, string>> = {
  ERROR_AVAILABLE_SEATS_NOT_ENOUGH:
    'Not enough seats available on selected {direction}. Please select another flight.',
};

export const directionOf = (index: number): 'outbound' | 'return' => (index === 0 ? 'outbound' : 'return');

/**
 * A booking rule broken on one flight (spec 02 §8): the message names the direction and seat, and
 * the params carry them with the flight id so clients can word it in their language.
 */
export function bookingError(
  code: ErrorCode,
  where: { direction: Direction; flightId?: number; seatLabel?: string; field?: string },
  status = 422,
): ApiError {
  const message = (BOOKING_MESSAGES[code] ?? ERROR_MESSAGES[code] ?? code)
    .replace('{direction}', DIRECTION_TEXT[where.direction])
    .replace('{seatLabel}', where.seatLabel ?? '');
  return new ApiError(code, status, {
    message,
    ...(where.field ? { field: where.field } : {}),
    params: {
      direction: where.direction,
      ...(where.flightId === undefined ? {} : { flightId: where.flightId }),
      ...(where.seatLabel === undefined ? {} : { seatLabel: where.seatLabel }),
    },
  });
}
