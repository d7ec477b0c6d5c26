import {
  airportLocalTime,
  BCBP_INFANT_SEAT,
  bcbpName,
  bookingLaps,
  type CheckInRefusal,
  checkInRefusal,
  checkInWindow,
  encodeBcbp,
  normalizeRecordLocator,
  passFlightFields,
  samePersonName,
  seatCostsMoreThanPaid,
  toChf,
} from '@flybook/domain';
import { isLocale, type Locale } from '@flybook/locales';
import {
  type BoardingPass,
  type CheckInBody as CheckInBodySchema,
  type CheckInLookupBody,
  type FoundCheckIn,
  SEAT_FLAGS,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { FileAnswer } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { hitRateLimit, refuseOverRateLimit } from '../../platform/rate-limiter.ts';
import { retryOnDeadlock, uniqueViolationOf } from '../../platform/sql.ts';
import { bookingError } from '../booking/booking-errors.ts';
import { isAbsent, passengerSeatSections, reassignSeats, seatSpots } from '../booking/seat-view.ts';
import { type FlightHead, findFlightHead } from '../flights/flights.service.ts';
import { passFlightOf } from '../flights/pass-flight.ts';
import type { MessageSettings } from '../messages/notify.ts';
import { notifyBoardingPasses } from '../reservations/reservation-notices.ts';
import { lockReservation, type ReservationsService } from '../reservations/reservations.service.ts';
import { type BoardingPassDocument, boardingPassPdf } from './boarding-pass-pdf.ts';
import * as repo from './check-in.repository.ts';

/** Look-ups per client IP when none is configured: as manage my booking, 10 per 15 minutes. */
export const CHECK_IN_FIND_DEFAULT_LIMIT = { max: 10, windowSeconds: 900 };

/** Never a stored locator (it has a 1, outside the alphabet): a malformed one costs the same query. */
const NO_LOCATOR = '000001';

/** Our passes: economy (compartment Y), the passenger checked in (status 1). */
const COMPARTMENT = 'Y';
const CHECKED_IN = '1';

export interface CheckInOptions {
  opensHours: number;
  limit?: { max: number; windowSeconds: number };
  messages: MessageSettings;
  now?: () => Date;
}

type CheckInBody = z.output<typeof CheckInBodySchema>;
type Booking = repo.CheckInBooking;
type Passenger = Booking['passengers'][number];

const noBooking = () =>
  new ApiError('ERROR_NOT_FOUND', 404, { message: 'No booking matches this reference and name' });

/** The answer to a refusal that does not depend on the flight. */
const refusalErrorOf = (refusal: 'cancelled') =>
  new ApiError('ERROR_CHECK_IN_CANCELLED', 422, { params: { reason: refusal } });

/** The answer to a refusal of check-in on a flight, with when it opens for `notOpen`. */
function refusalError(refusal: CheckInRefusal, head: FlightHead, opensHours: number): ApiError {
  switch (refusal) {
    case 'notOpen': {
      const { opensAt } = checkInWindow(head.flight.departure, opensHours);
      const local = airportLocalTime(opensAt, head.origin.timezone);
      return new ApiError('ERROR_CHECK_IN_NOT_OPEN', 422, {
        message: `Check-in for this flight opens on ${local.date} at ${local.time} (local time at the airport).`,
        params: { date: local.date, time: local.time, opensAt: opensAt.toISOString() },
      });
    }
    case 'closed':
      return new ApiError('ERROR_CHECK_IN_CLOSED', 422);
    case 'notOffered':
      return new ApiError('ERROR_CHECK_IN_NOT_OFFERED', 422);
    case 'unpaid':
      return new ApiError('ERROR_CHECK_IN_UNPAID', 422);
    case 'cancelled':
      return new ApiError('ERROR_CHECK_IN_CANCELLED', 422);
  }
}

const fullName = (passenger: Passenger) => `${passenger.firstName} ${passenger.lastName}`.trim();

/**
 * Online check-in (docs/check-in.md): a paid booking's passengers check in on a flight whose
 * check-in is open (`checkInRefusal`, @flybook/domain), keep or change their seats, and get IATA
 * boarding passes. An infant checks in with the adult whose lap it travels on and is named on
 * that adult's pass; it gets a sequence number of its own but no pass.
 */
export function createCheckInService(db: Db, reservations: ReservationsService, options: CheckInOptions) {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? CHECK_IN_FIND_DEFAULT_LIMIT;

  /** The booking of a locator and a last name in it, or 404 whichever part did not match. */
  async function lookUp(tx: Db | Tx, body: CheckInLookupBody): Promise<Booking> {
    const booking = await repo.findBooking(tx, normalizeRecordLocator(body.recordLocator) ?? NO_LOCATOR);
    const names = booking ? [booking.bookerLastName, ...booking.passengers.map((p) => p.lastName)] : [];
    if (!booking || !names.some((name) => samePersonName(body.lastName, name ?? ''))) throw noBooking();
    return booking;
  }

  /**
   * The look-up of the calls that act on a booking found before (check in, download): over the
   * limit they answer 429 before anything is read, so a right guess is not told from a wrong one;
   * under it only a failed look-up counts, so a traveller's own calls do not use up the budget.
   */
  async function lookUpCounted(ip: string, body: CheckInLookupBody) {
    const key = `check-in:find:ip:${ip}`;
    await refuseOverRateLimit(db, key, limit);
    try {
      return await lookUp(db, body);
    } catch (error) {
      await hitRateLimit(db, key, limit);
      throw error;
    }
  }

  async function headsOf(tx: Db | Tx, flightIds: Iterable<number>) {
    const heads = new Map<number, FlightHead>();
    for (const id of flightIds) {
      const head = await findFlightHead(tx, id);
      if (head) heads.set(id, head);
    }
    return heads;
  }

  const refusalOn = (booking: Booking, head: FlightHead) =>
    checkInRefusal(
      {
        reservation: { status: booking.status, invoice: { status: booking.invoiceStatus } },
        flight: head.flight,
      },
      now(),
      options.opensHours,
    );

  /** Which adult each infant of the booking travels with (the PNL's rule). */
  const lapsOf = (booking: Booking) => bookingLaps(booking.passengers);

  function passOf(booking: Booking, head: FlightHead, passenger: Passenger, ticket: repo.CheckInTicket) {
    const local = airportLocalTime(head.flight.departure, head.origin.timezone);
    const isInfant = passenger.ageType === 'infant';
    const sequenceNumber = ticket.checkInSequence ?? 0;
    const bcbp = encodeBcbp({
      passengerName: bcbpName(passenger.lastName, passenger.firstName),
      eTicket: true,
      recordLocator: booking.recordLocator,
      ...passFlightFields(passFlightOf(head)),
      compartment: COMPARTMENT,
      seat: isInfant ? BCBP_INFANT_SEAT : (ticket.seatLabel ?? ''),
      sequenceNumber,
      passengerStatus: CHECKED_IN,
    });
    const pass: BoardingPass = {
      passengerId: passenger.id,
      flightId: head.flight.id,
      seat: ticket.seatLabel,
      sequenceNumber,
      bcbp,
    };
    return { pass, departure: `${local.date}T${local.time}` };
  }

  /** The PDF pages of some passes: each adult's page names the infant on their lap. */
  function documentsOf(
    booking: Booking,
    head: FlightHead,
    passes: { passenger: Passenger; pass: BoardingPass; departure: string }[],
    language: Locale,
  ): BoardingPassDocument[] {
    const laps = lapsOf(booking);
    return passes.map(({ passenger, pass, departure }) => {
      const infant = booking.passengers.find((p) => laps.get(p.id) === passenger.id);
      return {
        language,
        passengerName: fullName(passenger),
        recordLocator: booking.recordLocator,
        carrier: head.company.code,
        flightNumber: head.flight.number,
        from: { code: head.origin.code, name: head.origin.name[language] },
        to: { code: head.destination.code, name: head.destination.name[language] },
        departure,
        seat: pass.seat,
        infant: infant ? fullName(infant) : null,
        sequenceNumber: pass.sequenceNumber,
        bcbp: pass.bcbp,
      };
    });
  }

  const languageOf = (booking: Booking, asked: Locale | undefined): Locale =>
    asked ?? (isLocale(booking.language) ? booking.language : 'en');

  async function view(booking: Booking, locale: Locale | undefined): Promise<FoundCheckIn> {
    if (booking.status === 'cancelled') throw refusalErrorOf('cancelled');
    const language = languageOf(booking, locale);
    const all = await repo.bookingTickets(db, booking.id);
    const heads = await headsOf(db, new Set(all.map((ticket) => ticket.flightId)));
    const flights = [...heads.values()];
    const refusals = flights.map((head) => refusalOn(booking, head));
    const open = flights.filter((_, index) => refusals[index] === null);
    if (open.length === 0) {
      // Answer what the traveller can act on: a flight still to come over one that has closed.
      const index = refusals.findIndex((refusal) => refusal !== 'closed');
      const at = index === -1 ? 0 : index;
      const head = flights[at];
      if (!head) throw noBooking();
      throw refusalError(refusals[at] ?? 'closed', head, options.opensHours);
    }
    const laps = lapsOf(booking);
    const seatMaps = new Map<number, FoundCheckIn['flights'][number]['seatMap']>();
    for (const head of open) {
      const holders = await repo.seatHolders(db, head.flight.id);
      const groupTicket = all.find((ticket) => ticket.flightId === head.flight.id);
      seatMaps.set(
        head.flight.id,
        passengerSeatSections(head.flight.sections, holders, {
          tariffGroupId: groupTicket?.tariffGroupId,
          ownReservationId: booking.id,
        }),
      );
    }
    const ticketsOn = (passengerId: number) =>
      open.flatMap((head) =>
        all
          .filter((ticket) => ticket.passengerId === passengerId && ticket.flightId === head.flight.id)
          .map((ticket) => ({
            flightId: ticket.flightId,
            checkedIn: ticket.checkedInAt !== null,
            seat: ticket.seatLabel,
            sequenceNumber: ticket.checkInSequence,
            paidSeatPrice: toChf(ticket.seatPrice),
          })),
      );
    return {
      reservationId: booking.id,
      recordLocator: booking.recordLocator,
      flights: open.map((head) => ({
        id: head.flight.id,
        number: head.flight.number,
        airlineName: head.company.name,
        origin: { code: head.origin.code, name: head.origin.name[language], timezone: head.origin.timezone },
        destination: {
          code: head.destination.code,
          name: head.destination.name[language],
          timezone: head.destination.timezone,
        },
        departure: new Date(head.flight.departure).toISOString(),
        closesAt: checkInWindow(head.flight.departure, options.opensHours).closesAt.toISOString(),
        seatMap: seatMaps.get(head.flight.id) ?? [],
      })),
      passengers: booking.passengers
        .map((passenger) => {
          const tickets = ticketsOn(passenger.id);
          return {
            id: passenger.id,
            name: fullName(passenger),
            firstName: passenger.firstName,
            lastName: passenger.lastName,
            ageType: passenger.ageType,
            infantOf: laps.get(passenger.id) ?? null,
            checkedIn: tickets[0]?.checkedIn ?? false,
            seat: tickets[0]?.seat ?? null,
            tickets,
          };
        })
        .filter((passenger) => passenger.tickets.length > 0),
    };
  }

  const invalid = (field: string, message: string) =>
    new ApiError('ERROR_VALIDATION', 422, { field, message });

  /**
   * Checks the chosen passengers in on the flight, under locks of the reservation and the flight:
   * seats checked and moved, sequence numbers given in order, a new version of the reservation when
   * a seat moved, the passes e-mailed once. Answers every chosen passenger's pass (not infants').
   */
  async function checkIn(body: CheckInBody, booking: Booking) {
    return retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockReservation(tx, booking.id);
        await repo.lockFlightForCheckIn(tx, body.flightId);
        // Read again under the locks: a payment, a change or a cancellation may have come between.
        const fresh = await lookUp(tx, body);
        if (fresh.status === 'cancelled') throw refusalErrorOf('cancelled');
        const head = await findFlightHead(tx, body.flightId);
        const onFlight = (await repo.bookingTickets(tx, fresh.id)).filter(
          (ticket) => ticket.flightId === body.flightId,
        );
        if (!head || onFlight.length === 0) throw ApiError.notFound('flight', body.flightId);
        const refusal = refusalOn(fresh, head);
        if (refusal) throw refusalError(refusal, head, options.opensHours);

        const ticketOf = new Map(onFlight.map((ticket) => [ticket.passengerId, ticket]));
        const passengerOf = new Map(fresh.passengers.map((passenger) => [passenger.id, passenger]));
        const laps = lapsOf(fresh);
        const chosen = new Set(body.passengerIds);
        for (const id of chosen) {
          if (!ticketOf.has(id))
            throw invalid('passengerIds', `Passenger ${id} is not on this flight of the booking`);
          const lap = laps.get(id);
          if (lap !== undefined && (lap === null || !chosen.has(lap)) && !ticketOf.get(id)?.checkedInAt) {
            throw invalid('passengerIds', 'An infant checks in with the adult they travel with');
          }
        }
        // The infants on the chosen adults' laps come along.
        for (const [infant, lap] of laps)
          if (lap !== null && chosen.has(lap) && ticketOf.has(infant)) chosen.add(infant);

        const seatOf = new Map(onFlight.map((ticket) => [ticket.passengerId, ticket.seatLabel]));
        const moves = new Map<number, string>();
        const spots = seatSpots(head.flight.sections);
        const seatsAsked = body.seats ?? [];
        if (new Set(seatsAsked.map((seat) => seat.passengerId)).size < seatsAsked.length) {
          throw invalid('seats', 'One seat per passenger');
        }
        for (const { passengerId, seatLabel } of seatsAsked) {
          const ticket = ticketOf.get(passengerId);
          const passenger = passengerOf.get(passengerId);
          if (!ticket || !passenger || !chosen.has(passengerId)) {
            throw invalid('seats', `Passenger ${passengerId} is not among the passengers checking in`);
          }
          if (seatLabel === ticket.seatLabel) continue;
          const where = { direction: 'both' as const, flightId: head.flight.id, seatLabel, field: 'seats' };
          if (passenger.ageType === 'infant') throw bookingError('ERROR_INFANT_SEAT', where);
          if (ticket.checkedInAt) {
            throw new ApiError('ERROR_SEAT_CHANGE_NOT_ALLOWED', 409, {
              message: 'The seat cannot change: the passenger is checked in.',
              field: 'seats',
              params: { reason: 'checkedIn' },
            });
          }
          const spot = spots.get(seatLabel);
          if (!spot || isAbsent(spot.flags) || spot.tariffGroupId !== ticket.tariffGroupId) {
            throw bookingError('ERROR_BOOKED_SEATS_NOT_BELONG_BOOKED_FLIGHTS', where);
          }
          if ((spot.flags & (SEAT_FLAGS.disabled | SEAT_FLAGS.reserved)) !== 0) {
            throw bookingError('ERROR_BOOKED_SEATS_OCCUPIED', where);
          }
          if (seatCostsMoreThanPaid(spot.price, ticket.seatPrice)) {
            throw new ApiError('ERROR_CHECK_IN_SEAT_NOT_PAID', 422, {
              message: `Seat ${seatLabel} costs more than the seat paid for.`,
              field: 'seats',
              params: { seatLabel },
            });
          }
          moves.set(passengerId, seatLabel);
        }
        // A seat is free when no other booking holds it and no passenger of this one keeps it.
        const heldByOthers = await repo.seatsHeldByOthers(tx, head.flight.id, fresh.id);
        const kept = new Set(
          onFlight.filter((t) => !moves.has(t.passengerId) && t.seatLabel).map((t) => t.seatLabel as string),
        );
        const targets = new Set<string>();
        for (const [, seatLabel] of moves) {
          if (heldByOthers.has(seatLabel) || kept.has(seatLabel) || targets.has(seatLabel)) {
            throw new ApiError('ERROR_SEAT_LABEL_NOT_UNIQUE', 409, { field: 'seats', params: { seatLabel } });
          }
          targets.add(seatLabel);
        }
        // Clear the moving seats first, so two passengers of the booking may swap.
        for (const passengerId of moves.keys()) await repo.setSeat(tx, ticketOf.get(passengerId)!.id, null);
        for (const [passengerId, seatLabel] of moves) {
          await repo.setSeat(tx, ticketOf.get(passengerId)!.id, seatLabel);
          seatOf.set(passengerId, seatLabel);
        }
        // A passenger without a seat gets one from the airline, free: the cheapest free seat of their
        // tariff group, front to back, as check-in desks do (docs/check-in.md).
        const seatless = fresh.passengers.filter((p) => {
          const ticket = ticketOf.get(p.id);
          return (
            chosen.has(p.id) && p.ageType !== 'infant' && ticket && !ticket.checkedInAt && !seatOf.get(p.id)
          );
        });
        if (seatless.length > 0) {
          const taken = new Set([
            ...heldByOthers,
            ...[...seatOf.values()].filter((label): label is string => !!label),
          ]);
          const given = reassignSeats(
            seatless.map((p) => ({ key: p.id, label: '', tariffGroupId: ticketOf.get(p.id)!.tariffGroupId })),
            head.flight.sections,
            taken,
          );
          for (const [passengerId, seatLabel] of given) {
            await repo.setSeat(tx, ticketOf.get(passengerId)!.id, seatLabel);
            seatOf.set(passengerId, seatLabel);
            moves.set(passengerId, seatLabel);
          }
        }
        if (moves.size > 0) await reservations.recordChange(tx, null, fresh.id, ['tickets']);

        // Sequence numbers in the order passengers were booked, each infant right after its adult.
        const order = fresh.passengers
          .filter((p) => chosen.has(p.id) && p.ageType !== 'infant')
          .flatMap((p) => [
            p,
            ...fresh.passengers.filter((infant) => laps.get(infant.id) === p.id && chosen.has(infant.id)),
          ]);
        let sequence = await repo.lastSequence(tx, head.flight.id);
        const at = now();
        const newly: number[] = [];
        for (const passenger of order) {
          const ticket = ticketOf.get(passenger.id)!;
          if (ticket.checkedInAt) continue;
          sequence += 1;
          const seatLabel = passenger.ageType === 'infant' ? null : (seatOf.get(passenger.id) ?? null);
          await repo.checkInTicket(tx, ticket.id, { checkedInAt: at, checkInSequence: sequence, seatLabel });
          ticketOf.set(passenger.id, { ...ticket, checkedInAt: at, checkInSequence: sequence, seatLabel });
          await logEntityChange(tx, {
            userId: null,
            entityType: 'passenger',
            entityId: passenger.id,
            operation: 'update',
            changedFields: ['checkIn'],
          });
          newly.push(passenger.id);
        }

        const passes = order
          .filter((passenger) => passenger.ageType !== 'infant')
          .map((passenger) => ({
            passenger,
            ...passOf(fresh, head, passenger, ticketOf.get(passenger.id)!),
          }));
        const fresher = passes.filter((entry) => newly.includes(entry.passenger.id));
        if (fresher.length > 0) {
          // The e-mail is in the booking's language; so are the passes it carries.
          const pdf = await boardingPassPdf(documentsOf(fresh, head, fresher, languageOf(fresh, undefined)));
          const local = airportLocalTime(head.flight.departure, head.origin.timezone);
          await notifyBoardingPasses(
            tx,
            options.messages,
            fresh.id,
            {
              flight: {
                number: head.flight.number,
                route: `${head.origin.code} – ${head.destination.code}`,
                date: local.date,
                time: local.time,
              },
              passes: fresher.map(({ passenger, pass }) => ({
                passenger: fullName(passenger),
                seat: pass.seat,
                sequenceNumber: pass.sequenceNumber,
              })),
            },
            pdf,
          );
        }
        return { boardingPasses: passes.map((entry) => entry.pass) };
      }),
    );
  }

  return {
    /** The booking's passengers and its flights open for check-in; every look-up is counted. */
    /** Every find counts against the caller's address, found or not (as manage my booking's). */
    async find(ip: string, body: CheckInLookupBody): Promise<FoundCheckIn> {
      await hitRateLimit(db, `check-in:find:ip:${ip}`, limit);
      const booking = await lookUp(db, body);
      return view(booking, body.locale);
    },

    async checkIn(ip: string, body: CheckInBody) {
      const booking = await lookUpCounted(ip, body);
      try {
        return await checkIn(body, booking);
      } catch (error) {
        // Two check-ins of one flight at the same instant: the index decides, the loser is told.
        const conflict = uniqueViolationOf(error);
        if (conflict?.constraint === 'tickets_flight_seat_key') {
          throw new ApiError('ERROR_SEAT_LABEL_NOT_UNIQUE', 409, { field: 'seats' });
        }
        throw error;
      }
    },

    /** BoardingPass.pdf of checked-in passengers of the booking on a flight (all, or those asked for). */
    async boardingPassPdf(
      ip: string,
      body: CheckInLookupBody & { flightId: number; passengerIds?: number[] | undefined },
    ): Promise<FileAnswer> {
      const booking = await lookUpCounted(ip, body);
      if (booking.status === 'cancelled') throw refusalErrorOf('cancelled');
      const head = await findFlightHead(db, body.flightId);
      // A pass stays printable after check-in closes (at the gate), never once the flight is cancelled.
      if (head && (head.flight.status === 'cancelled' || !head.flight.isActive))
        throw refusalErrorOf('cancelled');
      const onFlight = (await repo.bookingTickets(db, booking.id)).filter(
        (ticket) => ticket.flightId === body.flightId && ticket.checkedInAt !== null,
      );
      const wanted = body.passengerIds ? new Set(body.passengerIds) : null;
      const passes = booking.passengers
        .filter(
          (passenger) => passenger.ageType !== 'infant' && (wanted === null || wanted.has(passenger.id)),
        )
        .flatMap((passenger) => {
          const ticket = onFlight.find((t) => t.passengerId === passenger.id);
          return ticket && head ? [{ passenger, ...passOf(booking, head, passenger, ticket) }] : [];
        });
      if (!head || passes.length === 0) {
        throw new ApiError('ERROR_NOT_FOUND', 404, { message: 'No checked-in passenger on this flight' });
      }
      const language = languageOf(booking, body.locale);
      return {
        body: await boardingPassPdf(documentsOf(booking, head, passes, language)),
        fileName: 'BoardingPass.pdf',
        contentType: 'application/pdf',
      };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
