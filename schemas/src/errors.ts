import { z } from 'zod';

/**
 * Stable error codes of the API. Clients translate by code (`errors.<CODE>` in the locale
 * catalogue); the English message is for logs and developers.
 */
export const ERROR_CODES = [
  'ERROR_MALFORMED_REQUEST',
  'ERROR_VALIDATION',
  'ERROR_UNAUTHORIZED',
  'ERROR_SESSION_EXPIRED',
  'ERROR_BAD_CREDENTIALS',
  'ERROR_FORBIDDEN',
  'ERROR_NOT_FOUND',
  'ERROR_CONFLICT',
  'ERROR_RATE_LIMITED',
  'ERROR_INTERNAL',
  'ERROR_USER_NOT_REGISTERED',
  'ERROR_RECOVERY_TOKEN_INVALID',
  'ERROR_EMAIL_TAKEN',
  'ERROR_NOT_UNIQUE',
  'ERROR_IN_USE',
  'ERROR_IMMUTABLE_PROPERTY_IS_CHANGED',
  'ERROR_SEAT_LABEL_NOT_UNIQUE',
  'ERROR_SEAT_MAP_SHAPE',
  'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
  'ERROR_ALLOTMENT_DELETED',
  'ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST',
  'ERROR_FLIGHT_STATUS_TRANSITION',
  'ERROR_FLIGHT_NUMBER_PREFIX',
  'ERROR_ARRIVAL_NOT_AFTER_DEPARTURE',
  'ERROR_SAME_AIRPORTS',
  'ERROR_SOLD_SEAT_REMOVED',
  'ERROR_SEQUENCE_EMPTY',
  // booking (spec 02 §8); {direction} is outbound flight, return flight or both
  'ERROR_BOOKED_FLIGHT_SORTING_WRONG',
  'ERROR_BOOKED_SEATS_OCCUPIED',
  'ERROR_BOOKED_SEATS_NOT_UNIQUE',
  'ERROR_BOOKED_DEPARTED_FLIGHT_SEATS_CHANGED',
  'ERROR_BOOKED_DEPARTED_FLIGHT_OPTIONS_CHANGED',
  'ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS',
  'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED',
  'ERROR_BOOKED_DEPARTED_FLIGHT_ADDED',
  'ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED',
  'ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST',
  'ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED',
  'ERROR_USER_IS_NO_LOGGED_IN',
  'ERROR_TOO_MANY_INFANTS',
  'ERROR_INFANT_SEAT',
  'ERROR_OPTION_NOT_AVAILABLE',
  'ERROR_TARIFF_NOT_AVAILABLE',
  'ERROR_IDEMPOTENCY_KEY_REUSED',
  'ERROR_RESERVATION_CANCELLED',
  'ERROR_SPLIT_ONE_PASSENGER',
  'ERROR_SPLIT_INFANTS',
  // field-level rule codes, one per schema rule type (spec 01 §5)
  'ERROR_REQUIRED',
  'ERROR_NOT_BLANK',
  'ERROR_TYPE',
  'ERROR_FORMAT',
  'ERROR_PATTERN',
  'ERROR_MIN_LENGTH',
  'ERROR_MAX_LENGTH',
  'ERROR_MINIMUM',
  'ERROR_MAXIMUM',
  'ERROR_ENUM',
  'ERROR_NOT_EQUAL_PASSWORD',
  'ERROR_MONEY_PRECISION',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type ApiErrorItem = z.infer<typeof ApiErrorItemSchema>;

export const ApiErrorBodySchema = z.object({ errors: z.array(ApiErrorItemSchema) });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** English texts of the codes that carry a fixed message (spec 01 §8). */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  ERROR_BAD_CREDENTIALS: 'Please enter a correct email and password.',
  ERROR_SESSION_EXPIRED: 'The session has expired. Login again.',
  ERROR_USER_NOT_REGISTERED: 'User is not registered yet',
  ERROR_RECOVERY_TOKEN_INVALID: 'Recovery token expired or invalid.',
  ERROR_NOT_BLANK: 'Value should not be empty string',
  ERROR_NOT_EQUAL_PASSWORD: 'Should be equal to password',
  ERROR_UNAUTHORIZED: 'Authentication required.',
  ERROR_FORBIDDEN: "You don't have permissions for this call.",
  ERROR_NOT_FOUND: 'Not found.',
  ERROR_RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  ERROR_INTERNAL: 'Internal server error.',
  ERROR_MALFORMED_REQUEST: 'The request could not be read.',
  ERROR_EMAIL_TAKEN: 'This e-mail is already in use.',
  ERROR_NOT_UNIQUE: 'This value is already used.',
  ERROR_IN_USE: 'This is still in use and cannot be deleted.',
  ERROR_IMMUTABLE_PROPERTY_IS_CHANGED: 'Immutable properties can not be changed.',
  ERROR_AVAILABLE_SEATS_NOT_ENOUGH: 'The flight does not have enough seats.',
  ERROR_ALLOTMENT_DELETED: 'Allotment can not be deleted.',
  ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST: 'Immutable properties can not be changed.',
  ERROR_FLIGHT_STATUS_TRANSITION: 'The flight cannot change to this state now.',
  ERROR_FLIGHT_NUMBER_PREFIX: 'The flight number must start with the airline code.',
  ERROR_ARRIVAL_NOT_AFTER_DEPARTURE: 'The arrival must be after the departure.',
  ERROR_SAME_AIRPORTS: 'Origin and destination must differ.',
  ERROR_SOLD_SEAT_REMOVED: 'A sold seat cannot be removed from the seat map.',
  ERROR_SEQUENCE_EMPTY: 'No date between the first and last date matches the weekdays.',
  ERROR_SEAT_LABEL_NOT_UNIQUE: 'Error: This seat is already sold. Please select another one.',
  ERROR_BOOKED_FLIGHT_SORTING_WRONG:
    'The return flight must be after the outbound flight. Please change flight dates.',
  ERROR_BOOKED_SEATS_OCCUPIED:
    'Seat {seatLabel} is already occupied. Select an available seat on the {direction}.',
  ERROR_BOOKED_SEATS_NOT_UNIQUE:
    'Seat {seatLabel} is not unique. Choose different seats in {direction} flight.',
  ERROR_BOOKED_DEPARTED_FLIGHT_SEATS_CHANGED: "Can't change {seatLabel} seat of departed {direction} flight.",
  ERROR_BOOKED_DEPARTED_FLIGHT_OPTIONS_CHANGED: "Can't change options of departed {direction} flight.",
  ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS: "Seat doesn't exist on selected {direction}.",
  ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED: "Can't save reservation due {direction} is cancelled.",
  ERROR_BOOKED_DEPARTED_FLIGHT_ADDED:
    'Selected {direction} has already departed. Please select another flight.',
  ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED: "Departed flights can't be changed or removed.",
  ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST: "Can't set a deadline. The deadline cannot be earlier than today.",
  ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED: 'Reservations with these flights cannot be paid later.',
  ERROR_USER_IS_NO_LOGGED_IN: 'Login is required.',
  ERROR_TOO_MANY_INFANTS:
    "Each infant travels on an adult's lap: there must be at least as many adults as infants.",
  ERROR_INFANT_SEAT: "Infants travel on an adult's lap and cannot have a seat.",
  ERROR_OPTION_NOT_AVAILABLE: 'This option cannot be booked on the {direction}.',
  ERROR_RESERVATION_CANCELLED: 'The reservation is cancelled and cannot be changed.',
  ERROR_SPLIT_ONE_PASSENGER: "Can't split a reservation with one passenger.",
  ERROR_SPLIT_INFANTS: "Can't separate infants from adults.",
  ERROR_IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for another request.',
  ERROR_TARIFF_NOT_AVAILABLE: 'This tariff cannot be booked on the {direction}.',
};
