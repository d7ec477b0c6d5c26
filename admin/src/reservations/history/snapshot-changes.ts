import type { Reservation } from '@flybook/schemas';

type Passenger = Reservation['passengers'][number];
type Flight = Reservation['flights'][number];

/** A flight as a change names it: number and departure instant (shown in local time). */
export interface FlightRef {
  number: string;
  departure: string;
  origin: Flight['origin'];
  destination: Flight['destination'];
}

export const BILLING_FIELDS = [
  'salutation',
  'company',
  'firstName',
  'lastName',
  'email',
  'street',
  'zip',
  'city',
  'country',
  'birthday',
  'phoneMobile',
  'phoneNumberFirst',
  'phoneNumberSecond',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

export type PassengerField = 'salutation' | 'gender' | 'ageType' | 'birthday';
export type InvoiceField =
  | 'status'
  | 'total'
  | 'totalPaid'
  | 'paymentTerms'
  | 'paymentDeadline'
  | 'isSpecificPrice'
  | 'updateFee';

export const CONSENT_FIELDS = ['isBankInformation', 'isBookingInformation', 'isPostInformation'] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];

/** Another reservation a split joined to this one. */
export interface ReservationRef {
  id: number;
  recordLocator: string;
}

/** One readable difference between two versions of a reservation. */
export type SnapshotChange =
  | { kind: 'created'; flights: FlightRef[]; passengers: string[]; total: number | undefined }
  | { kind: 'status'; from: Reservation['status']; to: Reservation['status'] }
  | { kind: 'flightAdded' | 'flightRemoved'; direction: Flight['direction']; flight: FlightRef }
  | { kind: 'passengerAdded' | 'passengerRemoved'; passenger: string }
  | { kind: 'passengerRenamed'; from: string; to: string }
  | { kind: 'passengerField'; passenger: string; field: PassengerField; from: string; to: string }
  | { kind: 'seat'; passenger: string; flight: string; from: string | null; to: string | null }
  | { kind: 'tariff'; passenger: string; flight: string; from: number; to: number }
  | {
      kind: 'optionAdded' | 'optionRemoved';
      passenger: string;
      flight: string;
      option: Record<string, string> | number;
    }
  | { kind: 'billing'; field: BillingField; from: string; to: string }
  | {
      kind: 'invoice';
      field: InvoiceField;
      from: string | number | boolean | null;
      to: string | number | boolean | null;
    }
  | { kind: 'comment'; from: string; to: string }
  | { kind: 'hidePrice'; to: boolean }
  | { kind: 'consent'; field: ConsentField; to: boolean }
  | { kind: 'splitFrom' | 'splitInto'; reservation: ReservationRef };

const nameOf = (passenger: Pick<Passenger, 'firstName' | 'lastName'>) =>
  `${passenger.firstName} ${passenger.lastName}`;

const flightRef = (flight: Flight): FlightRef => ({
  number: flight.number,
  departure: flight.departure,
  origin: flight.origin,
  destination: flight.destination,
});

type Ticket = Passenger['tickets'][number];

/** The option's title per language where the snapshot has it, else its id. */
const optionName = (option: Ticket['options'][number]['option']) => option.title ?? option.id;

function ticketChanges(
  passenger: string,
  before: Ticket,
  after: Ticket,
  numberOf: (flightId: number) => string,
): SnapshotChange[] {
  const flight = numberOf(after.flight.id);
  const changes: SnapshotChange[] = [];
  if (before.seatLabel !== after.seatLabel) {
    changes.push({ kind: 'seat', passenger, flight, from: before.seatLabel, to: after.seatLabel });
  }
  if (before.tariff.id !== after.tariff.id) {
    changes.push({ kind: 'tariff', passenger, flight, from: before.tariff.id, to: after.tariff.id });
  }
  const had = new Set(before.options.map((option) => option.option.id));
  const has = new Set(after.options.map((option) => option.option.id));
  for (const option of after.options) {
    if (!had.has(option.option.id)) {
      changes.push({ kind: 'optionAdded', passenger, flight, option: optionName(option.option) });
    }
  }
  for (const option of before.options) {
    if (!has.has(option.option.id)) {
      changes.push({ kind: 'optionRemoved', passenger, flight, option: optionName(option.option) });
    }
  }
  return changes;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * What changed from one saved version of a reservation to the next (the history page, spec 02 §2):
 * status, flights, passengers with their seats, tariffs and options, billing contact, invoice,
 * comment and hidden price. The first version reads as "created" with what was booked.
 */
export function snapshotChanges(previous: Reservation | null, current: Reservation): SnapshotChange[] {
  if (!previous) {
    return [
      {
        kind: 'created',
        flights: current.flights.map(flightRef),
        passengers: current.passengers.map(nameOf),
        total: current.invoice.total,
      },
      ...(current.splitFrom ? [{ kind: 'splitFrom' as const, reservation: current.splitFrom }] : []),
    ];
  }
  const changes: SnapshotChange[] = [];
  if (previous.status !== current.status) {
    changes.push({ kind: 'status', from: previous.status, to: current.status });
  }

  const flightKey = (flight: Flight) => `${flight.direction}:${flight.id}`;
  const before = new Map(previous.flights.map((flight) => [flightKey(flight), flight]));
  const after = new Map(current.flights.map((flight) => [flightKey(flight), flight]));
  for (const [key, flight] of before) {
    if (!after.has(key))
      changes.push({ kind: 'flightRemoved', direction: flight.direction, flight: flightRef(flight) });
  }
  for (const [key, flight] of after) {
    if (!before.has(key))
      changes.push({ kind: 'flightAdded', direction: flight.direction, flight: flightRef(flight) });
  }
  const numbers = new Map(
    [...previous.flights, ...current.flights].map((flight) => [flight.id, flight.number]),
  );
  const numberOf = (flightId: number) => numbers.get(flightId) ?? `#${flightId}`;

  const earlier = new Map(previous.passengers.map((passenger) => [passenger.id, passenger]));
  const later = new Set(current.passengers.map((passenger) => passenger.id));
  for (const passenger of previous.passengers) {
    if (!later.has(passenger.id)) changes.push({ kind: 'passengerRemoved', passenger: nameOf(passenger) });
  }
  for (const passenger of current.passengers) {
    const old = earlier.get(passenger.id);
    const name = nameOf(passenger);
    if (!old) {
      changes.push({ kind: 'passengerAdded', passenger: name });
      continue;
    }
    if (nameOf(old) !== name) changes.push({ kind: 'passengerRenamed', from: nameOf(old), to: name });
    for (const field of ['salutation', 'gender', 'ageType', 'birthday'] as const) {
      if (text(old[field]) !== text(passenger[field])) {
        changes.push({
          kind: 'passengerField',
          passenger: name,
          field,
          from: text(old[field]),
          to: text(passenger[field]),
        });
      }
    }
    for (const ticket of passenger.tickets) {
      const was = old.tickets.find(
        (candidate) => candidate.flight.id === ticket.flight.id && candidate.direction === ticket.direction,
      );
      if (was) changes.push(...ticketChanges(name, was, ticket, numberOf));
    }
  }

  for (const field of BILLING_FIELDS) {
    const from = text(previous.billingInformation[field]);
    const to = text(current.billingInformation[field]);
    if (from !== to) changes.push({ kind: 'billing', field, from, to });
  }
  // Snapshots saved before the consents were shown lack them: no change is read into that.
  for (const field of CONSENT_FIELDS) {
    const from = previous.billingInformation[field];
    const to = current.billingInformation[field];
    if (from !== undefined && to !== undefined && from !== to) changes.push({ kind: 'consent', field, to });
  }
  const splitBefore = new Set((previous.splitInto ?? []).map((reservation) => reservation.id));
  for (const reservation of current.splitInto ?? []) {
    if (!splitBefore.has(reservation.id)) changes.push({ kind: 'splitInto', reservation });
  }
  const invoiceFields: InvoiceField[] = [
    'status',
    'total',
    'totalPaid',
    'paymentTerms',
    'paymentDeadline',
    'isSpecificPrice',
    'updateFee',
  ];
  for (const field of invoiceFields) {
    // Snapshots saved before the change fee was shown lack it.
    if (
      field === 'updateFee' &&
      (previous.invoice.updateFee === undefined || current.invoice.updateFee === undefined)
    )
      continue;
    const from = previous.invoice[field] ?? null;
    const to = current.invoice[field] ?? null;
    if (from !== to) changes.push({ kind: 'invoice', field, from, to });
  }
  if (previous.comment !== current.comment) {
    changes.push({ kind: 'comment', from: previous.comment, to: current.comment });
  }
  if (previous.priceNeedsToBeHidden !== current.priceNeedsToBeHidden) {
    changes.push({ kind: 'hidePrice', to: current.priceNeedsToBeHidden });
  }
  return changes;
}
