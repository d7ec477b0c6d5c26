import {
  airportLocalTime,
  canCancelFlight,
  canChangeBookedOut,
  canDelayFlight,
  canMarkFlightDeparted,
  canUndelayFlight,
  type FlightState,
} from '@flybook/domain';
import type { DelayQuery, FlightSelectionQuery, NotifyQuery } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { logEntityChange } from '../../platform/entity-log.ts';
import { defaultMessageSettings, type MessageSettings, notifyFlightCancelled } from '../messages/notify.ts';
import { notifyPassengers } from './flight-notices.ts';
import * as repo from './flights.repository.ts';

type Selection = z.output<typeof FlightSelectionQuery>;

const transitionRefused = (flight: repo.FlightRow, target: string) =>
  new ApiError('ERROR_FLIGHT_STATUS_TRANSITION', 409, {
    message: `A ${flight.status}${flight.isDelayed ? ', delayed' : ''} flight cannot become ${target}`,
    params: { status: flight.status, target },
  });

/** What a cancelled flight needs of the reservations: a new version of each booking on it. */
export interface AffectedReservations {
  recordChange(tx: Tx, user: AuthUser, id: number, changedFields: string[]): Promise<unknown>;
}

/**
 * Bulk actions on the flight list and the state changes of one flight: activate, delete,
 * sequences, booked out, delayed, cancelled, departed. Every state change locks the flight row,
 * checks the transition with the domain rules and logs it in the same transaction.
 */
export function createFlightOperationsService(
  db: Db,
  options: {
    now?: () => Date;
    /** Marks the bookings of a cancelled flight (without it they are only told). */
    reservations?: AffectedReservations;
    messages?: MessageSettings;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const messages = options.messages ?? defaultMessageSettings();
  async function logAll(
    tx: Tx,
    user: AuthUser,
    ids: number[],
    operation: 'update' | 'delete',
    fields: string[],
  ) {
    for (const id of ids) {
      await logEntityChange(tx, {
        userId: user.id,
        entityType: 'flight',
        entityId: id,
        operation,
        changedFields: fields,
      });
    }
  }

  /** Deletes flights no reservation or invoiced allotment needs; answers the ones kept. */
  async function deleteFlights(tx: Tx, user: AuthUser, ids: number[]) {
    const [withReservations, withInvoices] = await Promise.all([
      repo.flightsWithReservations(tx, ids),
      repo.flightsWithInvoicedAllotments(tx, ids),
    ]);
    const kept = ids.filter((id) => withReservations.has(id) || withInvoices.has(id));
    const deletable = ids.filter((id) => !kept.includes(id));
    const sequenceIds = await repo.sequenceIdsOf(tx, deletable);
    const deleted = deletable.length > 0 ? await repo.deleteFlights(tx, deletable) : [];
    await repo.deleteEmptySequences(tx, sequenceIds);
    await logAll(
      tx,
      user,
      deleted.map((row) => row.id),
      'delete',
      [],
    );
    return { notDeletedIds: kept, deleted: deleted.length };
  }

  /** Changes one flight's state under a row lock after checking the transition is allowed. */
  async function changeState(
    user: AuthUser,
    id: number,
    allowed: (flight: FlightState) => boolean,
    target: string,
    values: Partial<repo.NewFlight>,
    after?: (tx: Tx, flight: repo.FlightRow) => Promise<unknown>,
  ) {
    await db.transaction(async (tx) => {
      const flight = await repo.lockFlight(tx, id);
      if (!flight) throw ApiError.notFound('flight', id);
      if (!allowed(flight)) throw transitionRefused(flight, target);
      const [updated] = await repo.updateFlight(tx, id, values);
      await logAll(tx, user, [id], 'update', Object.keys(values));
      await after?.(tx, updated!);
    });
  }

  async function tell(
    tx: Tx,
    flight: repo.FlightRow,
    notice: 'flightDelayed' | 'flightOnTime',
    channels: z.output<typeof NotifyQuery>,
  ) {
    const head = await repo.findFlightHead(tx, flight.id);
    await notifyPassengers(tx, notice, channels, {
      id: flight.id,
      number: flight.number,
      departure: flight.departure,
      origin: head!.origin,
      destination: head!.destination,
      delayMinutes: flight.delayMinutes,
    });
  }

  /**
   * The flight-cancellation workflow's first step (docs/flights.md, Cancelled flights): every
   * booking on the flight is told in its language (e-mail, SMS with consent) and gets a new version
   * saying its flight was cancelled, in the cancellation's transaction.
   */
  async function tellCancelled(tx: Tx, user: AuthUser, flight: repo.FlightRow) {
    const head = await repo.findFlightHead(tx, flight.id);
    const local = airportLocalTime(flight.departure, head!.origin.timezone);
    for (const { reservationId } of await repo.flightContacts(tx, flight.id)) {
      await notifyFlightCancelled(tx, messages, reservationId, {
        number: flight.number,
        route: `${head!.origin.code} – ${head!.destination.code}`,
        date: local.date,
        time: local.time,
        minutes: null,
      });
      await options.reservations?.recordChange(tx, user, reservationId, ['flights.status']);
    }
  }

  return {
    removeList: (user: AuthUser, selection: Selection) =>
      db.transaction(async (tx) => deleteFlights(tx, user, await repo.selectedFlightIds(tx, selection))),

    /** Deletes every flight of the sequences the chosen flights belong to. */
    removeSequences: (user: AuthUser, selection: Selection) =>
      db.transaction(async (tx) => {
        const sequenceIds = await repo.sequenceIdsOf(tx, await repo.selectedFlightIds(tx, selection));
        return deleteFlights(tx, user, await repo.flightIdsOfSequences(tx, sequenceIds));
      }),

    unassignSequence: (user: AuthUser, selection: Selection) =>
      db.transaction(async (tx) => {
        const ids = await repo.selectedFlightIds(tx, selection);
        const sequenceIds = await repo.sequenceIdsOf(tx, ids);
        const changed = ids.length > 0 ? await repo.updateFlights(tx, ids, { sequenceId: null }) : [];
        await repo.deleteEmptySequences(tx, sequenceIds);
        await logAll(
          tx,
          user,
          changed.map((row) => row.id),
          'update',
          ['sequenceId'],
        );
        return { count: changed.length };
      }),

    setActive: (user: AuthUser, selection: Selection, isActive: boolean) =>
      db.transaction(async (tx) => {
        const ids = await repo.selectedFlightIds(tx, selection);
        const changed = ids.length > 0 ? await repo.updateFlights(tx, ids, { isActive }) : [];
        await logAll(
          tx,
          user,
          changed.map((row) => row.id),
          'update',
          ['isActive'],
        );
        return { count: changed.length };
      }),

    setBookedOut: (user: AuthUser, id: number, isBookedOut: boolean) =>
      changeState(user, id, canChangeBookedOut, isBookedOut ? 'booked out' : 'open for sale', {
        isBookedOut,
      }),

    delay: (user: AuthUser, id: number, query: z.output<typeof DelayQuery>) =>
      changeState(
        user,
        id,
        canDelayFlight,
        'delayed',
        { isDelayed: true, delayMinutes: query.minutes ?? null },
        (tx, flight) => tell(tx, flight, 'flightDelayed', query),
      ),

    undelay: (user: AuthUser, id: number, query: z.output<typeof NotifyQuery>) =>
      changeState(
        user,
        id,
        canUndelayFlight,
        'on time',
        { isDelayed: false, delayMinutes: null },
        (tx, flight) => tell(tx, flight, 'flightOnTime', query),
      ),

    setStatus: (user: AuthUser, id: number, status: 'cancelled' | 'departed') =>
      changeState(
        user,
        id,
        status === 'cancelled' ? canCancelFlight : (flight) => canMarkFlightDeparted(flight, now()),
        status,
        { status },
        status === 'cancelled' ? (tx, flight) => tellCancelled(tx, user, flight) : undefined,
      ),

    /**
     * Sales close shortly before departure: created flights due by then become closed. The job has
     * no user, so its entries in the event log have none.
     */
    closeDueFlights: (closeBefore: Date) =>
      db.transaction(async (tx) => {
        const closed = await repo.closeFlightsDepartingBefore(tx, closeBefore);
        for (const { id } of closed) {
          await logEntityChange(tx, {
            userId: null,
            entityType: 'flight',
            entityId: id,
            operation: 'update',
            changedFields: ['status'],
          });
        }
        return closed.length;
      }),
  };
}

export type FlightOperationsService = ReturnType<typeof createFlightOperationsService>;
