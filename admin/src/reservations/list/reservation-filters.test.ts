import { describe, expect, it } from 'vitest';
import {
  filtersFromAddress,
  highlightedId,
  INITIAL_RESERVATION_FILTERS,
  reservationCrudFilters,
} from './reservation-filters.ts';

const asQuery = (filters: ReturnType<typeof reservationCrudFilters>) =>
  Object.fromEntries(filters.map((filter) => ('field' in filter ? [filter.field, filter.value] : ['', ''])));

describe('the reservation list filters', () => {
  it('start at active reservations in created, confirmed and reserved (spec 02 §4)', () => {
    expect(asQuery(reservationCrudFilters(INITIAL_RESERVATION_FILTERS, false))).toEqual({
      isActive: true,
      reservationStatus: ['created', 'confirmed', 'reserved'],
    });
  });

  it('ask for every status when none is chosen, and for inactive ones when asked', () => {
    const query = asQuery(
      reservationCrudFilters(
        { ...INITIAL_RESERVATION_FILTERS, reservationStatus: [], isActive: 'false' },
        false,
      ),
    );
    expect(query.reservationStatus).toEqual(['created', 'reserved', 'confirmed', 'cancelled']);
    expect(query.isActive).toBe(false);
  });

  it('send intervals as from/to pairs and leave out half-typed or reversed ones', () => {
    const query = asQuery(
      reservationCrudFilters(
        {
          ...INITIAL_RESERVATION_FILTERS,
          flightFrom: '2031-03-01',
          flightTo: '2031-03-31',
          createdFrom: '2031-0',
          deadlineFrom: '2031-05-10',
          deadlineTo: '2031-05-01',
          paymentTo: '2031-04-01',
        },
        false,
      ),
    );
    expect(query.flightDateInterval).toEqual(['2031-03-01', '2031-03-31']);
    expect(query.paymentDateInterval).toEqual(['', '2031-04-01']);
    expect(query).not.toHaveProperty('createdAtInterval');
    expect(query).not.toHaveProperty('deadlineDateInterval');
  });

  it('take owner and reservator from the address, and leave them out of the own list', () => {
    const values = filtersFromAddress(new URLSearchParams('ownerId=12&reservatorId=x'));
    expect(values.ownerId).toBe('12');
    expect(values.reservatorId).toBe('');
    expect(asQuery(reservationCrudFilters(values, false)).ownerId).toBe(12);
    expect(asQuery(reservationCrudFilters(values, true))).not.toHaveProperty('ownerId');
  });

  it('drop unknown statuses and terms, trim the search', () => {
    const query = asQuery(
      reservationCrudFilters(
        {
          ...INITIAL_RESERVATION_FILTERS,
          query: '  Gashi ',
          paymentStatus: ['paid', 'bogus'],
          paymentTerms: ['bill', 'x'],
        },
        false,
      ),
    );
    expect(query).toMatchObject({ query: 'Gashi', paymentStatus: ['paid'], paymentTerms: ['bill'] });
  });

  it('read the highlighted row from the address', () => {
    expect(highlightedId(new URLSearchParams('highlightReservationId=42'))).toBe(42);
    expect(highlightedId(new URLSearchParams('highlightReservationId=4x'))).toBeNull();
  });
});
