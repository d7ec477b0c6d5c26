import { normalizeRecordLocator, satisfies, toChf } from '@flybook/domain';
import {
  type InvoiceOverviewQuery,
  type KnownPassenger,
  type OwnReservationListQuery,
  PASSENGER_LIST_LIMIT,
  RESERVATION_USER_LIST_LIMIT,
  type ReservationListItem,
  type ReservationListQuery,
  type ReservationPassengerListQuery,
  type ReservationStatus,
  type ReservationUserListQuery,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import * as repo from './reservation-lists.repository.ts';

/** Staff who read any reservation in full; the same test as reading one (reservations.service). */
const STAFF_READER = { allOf: ['ROLE_RESERVATION_READ', 'ROLE_RESERVATION_LIST'] };

/** The invoice overview only holds open bookings paid by bill (spec 02 §4). */
const INVOICE_OVERVIEW_STATUSES: ReservationStatus[] = ['created', 'reserved', 'confirmed'];

/** Seeing other people's earlier passengers, not only the owner's (spec 02 §6 "select passenger user extended"). */
const ROLE_ANY_PASSENGER = 'ROLE_RESERVATION_SELECT_PASSENGER_USER_EXTENDED';

type Filters = Pick<
  z.output<typeof OwnReservationListQuery>,
  | 'query'
  | 'isActive'
  | 'flightId'
  | 'reservationStatus'
  | 'paymentStatus'
  | 'flightDateInterval'
  | 'createdAtInterval'
  | 'paymentDateInterval'
  | 'deadlineDateInterval'
  | 'paymentTerms'
>;

const filterOf = (query: Filters): repo.ReservationFilter => ({
  query: query.query,
  // On one flight's list (a cancelled flight's worklist) the flight's state does not hide anyone.
  isActive: query.flightId === undefined ? query.isActive : undefined,
  flightId: query.flightId,
  statuses: query.reservationStatus,
  invoiceStatuses: query.paymentStatus,
  flightDate: query.flightDateInterval,
  createdAt: query.createdAtInterval,
  paymentDate: query.paymentDateInterval,
  deadline: query.deadlineDateInterval,
  paymentTerms: query.paymentTerms,
});

const pagingOf = (
  query: z.output<typeof OwnReservationListQuery> | z.output<typeof InvoiceOverviewQuery>,
) => ({
  page: query.page,
  pageSize: query.pageSize,
  sortBy: query.sortBy,
  sortOrder: query.sortOrder,
});

/**
 * A list row for its reader. The owner of a reservation whose price is hidden from them (an agent
 * booked for them and hid it) sees no amounts, as on the reservation itself.
 */
function toListItem(row: repo.ReservationListRow, reader: AuthUser): ReservationListItem {
  const hidePrices =
    row.priceNeedsToBeHidden &&
    row.ownerId === reader.id &&
    row.reservatorId !== reader.id &&
    !satisfies(reader.roles, STAFF_READER);
  return {
    id: row.id,
    recordLocator: row.recordLocator,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    flights: row.flights
      .map((flight) => ({
        id: flight.id,
        number: flight.number,
        direction: flight.direction,
        departure: flight.departure.toISOString(),
        status: flight.status,
        origin: { code: flight.origin, timezone: flight.originTimezone },
        destination: { code: flight.destination, timezone: flight.destinationTimezone },
      }))
      .sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'outbound' ? -1 : 1)),
    passengerCount: row.passengerCount,
    billingInformation: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    owner: row.owner?.id ? { id: row.owner.id, displayName: row.owner.displayName } : null,
    reservator: row.reservator?.id
      ? { id: row.reservator.id, displayName: row.reservator.displayName }
      : null,
    invoice: {
      id: row.invoice.id,
      status: row.invoice.status,
      ...(hidePrices ? {} : { total: toChf(row.invoice.total), totalPaid: toChf(row.invoice.totalPaid) }),
      paymentDeadline: row.invoice.paymentDeadline,
      paymentTerms: row.invoice.paymentTerms,
    },
    priceNeedsToBeHidden: row.priceNeedsToBeHidden,
    hasCreditNote: !hidePrices && row.hasCreditNote,
  };
}

/**
 * The reservation lists (spec 02 §2, §4, §7): the full list for staff, everyone's own list, the
 * invoice overview, and the owner, reservator and passenger searches behind their filters.
 */
export function createReservationListsService(db: Db) {
  /**
   * A search text that is a record locator someone holds finds that reservation alone, by the
   * locator's unique index; any other text (a six-letter name such as "Muller" has a locator's
   * shape) searches ids, names and e-mails as before (docs/reservation-admin.md).
   */
  async function withLocatorSearch(filter: repo.ReservationFilter): Promise<repo.ReservationFilter> {
    const locator = filter.query ? normalizeRecordLocator(filter.query) : null;
    if (!locator || !(await repo.recordLocatorExists(db, locator))) return filter;
    return { ...filter, query: undefined, recordLocator: locator };
  }

  async function page(user: AuthUser, filter: repo.ReservationFilter, paging: repo.ReservationPaging) {
    const isStaff = satisfies(user.roles, STAFF_READER);
    const { items, total } = await repo.listReservations(db, await withLocatorSearch(filter), {
      ...paging,
      // Rows whose amounts this reader cannot see must not be ranked by them either.
      hiddenPricesFrom: isStaff ? undefined : user.id,
    });
    return { items: items.map((row) => toListItem(row, user)), total };
  }

  return {
    list: (user: AuthUser, query: ReservationListQuery) =>
      page(
        user,
        { ...filterOf(query), ownerId: query.ownerId, reservatorId: query.reservatorId },
        pagingOf(query),
      ),

    ownList: (user: AuthUser, query: z.output<typeof OwnReservationListQuery>) =>
      page(user, { ...filterOf(query), ownOf: user.id }, pagingOf(query)),

    invoiceList: (user: AuthUser, query: z.output<typeof InvoiceOverviewQuery>) =>
      page(
        user,
        {
          query: query.query,
          statuses: INVOICE_OVERVIEW_STATUSES,
          paymentTerms: ['bill'],
          withCancellationFees: true,
          invoiceStatuses: [
            ...new Set(
              query.paymentStatus.flatMap((status) =>
                status === 'unpaid' ? (['notPaid', 'partly'] as const) : [status],
              ),
            ),
          ],
          deadline: query.deadlineDateInterval,
        },
        pagingOf(query),
      ),

    /** Sums the open bills' kept counts into one row per kind (the open-bill folder job). */
    foldOpenBillCounts: () => repo.foldOpenBillCounts(db),

    userList: async (query: z.output<typeof ReservationUserListQuery>) => ({
      items: await repo.listReservationUsers(db, {
        query: query.query,
        userId: query.userId,
        isReservator: query.isReservator,
        isActive: query.isActive,
        sortOrder: query.sortOrder,
        limit: RESERVATION_USER_LIST_LIMIT,
      }),
    }),

    /**
     * Earlier passengers to fill a new booking: up to five of the owner's own reservations, then
     * up to five of other people's for whoever may pick any known passenger.
     */
    passengerList: async (user: AuthUser, query: z.output<typeof ReservationPassengerListQuery>) => {
      // Another owner's earlier passengers are theirs: only for who may pick any known passenger
      // or read every reservation anyway (docs/security.md, Authorization).
      if (
        query.ownerId !== undefined &&
        query.ownerId !== user.id &&
        !satisfies(user.roles, { anyOf: [ROLE_ANY_PASSENGER, STAFF_READER] })
      ) {
        throw ApiError.forbidden();
      }
      const search = { ownerId: query.ownerId, query: query.query, limit: PASSENGER_LIST_LIMIT };
      const [own, others] = await Promise.all([
        repo.findKnownPassengers(db, { ...search, of: 'owner' }),
        satisfies(user.roles, ROLE_ANY_PASSENGER)
          ? repo.findKnownPassengers(db, { ...search, of: 'others' })
          : Promise.resolve([]),
      ]);
      const toItem =
        (isOwn: boolean) =>
        (row: (typeof own)[number]): KnownPassenger => ({
          salutation: row.salutation === 'mrs' ? 'mrs' : 'mr',
          firstName: row.firstName,
          lastName: row.lastName,
          gender: row.gender,
          ageType: row.ageType,
          birthday: row.birthday,
          isOwn,
        });
      return { items: [...own.map(toItem(true)), ...others.map(toItem(false))] };
    },
  };
}

export type ReservationListsService = ReturnType<typeof createReservationListsService>;
