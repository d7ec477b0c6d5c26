import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRIP,
  readAddress,
  type TripSearch,
  tripParams,
  tripProblems,
  urlProblemText,
  withServedAirports,
} from './trip-search.ts';

const trip = (changes: Partial<TripSearch> = {}): TripSearch => ({
  ...DEFAULT_TRIP,
  departureDate: '2026-12-19',
  returnDate: '2027-01-04',
  ...changes,
});
const routes = new Map([
  ['ZRH', ['PRN', 'SKP']],
  ['GVA', ['OHD']],
  ['PRN', ['ZRH', 'BSL']],
]);
const read = (query: string, needTrip = true, airports?: string[]) =>
  readAddress(new URLSearchParams(query), { needTrip, airports: airports ? new Set(airports) : null });
const texts = (query: string, needTrip = true, airports?: string[]) =>
  read(query, needTrip, airports).problems.map((problem) => urlProblemText(problem));

describe('the trip of a booking', () => {
  it('starts at Zurich → Prishtina, return, one adult', () => {
    expect(DEFAULT_TRIP).toMatchObject({
      travelType: 'return',
      airportFrom: 'ZRH',
      airportTo: 'PRN',
      adult: 1,
    });
  });

  it('asks for a return date except one way, and not before the departure', () => {
    expect(tripProblems(trip())).toEqual({});
    expect(tripProblems(trip({ returnDate: '' }))).toEqual({ returnDate: 'required' });
    expect(tripProblems(trip({ travelType: 'one-way', returnDate: '' }))).toEqual({});
    expect(tripProblems(trip({ returnDate: '2026-12-18' }))).toEqual({ returnDate: 'returnBeforeDeparture' });
  });

  it('needs the other airports for a return from another airport', () => {
    expect(tripProblems(trip({ travelType: 'other-return' }))).toEqual({
      otherAirportFrom: 'required',
      otherAirportTo: 'required',
    });
  });

  it('allows no more infants than adults and at most nine passengers', () => {
    expect(tripProblems(trip({ adult: 1, infant: 2 }))).toEqual({ infant: 'tooManyInfants' });
    expect(tripProblems(trip({ adult: 5, child: 3, infant: 2 }))).toEqual({ adult: 'tooManyPassengers' });
    expect(tripProblems(trip({ adult: 4, child: 3, infant: 2 }))).toEqual({});
  });

  it('clears a destination the chosen origin does not serve', () => {
    expect(withServedAirports(trip({ airportFrom: 'GVA' }), routes)).toMatchObject({
      airportFrom: 'GVA',
      airportTo: '',
    });
    expect(withServedAirports(trip({ airportTo: 'SKP' }), routes)).toMatchObject({ airportTo: 'SKP' });
    expect(withServedAirports(trip({ airportFrom: 'TIA' }), routes)).toMatchObject({
      airportFrom: '',
      airportTo: '',
    });
    expect(
      withServedAirports(trip({ otherAirportFrom: 'PRN', otherAirportTo: 'GVA' }), routes),
    ).toMatchObject({
      otherAirportTo: '',
    });
  });

  it("writes the spec's search parameters and reads them back", () => {
    expect(tripParams(trip({ child: 1 })).toString()).toBe(
      'travelType=return&departureDate=2026-12-19&returnDate=2027-01-04&airportFrom=ZRH&airportTo=PRN&adult=1&child=1&infant=0',
    );
    expect(tripParams(trip({ travelType: 'one-way' })).has('returnDate')).toBe(false);
    for (const sample of [
      trip({ child: 2, infant: 1 }),
      trip({ travelType: 'one-way', returnDate: '' }),
      trip({ travelType: 'other-return', otherAirportFrom: 'SKP', otherAirportTo: 'ZRH' }),
    ]) {
      const back = read(tripParams(sample).toString());
      expect(back.problems).toEqual([]);
      expect(back.trip).toEqual(sample);
    }
  });
});

describe('the booking address (spec 02 §8 booking URL messages)', () => {
  it('needs the trip on the flight steps, not on travel dates', () => {
    expect(texts('', false)).toEqual([]);
    expect(read('', false).given).toBe(false);
    expect(texts('adult=1')).toEqual([
      'The "travelType" query parameter is required',
      'The "departureDate" query parameter is required',
      'The "returnDate" query parameter is required',
      'The "airportFrom" query parameter is required',
      'The "airportTo" query parameter is required',
    ]);
  });

  it('refuses an unknown travel type, a bad date and a return date on one way', () => {
    expect(texts('travelType=roundtrip', false)).toEqual([
      'Invalid query parameter "travelType". Use value like: return, one-way, other-return',
    ]);
    expect(texts('departureDate=2026-02-30', false)).toEqual([
      'Invalid query parameter "departureDate". Use value like: 2026-12-24',
    ]);
    expect(texts('travelType=one-way&returnDate=2026-12-24', false)).toEqual([
      'The "returnDate" query parameter is not allowed',
    ]);
    expect(texts('travelType=return&otherAirportFrom=SKP', false)).toEqual([
      'The "otherAirportFrom" query parameter is not allowed',
    ]);
  });

  it('names an airport that does not exist', () => {
    expect(texts('airportFrom=XXX&airportTo=prn', false, ['ZRH', 'PRN'])).toEqual([
      'Element with query "airportFrom=XXX" not found. Choose a different value.',
    ]);
    expect(read('airportTo=prn', false, ['ZRH', 'PRN']).trip.airportTo).toBe('PRN');
    expect(texts('airportFrom=ZURICH', false)).toEqual([
      'Invalid query parameter "airportFrom". Use value like: ZRH',
    ]);
  });

  it('counts one adult without counts, and checks the counts given', () => {
    expect(read('', false).trip).toMatchObject({ adult: 1, child: 0, infant: 0 });
    expect(read('child=2', false).trip).toMatchObject({ adult: 0, child: 2 });
    expect(texts('adult=1&infant=2', false)).toEqual(['Invalid query parameter "infant". Use value like: 1']);
    expect(texts('adult=0', false)).toEqual(['Invalid query parameter "adult". Use value like: 1']);
    expect(texts('adult=two', false)).toEqual(['Invalid query parameter "adult". Use value like: 1']);
    expect(texts('adult=5&child=5', false)).toEqual(['Invalid query parameter "adult". Use value like: 4']);
  });

  it('reads chosen flights and tariffs, and allows no return flight on one way', () => {
    expect(read('departureFlightId=12&departureTariffId=1', false).chosen).toEqual({
      departureFlightId: 12,
      departureTariffId: 1,
    });
    expect(texts('departureFlightId=abc', false)).toEqual([
      'Invalid query parameter "departureFlightId". Use value like: 12',
    ]);
    expect(texts('travelType=one-way&returnFlightId=3', false)).toEqual([
      'The "returnFlightId" query parameter is not allowed',
    ]);
  });

  it('words the no-flights message', () => {
    expect(urlProblemText({ kind: 'noFlights' })).toBe('There are no available flights for search.');
  });
});
