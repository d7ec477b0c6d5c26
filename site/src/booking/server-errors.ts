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

/** The ids of the booking's chosen flights, to tell which one an error is about. */
export interface ChosenFlightIds {
  outbound?: number | null | undefined;
  return?: number | null | undefined;
}

/**
 * Which flight an error is about (spec 02 §8: mapped by flight id). The server names it in
 * `params.direction`; without that, `params.flightId` is matched against the chosen flights; what
 * cannot be placed reads "outbound or return flight" rather than leaving a gap in the sentence.
 */
export function errorDirection(
  error: ServerError,
  chosen: ChosenFlightIds = {},
): 'outbound' | 'return' | 'both' {
  const direction = error.params?.direction;
  if (direction === 'outbound' || direction === 'return' || direction === 'both') return direction;
  const flightId = Number(error.params?.flightId);
  if (Number.isInteger(flightId) && flightId > 0) {
    if (flightId === chosen.outbound) return 'outbound';
    if (flightId === chosen.return) return 'return';
  }
  return 'both';
}

/**
 * The error in the visitor's language: the code's text with direction and seat filled in; at the
 * overview step (`atOverview`) 1101/1102 lead the text. `chosen` places errors that carry only a
 * flight id.
 */
export function bookingErrorText(
  error: ServerError,
  texts: BookingErrorTexts,
  atOverview = false,
  chosen: ChosenFlightIds = {},
): string {
  const values: Record<string, string> = {
    direction: texts.directions[errorDirection(error, chosen)],
    seatLabel: typeof error.params?.seatLabel === 'string' ? error.params.seatLabel : '',
    details: error.message ?? error.code,
  };
  const template = texts.errors[error.code] ?? texts.unknown;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const number = atOverview ? OVERVIEW_CODES[error.code] : undefined;
  return number ? `${number}: ${text}` : text;
}

/** Where the visitor can mend what the server refused: another seat, or another flight. */
export function stepToMend(error: ServerError, chosen: ChosenFlightIds = {}): StepName | null {
  const returnFlight = errorDirection(error, chosen) === 'return';
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
