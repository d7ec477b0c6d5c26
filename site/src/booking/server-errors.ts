import { type ChosenFlightIds, errorDirection, type ServerError } from '@flybook/domain/booking-errors';
import type { StepName } from './steps.ts';

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
