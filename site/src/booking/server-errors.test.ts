import { bookingErrorText, errorDirection } from '@flybook/domain/booking-errors';
import { describe, expect, it } from 'vitest';
import { isSessionLapse, stepToMend } from './server-errors.ts';

const texts = {
  errors: {
    ERROR_BOOKED_SEATS_OCCUPIED:
      'Seat {{seatLabel}} is already occupied. Select an available seat on the {{direction}}.',
    ERROR_AVAILABLE_SEATS_NOT_ENOUGH:
      'Not enough seats available on selected {{direction}}. Please select another flight.',
  },
  directions: { outbound: 'outbound flight', return: 'return flight', both: 'outbound or return flight' },
  unknown: 'Unknown Error. {{details}}',
};

describe('booking errors from the server', () => {
  it('point to the step that mends it', () => {
    expect(stepToMend({ code: 'ERROR_BOOKED_SEATS_OCCUPIED' })).toBe('seat-reservation');
    expect(stepToMend({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'return' } })).toBe(
      'select-flight-return',
    );
    expect(stepToMend({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'outbound' } })).toBe(
      'select-flight-outbound',
    );
    expect(stepToMend({ code: 'ERROR_AGE_TYPE' })).toBe('passengers');
    expect(stepToMend({ code: 'ERROR_OPTION_NOT_AVAILABLE' })).toBe('passengers');
    expect(stepToMend({ code: 'ERROR_INFANT_SEAT' })).toBe('seat-reservation');
    expect(stepToMend({ code: 'ERROR_VALIDATION' })).toBeNull();
  });

  it('send a refused password of a new account back to the billing step', () => {
    for (const code of ['ERROR_PASSWORD_TOO_COMMON', 'ERROR_PASSWORD_IS_EMAIL', 'ERROR_NOT_BLANK']) {
      expect(stepToMend({ code, field: 'billingInformation.password' }), code).toBe('billing-information');
    }
    expect(stepToMend({ code: 'ERROR_NOT_BLANK', field: 'passengers.0.firstName' })).toBeNull();
  });

  it('tell a lapsed session apart: nothing booked, sign in again or book as a guest', () => {
    expect(isSessionLapse({ code: 'ERROR_SESSION_EXPIRED' })).toBe(true);
    expect(isSessionLapse({ code: 'ERROR_UNAUTHORIZED' })).toBe(false);
    expect(stepToMend({ code: 'ERROR_SESSION_EXPIRED' })).toBeNull();
  });

  it('place an error without a direction by its flight id, else read "outbound or return flight"', () => {
    const chosen = { outbound: 11, return: 12 };
    expect(
      errorDirection({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { flightId: 12 } }, chosen),
    ).toBe('return');
    expect(
      errorDirection({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { flightId: '11' } }, chosen),
    ).toBe('outbound');
    expect(
      errorDirection({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { flightId: 99 } }, chosen),
    ).toBe('both');
    expect(errorDirection({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH' })).toBe('both');
    // The server's own word wins over the flight id.
    expect(
      errorDirection(
        { code: 'ERROR_BOOKED_SEATS_OCCUPIED', params: { direction: 'outbound', flightId: 12 } },
        chosen,
      ),
    ).toBe('outbound');
    expect(
      bookingErrorText(
        { code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { flightId: 12 } },
        texts,
        true,
        chosen,
      ),
    ).toBe('1101: Not enough seats available on selected return flight. Please select another flight.');
    expect(stepToMend({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { flightId: 12 } }, chosen)).toBe(
      'select-flight-return',
    );
  });

  it('send the flight order error to the return flight and seat errors to the seats', () => {
    expect(stepToMend({ code: 'ERROR_BOOKED_FLIGHT_SORTING_WRONG' })).toBe('select-flight-return');
    expect(stepToMend({ code: 'ERROR_BOOKED_SEATS_NOT_UNIQUE', params: { direction: 'return' } })).toBe(
      'seat-reservation',
    );
    expect(
      stepToMend({ code: 'ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED', params: { direction: 'outbound' } }),
    ).toBe('select-flight-outbound');
  });
});
