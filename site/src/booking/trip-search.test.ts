import { ONLINE_SEATS_PER_BOOKING } from '@flybook/domain/trips';
import type { Locale } from '@flybook/locales';
import { DEFAULT_ONLINE_SEATS_LIMIT } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { seatsLeftText } from '../islands/FlightsBoard.tsx';
import { siteTexts } from '../lib/i18n.ts';
import { flightsBoardTexts } from '../lib/island-texts.ts';
import {
  addressParams,
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

  it('online, takes at most the online seats per booking (infants need none), as new flights allow', () => {
    expect(ONLINE_SEATS_PER_BOOKING).toBe(DEFAULT_ONLINE_SEATS_LIMIT);
    const online = { online: true };
    expect(tripProblems(trip({ adult: 6, child: 2 }), online)).toEqual({ adult: 'tooManySeatsOnline' });
    expect(tripProblems(trip({ adult: 5, child: 2, infant: 2 }), online)).toEqual({});
    // Nine passengers stay the rule of every booking; staff book eight seats.
    expect(tripProblems(trip({ adult: 8, child: 2 }), online)).toEqual({ adult: 'tooManyPassengers' });
    expect(tripProblems(trip({ adult: 6, child: 2 }))).toEqual({});
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
    // A month and day no calendar has: named like any bad date, never thrown.
    expect(texts('departureDate=2026-13-45&returnDate=2026-00-00', false)).toEqual([
      'Invalid query parameter "departureDate". Use value like: 2026-12-24',
      'Invalid query parameter "returnDate". Use value like: 2026-12-24',
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

  it('refuses a return date before the departure date, keeping it for the form', () => {
    const reading = read('departureDate=2026-12-19&returnDate=2026-12-18', false);
    expect(reading.problems.map((problem) => urlProblemText(problem))).toEqual([
      'Invalid query parameter "returnDate". Use value like: 2026-12-19',
    ]);
    expect(reading.trip.returnDate).toBe('2026-12-18');
    expect(texts('departureDate=2026-12-19&returnDate=2026-12-19', false)).toEqual([]);
  });

  it('needs the other airports on other-return', () => {
    expect(
      texts(
        'travelType=other-return&departureDate=2026-12-19&returnDate=2027-01-04&airportFrom=ZRH&airportTo=PRN',
      ),
    ).toEqual([
      'The "otherAirportFrom" query parameter is required',
      'The "otherAirportTo" query parameter is required',
    ]);
  });

  it('wants an adult with every infant', () => {
    expect(texts('adult=0&infant=1', false)).toEqual(['Invalid query parameter "infant". Use value like: 0']);
    // The counts stay in the trip: the travel-dates form then shows its own tooManyInfants message.
    expect(tripProblems(read('adult=0&infant=1', false).trip).infant).toBe('tooManyInfants');
  });

  it('names a chosen flight its list does not have', () => {
    expect(urlProblemText({ kind: 'notFound', field: 'departureFlightId', value: '99' })).toBe(
      'Element with query "departureFlightId=99" not found. Choose a different value.',
    );
  });

  it('writes the whole address, chosen flights included, and reads it back', () => {
    const samples = [
      {
        trip: trip({ child: 1 }),
        chosen: { departureFlightId: 12, departureTariffId: 1, returnFlightId: 13, returnTariffId: 3 },
      },
      {
        trip: trip({ travelType: 'one-way', returnDate: '' }),
        chosen: { departureFlightId: 12, departureTariffId: 2 },
      },
      {
        trip: trip({ travelType: 'other-return', otherAirportFrom: 'SKP', otherAirportTo: 'BSL', infant: 1 }),
        chosen: {},
      },
    ];
    for (const sample of samples) {
      const back = read(addressParams(sample.trip, sample.chosen).toString());
      expect(back.problems).toEqual([]);
      expect(back.trip).toEqual(sample.trip);
      expect(back.chosen).toEqual(sample.chosen);
    }
    // One way carries no return flight, whatever is passed in.
    expect(addressParams(trip({ travelType: 'one-way' }), { returnFlightId: 13 }).has('returnFlightId')).toBe(
      false,
    );
  });
});

describe('seats left on the flights board', () => {
  /** The board's words for the seats left, with the texts its page gives it in `locale`. */
  const seatsLeft = (locale: Locale) => {
    const texts = flightsBoardTexts(siteTexts(locale));
    return (left: number) => seatsLeftText(left, texts);
  };

  it('names the real free seats up to nine, one in the singular, and 9+ above', () => {
    const en = seatsLeft('en');
    expect(en(1)).toBe('1 seat left');
    expect(en(2)).toBe('2 seats left');
    expect(en(7)).toBe('7 seats left');
    expect(en(9)).toBe('9 seats left');
    expect(en(150)).toBe('9+ seats left');
  });

  it('says it in the singular and the plural of German, French and Albanian', () => {
    const [de, fr, sq] = [seatsLeft('de'), seatsLeft('fr'), seatsLeft('sq')];
    expect([de(1), de(2), de(150)]).toEqual(['1 Platz frei', '2 Plätze frei', '9+ Plätze frei']);
    expect([fr(1), fr(2), fr(150)]).toEqual([
      '1 place restante',
      '2 places restantes',
      '9+ places restantes',
    ]);
    expect([sq(1), sq(2), sq(150)]).toEqual(['1 vend i lirë', '2 vende të lira', '9+ vende të lira']);
  });
});
