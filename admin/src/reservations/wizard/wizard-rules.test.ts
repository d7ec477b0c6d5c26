import { describe, expect, it } from 'vitest';
import { reservationBody } from './wizard-body.ts';
import { DEFAULT_TRIP, newDraft, type PassengerDraft, withFlight, withTrip } from './wizard-model.ts';
import {
  bookedPriceOf,
  deadlineProblem,
  defaultDeadline,
  readChf,
  tariffChoiceState,
  termsChoices,
  withAutoSpecificPrice,
  withOwnerAsPassenger,
  wizardAccess,
} from './wizard-rules.ts';

const MANAGER = wizardAccess({
  type: 'manager',
  roles: [
    'ROLE_FLIGHT_LIST',
    'ROLE_AGENT_LIST',
    'ROLE_CUSTOMER_LIST',
    'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
    'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_AIRPORT',
    'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
    'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE',
    'ROLE_RESERVATION_UPDATE_FEE',
    'ROLE_RESERVATION_CREATE_COMMENT',
    'ROLE_RESERVATION_HIDE_PRICE',
  ],
});
const AGENT = wizardAccess({
  type: 'agent',
  roles: ['ROLE_FLIGHT_AGENT_FLIGHT_LIST', 'ROLE_RESERVATION_CREATE', 'ROLE_RESERVATION_PAYMENT_TERMS_LATER'],
});
const PLAIN_AGENT = wizardAccess({ type: 'agent', roles: ['ROLE_FLIGHT_AGENT_FLIGHT_LIST'] });

const open = { id: 5, status: 'created' as const, isActive: true };
const entry = (hasAvailableSeats: boolean, tariffId = 1, isActive = true) => ({
  hasAvailableSeats,
  tariff: { id: tariffId, group: { id: 1 }, name: { de: 'E', en: 'E', fr: 'E', sq: 'E' }, isActive },
});

describe('a flight price option (spec 02 §4, §6)', () => {
  it('can be chosen on an open flight with seats', () => {
    expect(tariffChoiceState(open, entry(true), AGENT, 'new', null)).toEqual({
      block: null,
      showPrice: true,
    });
  });

  it('is disabled without seats unless it is the booked one; only managers see its price', () => {
    expect(tariffChoiceState(open, entry(false), AGENT, 'new', null)).toEqual({
      block: 'soldOut',
      showPrice: false,
    });
    expect(tariffChoiceState(open, entry(false), MANAGER, 'new', null)).toEqual({
      block: 'soldOut',
      showPrice: true,
    });
    expect(
      tariffChoiceState(open, entry(false), MANAGER, 'edit', { flightId: 5, tariffId: 1 }).block,
    ).toBeNull();
    expect(tariffChoiceState(open, entry(true, 2, false), MANAGER, 'new', null).block).toBe('soldOut');
  });

  it('is disabled on inactive and cancelled flights', () => {
    expect(tariffChoiceState({ ...open, isActive: false }, entry(true), MANAGER, 'new', null).block).toBe(
      'inactive',
    );
    expect(tariffChoiceState({ ...open, status: 'cancelled' }, entry(true), MANAGER, 'new', null).block).toBe(
      'cancelled',
    );
  });

  it('needs the closed-flight roles on closed flights, and departed flights only stay as booked', () => {
    const closed = { ...open, status: 'closed' as const };
    expect(tariffChoiceState(closed, entry(true), MANAGER, 'new', null).block).toBe('closed');
    const createClosed = { ...MANAGER, createClosed: true };
    expect(tariffChoiceState(closed, entry(true), createClosed, 'new', null).block).toBeNull();
    expect(
      tariffChoiceState(closed, entry(true, 2), MANAGER, 'edit', { flightId: 5, tariffId: 1 }).block,
    ).toBe('closed');
    expect(
      tariffChoiceState(closed, entry(true), MANAGER, 'edit', { flightId: 5, tariffId: 1 }).block,
    ).toBeNull();
    const departed = { ...open, status: 'departed' as const };
    expect(tariffChoiceState(departed, entry(true), MANAGER, 'new', null).block).toBe('departed');
    expect(
      tariffChoiceState(departed, entry(true), MANAGER, 'edit', { flightId: 5, tariffId: 1 }).block,
    ).toBeNull();
    expect(
      tariffChoiceState(departed, entry(true, 2), MANAGER, 'edit', { flightId: 5, tariffId: 1 }).block,
    ).toBe('departed');
  });
});

describe('the payment terms (spec 02 §4, §6)', () => {
  const now = new Date('2031-06-01T10:00:00Z');
  const terms = (choices: ReturnType<typeof termsChoices>) =>
    choices.map((choice) => `${choice.terms}${choice.disabled ? ' (disabled)' : ''}`);

  it('offers card now to everyone and the others by role', () => {
    expect(terms(termsChoices(MANAGER, 'new', '2031-06-20T06:00:00Z', now))).toEqual([
      'now',
      'later',
      'airport',
      'bill',
    ]);
    expect(terms(termsChoices(AGENT, 'new', '2031-06-20T06:00:00Z', now))).toEqual(['now', 'later']);
    expect(terms(termsChoices(PLAIN_AGENT, 'new', '2031-06-20T06:00:00Z', now))).toEqual(['now']);
  });

  it('disables later within 48 hours of departure without the near-departure role', () => {
    expect(terms(termsChoices(AGENT, 'new', '2031-06-02T09:00:00Z', now))).toEqual([
      'now',
      'later (disabled)',
    ]);
    const near = { ...AGENT, termsLaterNearDeparture: true };
    expect(terms(termsChoices(near, 'new', '2031-06-02T09:00:00Z', now))).toEqual(['now', 'later']);
  });

  it('offers to keep the terms first when changing a reservation', () => {
    expect(terms(termsChoices(MANAGER, 'edit', null, now))[0]).toBe('update');
  });
});

describe('the deadline popup (spec 02 §5)', () => {
  it('starts 14 days ahead, not after the day before departure, never before tomorrow', () => {
    expect(defaultDeadline('2031-06-01', '2031-07-01')).toBe('2031-06-15');
    expect(defaultDeadline('2031-06-01', '2031-06-05')).toBe('2031-06-04');
    expect(defaultDeadline('2031-06-01', '2031-06-01')).toBe('2031-06-02');
  });

  it('needs a date from tomorrow on, not in a past year, at most two years ahead', () => {
    expect(deadlineProblem('', '2031-06-01')).toBe('required');
    expect(deadlineProblem('2031-06-01', '2031-06-01')).toBe('notBeforeTomorrow');
    expect(deadlineProblem('2030-12-31', '2031-06-01')).toBe('pastYear');
    expect(deadlineProblem('2034-01-01', '2031-06-01')).toBe('tooFarAhead');
    expect(deadlineProblem('2031-06-02', '2031-06-01')).toBeNull();
    expect(deadlineProblem('2033-12-31', '2031-06-01')).toBeNull();
  });
});

describe('the specific price (spec 02 §4, §5)', () => {
  const payment = newDraft('update').payment;

  it('is set to the booked total when the computed total differs', () => {
    expect(withAutoSpecificPrice(payment, MANAGER, 300, 280).specificPrice).toBe('280.00');
    expect(withAutoSpecificPrice(payment, MANAGER, 280, 280)).toBe(payment);
  });

  it('is not set by a booked change fee: the fee stays a change fee', () => {
    const invoice = { total: 282.1, isSpecificPrice: false, updateFee: 35 };
    expect(bookedPriceOf(invoice)).toBe(247.1);
    expect(withAutoSpecificPrice(payment, MANAGER, 247.1, bookedPriceOf(invoice))).toBe(payment);
    expect(bookedPriceOf({ total: 200, isSpecificPrice: true, updateFee: 35 })).toBe(200);
  });

  it('is left alone once the user set it, or without the role', () => {
    const touched = { ...payment, specificPriceTouched: true, specificPrice: '250' };
    expect(withAutoSpecificPrice(touched, MANAGER, 300, 280)).toBe(touched);
    expect(withAutoSpecificPrice(payment, { specificPrice: false }, 300, 280)).toBe(payment);
  });

  it('must be a number with at most two decimals', () => {
    expect(readChf('280')).toBe(280);
    expect(readChf('280,5')).toBe(280.5);
    expect(readChf('2a')).toBeNull();
    expect(readChf('1.234')).toBeNull();
    expect(readChf('')).toBeNull();
  });
});

describe('the first passenger from the owner (spec 02 §4)', () => {
  const blank: PassengerDraft = {
    salutation: 'mr',
    gender: '',
    firstName: '',
    lastName: '',
    birthday: '',
    ageType: 'adult',
  };
  const profile = {
    salutation: 'mrs' as const,
    firstName: 'Drita',
    lastName: 'Gashi',
    birthday: '1980-05-02',
  };

  it('fills a customer owner into the only passenger, female unless the salutation is Mr', () => {
    expect(withOwnerAsPassenger([blank], { type: 'customer' }, profile)[0]).toMatchObject({
      firstName: 'Drita',
      lastName: 'Gashi',
      birthday: '1980-05-02',
      gender: 'female',
      salutation: 'mrs',
    });
    expect(
      withOwnerAsPassenger([blank], { type: 'customer' }, { ...profile, salutation: 'mr' })[0]?.gender,
    ).toBe('male');
  });

  it('leaves agents, parties of two or more and a typed passenger alone', () => {
    expect(withOwnerAsPassenger([blank], { type: 'agent' }, profile)[0]?.firstName).toBe('');
    expect(withOwnerAsPassenger([blank, { ...blank }], { type: 'customer' }, profile)[0]?.firstName).toBe('');
    expect(
      withOwnerAsPassenger([{ ...blank, firstName: 'Ana' }], { type: 'customer' }, profile)[0]?.lastName,
    ).toBe('');
  });
});

describe('the reservation payload', () => {
  const city = { de: 'X', en: 'X', fr: 'X', sq: 'X' };
  const flight = {
    id: 10,
    number: 'FB100',
    departure: '2031-06-09T06:30:00.000Z',
    arrival: '2031-06-09T08:45:00.000Z',
    origin: { code: 'ZRH', timezone: 'Europe/Zurich', city },
    destination: { code: 'PRN', timezone: 'Europe/Belgrade', city },
    flightCompany: { name: 'Flybook Air', code: 'FB' },
    status: 'created' as const,
    isActive: true,
    isBookedOut: false,
    rate: { id: 1, priceList: [] },
    seatsByTariff: [],
  };
  const draft = () => {
    const base = withFlight(
      withTrip(newDraft(), { ...DEFAULT_TRIP, travelType: 'one-way', departureDate: '2031-06-09', adult: 2 }),
      'outbound',
      { flight, tariffId: 2 },
    );
    return {
      ...base,
      owner: { id: 9, type: 'customer' as const, displayName: 'Drita Gashi' },
      seats: [{ passenger: 1, flightId: 10, seatLabel: '3C' }],
      options: [{ passenger: 0, flightId: 10, optionId: 4 }],
      payment: {
        ...base.payment,
        terms: 'bill' as const,
        deadline: '2031-06-05',
        specificPrice: '199',
        comment: ' VIP ',
      },
    };
  };

  it('names passengers by position and sends the staff fields the user may set', () => {
    const body = reservationBody(draft(), MANAGER, 'new');
    expect(body.bookedFlights).toEqual([{ flight: { id: 10 }, tariff: { id: 2 } }]);
    expect(body.passengersSeats).toEqual([{ passenger: 1, flight: { id: 10 }, seatLabel: '3C' }]);
    expect(body.passengersOptions).toEqual([{ passenger: 0, flight: { id: 10 }, option: { id: 4 } }]);
    expect(body).toMatchObject({
      owner: { id: 9 },
      paymentTerms: 'bill',
      paymentDeadline: '2031-06-05',
      isSpecificPrice: true,
      total: 199,
      comment: 'VIP',
    });
  });

  it('keeps the consents on a change by a user who may not set them, and sends an emptied change fee as none', () => {
    const base = draft();
    const consenting = {
      ...base,
      billing: { ...base.billing, isBankInformation: true, isPostInformation: true },
      payment: { ...base.payment, updateFee: '' },
    };
    const withoutFlags = { ...MANAGER, informationFlags: false, updateFee: true };
    const changed = reservationBody(consenting, withoutFlags, 'edit');
    expect(changed.billingInformation).toMatchObject({ isBankInformation: true, isPostInformation: true });
    expect(changed.updateFee).toBe(0);
    // A new booking sends no consent the user may not set; no fee role leaves the fee to the server.
    expect(reservationBody(consenting, withoutFlags, 'new').billingInformation.isBankInformation).toBe(false);
    expect(reservationBody(consenting, { ...withoutFlags, updateFee: false }, 'edit')).not.toHaveProperty(
      'updateFee',
    );
  });

  it('leaves out what the user may not set', () => {
    const body = reservationBody(draft(), AGENT, 'new');
    expect(body).not.toHaveProperty('owner');
    expect(body).not.toHaveProperty('paymentDeadline');
    expect(body).not.toHaveProperty('comment');
    expect(body).not.toHaveProperty('total');
    expect(body.isSpecificPrice).toBe(false);
    expect(body.priceNeedsToBeHidden).toBe(false);
  });
});
