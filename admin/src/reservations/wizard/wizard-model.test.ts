import { describe, expect, it } from 'vitest';
import { fakeReservation } from '../../test/fake-payments.ts';
import {
  type ChosenFlight,
  DEFAULT_TRIP,
  type Draft,
  draftFromReservation,
  mayOpenStep,
  newDraft,
  stepsOf,
  tripProblems,
  type WizardFlight,
  withFlight,
  withListedFlights,
  withPassengers,
  withTrip,
} from './wizard-model.ts';

const city = { de: 'X', en: 'X', fr: 'X', sq: 'X' };
const flight = (id: number, departure = '2031-06-09T06:30:00.000Z'): WizardFlight => ({
  id,
  number: `FB${id}`,
  departure,
  arrival: departure,
  origin: { code: 'ZRH', timezone: 'Europe/Zurich', city },
  destination: { code: 'PRN', timezone: 'Europe/Belgrade', city },
  flightCompany: { name: 'Flybook Air', code: 'FB' },
  status: 'created',
  isActive: true,
  isBookedOut: false,
  rate: { id: 1, priceList: [] },
  seatsByTariff: [],
});
const chosen = (id: number, tariffId = 1): ChosenFlight => ({ flight: flight(id), tariffId });
const trip = {
  ...DEFAULT_TRIP,
  departureDate: '2031-06-09',
  returnDate: '2031-06-16',
  adult: 2,
  child: 0,
  infant: 1,
};

/** A draft on flights 10 and 20 with seats and options for its passengers. */
function booked(): Draft {
  let draft = withTrip(newDraft(), trip);
  draft = withFlight(draft, 'outbound', chosen(10));
  draft = withFlight(draft, 'return', chosen(20));
  return {
    ...draft,
    seats: [
      { passenger: 0, flightId: 10, seatLabel: '1A' },
      { passenger: 0, flightId: 20, seatLabel: '2A' },
      { passenger: 1, flightId: 20, seatLabel: '2B' },
    ],
    options: [
      { passenger: 0, flightId: 10, optionId: 3 },
      { passenger: 1, flightId: 20, optionId: 3 },
    ],
  };
}

describe('the reservation draft (spec 02 §4)', () => {
  it('starts at Zurich to Prishtina, return, one adult', () => {
    const draft = newDraft();
    expect(draft.trip).toMatchObject({
      airportFrom: 'ZRH',
      airportTo: 'PRN',
      travelType: 'return',
      adult: 1,
    });
    expect(draft.passengers).toEqual([expect.objectContaining({ ageType: 'adult' })]);
  });

  it('resets flights, seats and options when the dates change', () => {
    const draft = withTrip(booked(), { ...trip, departureDate: '2031-06-10' });
    expect(draft.outbound).toBeNull();
    expect(draft.return).toBeNull();
    expect(draft.seats).toEqual([]);
    expect(draft.options).toEqual([]);
  });

  it('keeps flights when only the counts change, with the passengers who still fit', () => {
    const before = booked();
    const draft = withTrip(before, { ...trip, adult: 1, infant: 1 });
    expect(draft.outbound?.flight.id).toBe(10);
    expect(draft.passengers.map((p) => p.ageType)).toEqual(['adult', 'infant']);
    // The second adult left with their seat and option; the first keeps theirs.
    expect(draft.seats).toEqual([{ passenger: 0, flightId: 10, seatLabel: '1A' }, before.seats[1]]);
    expect(draft.options).toEqual([{ passenger: 0, flightId: 10, optionId: 3 }]);
    expect(draft.passengersDone).toBe(false);
  });

  it('clears the seats of a direction and every option when its flight changes', () => {
    const draft = withFlight(booked(), 'return', chosen(21));
    expect(draft.seats.map((seat) => seat.flightId)).toEqual([10]);
    expect(draft.options).toEqual([]);
  });

  it('changes nothing when the same flight and tariff are chosen again', () => {
    const before = booked();
    const draft = withFlight(before, 'return', chosen(20));
    expect(draft.seats).toEqual(before.seats);
    expect(draft.options).toEqual(before.options);
  });

  it('drops a chosen flight the refreshed list no longer has, and its seats', () => {
    const draft = withListedFlights(booked(), 'outbound', [flight(11)], () => true);
    expect(draft.outbound).toBeNull();
    expect(draft.seats.every((seat) => seat.flightId !== 10)).toBe(true);
    const elsewhere = withListedFlights(booked(), 'outbound', [flight(11)], () => false);
    expect(elsewhere.outbound?.flight.id).toBe(10);
  });

  it('takes seats away from a passenger who became an infant', () => {
    const before = booked();
    const passengers = before.passengers.map((p, index) =>
      index === 0 ? { ...p, ageType: 'infant' as const } : p,
    );
    const draft = withPassengers(before, passengers);
    expect(draft.seats.some((seat) => seat.passenger === 0)).toBe(false);
    expect(draft.passengersDone).toBe(true);
  });

  it('drops the return flight, its seats and options when the trip becomes one way', () => {
    const draft = withTrip(booked(), { ...trip, travelType: 'one-way' });
    expect(draft.return).toBeNull();
    expect(stepsOf('one-way')).not.toContain('return');
  });

  it('opens a step only when every step before it is filled', () => {
    const empty = newDraft();
    expect(mayOpenStep(empty, 'travelDates')).toBe(true);
    expect(mayOpenStep(empty, 'outbound')).toBe(false);
    const dated = withTrip(empty, trip);
    expect(mayOpenStep(dated, 'outbound')).toBe(true);
    expect(mayOpenStep(dated, 'billing')).toBe(false);
    const flown = booked();
    expect(mayOpenStep(flown, 'billing')).toBe(true);
    expect(mayOpenStep(flown, 'passengers')).toBe(false);
  });
});

describe('the travel dates (spec 02 §5)', () => {
  it('need the airports and dates of the trip type', () => {
    expect(tripProblems({ ...DEFAULT_TRIP })).toMatchObject({
      departureDate: 'required',
      returnDate: 'required',
    });
    expect(tripProblems({ ...DEFAULT_TRIP, travelType: 'one-way', departureDate: '2031-06-09' })).toEqual({});
    expect(tripProblems({ ...trip, travelType: 'other-return' })).toMatchObject({
      otherAirportFrom: 'required',
      otherAirportTo: 'required',
    });
    expect(tripProblems({ ...trip, returnDate: '2031-06-01' })).toMatchObject({
      returnDate: 'returnBeforeDeparture',
    });
  });

  it('keep infants with adults and at most nine passengers', () => {
    expect(tripProblems({ ...trip, adult: 1, infant: 2 })).toMatchObject({ infant: 'tooManyInfants' });
    expect(tripProblems({ ...trip, adult: 8, infant: 2 })).toMatchObject({ adult: 'tooManyPassengers' });
  });
});

describe('a reservation opened for editing', () => {
  const title = { de: 'Gepäck', en: 'Checked bag', fr: 'Bagage', sq: 'Bagazh' };
  const reservation = () => {
    const base = structuredClone(
      fakeReservation({}, { total: 280, isSpecificPrice: true, paymentDeadline: '2031-06-01' }),
    );
    const outbound = base.flights[0]!;
    base.flights[0] = { ...outbound, origin: { code: 'ZRH', timezone: 'Europe/Zurich' } };
    base.flights.push({
      ...outbound,
      id: 8,
      number: 'AP102',
      direction: 'return',
      departure: '2031-06-16T10:00:00.000Z',
      origin: { code: 'PRN', timezone: 'Europe/Belgrade' },
      destination: { code: 'ZRH', timezone: 'Europe/Zurich' },
    });
    base.passengers.forEach((passenger, index) => {
      passenger.tickets = [
        {
          flight: { id: 7 },
          direction: 'outbound',
          tariff: { id: 2 },
          seatLabel: index === 0 ? '3A' : null,
          options: index === 0 ? [{ option: { id: 4, title } }] : [],
        },
        { flight: { id: 8 }, direction: 'return', tariff: { id: 2 }, seatLabel: null, options: [] },
      ];
    });
    return base;
  };

  it('becomes a filled draft: trip, flights with their tariff, seats and extras by passenger, terms kept', () => {
    const booked = reservation();
    const draft = draftFromReservation(booked, { outbound: flight(7), return: flight(8) }, (f) =>
      f.departure.slice(0, 10),
    );
    expect(draft.trip).toMatchObject({
      travelType: 'return',
      airportFrom: 'ZRH',
      airportTo: 'PRN',
      departureDate: '2031-06-09',
      returnDate: '2031-06-16',
      adult: 1,
      child: 1,
    });
    expect(draft.outbound).toMatchObject({ tariffId: 2, flight: { id: 7 } });
    expect(draft.passengers.map((p) => p.id)).toEqual(booked.passengers.map((p) => p.id));
    expect(draft.seats).toEqual([{ passenger: 0, flightId: 7, seatLabel: '3A' }]);
    expect(draft.options).toEqual([{ passenger: 0, flightId: 7, optionId: 4, title }]);
    expect(draft.payment).toMatchObject({ terms: 'update', specificPrice: '280.00', deadline: '2031-06-01' });
    expect(draft.billingDone && draft.passengersDone).toBe(true);
    expect(stepsOf(draft.trip.travelType).every((step) => mayOpenStep(draft, step))).toBe(true);
  });

  it("keeps the contact's consents and the change fee it was saved with", () => {
    const booked = reservation();
    booked.billingInformation = {
      ...booked.billingInformation,
      isBankInformation: true,
      isBookingInformation: false,
      isPostInformation: true,
    };
    booked.invoice = { ...booked.invoice, updateFee: 35 };
    const draft = draftFromReservation(booked, { outbound: flight(7), return: flight(8) }, (f) =>
      f.departure.slice(0, 10),
    );
    expect(draft.billing).toMatchObject({
      isBankInformation: true,
      isBookingInformation: false,
      isPostInformation: true,
    });
    expect(draft.payment.updateFee).toBe('35.00');
  });
});
