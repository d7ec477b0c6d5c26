import { type Rappen, takesSeat, toRappen } from '@flybook/domain';
import type { ReservationBody, UpdateReservationBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { type ReusableStatement, runWith } from '../../db/reusable-statement.ts';
import type { StoredBillingInformation } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/routes.ts';
import { uniqueViolationOf } from '../../platform/sql.ts';
import { bookingError } from '../booking/booking-errors.ts';
import type { BookingPlan, PlannedFlight } from '../booking/booking-plan.ts';
import type { InvoiceRow, ReservationRecord, ReservationRow, TicketRow } from './reservations.repository.ts';
import * as repo from './reservations.repository.ts';

type Body = z.output<typeof ReservationBody>;
type UpdateBody = z.output<typeof UpdateReservationBody>;

/** The contact as stored: without the account fields and the language (a column of its own). */
export function storedBillingOf(billing: Body['billingInformation']): StoredBillingInformation {
  const { password: _p, passwordConfirm: _c, isCreateAccount: _a, language: _l, ...stored } = billing;
  return stored;
}

/** What the invoice charges: the agreed total, or the computed price plus the change fee. */
export function invoiceAmounts(
  body: Pick<Body, 'isSpecificPrice' | 'total' | 'updateFee'>,
  plan: BookingPlan,
) {
  const updateFee: Rappen = body.updateFee === undefined ? 0 : toRappen(body.updateFee);
  const computedTotal = plan.cost.total;
  const total =
    body.isSpecificPrice && body.total !== undefined ? toRappen(body.total) : computedTotal + updateFee;
  return { total, computedTotal, updateFee };
}

/**
 * The tickets of a party: one per passenger and booked flight with its seat, price parts and
 * options' price, the seat-taking passengers in order taking the seat sources (`null` = sale
 * inventory, else the allotment) that `takeSeats` returned for each flight. Each names its
 * passenger by index. In one order (flight, seat label) in every booking, so two bookings that
 * want the same seats wait for each other instead of deadlocking on the unique index.
 */
export function ticketRowsOf(
  passengers: readonly { ageType: Body['passengers'][number]['ageType'] }[],
  plan: BookingPlan,
  sources: ReadonlyMap<number, readonly (number | null)[]>,
) {
  const rows = passengers.flatMap((passenger, index) => {
    const seatTaker = passengers.slice(0, index).filter((p) => takesSeat(p.ageType)).length;
    return plan.flights.map((flight, flightIndex) => {
      const cost = plan.cost.costForPassengers[index]!.flightsCosts[flightIndex]!;
      const seat = plan.seats.find(
        (entry) => entry.passenger === index && entry.flightId === flight.flightId,
      );
      return {
        passenger: index,
        flightId: flight.flightId,
        direction: flight.direction,
        tariffId: flight.tariffId,
        tariffGroupId: flight.tariffGroupId,
        allotmentId: takesSeat(passenger.ageType)
          ? (sources.get(flight.flightId)?.[seatTaker] ?? null)
          : null,
        seatLabel: seat?.seatLabel ?? null,
        basePrice: cost.base,
        airportFee: cost.airportFee,
        fuelFee: cost.fuelFee,
        seatPrice: cost.seat,
        optionsPrice: cost.optionsCosts.reduce((sum, option) => sum + option.price, 0),
      };
    });
  });
  rows.sort((a, b) => a.flightId - b.flightId || (a.seatLabel ?? '').localeCompare(b.seatLabel ?? '', 'en'));
  return rows;
}

/** The options of a party's tickets as planned, each naming its ticket by index in `ticketRowsOf`'s rows. */
export function optionRowsOf(plan: BookingPlan, tickets: ReturnType<typeof ticketRowsOf>) {
  return plan.options.map((option) => ({
    ticket: tickets.findIndex(
      (ticket) => ticket.passenger === option.passenger && ticket.flightId === option.flightId,
    ),
    optionId: option.optionId,
    optionTitle: option.title,
    price: option.price,
  }));
}

/**
 * Issues the tickets of a changed reservation (`ticketRowsOf`) with their options. Answers the
 * tickets and options written.
 */
export async function writeTickets(
  tx: Tx,
  reservationId: number,
  passengers: readonly { id: number; ageType: Body['passengers'][number]['ageType'] }[],
  plan: BookingPlan,
  sources: ReadonlyMap<number, readonly (number | null)[]>,
) {
  const rows = ticketRowsOf(passengers, plan, sources);
  const ticketIds = await repo.insertTickets(
    tx,
    rows.map(({ passenger, ...row }) => ({ ...row, reservationId, passengerId: passengers[passenger]!.id })),
  );
  const options = optionRowsOf(plan, rows).map(({ ticket, ...option }) => ({
    ticketId: ticketIds[ticket]!.id,
    ...option,
  }));
  await repo.insertTicketOptions(
    tx,
    options.map(({ ticketId, optionId, price }) => ({ ticketId, optionId, price })),
  );
  return { tickets: ticketIds, options };
}

type UserName = { id: number; displayName: string } | null;

/**
 * A new booking as `findReservation` would read it back, built from the rows its inserts answered
 * and the plan's flights (read under the booking's share lock): a new reservation has no payments,
 * credit note or split yet. Saves reading it back for its first snapshot and its first message;
 * reservations.test.ts holds it to the read-back one.
 */
export function newReservationRecord(written: {
  reservation: ReservationRow;
  invoice: InvoiceRow;
  owner: UserName;
  reservator: UserName;
  passengers: ReservationRecord['passengers'];
  tickets: readonly TicketRow[];
  options: ReservationRecord['options'];
  /** The booking's flights as planned (the bench's bulk volume passes its own, the same fields). */
  plan: {
    flights: readonly Pick<
      PlannedFlight,
      'flightId' | 'number' | 'departure' | 'arrival' | 'status' | 'origin' | 'destination'
    >[];
  };
}): ReservationRecord {
  const flightOf = new Map(written.plan.flights.map((flight) => [flight.flightId, flight]));
  const tickets = written.tickets.map((ticket) => {
    const flight = flightOf.get(ticket.flightId)!;
    return {
      ticket,
      flight: {
        id: flight.flightId,
        number: flight.number,
        departure: flight.departure,
        arrival: flight.arrival,
        status: flight.status,
      },
      origin: flight.origin,
      destination: flight.destination,
    };
  });
  // The read-back's orders: passengers by id, tickets by passenger and departure, options by id.
  tickets.sort(
    (a, b) =>
      a.ticket.passengerId - b.ticket.passengerId ||
      a.flight.departure.getTime() - b.flight.departure.getTime(),
  );
  return {
    reservation: written.reservation,
    invoice: written.invoice,
    owner: written.owner,
    reservator: written.reservator,
    hasCreditNote: false,
    passengers: [...written.passengers].sort((a, b) => a.id - b.id),
    tickets,
    options: [...written.options].sort((a, b) => a.optionId - b.optionId),
    payments: [],
    splitFrom: null,
    splitInto: [],
  };
}

/** A seat label another booking took in the same instant (the unique index), as the booking error. */
export function seatConflictOf(error: unknown, bookedFlights: Body['bookedFlights']) {
  const conflict = uniqueViolationOf(error);
  if (conflict?.constraint !== 'tickets_flight_seat_key' && !/seat_label/.test(conflict?.detail ?? ''))
    return null;
  const match = /=\((\d+), ([0-9A-Z]+)\)/.exec(conflict?.detail ?? '');
  const flightId = match ? Number(match[1]) : undefined;
  const index = bookedFlights.findIndex((booked) => booked.flight.id === flightId);
  return bookingError('ERROR_BOOKED_SEATS_OCCUPIED', {
    direction: index === 1 ? 'return' : index === 0 ? 'outbound' : 'both',
    ...(match ? { flightId: Number(match[1]), seatLabel: match[2]! } : {}),
  });
}

/** Per flight, where each seat-taking passenger's seat comes from: an allotment id, or null for sale. */
export type SeatSources = Map<number, (number | null)[]>;

/**
 * Takes the party's seats on every booked flight inside the booking's transaction, flights in id
 * order so two bookings never deadlock. Agents use their own allotments first. Returns the
 * allotment each seat-taking passenger's ticket comes from, per flight.
 */
export async function takeSeats(
  tx: Tx,
  user: AuthUser | null,
  plan: BookingPlan,
  seatTakers: number,
  channel: 'public' | 'agent' | 'staff',
): Promise<SeatSources> {
  const sources = await takeFromAllotments(tx, user, plan, seatTakers, channel);
  await takeFromSale(tx, plan, sources, channel);
  return sources;
}

/**
 * The first half of taking seats: an agent's own allotments, flights in id order. Returns the
 * sources of every seat; those marked null still have to come from the sale (takeFromSale).
 */
export async function takeFromAllotments(
  tx: Tx,
  user: AuthUser | null,
  plan: BookingPlan,
  seatTakers: number,
  channel: 'public' | 'agent' | 'staff',
): Promise<SeatSources> {
  const sources: SeatSources = new Map();
  for (const flight of [...plan.flights].sort((a, b) => a.flightId - b.flightId)) {
    const fromAllotments: number[] = [];
    if (channel === 'agent' && user) {
      for (const allotment of await repo.lockOwnAllotments(
        tx,
        flight.flightId,
        flight.tariffGroupId,
        user.id,
      )) {
        const take = Math.min(allotment.seatsNumber - allotment.booked, seatTakers - fromAllotments.length);
        if (take <= 0) break;
        await repo.takeAllotmentSeats(tx, allotment.id, take);
        fromAllotments.push(...Array<number>(take).fill(allotment.id));
      }
    }
    const rest = seatTakers - fromAllotments.length;
    sources.set(flight.flightId, [...fromAllotments, ...Array<null>(rest).fill(null)]);
  }
  return sources;
}

/**
 * The second half: the seats that come from the sale, by one guarded update per flight (in id
 * order) that refuses when they are not there. Its row lock lasts until commit, so a new booking
 * calls it as late as it can: bookings of one hot flight queue only for this and the commit.
 * `alongside`, other writes of the booking (its first version), go in the statement of the first
 * update, or run on their own when no seat comes from the sale. `thenCommit`: nothing follows in
 * the transaction, so the last update carries the COMMIT (THEN_COMMIT) and the seat row's lock
 * ends with that statement instead of a round trip later (docs/booking.md).
 */
export async function takeFromSale(
  tx: Tx,
  plan: BookingPlan,
  sources: SeatSources,
  channel: 'public' | 'agent' | 'staff',
  alongside: ReusableStatement[] = [],
  { thenCommit = false }: { thenCommit?: boolean } = {},
) {
  // The flights that take seats from the sale, in id order, with how many each takes.
  const takers = [...plan.flights]
    .sort((a, b) => a.flightId - b.flightId)
    .map((flight) => ({
      flight,
      seats: (sources.get(flight.flightId) ?? []).filter((source) => source === null).length,
    }))
    .filter((taker) => taker.seats > 0);
  let pending = alongside;
  for (const [index, { flight, seats }] of takers.entries()) {
    const taken = await repo.takeSaleSeats(
      tx,
      flight.flightId,
      flight.tariffGroupId,
      seats,
      channel,
      pending,
      thenCommit && index === takers.length - 1,
    );
    pending = [];
    if (!taken) {
      throw bookingError('ERROR_AVAILABLE_SEATS_NOT_ENOUGH', {
        direction: flight.direction,
        flightId: flight.flightId,
      });
    }
  }
  const [last, ...before] = [...pending].reverse();
  if (last) await runWith(tx, last, before.reverse());
}

/**
 * On a departed flight the seats and options of every passenger must stay as they are
 * (spec 02 §8), unless the user may edit departed flights.
 */
export function checkDepartedUnchanged(
  before: ReservationRecord,
  body: UpdateBody,
  flightId: number,
  where: { direction: 'outbound' | 'return'; flightId: number },
) {
  for (const [index, passenger] of body.passengers.entries()) {
    const held = before.tickets.find(
      (row) => row.ticket.passengerId === passenger.id && row.ticket.flightId === flightId,
    );
    const seat = body.passengersSeats.find(
      (entry) => entry.passenger === index && entry.flight.id === flightId,
    );
    const seatLabel = seat?.seatLabel ?? null;
    if ((held?.ticket.seatLabel ?? null) !== seatLabel) {
      throw bookingError('ERROR_BOOKED_DEPARTED_FLIGHT_SEATS_CHANGED', {
        ...where,
        seatLabel: seatLabel ?? held?.ticket.seatLabel ?? '',
      });
    }
    const heldOptions = before.options
      .filter((option) => option.ticketId === held?.ticket.id)
      .map((option) => option.optionId)
      .sort();
    const wantedOptions = body.passengersOptions
      .filter((entry) => entry.passenger === index && entry.flight.id === flightId)
      .map((entry) => entry.option.id)
      .sort();
    if (heldOptions.join() !== wantedOptions.join()) {
      throw bookingError('ERROR_BOOKED_DEPARTED_FLIGHT_OPTIONS_CHANGED', where);
    }
  }
}
