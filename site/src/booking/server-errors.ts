import type { StepName } from './steps.ts';

/**
 * A failed booking call in the visitor's words (spec 02 §8): the catalogue's text of the code with
 * the direction the server names (outbound flight, return flight, or both) and the seat, and at
 * the overview step the numeric codes 1101 (not enough seats) and 1102 (seat occupied).
 */

export interface ServerError {
  code: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The overview's numeric codes (spec 02 §8). */
export const OVERVIEW_CODES: Readonly<Record<string, number>> = {
  ERROR_AVAILABLE_SEATS_NOT_ENOUGH: 1101,
  ERROR_BOOKED_SEATS_OCCUPIED: 1102,
};

export interface BookingErrorTexts {
  /** `errors.<CODE>`, with booking's own wording where it has one. */
  errors: Record<string, string>;
  /** `booking.direction.*`: outbound flight, return flight, outbound or return flight. */
  directions: Record<'outbound' | 'return' | 'both', string>;
  /** The unknown-error text, `{{details}}` being the server's message. */
  unknown: string;
}

export function bookingErrorText(error: ServerError, texts: BookingErrorTexts, atOverview = false): string {
  const direction = error.params?.direction;
  const values: Record<string, string> = {
    direction:
      direction === 'outbound' || direction === 'return' || direction === 'both'
        ? texts.directions[direction]
        : '',
    seatLabel: typeof error.params?.seatLabel === 'string' ? error.params.seatLabel : '',
    details: error.message ?? error.code,
  };
  const template = texts.errors[error.code] ?? texts.unknown;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const number = atOverview ? OVERVIEW_CODES[error.code] : undefined;
  return number ? `${number}: ${text}` : text;
}

/** Where the visitor can mend what the server refused: another seat, or another flight. */
export function stepToMend(error: ServerError): StepName | null {
  const returnFlight = error.params?.direction === 'return';
  switch (error.code) {
    case 'ERROR_BOOKED_SEATS_OCCUPIED':
    case 'ERROR_BOOKED_SEATS_NOT_UNIQUE':
    case 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS':
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
      return 'passengers';
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
] as const;
