import { describe, expect, it } from 'vitest';
import {
  HOME_SEARCH_TEXT_KEYS,
  type HomeSearchTexts,
  searchErrors,
  searchParams,
  type Values,
  withServedAirports,
} from './HomeSearch.tsx';

const texts = Object.fromEntries(HOME_SEARCH_TEXT_KEYS.map((key) => [key, key])) as HomeSearchTexts;
const search = (changes: Partial<Values> = {}): Values => ({
  travelType: 'return',
  airportFrom: 'ZRH',
  airportTo: 'PRN',
  otherAirportFrom: '',
  otherAirportTo: '',
  departureDate: '2026-12-19',
  returnDate: '2027-01-04',
  adult: 1,
  child: 0,
  infant: 0,
  ...changes,
});
const routes = new Map([
  ['ZRH', ['PRN', 'SKP']],
  ['GVA', ['OHD']],
  ['PRN', ['ZRH', 'BSL']],
]);

describe('the home search', () => {
  it('asks for a return date except one way, and not before the departure', () => {
    expect(searchErrors(search(), texts)).toEqual({});
    expect(searchErrors(search({ returnDate: '' }), texts)).toEqual({ returnDate: 'required' });
    expect(searchErrors(search({ travelType: 'one-way', returnDate: '' }), texts)).toEqual({});
    expect(searchErrors(search({ returnDate: '2026-12-18' }), texts)).toEqual({
      returnDate: 'returnBeforeDeparture',
    });
  });

  it('needs the other airports for a return from another airport', () => {
    expect(searchErrors(search({ travelType: 'other-return' }), texts)).toEqual({
      otherAirportFrom: 'required',
      otherAirportTo: 'required',
    });
  });

  it('allows no more infants than adults and at most nine passengers', () => {
    expect(searchErrors(search({ adult: 1, infant: 2 }), texts)).toEqual({ infant: 'tooManyInfants' });
    expect(searchErrors(search({ adult: 5, child: 3, infant: 2 }), texts)).toEqual({
      adult: 'tooManyPassengers',
    });
    expect(searchErrors(search({ adult: 4, child: 3, infant: 2 }), texts)).toEqual({});
  });

  it('clears a destination the chosen origin does not serve', () => {
    expect(withServedAirports(search({ airportFrom: 'GVA' }), routes)).toMatchObject({
      airportFrom: 'GVA',
      airportTo: '',
    });
    expect(withServedAirports(search({ airportTo: 'SKP' }), routes)).toMatchObject({ airportTo: 'SKP' });
    expect(withServedAirports(search({ airportFrom: 'TIA' }), routes)).toMatchObject({
      airportFrom: '',
      airportTo: '',
    });
    expect(
      withServedAirports(search({ otherAirportFrom: 'PRN', otherAirportTo: 'GVA' }), routes),
    ).toMatchObject({
      otherAirportTo: '',
    });
  });

  it("hands the wizard the spec's search parameters", () => {
    expect(searchParams(search({ child: 1 })).toString()).toBe(
      'travelType=return&departureDate=2026-12-19&airportFrom=ZRH&airportTo=PRN&returnDate=2027-01-04&adult=1&child=1&infant=0',
    );
    expect(searchParams(search({ travelType: 'one-way' })).has('returnDate')).toBe(false);
    expect(
      searchParams(
        search({ travelType: 'other-return', otherAirportFrom: 'SKP', otherAirportTo: 'ZRH' }),
      ).get('otherAirportFrom'),
    ).toBe('SKP');
  });
});
