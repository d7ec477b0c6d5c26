import { type ChosenFlightIds, errorDirection, OVERVIEW_CODES, type ServerError } from '@flybook/domain';
import type { TFunction } from 'i18next';
import type { ErrorTranslator } from '../../app/errors.ts';
import type { StepId } from './wizard-model.ts';

/**
 * Where the user mends what the server refused (spec 02 §8): another seat, another flight in the
 * direction the error names, the passengers, the billing contact or the payment terms. Null when
 * no step can.
 */
export function stepToMend(
  error: ServerError & { field?: string },
  chosen: ChosenFlightIds = {},
): StepId | null {
  const direction = errorDirection(error, chosen);
  switch (error.code) {
    case 'ERROR_BOOKED_SEATS_OCCUPIED':
    case 'ERROR_BOOKED_SEATS_NOT_UNIQUE':
    case 'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS':
    case 'ERROR_BOOKED_DEPARTED_FLIGHT_SEATS_CHANGED':
    case 'ERROR_INFANT_SEAT':
      return 'seats';
    case 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH':
    case 'ERROR_BOOKED_DEPARTED_FLIGHT_ADDED':
    case 'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED':
    case 'ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED':
    case 'ERROR_TARIFF_NOT_AVAILABLE':
      return direction === 'return' ? 'return' : 'outbound';
    case 'ERROR_BOOKED_FLIGHT_SORTING_WRONG':
      return 'return';
    case 'ERROR_AGE_TYPE':
    case 'ERROR_TOO_MANY_INFANTS':
    case 'ERROR_BOOKED_DEPARTED_FLIGHT_OPTIONS_CHANGED':
    case 'ERROR_OPTION_NOT_AVAILABLE':
      return 'passengers';
    case 'ERROR_EMAIL_TAKEN':
      return 'billing';
    case 'ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST':
    case 'ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED':
      return 'payment';
  }
  if (error.field?.startsWith('billingInformation')) return 'billing';
  if (error.field?.startsWith('passengers')) return 'passengers';
  return null;
}

/**
 * A refusal of the booking in the user's language: the code's text with the direction (outbound
 * flight, return flight) and seat filled in, and the step that mends it.
 */
export function explainRefusal(
  error: ServerError & { field?: string },
  chosen: ChosenFlightIds,
  t: TFunction,
  translateError: ErrorTranslator,
): { text: string; step: StepId | null } {
  const direction = errorDirection(error, chosen);
  const text = translateError(
    error.code,
    {
      ...error.params,
      seatLabel: typeof error.params?.seatLabel === 'string' ? error.params.seatLabel : '',
      direction:
        direction === 'outbound'
          ? t('booking.direction.outbound')
          : direction === 'return'
            ? t('booking.direction.return')
            : t('booking.direction.both'),
      details: error.message ?? '',
    },
    error.message ?? error.code,
  );
  return { text, step: stepToMend(error, chosen) };
}

/** The numeric code a seat error carries at the last step (spec 02 §8: 1101, 1102). */
export const overviewCode = (code: string): number | undefined => OVERVIEW_CODES[code];
