import {
  airportLocalTime,
  bcbpName,
  bookingLaps,
  canMarkAppearing,
  decodeBcbp,
  passFlightFields,
  passIsForFlight,
  seatChangeBlock,
} from '@flybook/domain';
import {
  type AppearingBody,
  type FlightPassenger,
  type FlightPassengerListQuery,
  type FlightPassengerSelectionQuery,
  type NotifyingBody,
  type PaxListQuery,
  SEAT_FLAGS,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser, FileAnswer } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { pdfAnswer } from '../../platform/pdf.ts';
import { retryOnDeadlock, uniqueViolationOf } from '../../platform/sql.ts';
import { bookingError } from '../booking/booking-errors.ts';
import { isAbsent, seatSpots } from '../booking/seat-view.ts';
import { notifyPassengers } from '../flights/flight-notices.ts';
import { type FlightHead, findFlightHead } from '../flights/flights.service.ts';
import { passFlightOf } from '../flights/pass-flight.ts';
import {
  lockReservation,
  type ReservationsService,
  shareLockFlights,
} from '../reservations/reservations.service.ts';
import { toFlightPassenger } from './passenger-view.ts';
import * as repo from './passengers.repository.ts';
import { renderPaxList } from './pax-list-pdf.ts';

type Selection = z.output<typeof FlightPassengerSelectionQuery>;

/** The local date of a flight's departure at its origin: ages and infant limits count on it. */
export const departureDayOf = (head: FlightHead) =>
  airportLocalTime(head.flight.departure, head.origin.timezone).date;

export async function requireFlight(db: Db | Tx, flightId: number): Promise<FlightHead> {
  const head = await findFlightHead(db, flightId);
  if (!head) throw ApiError.notFound('flight', flightId);
  return head;
}

const passengerNotFound = (id: number) => ApiError.notFound('passenger', id);

const seatTaken = (seatLabel: string) =>
  new ApiError('ERROR_SEAT_LABEL_NOT_UNIQUE', 409, { field: 'seatLabel', params: { seatLabel } });

/**
 * Departure control on a flight's passengers (spec 03 §4, §7): the list, appearing marks one by
 * one or in bulk, seats and the notified mark. Every mark is written under a lock of the ticket
 * with an event-log entry; a seat change is also a new version of the reservation (snapshot).
 */
export function createPassengersService(db: Db, reservations: ReservationsService) {
  /** The flight, locked against a change of its state while a passenger of it is marked. */
  async function lockedFlight(tx: Tx, flightId: number) {
    await shareLockFlights(tx, [flightId]);
    return requireFlight(tx, flightId);
  }

  async function viewOf(tx: Db | Tx, head: FlightHead, passengerId: number): Promise<FlightPassenger> {
    const row = await repo.findPassenger(tx, head.flight.id, passengerId);
    if (!row) throw passengerNotFound(passengerId);
    return toFlightPassenger(row, departureDayOf(head));
  }

  async function logMarks(tx: Tx, user: AuthUser, passengerIds: number[], fields: string[]) {
    for (const id of passengerIds) {
      await logEntityChange(tx, {
        userId: user.id,
        entityType: 'passenger',
        entityId: id,
        operation: 'update',
        changedFields: fields,
      });
    }
  }

  /** Writes an appearing mark (or takes it back: null) on the chosen passengers; answers their ids. */
  async function markAppearing(
    tx: Tx,
    user: AuthUser,
    head: FlightHead,
    passengerIds: number[],
    mark: { isAppeared: boolean; comment: string | null } | null,
  ) {
    if (!canMarkAppearing(head.flight)) {
      throw new ApiError('ERROR_PASSENGER_FLIGHT_CANCELLED', 409, { params: { flightId: head.flight.id } });
    }
    const locked = await repo.lockTickets(tx, head.flight.id, passengerIds);
    await repo.updateTickets(
      tx,
      locked.map((ticket) => ticket.id),
      { isAppeared: mark?.isAppeared ?? null, appearingComment: mark?.comment ?? null },
    );
    const marked = locked.map((ticket) => ticket.passengerId);
    await logMarks(tx, user, marked, ['isAppeared', 'appearingComment']);
    return marked;
  }

  /**
   * Gives a passenger a seat, another seat, or none (null), by the booking engine's seat rules: the
   * seat exists on the flight's map in the passenger's tariff group, is not disabled, and no one
   * else holds it (the unique index decides between two changes at the same instant). The ticket
   * keeps its price: reseating by departure control is free (docs/passengers.md).
   */
  async function changeSeat(user: AuthUser, flightId: number, passengerId: number, seatLabel: string | null) {
    try {
      return await retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const found = await repo.findPassenger(tx, flightId, passengerId);
          if (!found) {
            await requireFlight(tx, flightId);
            throw passengerNotFound(passengerId);
          }
          // The reservation first, as its own changes lock it: a change of it waits for this one.
          await lockReservation(tx, found.reservation.id);
          const head = await lockedFlight(tx, flightId);
          const row = await repo.findPassenger(tx, flightId, passengerId);
          if (!row) throw passengerNotFound(passengerId);
          const day = departureDayOf(head);
          const block = seatChangeBlock(
            {
              isAppeared: row.ticket.isAppeared,
              ageType: row.passenger.ageType,
              birthday: row.passenger.birthday,
            },
            head.flight,
            day,
          );
          if (block === 'infant') {
            if (seatLabel !== null) {
              throw bookingError('ERROR_INFANT_SEAT', {
                direction: 'both',
                flightId,
                seatLabel,
                field: 'seatLabel',
              });
            }
          } else if (block !== null) {
            throw new ApiError('ERROR_SEAT_CHANGE_NOT_ALLOWED', 409, {
              message: `The seat cannot change: ${block === 'appeared' ? 'the passenger appeared' : `the flight is ${block}`}.`,
              field: 'seatLabel',
              params: { reason: block },
            });
          }
          if (seatLabel === row.ticket.seatLabel) return toFlightPassenger(row, day);
          if (seatLabel !== null) {
            const where = { direction: 'both' as const, flightId, seatLabel, field: 'seatLabel' };
            const spot = seatSpots(head.flight.sections).get(seatLabel);
            if (!spot || isAbsent(spot.flags) || spot.tariffGroupId !== row.ticket.tariffGroupId) {
              throw bookingError('ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS', where);
            }
            // Staff may seat passengers on reserved seats, never on disabled ones (booking's rule).
            if ((spot.flags & SEAT_FLAGS.disabled) !== 0)
              throw bookingError('ERROR_BOOKED_SEATS_OCCUPIED', where);
            if (await repo.seatHolder(tx, flightId, seatLabel)) throw seatTaken(seatLabel);
          }
          await repo.updateTickets(tx, [row.ticket.id], { seatLabel, isNotified: false });
          await reservations.recordChange(tx, user, row.reservation.id, ['tickets']);
          return toFlightPassenger({ ...row, ticket: { ...row.ticket, seatLabel, isNotified: false } }, day);
        }),
      );
    } catch (error) {
      const conflict = uniqueViolationOf(error);
      if (seatLabel !== null && conflict?.constraint === 'tickets_flight_seat_key')
        throw seatTaken(seatLabel);
      throw error;
    }
  }

  return {
    async list(flightId: number, query: FlightPassengerListQuery) {
      const head = await requireFlight(db, flightId);
      const { page, pageSize, sortBy, sortOrder, ...filters } = query;
      const { items, total } = await repo.listPassengers(db, flightId, filters, {
        page,
        pageSize,
        sortBy,
        sortOrder,
      });
      const day = departureDayOf(head);
      return { items: items.map((row) => toFlightPassenger(row, day)), total };
    },

    /** PAXList.pdf: the whole flight unless filters narrow it, in the order asked for. */
    async paxList(flightId: number, query: z.output<typeof PaxListQuery>): Promise<FileAnswer> {
      const head = await requireFlight(db, flightId);
      const { language, sortBy, sortOrder, ...filters } = query;
      const rows = await repo.allPassengers(db, flightId, filters, { sortBy, sortOrder });
      const day = departureDayOf(head);
      const body = await renderPaxList({
        locale: language,
        flight: {
          number: head.flight.number,
          airlineName: head.company.name,
          originCode: head.origin.code,
          originName: head.origin.name[language],
          originTimezone: head.origin.timezone,
          destinationCode: head.destination.code,
          destinationName: head.destination.name[language],
          destinationTimezone: head.destination.timezone,
          departure: head.flight.departure.toISOString(),
          arrival: head.flight.arrival.toISOString(),
          aircraft: head.template.label,
          status: head.flight.status,
        },
        passengers: rows.map((row) => {
          const passenger = toFlightPassenger(row, day);
          return {
            lastName: passenger.lastName,
            firstName: passenger.firstName,
            ageType: passenger.ageType,
            age: passenger.age,
            seatLabel: passenger.seatLabel,
            bookingReference: passenger.reservation.bookingReference,
            tariffName: passenger.tariff.name[language],
            isPaid: passenger.reservation.isPaid,
            isAppeared: passenger.isAppeared,
            appearingComment: passenger.appearingComment,
          };
        }),
      });
      return pdfAnswer(body, 'PAXList.pdf');
    },

    setAppearing: (user: AuthUser, flightId: number, id: number, body: z.output<typeof AppearingBody>) =>
      db.transaction(async (tx) => {
        const head = await lockedFlight(tx, flightId);
        const marked = await markAppearing(tx, user, head, [id], {
          isAppeared: body.isAppeared,
          comment: body.comment || null,
        });
        if (marked.length === 0) throw passengerNotFound(id);
        return viewOf(tx, head, id);
      }),

    clearAppearing: (user: AuthUser, flightId: number, id: number) =>
      db.transaction(async (tx) => {
        const head = await lockedFlight(tx, flightId);
        if ((await markAppearing(tx, user, head, [id], null)).length === 0) throw passengerNotFound(id);
        return viewOf(tx, head, id);
      }),

    /** Marks the chosen passengers: just the ids, or all matching the filters except the ids. */
    setAppearingList: (
      user: AuthUser,
      flightId: number,
      selection: Selection,
      body: z.output<typeof AppearingBody> | null,
    ) =>
      db.transaction(async (tx) => {
        const head = await lockedFlight(tx, flightId);
        const ids = await repo.selectedPassengerIds(tx, flightId, selection);
        const mark = body && { isAppeared: body.isAppeared, comment: body.comment || null };
        return { count: (await markAppearing(tx, user, head, ids, mark)).length };
      }),

    /**
     * The gate's scan of a boarding pass (docs/check-in.md): the pass must be for this flight on
     * this day and name a passenger checked in on it (the booking's locator and the sequence
     * number); that passenger, and the infant on their lap, are marked appeared. A second scan of
     * the same pass answers the same passenger and changes nothing.
     */
    scan: (user: AuthUser, flightId: number, text: string) =>
      db.transaction(async (tx) => {
        const pass = decodeBcbp(text);
        if ('error' in pass) {
          throw new ApiError('ERROR_BOARDING_PASS_UNREADABLE', 422, {
            field: 'bcbp',
            message: `This is not a boarding pass we read: ${pass.message}`,
            params: { reason: pass.error },
          });
        }
        const head = await lockedFlight(tx, flightId);
        const flight = passFlightOf(head);
        if (!passIsForFlight(pass, flight)) {
          const expected = passFlightFields(flight);
          // The pass's day in the flight's year, as the message names it (the pass holds no year).
          const year = Number(flight.localDate.slice(0, 4));
          const date = new Date(Date.UTC(year, 0, pass.dayOfYear)).toISOString().slice(0, 10);
          const number = `${pass.carrier}${pass.flightNumber}`;
          throw new ApiError('ERROR_BOARDING_PASS_OTHER_FLIGHT', 422, {
            field: 'bcbp',
            message: `This boarding pass is for flight ${number} on ${date}, not this flight (${expected.carrier}${expected.flightNumber} on ${flight.localDate}).`,
            params: { flight: number, date, from: pass.from, to: pass.to, thisDate: flight.localDate },
          });
        }
        const row = await repo.findCheckedInPassenger(tx, flightId, pass);
        // The pass must name the passenger its sequence number is: a pass with another name (edited,
        // or someone else's) boards nobody, and an infant has no pass of its own (it boards with its adult).
        if (
          !row ||
          row.passenger.ageType === 'infant' ||
          bcbpName(row.passenger.lastName, row.passenger.firstName) !== pass.passengerName
        ) {
          throw new ApiError('ERROR_BOARDING_PASS_UNKNOWN', 404, { field: 'bcbp' });
        }
        if (row.ticket.isAppeared !== true) {
          const booking = await repo.allPassengers(tx, flightId, {
            reservationId: row.reservation.id,
            appearing: [],
          });
          const laps = bookingLaps(booking.map((entry) => entry.passenger));
          const onLap = [...laps].filter(([, adult]) => adult === row.passenger.id).map(([infant]) => infant);
          await markAppearing(tx, user, head, [row.passenger.id, ...onLap], {
            isAppeared: true,
            comment: null,
          });
        }
        return viewOf(tx, head, row.passenger.id);
      }),

    setSeat: (user: AuthUser, flightId: number, id: number, seatLabel: string) =>
      changeSeat(user, flightId, id, seatLabel),

    clearSeat: (user: AuthUser, flightId: number, id: number) => changeSeat(user, flightId, id, null),

    /**
     * Marks a passenger notified, telling the booking's contact the passenger's flight and seat by
     * the chosen channels, or takes the mark back.
     */
    setNotifying: (user: AuthUser, flightId: number, id: number, body: z.output<typeof NotifyingBody>) =>
      db.transaction(async (tx) => {
        const head = await lockedFlight(tx, flightId);
        const row = await repo.findPassenger(tx, flightId, id);
        if (!row) throw passengerNotFound(id);
        const [ticket] = await repo.lockTickets(tx, flightId, [id]);
        if (!ticket) throw passengerNotFound(id);
        if (body.isNotified) {
          await notifyPassengers(
            tx,
            'passengerSeat',
            body,
            {
              id: head.flight.id,
              number: head.flight.number,
              departure: head.flight.departure,
              origin: head.origin,
              destination: head.destination,
              delayMinutes: head.flight.delayMinutes,
            },
            {
              reservationId: row.reservation.id,
              passenger: `${row.passenger.firstName} ${row.passenger.lastName}`,
              seat: row.ticket.seatLabel,
            },
          );
        }
        await repo.updateTickets(tx, [ticket.id], { isNotified: body.isNotified });
        await logMarks(tx, user, [id], ['isNotified']);
        return viewOf(tx, head, id);
      }),
  };
}

export type PassengersService = ReturnType<typeof createPassengersService>;
