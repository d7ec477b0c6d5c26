import {
  defaultPaymentDeadline,
  isDepartingSoon,
  type PermissionRule,
  type Rappen,
  satisfies,
  takesSeat,
  toRappen,
} from '@flybook/domain';
import { DEFAULT_PAYMENT_WINDOW_MINUTES, type Reservation, type ReservationBody } from '@flybook/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { isUniqueViolation, uniqueViolationOf } from '../../platform/sql.ts';
import { channelOf } from '../booking/booking.service.ts';
import { bookingError } from '../booking/booking-errors.ts';
import { type BookingPlan, planBooking } from '../booking/booking-plan.ts';
import { isOpenFor } from '../booking/price-list.ts';
import { createUserWithAccount } from '../users/users.repository.ts';
import { toReservation } from './reservation-view.ts';
import * as repo from './reservations.repository.ts';

type Body = z.output<typeof ReservationBody>;

/** Which role each staff-only field of the create payload needs (spec 02 §6). */
const FIELD_ROLES: { field: keyof Body; role: PermissionRule; sent: (body: Body) => boolean }[] = [
  {
    field: 'isSpecificPrice',
    role: 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE',
    sent: (b) => b.isSpecificPrice,
  },
  { field: 'total', role: 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE', sent: (b) => b.total !== undefined },
  { field: 'updateFee', role: 'ROLE_RESERVATION_UPDATE_FEE', sent: (b) => b.updateFee !== undefined },
  { field: 'priceNeedsToBeHidden', role: 'ROLE_RESERVATION_HIDE_PRICE', sent: (b) => b.priceNeedsToBeHidden },
  { field: 'comment', role: 'ROLE_RESERVATION_CREATE_COMMENT', sent: (b) => Boolean(b.comment) },
  {
    field: 'owner',
    role: { anyOf: ['ROLE_AGENT_LIST', 'ROLE_CUSTOMER_LIST', 'ROLE_USER_READ_ACCOUNT'] },
    sent: (b) => b.owner !== undefined,
  },
  {
    field: 'paymentDeadline',
    role: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
    sent: (b) => b.paymentDeadline !== undefined,
  },
];

/** Who may choose which payment terms (spec 02 §4, §6); card payment ("now") is open to all. */
const TERMS_ROLES: Partial<Record<Body['paymentTerms'], string>> = {
  later: 'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
  bill: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
  airport: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_AIRPORT',
};

const forbidden = (field: string) =>
  new ApiError('ERROR_FORBIDDEN', 403, { message: `No permission for ${field}`, field });

/** The caller's rights on the payload: fields and terms need their roles; guests only pay by card. */
function checkRights(user: AuthUser | null, body: Body) {
  if (!user) {
    if (body.paymentTerms !== 'now')
      throw new ApiError('ERROR_USER_IS_NO_LOGGED_IN', 401, { field: 'paymentTerms' });
    for (const rule of FIELD_ROLES) if (rule.sent(body)) throw forbidden(rule.field);
    return;
  }
  const channel = channelOf(user);
  if (channel !== 'public' && !satisfies(user.roles, 'ROLE_RESERVATION_CREATE')) throw ApiError.forbidden();
  for (const rule of FIELD_ROLES) {
    if (rule.sent(body) && !satisfies(user.roles, rule.role)) throw forbidden(rule.field);
  }
  if (body.paymentTerms === 'update') throw forbidden('paymentTerms');
  const termsRole = TERMS_ROLES[body.paymentTerms];
  if (termsRole && !satisfies(user.roles, termsRole)) throw forbidden('paymentTerms');
  if (
    body.billingInformation.isCreateAccount &&
    channel !== 'public' &&
    !satisfies(user.roles, 'ROLE_RESERVATION_CREATE_ACCOUNT')
  ) {
    throw forbidden('billingInformation.isCreateAccount');
  }
  if (body.isSpecificPrice !== (body.total !== undefined)) {
    throw new ValidationError([
      { code: 'ERROR_REQUIRED', message: 'An agreed total goes with isSpecificPrice', field: 'total' },
    ]);
  }
}

/** Today in Switzerland, where the airline keeps its books. */
const today = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(now);

/** The deadline and terms rules at the moment of booking (spec 02 §5). */
function paymentDeadlineOf(user: AuthUser | null, body: Body, plan: BookingPlan, now: Date): string | null {
  if (body.paymentTerms === 'now') return null;
  const first = plan.flights[0]!;
  if (
    body.paymentTerms === 'later' &&
    isDepartingSoon(first.departure, now) &&
    !(user && satisfies(user.roles, 'ROLE_RESERVATION_PAYMENT_TERMS_LATER_NEAR_DEPARTURE'))
  ) {
    throw new ApiError('ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED', 422, { field: 'paymentTerms' });
  }
  const day = today(now);
  if (body.paymentDeadline !== undefined) {
    if (body.paymentDeadline < day) {
      throw new ApiError('ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST', 422, { field: 'paymentDeadline' });
    }
    return body.paymentDeadline;
  }
  return defaultPaymentDeadline(day, today(first.departure));
}

/**
 * Takes the party's seats on every booked flight inside the booking's transaction, flights in id
 * order so two bookings never deadlock. Agents use their own allotments first. Returns the
 * allotment each seat-taking passenger's ticket comes from, per flight.
 */
async function takeSeats(
  tx: Tx,
  user: AuthUser | null,
  plan: BookingPlan,
  seatTakers: number,
  channel: 'public' | 'agent' | 'staff',
): Promise<Map<number, (number | null)[]>> {
  const sources = new Map<number, (number | null)[]>();
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
    if (rest > 0 && !(await repo.takeSaleSeats(tx, flight.flightId, flight.tariffGroupId, rest, channel))) {
      throw bookingError('ERROR_AVAILABLE_SEATS_NOT_ENOUGH', {
        direction: flight.direction,
        flightId: flight.flightId,
      });
    }
    sources.set(flight.flightId, [...fromAllotments, ...Array<null>(rest).fill(null)]);
  }
  return sources;
}

/** The seat in "Key (flight_id, seat_label)=(7, 12A) already exists." */
function seatOfConflict(detail: string): { flightId: number; seatLabel: string } | null {
  const match = /=\((\d+), ([0-9A-Z]+)\)/.exec(detail);
  return match ? { flightId: Number(match[1]), seatLabel: match[2]! } : null;
}

export function createReservationsService(db: Db, options: { paymentWindowMinutes?: number } = {}) {
  const paymentWindow = options.paymentWindowMinutes ?? DEFAULT_PAYMENT_WINDOW_MINUTES;

  /** A reservation for its reader; `asBooker` is the answer to the one who just booked it (maybe a guest). */
  async function read(
    tx: Db | Tx,
    id: number,
    user: AuthUser | null,
    asBooker = false,
  ): Promise<Reservation> {
    const record = await repo.findReservation(tx, id);
    if (!record) throw ApiError.notFound('reservation', id);
    if (asBooker) return toReservation(record, false);
    const isStaff =
      user !== null && satisfies(user.roles, { allOf: ['ROLE_RESERVATION_READ', 'ROLE_RESERVATION_LIST'] });
    const isReservator = user !== null && record.reservation.reservatorId === user.id;
    const isOwner = user !== null && record.reservation.ownerId === user.id;
    // Someone else's reservation is answered as not found: ids reveal nothing.
    if (!isStaff && !isReservator && !isOwner) throw ApiError.notFound('reservation', id);
    return toReservation(record, record.reservation.priceNeedsToBeHidden && !isStaff && !isReservator);
  }

  async function create(user: AuthUser | null, body: Body, idempotencyKey?: string): Promise<Reservation> {
    checkRights(user, body);
    const channel = channelOf(user);
    const billing = body.billingInformation;
    if (billing.isCreateAccount && billing.password !== billing.passwordConfirm) {
      throw new ValidationError([
        {
          code: 'ERROR_NOT_EQUAL_PASSWORD',
          message: 'Should be equal to password',
          field: 'billingInformation.passwordConfirm',
        },
      ]);
    }
    if (billing.isCreateAccount && !billing.password) {
      throw new ValidationError([
        { code: 'ERROR_REQUIRED', message: 'This value is required.', field: 'billingInformation.password' },
      ]);
    }
    const now = new Date();
    try {
      return await idempotent(
        db,
        { scope: `reservation:create:${user?.id ?? 'public'}`, key: idempotencyKey, body },
        async (tx) => {
          await repo.shareLockFlights(
            tx,
            body.bookedFlights.map((booked) => booked.flight.id),
          );
          const plan = await planBooking(tx, body, { channel });
          for (const flight of plan.flights) {
            if (channel === 'staff') {
              if (
                flight.status === 'closed' &&
                !satisfies(user!.roles, 'ROLE_RESERVATION_CREATE_CLOSED_FLIGHT')
              ) {
                throw bookingError(
                  'ERROR_AVAILABLE_SEATS_NOT_ENOUGH',
                  { direction: flight.direction, flightId: flight.flightId },
                  403,
                );
              }
            } else if (!isOpenFor(flight, channel) || flight.departure <= now) {
              throw bookingError('ERROR_AVAILABLE_SEATS_NOT_ENOUGH', {
                direction: flight.direction,
                flightId: flight.flightId,
              });
            }
          }
          const paymentDeadline = paymentDeadlineOf(user, body, plan, now);
          const seatTakers = body.passengers.filter((passenger) => takesSeat(passenger.ageType)).length;
          const sources = await takeSeats(tx, user, plan, seatTakers, channel);

          let ownerId: number | null =
            user && user.type !== 'manager' && user.type !== 'admin' ? user.id : null;
          if (body.owner) {
            const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.owner.id));
            if (!owner)
              throw new ApiError('ERROR_NOT_FOUND', 404, { message: 'Not found owner', field: 'owner.id' });
            ownerId = owner.id;
          }
          if (billing.isCreateAccount && ownerId === null) {
            const [taken] = await tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.email, billing.email.toLowerCase()));
            if (taken) throw new ApiError('ERROR_EMAIL_TAKEN', 422, { field: 'billingInformation.email' });
            ownerId = await createUserWithAccount(tx, {
              email: billing.email.toLowerCase(),
              type: 'customer',
              group: 'customer',
              displayName: `${billing.firstName} ${billing.lastName}`,
              firstName: billing.firstName,
              lastName: billing.lastName,
              countryCode: billing.country,
              password: billing.password!,
            });
          }

          const {
            password: _password,
            passwordConfirm: _confirm,
            isCreateAccount: _create,
            language,
            ...storedBilling
          } = billing;
          const reservation = await repo.insertReservation(tx, {
            status: body.paymentTerms === 'now' ? 'created' : 'reserved',
            ownerId,
            reservatorId: user?.id ?? null,
            billing: storedBilling,
            language,
            comment: body.comment ?? '',
            priceNeedsToBeHidden: body.priceNeedsToBeHidden,
            expiresAt: body.paymentTerms === 'now' ? new Date(now.getTime() + paymentWindow * 60_000) : null,
          });
          const passengerIds = await repo.insertPassengers(
            tx,
            body.passengers.map((passenger) => ({
              reservationId: reservation.id,
              salutation: passenger.salutation,
              firstName: passenger.firstName,
              lastName: passenger.lastName,
              gender: passenger.gender,
              ageType: passenger.ageType,
              birthday: passenger.birthday,
            })),
          );

          const ticketRows = body.passengers.flatMap((passenger, index) => {
            const seatTaker = body.passengers.slice(0, index).filter((p) => takesSeat(p.ageType)).length;
            return plan.flights.map((flight, flightIndex) => {
              const cost = plan.cost.costForPassengers[index]!.flightsCosts[flightIndex]!;
              const seat = plan.seats.find(
                (entry) => entry.passenger === index && entry.flightId === flight.flightId,
              );
              return {
                reservationId: reservation.id,
                passengerId: passengerIds[index]!.id,
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
          const ticketIds = await repo.insertTickets(tx, ticketRows);
          await repo.insertTicketOptions(
            tx,
            plan.options.map((option) => ({
              ticketId:
                ticketIds[
                  ticketRows.findIndex(
                    (row) =>
                      row.passengerId === passengerIds[option.passenger]!.id &&
                      row.flightId === option.flightId,
                  )
                ]!.id,
              optionId: option.optionId,
              price: option.price,
            })),
          );
          const updateFee: Rappen = body.updateFee === undefined ? 0 : toRappen(body.updateFee);
          const computedTotal = plan.cost.total;
          await repo.insertInvoice(tx, {
            reservationId: reservation.id,
            total:
              body.isSpecificPrice && body.total !== undefined
                ? toRappen(body.total)
                : computedTotal + updateFee,
            computedTotal,
            updateFee,
            isSpecificPrice: body.isSpecificPrice,
            paymentTerms: body.paymentTerms,
            paymentDeadline,
          });
          const answer = await read(tx, reservation.id, user, true);
          await repo.insertSnapshot(tx, {
            reservationId: reservation.id,
            version: 1,
            snapshot: answer,
            userId: user?.id ?? null,
          });
          await logEntityChange(tx, {
            userId: user?.id ?? null,
            entityType: 'reservation',
            entityId: reservation.id,
            operation: 'create',
            changedFields: ['status', 'passengers', 'flights', 'billing', 'invoice'],
          });
          return answer;
        },
      );
    } catch (error) {
      const conflict = uniqueViolationOf(error);
      if (
        conflict?.constraint === 'tickets_flight_seat_key' ||
        (isUniqueViolation(error) && /seat_label/.test(conflict?.detail ?? ''))
      ) {
        const seat = seatOfConflict(conflict?.detail ?? '');
        const index = body.bookedFlights.findIndex((booked) => booked.flight.id === seat?.flightId);
        throw bookingError('ERROR_BOOKED_SEATS_OCCUPIED', {
          direction: index === 1 ? 'return' : index === 0 ? 'outbound' : 'both',
          ...(seat ? { flightId: seat.flightId, seatLabel: seat.seatLabel } : {}),
        });
      }
      throw error;
    }
  }

  /**
   * Cancels card bookings not paid within their window and gives their seats back (DESIGN §4).
   * Safe on several instances at once: each run takes only rows no other run has locked.
   */
  async function expireUnpaid(now: Date, batch = 100): Promise<number> {
    return db.transaction(async (tx) => {
      const expired = await repo.lockExpiredReservations(tx, now, batch);
      for (const { id, version } of expired) {
        await repo.releaseSeats(tx, id);
        await repo.markExpired(tx, id, version);
        await repo.insertSnapshot(tx, {
          reservationId: id,
          version: version + 1,
          snapshot: await read(tx, id, null, true),
          userId: null,
        });
        await logEntityChange(tx, {
          userId: null,
          entityType: 'reservation',
          entityId: id,
          operation: 'update',
          changedFields: ['status', 'tickets'],
        });
      }
      return expired.length;
    });
  }

  return {
    create,
    expireUnpaid,
    get: (user: AuthUser, id: number) => read(db, id, user),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
