/**
 * A failed booking call in the booker's words (spec 02 §8): the catalogue's text of the code with
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
 * The error in the booker's language: the code's text with direction and seat filled in; at the
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
