import { type Rappen, takesSeat, toRappen } from '@flybook/domain';
import type { ReservationBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { StoredBillingInformation } from '../../db/schema/index.ts';
import { uniqueViolationOf } from '../../platform/sql.ts';
import { bookingError } from '../booking/booking-errors.ts';
import type { BookingPlan } from '../booking/booking-plan.ts';
import * as repo from './reservations.repository.ts';

type Body = z.output<typeof ReservationBody>;

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
 * Issues a ticket per passenger and booked flight with its seat, price parts and options, the
 * seat-taking passengers in order taking the seat sources (`null` = sale inventory, else the
 * allotment) that `takeSeats` returned for each flight.
 */
export async function writeTickets(
  tx: Tx,
  reservationId: number,
  passengers: readonly { id: number; ageType: Body['passengers'][number]['ageType'] }[],
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
        reservationId,
        passengerId: passenger.id,
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
  const ticketIds = await repo.insertTickets(tx, rows);
  const ticketOf = (passenger: number, flightId: number) =>
    ticketIds[
      rows.findIndex((row) => row.passengerId === passengers[passenger]!.id && row.flightId === flightId)
    ]!.id;
  await repo.insertTicketOptions(
    tx,
    plan.options.map((option) => ({
      ticketId: ticketOf(option.passenger, option.flightId),
      optionId: option.optionId,
      price: option.price,
    })),
  );
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
