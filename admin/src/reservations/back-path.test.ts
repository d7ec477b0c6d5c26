import { describe, expect, it } from 'vitest';
import { reservationBackPath } from './back-path.ts';

const from = (query: string) => new URLSearchParams(query);

describe('a reservation page’s way back (spec 03 §2: source)', () => {
  it('leads to the list named by source, with the reservation marked where that list marks rows', () => {
    expect(reservationBackPath(from('source=invoiceOverview'), 42)).toBe(
      '/reservation/invoiceOverview?highlightReservationId=42',
    );
    expect(reservationBackPath(from('source=passengerList&flightId=7'), 42)).toBe(
      '/flight/7/passenger/list?highlightReservationId=42',
    );
    expect(reservationBackPath(from('source=allotmentList'), 42)).toBe('/allotment/list');
    expect(reservationBackPath(from('source=allotmentInvoiceList'), 42)).toBe('/allotment/invoiceList');
    expect(reservationBackPath(from('source=reservationList'), 42)).toBe(
      '/reservation/list?highlightReservationId=42',
    );
  });

  it('goes to the reservation list without a known source, or a passenger list without a flight id', () => {
    expect(reservationBackPath(from(''), 42)).toBe('/reservation/list?highlightReservationId=42');
    expect(reservationBackPath(from('source=elsewhere'), null)).toBe('/reservation/list');
    expect(reservationBackPath(from('source=passengerList&flightId=abc'), 42)).toBe(
      '/reservation/list?highlightReservationId=42',
    );
  });
});
