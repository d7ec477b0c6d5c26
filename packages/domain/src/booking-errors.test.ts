import { describe, expect, it } from 'vitest';
import { bookingErrorText } from './booking-errors.ts';

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

  it('add no number away from the overview, nor to other codes at the overview', () => {
    expect(
      bookingErrorText({ code: 'ERROR_AVAILABLE_SEATS_NOT_ENOUGH', params: { direction: 'return' } }, texts),
    ).toBe('Not enough seats available on selected return flight. Please select another flight.');
    expect(bookingErrorText({ code: 'ERROR_SOMETHING', message: 'Boom' }, texts, true)).toBe(
      'Unknown Error. Boom',
    );
  });
});
