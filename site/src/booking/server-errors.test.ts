import { describe, expect, it } from 'vitest';
import { bookingErrorText, errorDirection, stepToMend } from './server-errors.ts';

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
  it('name the direction and the seat', () => {
    expect(
      bookingErrorText(
        { code: 'ERROR_BOOKED_SEATS_OCCUPIED', params: { direction: 'return', seatLabel: '12C' } },
        texts,
      ),
    ).toBe('Seat 12C is already occupied. Select an available seat on the return flight.');
    expect(
      bookingErrorText({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'both' } }, texts),
    ).toBe('Not enough seats available on selected outbound or return flight. Please select another flight.');
  });

  it('carry the numeric codes 1101 and 1102 at the overview', () => {
    expect(
      bookingErrorText(
        { code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'outbound' } },
        texts,
        true,
      ),
    ).toBe('1101: Not enough seats available on selected outbound flight. Please select another flight.');
    expect(
      bookingErrorText(
        { code: 'ERROR_BOOKED_SEATS_OCCUPIED', params: { direction: 'outbound', seatLabel: '1A' } },
        texts,
        true,
      ),
    ).toMatch(/^1102: Seat 1A/);
  });

  it("show an unknown code with the server's message", () => {
    expect(bookingErrorText({ code: 'ERROR_SOMETHING', message: 'Boom' }, texts)).toBe('Unknown Error. Boom');
  });

  it('point to the step that mends it', () => {
    expect(stepToMend({ code: 'ERROR_BOOKED_SEATS_OCCUPIED' })).toBe('seat-reservation');
    expect(stepToMend({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'return' } })).toBe(
      'select-flight-return',
    );
    expect(stepToMend({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'outbound' } })).toBe(
      'select-flight-outbound',
    );
    expect(stepToMend({ code: 'ERROR_AGE_TYPE' })).toBe('passengers');
    expect(stepToMend({ code: 'ERROR_VALIDATION' })).toBeNull();
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

  it('add no number away from the overview, nor to other codes at the overview', () => {
    expect(
      bookingErrorText({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'return' } }, texts),
    ).toBe('Not enough seats available on selected return flight. Please select another flight.');
    expect(bookingErrorText({ code: 'ERROR_SOMETHING', message: 'Boom' }, texts, true)).toBe(
      'Unknown Error. Boom',
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
