import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STORAGE_KEY } from '../lib/storage-keys.ts';
import {
  type BookingDraft,
  EMPTY_DRAFT,
  withFlight,
  withOptions,
  withPassengers,
  withReservation,
  withSeats,
  withTrip,
} from './draft.ts';
import { $draft, clearDraft, decodeDraft, updateDraft } from './state.ts';
import { testFlight } from './test-flights.ts';
import { DEFAULT_TRIP } from './trip-search.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  clearDraft();
  cleanTestStorage();
});

function sample(): BookingDraft {
  let draft = withTrip(EMPTY_DRAFT, {
    ...DEFAULT_TRIP,
    departureDate: '2026-12-19',
    returnDate: '2027-01-04',
  });
  draft = withFlight(draft, 'outbound', { flight: testFlight(1), tariffId: 1 });
  draft = withPassengers(draft, [{ ...draft.passengers[0]!, firstName: 'Arben', lastName: 'Krasniqi' }]);
  draft = withOptions(draft, [{ passenger: 0, flightId: 1, optionId: 7, title: { en: 'Insurance' } }]);
  draft = withSeats(draft, [{ passenger: 0, flightId: 1, seatLabel: '3A' }]);
  return withReservation(draft, { id: 41, total: 399 });
}

/** The sample as stored, with one field replaced. */
const storedWith = (field: string, value: unknown) => JSON.stringify({ ...sample(), [field]: value });

describe('the stored booking', () => {
  it('reads back what it wrote', () => {
    expect(decodeDraft(JSON.stringify(sample()))).toEqual(sample());
    expect(decodeDraft(JSON.stringify(EMPTY_DRAFT))).toEqual(EMPTY_DRAFT);
  });

  it('starts afresh from text that is not JSON or not a draft', () => {
    for (const raw of ['{not json', '', 'null', '[]', '42', '"draft"'])
      expect(decodeDraft(raw), raw).toEqual(EMPTY_DRAFT);
  });

  it('starts afresh when any field has the wrong shape', () => {
    const broken: [string, unknown][] = [
      ['passengers', 'x'],
      ['passengers', [{ firstName: 'A' }]],
      ['passengers', [{ ...sample().passengers[0], ageType: 'senior' }]],
      ['seats', null],
      ['seats', [{ passenger: 12, flightId: 1, seatLabel: '3A' }]],
      ['options', [{ passenger: 0, flightId: 'one', optionId: 7 }]],
      ['trip', { ...DEFAULT_TRIP, travelType: 'roundtrip' }],
      ['trip', { ...DEFAULT_TRIP, adult: -1 }],
      ['outbound', { flight: { id: 1, number: 'FB1' }, tariffId: 1 }],
      ['outbound', { flight: testFlight(1), tariffId: 0 }],
      ['billing', { firstName: 'A' }],
      ['seatsDone', 'yes'],
      ['reservation', { id: 41 }],
    ];
    for (const [field, value] of broken)
      expect(decodeDraft(storedWith(field, value)), `${field}: ${JSON.stringify(value)}`).toEqual(
        EMPTY_DRAFT,
      );
  });

  it('fills a field a draft from an earlier release lacks with its empty value', () => {
    const { reservation: _reservation, seatsDone: _seatsDone, ...older } = sample();
    expect(decodeDraft(JSON.stringify(older))).toEqual({ ...sample(), reservation: null, seatsDone: false });
  });

  it(`is kept under ${BOOKING_STORAGE_KEY} and cleared once the reservation is made`, () => {
    const off = $draft.listen(() => {});
    updateDraft(() => sample());
    expect(JSON.parse(getTestStorage()[BOOKING_STORAGE_KEY] ?? 'null')).toEqual(sample());
    clearDraft();
    expect($draft.get()).toEqual(EMPTY_DRAFT);
    off();
  });

  it('follows a change made in another tab, and ignores a broken one', () => {
    const off = $draft.listen(() => {});
    setTestStorageKey(BOOKING_STORAGE_KEY, JSON.stringify(sample()));
    expect($draft.get().outbound?.flight.id).toBe(1);
    setTestStorageKey(BOOKING_STORAGE_KEY, '{"seats":7}');
    expect($draft.get()).toEqual(EMPTY_DRAFT);
    off();
  });
});
