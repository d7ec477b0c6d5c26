import {
  type ChosenFlightIds,
  errorDirection,
  OVERVIEW_CODES,
  type ServerError,
} from '@flybook/domain/booking-errors';
import { fill, type Message } from '../lib/message.ts';
import type { StepName } from './steps.ts';

/** Where the visitor can mend what the server refused: another seat, or another flight. */
export function stepToMend(
  error: ServerError & { field?: string | undefined },
  chosen: ChosenFlightIds = {},
): StepName | null {
  const returnFlight = errorDirection(error, chosen) === 'return';
  switch (error.code) {
    case 'ERROR_BOOKED_SEATS_OCCUPIED':
    case 'ERROR_BOOKED_SEATS_NOT_UNIQUE':
    case 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS':
    case 'ERROR_INFANT_SEAT':
      return 'seat-reservation';
    case 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH':
    case 'ERROR_BOOKED_DEPARTED_FLIGHT_ADDED':
    case 'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED':
    case 'ERROR_TARIFF_NOT_AVAILABLE':
      return returnFlight ? 'select-flight-return' : 'select-flight-outbound';
    case 'ERROR_BOOKED_FLIGHT_SORTING_WRONG':
      return 'select-flight-return';
    case 'ERROR_AGE_TYPE':
    case 'ERROR_TOO_MANY_INFANTS':
    case 'ERROR_OPTION_NOT_AVAILABLE':
      return 'passengers';
    case 'ERROR_PASSWORD_IS_EMAIL':
    case 'ERROR_PASSWORD_TOO_COMMON':
    case 'ERROR_NOT_BLANK':
    case 'ERROR_MIN_LENGTH':
      return error.field?.startsWith('billingInformation.') ? 'billing-information' : null;
    default:
      return null;
  }
}

/** The codes a booking may answer with, for the page to translate at build time. */
export const BOOKING_ERROR_CODES = [
  'ERROR_BOOKED_FLIGHT_SORTING_WRONG',
  'ERROR_BOOKED_SEATS_OCCUPIED',
  'ERROR_BOOKED_SEATS_NOT_UNIQUE',
  'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS',
  'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED',
  'ERROR_BOOKED_DEPARTED_FLIGHT_ADDED',
  'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
  'ERROR_TOO_MANY_INFANTS',
  'ERROR_AGE_TYPE',
  'ERROR_INFANT_SEAT',
  'ERROR_OPTION_NOT_AVAILABLE',
  'ERROR_TARIFF_NOT_AVAILABLE',
  'ERROR_USER_IS_NO_LOGGED_IN',
  'ERROR_EMAIL_TAKEN',
  'ERROR_VALIDATION',
  'ERROR_RATE_LIMITED',
  'ERROR_PASSWORD_IS_EMAIL',
  'ERROR_PASSWORD_TOO_COMMON',
  'ERROR_SESSION_EXPIRED',
  // A server that cannot answer for a moment (a price, a flight list): said in words, with Retry.
  'ERROR_SERVICE_UNAVAILABLE',
] as const;

/** What the wizard fills in an error's text: the flight, the seat, the server's words, a limit. */
export const BOOKING_ERROR_PARAMS = ['direction', 'seatLabel', 'details', 'limit'] as const;

export interface BookingErrorTexts {
  /** `errors.<CODE>`, with booking's own wording where it has one. */
  errors: Record<string, Message>;
  /** `booking.direction.*`: outbound flight, return flight, outbound or return flight. */
  directions: Record<'outbound' | 'return' | 'both', string>;
  /** The unknown-error text, `details` being the server's message. */
  unknown: Message<'details'>;
}

/**
 * A failed booking call in the booker's words (spec 02 §8): the code's text with the direction the
 * server names (or the flight its id places) and the seat; at the overview step (`atOverview`) the
 * numeric codes 1101 and 1102 lead the text.
 */
export function bookingErrorText(
  error: ServerError,
  texts: BookingErrorTexts,
  atOverview = false,
  chosen: ChosenFlightIds = {},
): string {
  const { seatLabel, limit } = error.params ?? {};
  const text = fill(texts.errors[error.code] ?? texts.unknown, {
    direction: texts.directions[errorDirection(error, chosen)],
    seatLabel: typeof seatLabel === 'string' ? seatLabel : '',
    details: error.message ?? error.code,
    limit: typeof limit === 'number' ? limit : '',
  });
  const number = atOverview ? OVERVIEW_CODES[error.code] : undefined;
  return number ? `${number}: ${text}` : text;
}

/**
 * A booking refused because the visitor's session lapsed (401 ERROR_SESSION_EXPIRED): the client
 * has forgotten the session, and nothing was booked. Like an airline's site, the page then asks
 * them to sign in again, so the booking lands in their account, and books as a guest only when
 * they choose to (docs/security.md).
 */
export const isSessionLapse = (error: { code: string }) => error.code === 'ERROR_SESSION_EXPIRED';
