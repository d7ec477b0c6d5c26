import {
  type BookingChannel,
  cancellationFeeProblem,
  cancelVerdict,
  canSplitParty,
  editVerdict,
  firstFlightBlock,
  invoiceStatusOf,
  isInvoiceSettled,
  outstandingOf,
  type Rappen,
  satisfies,
  splitPaidShare,
  splitVerdict,
  takesSeat,
  toChf,
  toRappen,
  travelDayOf,
} from '@flybook/domain';
import {
  type CardPageReservation,
  DEFAULT_PAYMENT_WINDOW_MINUTES,
  type DuplicatePassengersBody,
  type RebookBody,
  type Reservation,
  type ReservationBody,
  type ReservationNotificationBody,
  type UpdateReservationBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { entityChangeRow } from '../../platform/entity-log.ts';
import { translator } from '../../platform/i18n.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { retryOnDeadlock } from '../../platform/sql.ts';
import { newPasswordErrors } from '../auth/password-rule.ts';
import { channelOf, flightForSeats, heldSeats } from '../booking/booking.service.ts';
import { bookingError } from '../booking/booking-errors.ts';
import { type BookingPlan, checkAges, planBooking } from '../booking/booking-plan.ts';
import { isOpenFor } from '../flights/price-list.ts';
import { bookFeeReceivable, transferPaid } from '../ledger/invoice-transfers.ts';
import { defaultMessageSettings, type MessageSettings, notifyAccountCreated } from '../messages/notify.ts';
import { createUserWithAccount } from '../users/users.service.ts';
import { refuseUnless, reservationCancelled } from './action-refusals.ts';
import { guestKeyMatches, newGuestKey } from './guest-key.ts';
import { rebookedBody } from './rebook.ts';
import { type ReservationAccess, reservationAccess } from './reservation-access.ts';
import {
  bookingReceivedWrites,
  notifyBookingReceived,
  notifyPaymentBooked,
  notifyReservationCancelled,
  notifyReservationChanged,
  notifyReservationExpired,
} from './reservation-notices.ts';
import { checkBillingPhones, checkRights, forbidden, paymentDeadlineOf } from './reservation-rules.ts';
import { toReservation } from './reservation-view.ts';
import {
  checkDepartedUnchanged,
  invoiceAmounts,
  newReservationRecord,
  optionRowsOf,
  seatConflictOf,
  storedBillingOf,
  takeFromAllotments,
  takeFromSale,
  takeSeats,
  ticketRowsOf,
  writeTickets,
} from './reservation-writer.ts';
import * as repo from './reservations.repository.ts';

type Body = z.output<typeof ReservationBody>;

/**
 * What a reservation tells its customer, to see whether a save changed anything: flights, seats,
 * passengers, options, contact, terms, deadline and amounts, without versions, ids of reissued
 * tickets and times of the write.
 */
function customerView(reservation: Reservation): string {
  return JSON.stringify(reservation, (key, value) =>
    [
      'version',
      'updatedAt',
      'createdAt',
      'snapshotVersion',
      'ticketId',
      'expiresAt',
      // The contact's consents are theirs to give, not news about the booking.
      'isBankInformation',
      'isBookingInformation',
      'isPostInformation',
    ].includes(key)
      ? undefined
      : value,
  );
}

/** The parts of a reservation a save changed, as the event log names them (empty: nothing changed). */
function changedParts(before: Reservation, after: Reservation): string[] {
  const parts: [string, (reservation: Reservation) => unknown][] = [
    ['status', (r) => r.status],
    ['flights', (r) => r.flights],
    ['passengers', (r) => r.passengers],
    ['billing', (r) => [r.billingInformation, r.language, r.owner]],
    ['invoice', (r) => r.invoice],
    ['comment', (r) => r.comment],
    ['priceNeedsToBeHidden', (r) => r.priceNeedsToBeHidden],
  ];
  return parts
    .filter(([, part]) => JSON.stringify(part(before)) !== JSON.stringify(part(after)))
    .map(([name]) => name);
}

/** The password of the account a booking opens: typed twice alike, and under the password rule. */
function checkNewAccountPassword(billing: Body['billingInformation']) {
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
  if (billing.isCreateAccount) {
    // The account this booking opens gets a password like any other (docs/security.md).
    const refused = newPasswordErrors(billing.password, billing.email, 'billingInformation.password');
    if (refused.length > 0) throw new ValidationError(refused);
  }
}

/**
 * Every flight of the plan can be booked through the channel: staff book a closed flight only with
 * ROLE_RESERVATION_CREATE_CLOSED_FLIGHT; the public and agents only open flights not yet departed.
 */
function checkFlightsBookable(plan: BookingPlan, user: AuthUser | null, channel: BookingChannel, now: Date) {
  for (const flight of plan.flights) {
    if (channel === 'staff') {
      if (flight.status === 'closed' && !satisfies(user!.roles, 'ROLE_RESERVATION_CREATE_CLOSED_FLIGHT')) {
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
}

/**
 * Who owns a new booking, with the name the reservation shows: the booker (staff own none), or the
 * owner staff named, which must exist.
 */
async function ownerOf(
  tx: Tx,
  user: AuthUser | null,
  body: Body,
): Promise<{ id: number; displayName: string } | null> {
  if (body.owner) {
    const owner = await repo.findUserName(tx, body.owner.id);
    if (owner === undefined)
      throw new ApiError('ERROR_NOT_FOUND', 404, { message: 'Not found owner', field: 'owner.id' });
    return owner;
  }
  return user && user.type !== 'manager' && user.type !== 'admin'
    ? { id: user.id, displayName: user.displayName }
    : null;
}

/** Opens the customer account a booking asked for, under an e-mail no one has; answers its user id. */
async function openCustomerAccount(tx: Tx, billing: Body['billingInformation']): Promise<number> {
  if ((await repo.findUserIdByEmail(tx, billing.email.toLowerCase())) !== undefined)
    throw new ApiError('ERROR_EMAIL_TAKEN', 422, { field: 'billingInformation.email' });
  return createUserWithAccount(tx, {
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

type UpdateBody = z.output<typeof UpdateReservationBody>;

/**
 * Gives back what a cancelled reservation's invoice received beyond the fee, lowering the invoice's
 * paid total by it; answers the amount given back. The payments module gives one (payments/refunds.ts).
 */
export type RefundOnCancel = (
  tx: Tx,
  input: { reservationId: number; fee: Rappen; userId: number },
) => Promise<Rappen>;

export function createReservationsService(
  db: Db,
  options: {
    paymentWindowMinutes?: number;
    /** Gives paid money back on cancellation (the payments module); without it nothing is refunded. */
    refundOnCancel?: RefundOnCancel;
    /** The links in the customer messages (config.publicUrl); PUBLIC_URL or this host without it. */
    messages?: MessageSettings;
  } = {},
) {
  const paymentWindow = options.paymentWindowMinutes ?? DEFAULT_PAYMENT_WINDOW_MINUTES;
  const messages = options.messages ?? defaultMessageSettings();

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
    return toReservation(record, reservationAccess(user, record.reservation).hidePrices);
  }

  /**
   * A reservation as the public card result pages show it, to whoever holds its card transaction
   * (docs/security.md, "Public calls keyed by ids or secrets"). The booking's guest key, or a session
   * that may read it (`reservationAccess`, as GET reservation/{id}), gets the whole reservation;
   * anyone else only what the page needs without people: status, flights, amounts and paid state.
   */
  async function readForCardPage(
    id: number,
    caller: { user: AuthUser | null; guestKey?: string | undefined },
  ): Promise<CardPageReservation> {
    const record = await repo.findReservation(db, id);
    if (!record) throw ApiError.notFound('reservation', id);
    const { reservation } = record;
    let access: ReservationAccess | null = null;
    if (caller.user) {
      try {
        access = reservationAccess(caller.user, reservation);
      } catch {
        // Not theirs: they get the public part, like anyone holding the transaction id.
      }
    }
    const hidePrices = access ? access.hidePrices : reservation.priceNeedsToBeHidden;
    const full = toReservation(record, hidePrices);
    if (access || guestKeyMatches(caller.guestKey, reservation.guestKeyHash)) return full;
    // Built field by field, not by leaving fields out: answers are not parsed in production.
    return {
      id: full.id,
      recordLocator: full.recordLocator,
      status: full.status,
      flights: full.flights,
      invoice: full.invoice,
      language: full.language,
      priceNeedsToBeHidden: full.priceNeedsToBeHidden,
      expiresAt: full.expiresAt,
      createdAt: full.createdAt,
    };
  }

  /**
   * Writes a new booking: the reservation, its passengers, invoice and tickets, with the seats it
   * takes from allotments (the sale seats are taken last, by the caller: their lock lasts to commit).
   */
  async function writeReservation(
    tx: Tx,
    user: AuthUser | null,
    body: Body,
    plan: BookingPlan,
    channel: BookingChannel,
    facts: {
      owner: { id: number; displayName: string } | null;
      guestKeyHash: string | null;
      now: Date;
      paymentDeadline: string | null;
    },
  ) {
    const { owner, now, paymentDeadline } = facts;
    const billing = body.billingInformation;
    const seatTakers = body.passengers.filter((passenger) => takesSeat(passenger.ageType)).length;
    // An agent's allotments are locked and drawn on first: the tickets name the allotment of each seat.
    const sources = await takeFromAllotments(tx, user, plan, seatTakers, channel);
    const ticketRows = ticketRowsOf(body.passengers, plan, sources);
    const optionRows = optionRowsOf(plan, ticketRows);
    // Reservation, passengers, invoice, tickets and options in one statement: one round trip.
    const { reservation, passengers, invoice, tickets } = await repo.insertBooking(tx, {
      reservation: {
        status: body.paymentTerms === 'now' ? 'created' : 'reserved',
        guestKeyHash: facts.guestKeyHash,
        ownerId: owner?.id ?? null,
        reservatorId: user?.id ?? null,
        billing: storedBillingOf(billing),
        language: billing.language,
        comment: body.comment ?? '',
        priceNeedsToBeHidden: body.priceNeedsToBeHidden,
        expiresAt: body.paymentTerms === 'now' ? new Date(now.getTime() + paymentWindow * 60_000) : null,
      },
      passengers: body.passengers.map((passenger) => ({
        salutation: passenger.salutation,
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        gender: passenger.gender,
        ageType: passenger.ageType,
        birthday: passenger.birthday,
      })),
      invoice: {
        ...invoiceAmounts(body, plan),
        isSpecificPrice: body.isSpecificPrice,
        paymentTerms: body.paymentTerms,
        paymentDeadline,
      },
      tickets: ticketRows,
      options: optionRows.map(({ ticket, optionId, price }) => ({ ticket, optionId, price })),
    });
    const options = optionRows.map(({ ticket, ...option }) => ({ ticketId: tickets[ticket]!.id, ...option }));
    const record = newReservationRecord({
      reservation,
      invoice,
      owner,
      reservator: user ? { id: user.id, displayName: user.displayName } : null,
      passengers,
      tickets,
      options,
      plan,
    });
    return { reservation, record, sources };
  }

  async function create(user: AuthUser | null, body: Body, idempotencyKey?: string): Promise<Reservation> {
    checkRights(user, body);
    checkBillingPhones(body.billingInformation);
    const channel = channelOf(user);
    const billing = body.billingInformation;
    checkNewAccountPassword(billing);
    const now = new Date();
    try {
      // A booking meets another only at seat labels and the inventory row; should two lock them
      // in opposite orders (a staff change holds the inventory first), PostgreSQL aborts one: go again.
      return await retryOnDeadlock(() =>
        idempotent(
          db,
          { scope: `reservation:create:${user?.id ?? 'public'}`, key: idempotencyKey, body },
          async (tx, idempotentAnswer) => {
            // The flights are read FOR SHARE: no status change until this booking commits.
            const plan = await planBooking(tx, body, { channel, shareLock: true });
            checkAges(body.passengers, travelDayOf(plan.flights[0]!));
            checkFlightsBookable(plan, user, channel, now);
            const paymentDeadline = paymentDeadlineOf(user, body, plan, now);

            let owner = await ownerOf(tx, user, body);
            let openedAccount = false;
            if (billing.isCreateAccount && owner === null) {
              owner = {
                id: await openCustomerAccount(tx, billing),
                displayName: `${billing.firstName} ${billing.lastName}`,
              };
              openedAccount = true;
            }

            // A guest has no session: the key in the answer is what lets them pay this booking, also
            // when the booking opened a customer account (they are not signed in to it yet).
            const guest = user === null ? newGuestKey() : null;
            const { reservation, record, sources } = await writeReservation(tx, user, body, plan, channel, {
              owner,
              guestKeyHash: guest?.hash ?? null,
              now,
              paymentDeadline,
            });
            // Version 1 (snapshot and event-log entry) is written with the sale seats, in the
            // statement of their guarded update: the sale seats last, their row lock lasts until
            // commit (takeFromSale).
            const created = toReservation(record, false);
            const version = versionRows(
              user,
              reservation.id,
              1,
              ['status', 'passengers', 'flights', 'billing', 'invoice'],
              created,
            );
            // A card booking ("now") says nothing until it is paid (notifyPaymentBooked); any
            // other is told it was received, its e-mail queued in the seats' statement too (or
            // after them, with an SMS).
            const notice = body.paymentTerms === 'now' ? [] : await bookingReceivedWrites(messages, record);
            // The answer, stored with the Idempotency-Key (if any) in the same statement.
            const answer = guest ? { ...created, guestKey: guest.key } : created;
            const keyAnswer = idempotentAnswer.statement(answer);
            // When nothing is left to write after the seats, their statement carries the COMMIT.
            await takeFromSale(
              tx,
              plan,
              sources,
              channel,
              [...repo.snapshotWithLog(...version), ...(notice ?? []), ...(keyAnswer ? [keyAnswer] : [])],
              { thenCommit: notice !== null && !openedAccount },
            );
            if (notice === null) await notifyBookingReceived(tx, messages, reservation.id, record);
            if (openedAccount) {
              await notifyAccountCreated(tx, messages, {
                email: billing.email.toLowerCase(),
                name: `${billing.firstName} ${billing.lastName}`,
                language: billing.language,
                byStaff: channel === 'staff',
              });
            }
            return answer;
          },
        ),
      );
    } catch (error) {
      throw seatConflictOf(error, body.bookedFlights) ?? error;
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
        await repo.releaseSeats(tx, id, 'cancel');
        // Seats not paid for in time owe nothing: the invoice charges no fee, so none is open. It
        // stays "not paid" (not "paid", as 0 of 0 would read): the booking was never paid for.
        const { totalPaid } = await repo.findInvoice(tx, id);
        await repo.updateInvoice(tx, id, { total: 0, status: totalPaid > 0 ? 'overpaid' : 'notPaid' });
        await repo.updateReservation(tx, id, { status: 'cancelled', expiresAt: null, version: version + 1 });
        await recordVersion(tx, null, id, version + 1, ['status', 'tickets', 'invoice']);
        await notifyReservationExpired(tx, messages, id);
      }
      return expired.length;
    });
  }

  /**
   * Changes a reservation (staff, spec 02 §4 edit rules): the seats it holds go back and the new
   * booking takes its seats in the same transaction, so a change never oversells and never loses
   * the seats when it fails. Departed flights stay and keep their seats and options unless the user
   * may edit departed flights; closed flights need the update-closed role. Tickets are reissued.
   */
  async function update(
    user: AuthUser,
    id: number,
    body: UpdateBody,
    idempotencyKey?: string,
  ): Promise<Reservation> {
    checkRights(user, { ...body, paymentTerms: body.paymentTerms === 'update' ? 'now' : body.paymentTerms });
    checkBillingPhones(body.billingInformation);
    try {
      return await idempotent(
        db,
        { scope: `reservation:update:${user.id}:${id}`, key: idempotencyKey, body },
        (tx) => change(tx, user, id, body),
      );
    } catch (error) {
      throw seatConflictOf(error, body.bookedFlights) ?? error;
    }
  }

  /** The change itself, in the caller's transaction, once the caller's rights on the body are checked. */
  async function change(tx: Tx, user: AuthUser, id: number, body: UpdateBody): Promise<Reservation> {
    const row = await lockReadable(tx, id, user);
    refuseUnless(editVerdict(row, user), { noRole: ApiError.forbidden, cancelled: reservationCancelled });
    const before = (await repo.findReservation(tx, id))!;
    const heldFlights = await repo.flightsOfReservation(tx, id);
    const wanted = new Set(body.bookedFlights.map((booked) => booked.flight.id));
    await repo.shareLockFlights(tx, [...new Set([...wanted, ...heldFlights.map((flight) => flight.id)])]);
    const mayEditDeparted = satisfies(user.roles, 'ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT');
    for (const flight of heldFlights) {
      const where = { direction: flight.direction, flightId: flight.id };
      if (flight.status === 'departed') {
        if (!wanted.has(flight.id)) throw bookingError('ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED', where);
        if (!mayEditDeparted) checkDepartedUnchanged(before, body, flight.id, where);
      }
      if (flight.status === 'closed' && !satisfies(user.roles, 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT')) {
        throw forbidden('bookedFlights');
      }
    }
    const keptPassengers = new Map(before.passengers.map((passenger) => [passenger.id, passenger]));
    body.passengers.forEach((passenger, index) => {
      if (passenger.id !== undefined && !keptPassengers.has(passenger.id)) {
        throw new ApiError('ERROR_NOT_FOUND', 422, {
          message: `Not found passenger ${passenger.id}`,
          field: `passengers.${index}.id`,
        });
      }
    });

    const marks = await repo.departureMarks(tx, id);
    await repo.releaseSeats(tx, id, 'change');
    const plan = await planBooking(tx, body, {
      channel: 'staff',
      ownReservationId: id,
      keptFlightIds: new Set(heldFlights.map((flight) => flight.id)),
    });
    checkAges(body.passengers, travelDayOf(plan.flights[0]!));
    for (const flight of plan.flights) {
      if (
        flight.status === 'closed' &&
        !heldFlights.some((held) => held.id === flight.flightId) &&
        !satisfies(user.roles, 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT')
      ) {
        throw forbidden('bookedFlights');
      }
    }
    const seatTakers = body.passengers.filter((passenger) => takesSeat(passenger.ageType)).length;
    const sources = await takeSeats(tx, user, plan, seatTakers, 'staff');

    const passengerIds: number[] = [];
    for (const passenger of body.passengers) {
      const values = {
        salutation: passenger.salutation,
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        gender: passenger.gender,
        ageType: passenger.ageType,
        birthday: passenger.birthday,
      };
      if (passenger.id !== undefined) {
        await repo.updatePassenger(tx, passenger.id, values);
        passengerIds.push(passenger.id);
      } else {
        const [inserted] = await repo.insertPassengers(tx, [{ ...values, reservationId: id }]);
        passengerIds.push(inserted!.id);
      }
    }
    await repo.deletePassengers(
      tx,
      [...keptPassengers.keys()].filter((passengerId) => !passengerIds.includes(passengerId)),
    );
    await writeTickets(
      tx,
      id,
      body.passengers.map((passenger, index) => ({
        id: passengerIds[index]!,
        ageType: passenger.ageType,
      })),
      plan,
      sources,
    );
    await repo.restoreDepartureMarks(tx, id, marks);

    const invoice = before.invoice;
    // A change fee stays what it is unless the edit sets another (docs/reservation-admin.md).
    const amounts = invoiceAmounts({ ...body, updateFee: body.updateFee ?? toChf(invoice.updateFee) }, plan);
    const terms = body.paymentTerms === 'update' ? invoice.paymentTerms : body.paymentTerms;
    await repo.updateInvoice(tx, id, {
      ...amounts,
      isSpecificPrice: body.isSpecificPrice,
      paymentTerms: terms,
      paymentDeadline:
        body.paymentDeadline ??
        (terms === invoice.paymentTerms
          ? invoice.paymentDeadline
          : paymentDeadlineOf(user, { ...body, paymentTerms: terms }, plan, new Date())),
      status: invoiceStatusOf(amounts.total, invoice.totalPaid),
    });
    await repo.updateReservation(tx, id, {
      ownerId: body.owner?.id ?? row.ownerId,
      billing: storedBillingOf(body.billingInformation),
      language: body.billingInformation.language,
      comment: body.comment ?? row.comment,
      priceNeedsToBeHidden: body.priceNeedsToBeHidden,
    });
    const previous = toReservation(before, false);
    const changed = changedParts(previous, await read(tx, id, user, true));
    // A save that changed nothing writes no version: the history lists real changes only.
    if (changed.length === 0) return read(tx, id, user);
    await repo.updateReservation(tx, id, { version: row.version + 1 });
    const after = await recordVersion(tx, user, id, row.version + 1, changed);
    // Only a real change is told: a save that changed nothing the customer sees sends nothing.
    if (customerView(previous) !== customerView(after)) {
      await notifyReservationChanged(tx, messages, id);
    }
    return after;
  }

  /**
   * Rebooks a reservation's passengers from a cancelled flight onto another flight of the same
   * route (docs/flights.md, Cancelled flights): the same tariff and options, seats re-assigned
   * (`reassignSeats`), the price kept as the agreed total unless staff set another (which needs the
   * specific-price role). The change is an edit like any other: seats taken under the inventory
   * rules, a new version, and the contact told with the new booking overview.
   */
  async function rebook(
    user: AuthUser,
    id: number,
    body: z.output<typeof RebookBody>,
    idempotencyKey?: string,
  ): Promise<Reservation> {
    if (body.total !== undefined && !satisfies(user.roles, 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE')) {
      throw forbidden('total');
    }
    let bookedFlights: UpdateBody['bookedFlights'] = [];
    try {
      return await idempotent(
        db,
        { scope: `reservation:rebook:${user.id}:${id}`, key: idempotencyKey, body },
        async (tx) => {
          const row = await lockReadable(tx, id, user);
          refuseUnless(editVerdict(row, user), {
            noRole: ApiError.forbidden,
            cancelled: reservationCancelled,
          });
          const record = (await repo.findReservation(tx, id))!;
          const moved = record.tickets.filter((ticket) => ticket.flight.id === body.fromFlightId);
          const from = moved[0];
          if (!from) {
            throw new ApiError('ERROR_NOT_FOUND', 422, {
              message: `The reservation holds no ticket on flight ${body.fromFlightId}`,
              field: 'fromFlightId',
            });
          }
          if (from.flight.status !== 'cancelled') {
            throw new ApiError('ERROR_REBOOK_NOT_CANCELLED', 422, { field: 'fromFlightId' });
          }
          const target = await repo.flightRoute(tx, body.toFlightId);
          if (!target) throw ApiError.notFound('flight', body.toFlightId);
          if (
            target.origin !== from.origin.code ||
            target.destination !== from.destination.code ||
            record.tickets.some((ticket) => ticket.flight.id === target.id)
          ) {
            throw new ApiError('ERROR_REBOOK_OTHER_ROUTE', 422, { field: 'toFlightId' });
          }
          const seatMap = await flightForSeats(tx, target.id);
          const held = await heldSeats(tx, target.id);
          const rebooked = rebookedBody(record, row, body, {
            sections: seatMap?.sections ?? [],
            held: new Set(held.map((seat) => seat.seatLabel!)),
          });
          bookedFlights = rebooked.bookedFlights;
          return change(tx, user, id, rebooked);
        },
      );
    } catch (error) {
      throw seatConflictOf(error, bookedFlights) ?? error;
    }
  }

  /**
   * Writes the next version of a reservation: snapshot and event log, in the change's transaction.
   * The snapshot is the reservation read back, or `record` when the caller has it as written.
   */
  async function recordVersion(
    tx: Tx,
    user: AuthUser | null,
    id: number,
    version: number,
    changedFields: string[],
    record?: repo.ReservationRecord,
  ) {
    const snapshot = record ? toReservation(record, false) : await read(tx, id, user, true);
    await repo.insertSnapshotWith(tx, ...versionRows(user, id, version, changedFields, snapshot));
    return snapshot;
  }

  /** The rows of a version: its snapshot and its event-log entry. */
  function versionRows(
    user: AuthUser | null,
    id: number,
    version: number,
    changedFields: string[],
    snapshot: Reservation,
  ) {
    return [
      { reservationId: id, version, snapshot, userId: user?.id ?? null },
      entityChangeRow({
        userId: user?.id ?? null,
        entityType: 'reservation',
        entityId: id,
        operation: version === 1 ? 'create' : 'update',
        changedFields,
      }),
    ] as const;
  }

  /**
   * A change of a reservation's tickets made elsewhere in the caller's transaction (departure
   * control's seat change, a traveller's seat at online check-in: `user` null): the next version,
   * with its snapshot and event-log entry, as every reservation write makes one.
   */
  async function recordChange(tx: Tx, user: AuthUser | null, id: number, changedFields: string[]) {
    const row = await lockReadable(tx, id);
    // A change of tickets made by another area needs no edit role of its own; still not once cancelled.
    refuseUnless(editVerdict(row, user ?? { roles: [] }), { cancelled: reservationCancelled });
    await repo.updateReservation(tx, id, { version: row.version + 1 });
    return recordVersion(tx, user, id, row.version + 1, changedFields);
  }

  /**
   * Locks a reservation to change it: not found ones are refused. With a `user` (edit, cancel,
   * split) it must also be one they may read: a change role alone (an agent given
   * ROLE_RESERVATION_CANCEL) does not reach other people's bookings, which answer 404. Whether the
   * change may go is the action's verdict (`reservationActions`, @flybook/domain).
   */
  async function lockReadable(tx: Tx, id: number, user?: AuthUser) {
    const row = await repo.lockReservation(tx, id);
    if (!row) throw ApiError.notFound('reservation', id);
    if (user) reservationAccess(user, row);
    return row;
  }

  /**
   * Cancels a reservation (spec 02 §4, §6): its seats go back and the invoice becomes the fee, at
   * most the reservation's total. What was paid above the fee is refunded; what the fee asks beyond
   * what was paid is booked as owed (a receivable), to be paid like any invoice (docs/payments.md).
   * Not once a flight is closed or departed, unless the role for changing such flights allows it.
   * An Idempotency-Key makes a repeat answer the first cancellation and change nothing.
   */
  async function cancel(
    user: AuthUser,
    id: number,
    fee: number,
    idempotencyKey?: string,
  ): Promise<Reservation> {
    return idempotent(
      db,
      { scope: `reservation:cancel:${user.id}:${id}`, key: idempotencyKey, body: { fee } },
      async (tx) => {
        const row = await lockReadable(tx, id, user);
        const flights = await repo.flightsOfReservation(tx, id);
        const blocked = firstFlightBlock(flights, user.roles);
        refuseUnless(cancelVerdict({ status: row.status, flights }, user), {
          noRole: ApiError.forbidden,
          cancelled: reservationCancelled,
          flightDeparted: () =>
            bookingError('ERROR_BOOKED_DEPARTED_FLIGHT_REMOVED', {
              direction: blocked!.flight.direction,
              flightId: blocked!.flight.id,
            }),
          flightClosed: () => forbidden('status'),
        });
        const invoice = await repo.findInvoice(tx, id);
        const total = toRappen(fee);
        if (cancellationFeeProblem(total, invoice.total) !== null) {
          throw new ApiError('ERROR_CANCELLATION_FEE_TOO_HIGH', 422, {
            field: 'fee',
            params: { max: toChf(invoice.total) },
          });
        }
        await repo.releaseSeats(tx, id, 'cancel');
        const refunded =
          (await options.refundOnCancel?.(tx, { reservationId: id, fee: total, userId: user.id })) ?? 0;
        // The invoice now charges the fee; it keeps what was not given back (the refunds lowered it).
        const { totalPaid } = await repo.findInvoice(tx, id);
        await bookFeeReceivable(tx, id, outstandingOf({ total, totalPaid }), user.id);
        await repo.updateInvoice(tx, id, { total, status: invoiceStatusOf(total, totalPaid) });
        await repo.updateReservation(tx, id, {
          status: 'cancelled',
          expiresAt: null,
          version: row.version + 1,
        });
        const cancelled = await recordVersion(tx, user, id, row.version + 1, [
          'status',
          'tickets',
          'invoice',
        ]);
        await notifyReservationCancelled(tx, messages, id, { fee: total, refunded });
        return cancelled;
      },
    );
  }

  /**
   * Moves one passenger into a reservation of their own (spec 02 §5): same contact, owner, terms
   * and status; the new invoice charges the passenger's computed price, the old one the rest. The
   * paid share of the passenger's price follows them (`splitPaidShare`): a ledger transfer from the
   * old invoice's payments to the new one (docs/payments.md). Each reservation names the other.
   * An Idempotency-Key makes a repeat answer the first split and change nothing.
   */
  async function split(
    user: AuthUser,
    id: number,
    passengerId: number,
    idempotencyKey?: string,
  ): Promise<Reservation> {
    return idempotent(
      db,
      { scope: `reservation:split:${user.id}:${id}`, key: idempotencyKey, body: { passengerId } },
      async (tx) => {
        const row = await lockReadable(tx, id, user);
        const record = (await repo.findReservation(tx, id))!;
        refuseUnless(splitVerdict({ status: row.status, passengerCount: record.passengers.length }, user), {
          noRole: ApiError.forbidden,
          cancelled: reservationCancelled,
          onePassenger: () => new ApiError('ERROR_SPLIT_ONE_PASSENGER', 422, { field: 'passengerId' }),
        });
        const moved = record.passengers.find((passenger) => passenger.id === passengerId);
        if (!moved) {
          throw new ApiError('ERROR_NOT_FOUND', 422, {
            message: `Not found passenger ${passengerId}`,
            field: 'passengerId',
          });
        }
        const staying = record.passengers.filter((passenger) => passenger.id !== passengerId);
        if (
          !canSplitParty(
            [moved.ageType],
            staying.map((passenger) => passenger.ageType),
          )
        ) {
          throw new ApiError('ERROR_SPLIT_INFANTS', 422, { field: 'passengerId' });
        }
        const movedPrice = await repo.passengerPrice(tx, passengerId);
        const invoice = record.invoice;
        const created = await repo.insertReservation(tx, {
          status: row.status,
          ownerId: row.ownerId,
          reservatorId: row.reservatorId,
          billing: row.billing,
          language: row.language,
          comment: row.comment,
          priceNeedsToBeHidden: row.priceNeedsToBeHidden,
          expiresAt: row.expiresAt,
          splitFromId: id,
        });
        await repo.movePassenger(tx, passengerId, created.id);
        const newInvoice = await repo.insertInvoice(tx, {
          reservationId: created.id,
          total: movedPrice,
          computedTotal: movedPrice,
          paymentTerms: invoice.paymentTerms,
          paymentDeadline: invoice.paymentDeadline,
          status: invoiceStatusOf(movedPrice, 0),
        });
        const share = splitPaidShare(invoice.totalPaid, invoice.total, movedPrice);
        const movedPaid = await transferPaid(
          tx,
          { invoiceId: invoice.id, reservationId: id },
          { invoiceId: newInvoice.id, reservationId: created.id },
          share,
          user.id,
        );
        await repo.updateInvoice(tx, created.id, { status: invoiceStatusOf(movedPrice, movedPaid) });
        const remainingTotal = Math.max(0, invoice.total - movedPrice);
        await repo.updateInvoice(tx, id, {
          total: remainingTotal,
          computedTotal: Math.max(0, invoice.computedTotal - movedPrice),
          status: invoiceStatusOf(remainingTotal, invoice.totalPaid - movedPaid),
        });
        await repo.updateReservation(tx, id, { version: row.version + 1 });
        await recordVersion(tx, user, id, row.version + 1, ['passengers', 'invoice', 'splitInto']);
        return recordVersion(tx, user, created.id, 1, [
          'status',
          'passengers',
          'flights',
          'billing',
          'invoice',
          'splitFrom',
        ]);
      },
    );
  }

  /** Passengers already booked on the flights under the same name (the warning before booking). */
  async function duplicatePassengers(body: z.output<typeof DuplicatePassengersBody>) {
    const found = await repo.passengersNamed(db, body.flightIds, body.passengers, body.reservationId);
    const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
    return {
      items: found.flatMap((match) =>
        body.passengers
          .map((person, index) => ({ person, index }))
          .filter(
            ({ person }) =>
              same(person.firstName, match.firstName) &&
              same(person.lastName, match.lastName) &&
              (!person.birthday || person.birthday === match.birthday),
          )
          .map(({ index }) => ({ passenger: index, ...match })),
      ),
    };
  }

  /**
   * An SMS to the contact of each chosen reservation that is not cancelled, queued in the outbox
   * in one transaction: all are sent or none.
   */
  async function notify(body: z.output<typeof ReservationNotificationBody>) {
    return db.transaction(async (tx) => {
      const contacts = await repo.contactsOf(tx, body.ids);
      let sent = 0;
      for (const contact of contacts) {
        if (contact.status === 'cancelled' || !contact.billing.phoneMobile) continue;
        // Staff write one text for many bookings: each SMS names its own booking by the locator.
        const reference = translator(contact.language)('reservationDocuments.common.bookingReference');
        await enqueueMessage(tx, {
          channel: 'sms',
          recipient: contact.billing.phoneMobile,
          body: `${reference} ${contact.recordLocator}: ${body.content}`,
          language: contact.language,
          reservationId: contact.id,
          template: 'reservation-notification',
        });
        sent += 1;
      }
      return { sent };
    });
  }

  /**
   * After money moved on a reservation's invoice (the payments module, in its transaction): a
   * reservation now paid in full is confirmed and stops holding seats on a timer; every payment is
   * a new version with its snapshot.
   */
  async function recordPayment(
    tx: Tx,
    user: AuthUser | null,
    id: number,
    amount?: number,
  ): Promise<Reservation> {
    const row = await repo.lockReservation(tx, id);
    if (!row) throw ApiError.notFound('reservation', id);
    const invoice = await repo.findInvoice(tx, id);
    const confirms = isInvoiceSettled(invoice) && (row.status === 'created' || row.status === 'reserved');
    await repo.updateReservation(tx, id, {
      ...(confirms ? { status: 'confirmed' as const, expiresAt: null } : {}),
      version: row.version + 1,
    });
    const recorded = await recordVersion(
      tx,
      user,
      id,
      row.version + 1,
      confirms ? ['invoice', 'status'] : ['invoice'],
    );
    // Every payment path (card, cash, bank, transfer, account) ends here, in its transaction.
    if (amount !== undefined && amount > 0) await notifyPaymentBooked(tx, messages, id, amount);
    return recorded;
  }

  async function snapshotList(user: AuthUser, id: number) {
    const current = await read(db, id, user);
    const rows = await repo.snapshotsOf(db, id);
    return {
      items: rows.map((row) => ({
        version: row.version,
        datetime: row.createdAt.toISOString(),
        user: row.user?.id ? { id: row.user.id, displayName: row.user.displayName } : null,
        // Snapshots saved before record locators lack it; a reservation's locator never changes.
        snapshot: { ...(row.snapshot as Reservation), recordLocator: current.recordLocator },
      })),
    };
  }

  return {
    create,
    update,
    cancel,
    rebook,
    split,
    snapshotList,
    duplicatePassengers,
    notify,
    expireUnpaid,
    recordPayment,
    recordChange,
    readForCardPage,
    get: (user: AuthUser, id: number) => read(db, id, user),
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;

// What other modules may use of this module's queries (docs/architecture.md): its repository is its own.
export {
  findReservation,
  lockReservation,
  type ReservationRecord,
  shareLockFlights,
} from './reservations.repository.ts';
