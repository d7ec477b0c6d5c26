import {
  type AgeType,
  ageTypeOn,
  type BookingChannel,
  type PricingFlight,
  type PricingPassenger,
  priceReservation,
  type Rappen,
  type ReservationCost,
  repeatedPassengerOptions,
  takesSeat,
} from '@flybook/domain';
import { type CalculateBody, ERROR_MESSAGES, SEAT_FLAGS } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { flights, options as optionTable, StoredAircraftSection } from '../../db/schema/index.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import { activeOptionsById, flightsToBook, heldSeats } from './booking.repository.ts';
import { bookingError, directionOf } from './booking-errors.ts';
import { isAbsent, seatSpots } from './seat-view.ts';

type Body = z.output<typeof CalculateBody>;

/** A booked flight as the plan checked it. */
export interface PlannedFlight {
  flightId: number;
  direction: 'outbound' | 'return';
  tariffId: number;
  tariffGroupId: number;
  number: string;
  departure: Date;
  arrival: Date;
  /** The airports as a reservation shows them (its snapshot is built from the plan). */
  origin: { code: string; timezone: string };
  destination: { code: string; timezone: string };
  status: (typeof flights.$inferSelect)['status'];
  isActive: boolean;
  isBookedOut: boolean;
  sections: StoredAircraftSection[];
}

/** A seat the plan gives a passenger. */
export interface PlannedSeat {
  passenger: number;
  flightId: number;
  seatLabel: string;
  price: Rappen;
}

/** A checked booking: its flights in order, the seats and options per passenger, and its cost. */
export interface BookingPlan {
  flights: PlannedFlight[];
  seats: PlannedSeat[];
  options: {
    passenger: number;
    flightId: number;
    optionId: number;
    /** The option's title as a reservation shows it. */
    title: (typeof optionTable.$inferSelect)['title'];
    price: Rappen;
  }[];
  cost: ReservationCost;
}

/** Infants fly on an adult's lap: never more infants than adults (spec 02 §5). */
export function checkParty(ageTypes: readonly AgeType[]) {
  const adults = ageTypes.filter((ageType) => ageType === 'adult').length;
  const infants = ageTypes.filter((ageType) => ageType === 'infant').length;
  if (infants > adults) {
    throw new ApiError('ERROR_TOO_MANY_INFANTS', 422, { field: 'passengers' });
  }
}

/**
 * An option at most once per passenger and flight (`repeatedPassengerOptions` of @flybook/domain):
 * a repeat is refused with 422 at its field, before anything is priced or stored (it would be
 * charged twice, and the tickets' option rows are unique).
 */
export function checkPassengerOptions(choices: Body['passengersOptions']) {
  const repeated = repeatedPassengerOptions(choices);
  if (repeated.length === 0) return;
  throw new ValidationError(
    repeated.map((index) => ({
      code: 'ERROR_OPTION_NOT_UNIQUE' as const,
      message: ERROR_MESSAGES.ERROR_OPTION_NOT_UNIQUE ?? 'This option is already chosen.',
      field: `passengersOptions.${index}.option.id`,
      params: { optionId: choices[index]!.option.id, flightId: choices[index]!.flight.id },
    })),
  );
}

/**
 * Each passenger's date of birth fits their age type on the day of the first flight (its date in
 * UTC, as the booking wizard counts it): `ageTypeOn` of @flybook/domain, docs/booking-wizard.md.
 */
export function checkAges(passengers: readonly { ageType: AgeType; birthday: string }[], travelDay: string) {
  const errors = passengers.flatMap((passenger, index) =>
    ageTypeOn(passenger.birthday, travelDay) === passenger.ageType
      ? []
      : [
          {
            code: 'ERROR_AGE_TYPE' as const,
            message: ERROR_MESSAGES.ERROR_AGE_TYPE ?? 'The date of birth does not fit the age type.',
            field: `passengers.${index}.birthday`,
            params: { ageType: passenger.ageType },
          },
        ],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/**
 * Checks what a booking asks for against the flights as they are and prices it (DESIGN §4: the
 * one pricing function). Used by `reservation/calculate` and by reservation writes, which run it
 * inside their transaction after locking the inventory. Seats held by `ownReservationId` count as
 * free for it (repricing a booking that already holds them).
 */
export async function planBooking(
  db: Db | Tx,
  body: Pick<Body, 'bookedFlights' | 'passengersOptions' | 'passengersSeats'> & {
    passengers: readonly { ageType: AgeType }[];
  },
  options: {
    channel: BookingChannel;
    ownReservationId?: number | undefined;
    /** Flights the reservation already holds: these may have departed (changing a booking). */
    keptFlightIds?: ReadonlySet<number>;
    /**
     * Reads the flights FOR SHARE, in id order (a new booking: their status cannot change until it
     * commits, and two bookings lock them in one order), instead of a statement of its own before.
     */
    shareLock?: boolean;
  },
): Promise<BookingPlan> {
  checkParty(body.passengers.map((passenger) => passenger.ageType));
  checkPassengerOptions(body.passengersOptions);
  const ids = body.bookedFlights.map((booked) => booked.flight.id);
  const joined = await flightsToBook(db, ids, options.shareLock === true);
  const rows = joined.map((row) => row.flight);
  const airportsOf = new Map(joined.map((row) => [row.flight.id, row]));
  const byId = new Map(rows.map((row) => [row.id, row]));

  const planned: PlannedFlight[] = [];
  const pricing: PricingFlight[] = [];
  for (const [index, booked] of body.bookedFlights.entries()) {
    const direction = directionOf(index);
    const flightId = booked.flight.id;
    const row = byId.get(flightId);
    if (!row) {
      throw new ApiError('ERROR_NOT_FOUND', 404, {
        message: `Not found flight ${flightId}`,
        field: `bookedFlights.${index}.flight.id`,
        params: { id: String(flightId) },
      });
    }
    if (row.status === 'cancelled')
      throw bookingError('ERROR_BOOKED_CANCELLED_FLIGHT_SELECTED', { direction, flightId });
    if (row.status === 'departed' && !options.keptFlightIds?.has(flightId)) {
      throw bookingError('ERROR_BOOKED_DEPARTED_FLIGHT_ADDED', { direction, flightId });
    }
    const price = airportsOf.get(flightId)!.prices.find((entry) => entry.tariff.id === booked.tariff.id);
    if (!price || !row.sections.some((section) => section.tariffGroup.id === price.tariff.groupId)) {
      throw bookingError('ERROR_TARIFF_NOT_AVAILABLE', {
        direction,
        flightId,
        field: `bookedFlights.${index}.tariff.id`,
      });
    }
    planned.push({
      flightId,
      direction,
      tariffId: price.tariff.id,
      tariffGroupId: price.tariff.groupId,
      number: row.number,
      departure: row.departure,
      arrival: row.arrival,
      origin: airportsOf.get(flightId)!.origin,
      destination: airportsOf.get(flightId)!.destination,
      status: row.status,
      isActive: row.isActive,
      isBookedOut: row.isBookedOut,
      sections: row.sections,
    });
    pricing.push({
      flightId,
      price: {
        ...price,
        priceChildPercent: Number(price.priceChildPercent),
        priceInfantPercent: Number(price.priceInfantPercent),
      },
    });
  }
  const [outbound, back] = body.bookedFlights.map((booked) => byId.get(booked.flight.id)!);
  if (outbound && back && (outbound.id === back.id || back.departure <= outbound.arrival)) {
    throw bookingError('ERROR_BOOKED_FLIGHT_SORTING_WRONG', { direction: 'return', flightId: back.id });
  }

  const seats = await planSeats(db, body, planned, options);
  const optionRows = await activeOptionsById(
    db,
    body.passengersOptions.map((entry) => entry.option.id),
  );
  const plannedOptions = body.passengersOptions.map((entry, index) => {
    const flightIndex = planned.findIndex((flight) => flight.flightId === entry.flight.id);
    const option = optionRows.get(entry.option.id);
    if (entry.passenger >= body.passengers.length) {
      throw new ApiError('ERROR_VALIDATION', 422, {
        message: 'No such passenger',
        field: `passengersOptions.${index}.passenger`,
      });
    }
    if (flightIndex < 0 || !option) {
      throw bookingError('ERROR_OPTION_NOT_AVAILABLE', {
        direction: flightIndex < 0 ? 'both' : directionOf(flightIndex),
        flightId: entry.flight.id,
        field: `passengersOptions.${index}`,
      });
    }
    return {
      passenger: entry.passenger,
      flightId: entry.flight.id,
      optionId: option.id,
      title: option.title,
      price: option.price,
    };
  });

  const pricedPassengers: PricingPassenger[] = body.passengers.map((passenger, index) => ({
    ageType: passenger.ageType,
    seatPrices: new Map(
      seats.filter((seat) => seat.passenger === index).map((seat) => [seat.flightId, seat.price]),
    ),
    optionPrices: new Map(
      planned.map((flight) => [
        flight.flightId,
        plannedOptions
          .filter((option) => option.passenger === index && option.flightId === flight.flightId)
          .map((option) => ({ optionId: option.optionId, price: option.price })),
      ]),
    ),
  }));
  return {
    flights: planned,
    seats,
    options: plannedOptions,
    cost: priceReservation(pricing, pricedPassengers),
  };
}

async function planSeats(
  db: Db | Tx,
  body: Pick<Body, 'passengersSeats'> & { passengers: readonly { ageType: AgeType }[] },
  planned: readonly PlannedFlight[],
  options: { channel: BookingChannel; ownReservationId?: number | undefined },
): Promise<PlannedSeat[]> {
  const seats: PlannedSeat[] = [];
  const chosen = new Set<string>();
  const perPassenger = new Set<string>();
  for (const [index, entry] of body.passengersSeats.entries()) {
    const flightIndex = planned.findIndex((flight) => flight.flightId === entry.flight.id);
    const flight = planned[flightIndex];
    const field = `passengersSeats.${index}.seatLabel`;
    const passenger = body.passengers[entry.passenger];
    if (!passenger) {
      throw new ApiError('ERROR_VALIDATION', 422, {
        message: 'No such passenger',
        field: `passengersSeats.${index}.passenger`,
      });
    }
    if (!flight) {
      throw bookingError('ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS', {
        direction: 'both',
        flightId: entry.flight.id,
        seatLabel: entry.seatLabel,
        field,
      });
    }
    const where = {
      direction: flight.direction,
      flightId: flight.flightId,
      seatLabel: entry.seatLabel,
      field,
    };
    if (!takesSeat(passenger.ageType)) throw bookingError('ERROR_INFANT_SEAT', where);
    const spot = seatSpots(flight.sections).get(entry.seatLabel);
    if (!spot || isAbsent(spot.flags) || spot.tariffGroupId !== flight.tariffGroupId) {
      throw bookingError('ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS', where);
    }
    const key = `${flight.flightId}:${entry.seatLabel}`;
    const passengerKey = `${flight.flightId}:${entry.passenger}`;
    if (chosen.has(key) || perPassenger.has(passengerKey))
      throw bookingError('ERROR_BOOKED_SEATS_NOT_UNIQUE', where);
    chosen.add(key);
    perPassenger.add(passengerKey);
    // Seats blocked on the map: disabled ones for everyone, reserved ones for all but staff.
    const blocked =
      (spot.flags & SEAT_FLAGS.disabled) !== 0 ||
      ((spot.flags & SEAT_FLAGS.reserved) !== 0 && options.channel !== 'staff');
    if (blocked) throw bookingError('ERROR_BOOKED_SEATS_OCCUPIED', where);
    seats.push({
      passenger: entry.passenger,
      flightId: flight.flightId,
      seatLabel: entry.seatLabel,
      price: spot.price,
    });
  }
  for (const flight of planned) {
    const wanted = seats.filter((seat) => seat.flightId === flight.flightId);
    if (wanted.length === 0) continue;
    const held = await heldSeats(db, flight.flightId);
    for (const seat of wanted) {
      const holder = held.find((entry) => entry.seatLabel === seat.seatLabel);
      if (holder && holder.reservationId !== options.ownReservationId) {
        throw bookingError('ERROR_BOOKED_SEATS_OCCUPIED', {
          direction: flight.direction,
          flightId: flight.flightId,
          seatLabel: seat.seatLabel,
          field: `passengersSeats.${body.passengersSeats.findIndex((entry) => entry.flight.id === flight.flightId && entry.seatLabel === seat.seatLabel)}.seatLabel`,
        });
      }
    }
  }
  return seats;
}
