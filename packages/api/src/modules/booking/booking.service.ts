import { type ReservationCost, satisfies, toChf } from '@flybook/domain';
import type { CalculateBody, Cost, PassengerSeats, PassengerSeatsQuery } from '@flybook/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { tariffs } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { flightForSeats, heldSeats } from './booking.repository.ts';
import { planBooking } from './booking-plan.ts';
import { passengerSeatSections, type SeatHolder } from './seat-view.ts';

// What other modules may use of this module's queries (docs/architecture.md): its repository is its own.
export { flightForSeats, heldSeats } from './booking.repository.ts';

/** Which channel a caller books through: staff with the full flight list, agents, else the public. */
export function channelOf(user: AuthUser | null) {
  if (!user) return 'public' as const;
  if (satisfies(user.roles, 'ROLE_FLIGHT_LIST')) return 'staff' as const;
  if (satisfies(user.roles, 'ROLE_FLIGHT_AGENT_FLIGHT_LIST')) return 'agent' as const;
  return 'public' as const;
}

/** A cost in Rappen as the wire carries it, in CHF. */
export function costToWire(cost: ReservationCost): Cost {
  return {
    costForPassengers: cost.costForPassengers.map((passenger) => ({
      ageType: passenger.ageType,
      flightsCosts: passenger.flightsCosts.map((flight) => ({
        flightId: flight.flightId,
        base: toChf(flight.base),
        airportFee: toChf(flight.airportFee),
        fuelFee: toChf(flight.fuelFee),
        seat: toChf(flight.seat),
        optionsCosts: flight.optionsCosts.map((option) => ({
          option: { id: option.optionId },
          price: toChf(option.price),
        })),
        total: toChf(flight.total),
      })),
      total: toChf(passenger.total),
    })),
    total: toChf(cost.total),
  };
}

/**
 * Whether a caller may count a reservation's seats as their own, answering its id or undefined: the
 * reservations module decides (reservations/reservation-access.ts `actsForReservation`).
 */
export type ActsFor = (
  reservationId: number | undefined,
  caller: { user: AuthUser | null; guestKey?: string | undefined; seatsRole?: boolean },
) => Promise<number | undefined>;

/** The read side of booking: the seat map with seat states, and pricing. */
export function createBookingService(db: Db, actsFor: ActsFor) {
  return {
    async passengerSeats(
      flightId: number,
      query: z.output<typeof PassengerSeatsQuery>,
      user: AuthUser | null,
    ): Promise<PassengerSeats> {
      const flight = await flightForSeats(db, flightId);
      if (!flight) throw ApiError.notFound('flight', flightId);
      let tariffGroupId: number | undefined;
      if (query.tariffId !== undefined) {
        const [tariff] = await db.select().from(tariffs).where(eq(tariffs.id, query.tariffId)).limit(1);
        if (!tariff) throw ApiError.notFound('tariff', query.tariffId);
        tariffGroupId = tariff.tariffGroupId;
      }
      const holders = new Map<string, SeatHolder>();
      for (const held of await heldSeats(db, flightId)) {
        if (held.seatLabel) holders.set(held.seatLabel, held);
      }
      const own = await actsFor(query.reservationId, { user, guestKey: query.guestKey, seatsRole: true });
      return {
        sections: passengerSeatSections(flight.sections, holders, {
          tariffGroupId,
          ownReservationId: own,
          ownPassengerId: own === undefined ? undefined : query.reservationPassengerId,
        }),
      };
    },

    async calculate(user: AuthUser | null, body: z.output<typeof CalculateBody>): Promise<Cost> {
      const plan = await planBooking(db, body, {
        channel: channelOf(user),
        // Seats count as free only for a caller repricing a booking they may read.
        ownReservationId: await actsFor(body.reservationId, { user }),
      });
      return costToWire(plan.cost);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
