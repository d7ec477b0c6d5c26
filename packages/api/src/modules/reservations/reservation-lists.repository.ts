import {
  type DateInterval,
  FLIGHT_STATUSES,
  type INVOICE_STATUSES,
  type PAYMENT_TERMS,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '@flybook/schemas';
import { and, asc, count, desc, eq, exists, ilike, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  airports,
  flights,
  openBillCounts,
  reservationInvoices,
  reservationPassengers,
  reservations,
  tickets,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, officeDayEnd, officeDayStart } from '../../platform/sql.ts';

type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** The list filters as the service hands them over; each one present narrows the list. */
export interface ReservationFilter {
  query?: string | undefined;
  /** Exactly this record locator (in its stored form): served by its unique index. */
  recordLocator?: string | undefined;
  /** true: holds an active ticket on a flight neither departed nor cancelled; false: holds none. */
  isActive?: boolean | undefined;
  /** Holds an active ticket on this flight (any flight status). */
  flightId?: number | undefined;
  statuses?: ReservationStatus[] | undefined;
  invoiceStatuses?: InvoiceStatus[] | undefined;
  flightDate?: DateInterval | undefined;
  createdAt?: DateInterval | undefined;
  paymentDate?: DateInterval | undefined;
  deadline?: DateInterval | undefined;
  paymentTerms?: PaymentTerms[] | undefined;
  ownerId?: number | undefined;
  reservatorId?: number | undefined;
  /** Owned or made by this user (the own list). */
  ownOf?: number | undefined;
  /**
   * Also cancelled reservations that charge a cancellation fee, whatever the statuses and terms
   * above say (the invoice overview: a fee is a bill like any other).
   */
  withCancellationFees?: boolean | undefined;
}

export interface ReservationPaging {
  page: number;
  pageSize: number;
  sortBy: 'createdAt' | 'id' | 'paymentDeadline' | 'total';
  sortOrder: 'ASC' | 'DESC';
  /** A reader who sees no amounts of reservations hiding their price from the owner: those do not sort by total. */
  hiddenPricesFrom?: number | undefined;
}

/** An instant inside Swiss (office) calendar days; written as a range on the column so an index can serve it. */
function instantWithin(column: SQL | typeof reservations.createdAt, interval: DateInterval): SQL[] {
  const conditions: SQL[] = [];
  if (interval.from) conditions.push(sql`${column} >= ${officeDayStart(interval.from)}`);
  if (interval.to) conditions.push(sql`${column} < ${officeDayEnd(interval.to)}`);
  return conditions;
}

/** The tickets a reservation shows: its active ones, or the last ones of a cancelled reservation. */
const shownTicket = sql`${tickets.isActive} = (${reservations.status} <> 'cancelled')`;

/**
 * The flights whose tickets make a reservation active: neither departed nor cancelled. Named one by
 * one (not `not in`) so the flights' status index finds them: the coming season, a small set.
 */
const LIVE_FLIGHT_STATUSES = FLIGHT_STATUSES.filter(
  (status) => status !== 'departed' && status !== 'cancelled',
);
const liveFlightStatuses = sql.join(
  LIVE_FLIGHT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The reservation holds an active ticket on a flight that has neither departed nor been cancelled. */
const isActiveReservation = sql`exists (select 1 from ${tickets} inner join ${flights} on ${flights.id} = ${tickets.flightId} where ${tickets.reservationId} = ${reservations.id} and ${tickets.isActive} and ${flights.status} in (${liveFlightStatuses}))`;

/**
 * The same reservations as `isActiveReservation`, for counting them: the ids come from the live
 * flights' active tickets (tickets_flight_idx) and each is looked up by its primary key, so the
 * count reads the season's reservations and never the departed history. `= any(array(…))` keeps
 * the planner from hashing the whole reservations table against them (docs/lists-at-scale.md).
 */
const isActiveReservationId = sql`${reservations.id} = any(array(select ${tickets.reservationId} from ${tickets} where ${tickets.isActive} and ${tickets.flightId} = any(array(select ${flights.id} from ${flights} where ${flights.status} in (${liveFlightStatuses})))))`;

/** One of the reservation's flights departs on these local days at its origin. */
function departsWithin(interval: DateInterval): SQL {
  const localDeparture = sql`(${flights.departure} at time zone ${airports.timezone})`;
  const bounds: SQL[] = [];
  // A coarse range on the indexed instant first (no airport is more than 14 hours from UTC).
  if (interval.from) {
    bounds.push(sql`${flights.departure} >= ${interval.from}::date - interval '1 day'`);
    bounds.push(sql`${localDeparture}::date >= ${interval.from}::date`);
  }
  if (interval.to) {
    bounds.push(sql`${flights.departure} < ${interval.to}::date + interval '2 days'`);
    bounds.push(sql`${localDeparture}::date <= ${interval.to}::date`);
  }
  return sql`exists (select 1 from ${tickets} inner join ${flights} on ${flights.id} = ${tickets.flightId} inner join ${airports} on ${airports.id} = ${flights.originAirportId} where ${tickets.reservationId} = ${reservations.id} and ${shownTicket} and ${sql.join(bounds, sql` and `)})`;
}

function matchesText(text: string): SQL {
  const pattern = containsPattern(text);
  const billing = (field: string) => sql`(${reservations.billing} ->> ${field})`;
  const matches: SQL[] = [
    sql`${billing('firstName')} || ' ' || ${billing('lastName')} ilike ${pattern}`,
    sql`${billing('lastName')} || ' ' || ${billing('firstName')} ilike ${pattern}`,
    sql`${billing('email')} ilike ${pattern}`,
    sql`coalesce(${billing('company')}, '') ilike ${pattern}`,
    sql`exists (select 1 from ${reservationPassengers} where ${reservationPassengers.reservationId} = ${reservations.id} and (${reservationPassengers.firstName} || ' ' || ${reservationPassengers.lastName} ilike ${pattern} or ${reservationPassengers.lastName} || ' ' || ${reservationPassengers.firstName} ilike ${pattern}))`,
  ];
  const id = text.trim().replace(/^#/, '');
  if (/^\d{1,9}$/.test(id)) matches.unshift(eq(reservations.id, Number(id)));
  return or(...matches)!;
}

/**
 * Whether a filter narrows the list by more than status, payment status and terms: a search, a
 * person, a flight, a day. The planner starts from that narrower side then.
 */
function isNarrowed(filter: ReservationFilter): boolean {
  const interval = (value: DateInterval | undefined) => Boolean(value?.from || value?.to);
  return (
    Boolean(filter.query?.trim()) ||
    [filter.recordLocator, filter.flightId, filter.ownerId, filter.reservatorId, filter.ownOf].some(
      (value) => value !== undefined,
    ) ||
    [filter.flightDate, filter.createdAt, filter.paymentDate, filter.deadline].some(interval)
  );
}

/**
 * The filters as SQL conditions on reservations joined with their invoice. For the count
 * (`forCount`) of a list narrowed by nothing else, the active reservations are described from the
 * live flights, so the count reads them and not every reservation (docs/lists-at-scale.md).
 */
function conditionsOf(filter: ReservationFilter, forCount = false): SQL[] {
  const conditions: SQL[] = [];
  const activeFromLiveFlights = forCount && !isNarrowed(filter);
  if (filter.ownOf !== undefined) {
    conditions.push(or(eq(reservations.ownerId, filter.ownOf), eq(reservations.reservatorId, filter.ownOf))!);
  }
  if (filter.ownerId !== undefined) conditions.push(eq(reservations.ownerId, filter.ownerId));
  if (filter.reservatorId !== undefined) conditions.push(eq(reservations.reservatorId, filter.reservatorId));
  const statusAndTerms: SQL[] = [];
  if (filter.statuses && filter.statuses.length > 0)
    statusAndTerms.push(inArray(reservations.status, filter.statuses));
  if (filter.paymentTerms && filter.paymentTerms.length > 0) {
    statusAndTerms.push(inArray(reservationInvoices.paymentTerms, filter.paymentTerms));
  }
  if (filter.withCancellationFees) {
    conditions.push(
      or(
        and(...statusAndTerms, sql`true`)!,
        and(eq(reservations.status, 'cancelled'), sql`${reservationInvoices.total} > 0`)!,
      )!,
    );
  } else {
    conditions.push(...statusAndTerms);
  }
  if (filter.invoiceStatuses && filter.invoiceStatuses.length > 0) {
    conditions.push(inArray(reservationInvoices.status, filter.invoiceStatuses));
  }
  if (filter.isActive === true) {
    conditions.push(activeFromLiveFlights ? isActiveReservationId : isActiveReservation);
  } else if (filter.isActive === false) {
    conditions.push(sql`not ${isActiveReservation}`);
  }
  if (filter.flightId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${tickets} where ${tickets.reservationId} = ${reservations.id} and ${tickets.flightId} = ${filter.flightId} and ${tickets.isActive})`,
    );
  }
  if (filter.recordLocator !== undefined)
    conditions.push(eq(reservations.recordLocator, filter.recordLocator));
  if (filter.query?.trim()) conditions.push(matchesText(filter.query));
  if (filter.flightDate && (filter.flightDate.from || filter.flightDate.to)) {
    conditions.push(departsWithin(filter.flightDate));
  }
  if (filter.createdAt) conditions.push(...instantWithin(reservations.createdAt, filter.createdAt));
  if (filter.paymentDate && (filter.paymentDate.from || filter.paymentDate.to)) {
    // Until payments are recorded one by one, the day of payment is the invoice's last change
    // while something is paid on it (docs/booking.md, Lists).
    conditions.push(sql`${reservationInvoices.totalPaid} > 0`);
    conditions.push(...instantWithin(sql`${reservationInvoices.updatedAt}`, filter.paymentDate));
  }
  if (filter.deadline?.from)
    conditions.push(sql`${reservationInvoices.paymentDeadline} >= ${filter.deadline.from}`);
  if (filter.deadline?.to)
    conditions.push(sql`${reservationInvoices.paymentDeadline} <= ${filter.deadline.to}`);
  return conditions;
}

/**
 * How many reservations the invoice overview's filter matches, counted from the open bills
 * (reservation_invoices_unpaid_deadline_idx) rather than from all reservations. Every invoice has
 * its reservation (a required foreign key), so counting invoices whose reservation matches counts
 * the same rows as the list's join. When the statuses asked for and cancelled (which shows for its
 * fee) are all there are, the bills are counted by terms and total, and only whether a reservation
 * is cancelled is asked (below). Undefined when the filter is not one of open bills with no
 * condition beyond status, terms, invoice status and deadline.
 */
function openBillsCount(db: Db, filter: ReservationFilter) {
  const unpaid: InvoiceStatus[] = ['notPaid', 'partly'];
  const invoiceStatuses = filter.invoiceStatuses ?? [];
  if (invoiceStatuses.length === 0 || invoiceStatuses.some((status) => !unpaid.includes(status))) {
    return undefined;
  }
  // A search or a narrower filter than the overview's own: the planner starts from that side.
  if (filter.isActive !== undefined || isNarrowed({ ...filter, deadline: undefined })) {
    return undefined;
  }
  const statuses = filter.statuses && filter.statuses.length > 0 ? filter.statuses : RESERVATION_STATUSES;
  const everyOpenStatus = RESERVATION_STATUSES.every(
    (status) => status === 'cancelled' || statuses.includes(status),
  );
  if (everyOpenStatus && !filter.deadline?.from && !filter.deadline?.to) {
    return keptOpenBillsCount(db, filter, invoiceStatuses, statuses.includes('cancelled'));
  }
  const everyStatusShows = filter.withCancellationFees && everyOpenStatus;
  const reservationMatches = sql`exists (select 1 from ${reservations} where ${reservations.id} = ${reservationInvoices.reservationId} and ${and(...conditionsOf(filter))})`;
  const openBills = [
    inArray(reservationInvoices.status, invoiceStatuses),
    ...(filter.deadline?.from
      ? [sql`${reservationInvoices.paymentDeadline} >= ${filter.deadline.from}`]
      : []),
    ...(filter.deadline?.to ? [sql`${reservationInvoices.paymentDeadline} <= ${filter.deadline.to}`] : []),
  ];
  const counted = (condition: SQL) =>
    sql`(select count(*) from ${reservationInvoices} where ${and(...openBills, condition)})`;
  if (!everyStatusShows) {
    return db
      .select({ total: sql<number>`${counted(reservationMatches)}`.mapWith(Number) })
      .from(sql`(select 1) as one`);
  }
  // A bill with a positive total on the terms asked for is a row whatever its reservation's
  // status (counted from the invoice alone). Of the other open bills, one with a positive total on
  // other terms is a row only when its reservation is cancelled (for its fee), one with nothing to
  // pay only when its reservation is in a status asked for. Both ask reservations_cancelled_idx
  // (the cancelled reservations' ids, index-only) rather than look up each bill's reservation.
  // Separate counts, so the planner costs each for what it reads (one count with an OR over them is
  // costed as a look-up per bill, which crosses the JIT threshold).
  const terms = filter.paymentTerms ?? [];
  const onTerms = terms.length > 0 ? inArray(reservationInvoices.paymentTerms, terms) : sql`true`;
  const isCancelled = sql`exists (select 1 from ${reservations} where ${reservations.id} = ${reservationInvoices.reservationId} and ${reservations.status} = 'cancelled')`;
  const counts = [counted(sql`${reservationInvoices.total} > 0 and ${onTerms}`)];
  if (terms.length > 0) {
    counts.push(counted(sql`${reservationInvoices.total} > 0 and not ${onTerms} and ${isCancelled}`));
  }
  counts.push(
    counted(
      sql`${reservationInvoices.total} <= 0 and ${onTerms}${statuses.includes('cancelled') ? sql`` : sql` and not ${isCancelled}`}`,
    ),
  );
  return db
    .select({ total: sql<number>`${sql.join(counts, sql` + `)}`.mapWith(Number) })
    .from(sql`(select 1) as one`);
}

/**
 * The open bills' count read from their kept counts (open_bill_counts, kept by triggers on
 * reservation_invoices): a sum over a few rows per kind of bill, whatever the history holds. The
 * kinds are the ones the overview's condition asks about when every open reservation status is
 * asked for: invoice status, terms, whether something is charged (a cancellation's fee) and
 * whether the reservation is cancelled.
 */
function keptOpenBillsCount(
  db: Db,
  filter: ReservationFilter,
  invoiceStatuses: InvoiceStatus[],
  cancelledAsked: boolean,
) {
  const terms = filter.paymentTerms ?? [];
  const onTerms = terms.length > 0 ? inArray(openBillCounts.paymentTerms, terms) : sql`true`;
  const statusShows = cancelledAsked ? sql`true` : sql`not ${openBillCounts.reservationCancelled}`;
  const shows = sql`(${onTerms} and ${statusShows})`;
  return db
    .select({ total: sql<number>`coalesce(sum(${openBillCounts.bills}), 0)`.mapWith(Number) })
    .from(openBillCounts)
    .where(
      and(
        inArray(openBillCounts.invoiceStatus, invoiceStatuses),
        filter.withCancellationFees
          ? sql`(${shows} or (${openBillCounts.reservationCancelled} and ${openBillCounts.isCharged}))`
          : shows,
      ),
    );
}

/**
 * Sums the kept counts of open bills into one row per kind (what the triggers appended since the
 * last fold), so the overview's count reads a few rows. Only kinds with more than one row are
 * touched, so a fold with nothing to do writes nothing. Run by the open-bill folder job; several
 * instances folding at once are safe: a row one fold deleted is skipped by the other, and a row
 * appended meanwhile is left for the next fold. Answers how many rows fewer there are.
 */
export async function foldOpenBillCounts(db: Db): Promise<number> {
  const result = await db.execute(
    sql`with moved as (
          delete from ${openBillCounts}
          where (invoice_status, payment_terms, is_charged, reservation_cancelled) in (
            select invoice_status, payment_terms, is_charged, reservation_cancelled from ${openBillCounts}
            group by invoice_status, payment_terms, is_charged, reservation_cancelled
            having count(*) > 1)
          returning invoice_status, payment_terms, is_charged, reservation_cancelled, bills),
        kept as (
          insert into ${openBillCounts} (invoice_status, payment_terms, is_charged, reservation_cancelled, bills)
          select invoice_status, payment_terms, is_charged, reservation_cancelled, sum(bills)
            from moved group by invoice_status, payment_terms, is_charged, reservation_cancelled
          having sum(bills) <> 0
          returning 1)
        select (select count(*) from moved)::int - (select count(*) from kept)::int as folded`,
  );
  return (result as unknown as { rows: { folded: number }[] }).rows[0]?.folded ?? 0;
}

/**
 * How many reservations the default list holds (active, any status but cancelled, nothing else
 * asked), counted from the live flights' active tickets alone: index-only in tickets_flight_idx,
 * no reservation looked up. Two invariants make it the list's count, and the consistency checks
 * hold both (`checkDatabase`'s `misfiledReservations`): cancelling a reservation deactivates all
 * its tickets (`releaseSeats`), so a reservation with an active ticket is never cancelled; and
 * every reservation has its one invoice, written with it. Undefined for any other filter.
 */
function activeReservationsCount(db: Db, filter: ReservationFilter) {
  const openStatuses = RESERVATION_STATUSES.filter((status) => status !== 'cancelled');
  const everyOpenStatus =
    !filter.statuses?.length || openStatuses.every((status) => filter.statuses?.includes(status));
  if (
    filter.isActive !== true ||
    !everyOpenStatus ||
    filter.invoiceStatuses?.length ||
    filter.paymentTerms?.length ||
    filter.withCancellationFees ||
    isNarrowed(filter)
  ) {
    return undefined;
  }
  return db
    .select({ total: sql<number>`count(distinct ${tickets.reservationId})`.mapWith(Number) })
    .from(tickets)
    .where(
      sql`${tickets.isActive} and ${tickets.flightId} = any(array(select ${flights.id} from ${flights} where ${flights.status} in (${liveFlightStatuses})))`,
    );
}

/** What the list sorts by before the id: a column or expression of the reservation and its invoice. */
function sortKeyOf(paging: ReservationPaging): SQL | undefined {
  switch (paging.sortBy) {
    case 'id':
      return undefined;
    case 'createdAt':
      return sql`${reservations.createdAt}`;
    case 'paymentDeadline':
      return sql`${reservationInvoices.paymentDeadline}`;
    case 'total': {
      const reader = paging.hiddenPricesFrom;
      return reader === undefined
        ? sql`${reservationInvoices.total}`
        : sql`case when ${reservations.priceNeedsToBeHidden} and ${reservations.ownerId} = ${reader} and ${reservations.reservatorId} is distinct from ${reader} then null else ${reservationInvoices.total} end`;
    }
  }
}

/**
 * The list's order on a sort key and the reservation id (columns of the tables, or of the matching
 * set below). Reservations without a deadline (paid by card) or a visible total come last either way.
 */
function orderOf(paging: ReservationPaging, key: SQL | undefined, id: SQL): SQL[] {
  const direction = paging.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  if (!key) return [sql`${id} ${direction}`];
  const nullsLast = paging.sortBy === 'paymentDeadline' || paging.sortBy === 'total';
  return [sql`${key} ${direction}${nullsLast ? sql` nulls last` : sql``}`, sql`${id} asc`];
}

/** Whether a reservation holds this record locator (stored form): one probe of the unique index. */
export async function recordLocatorExists(db: Db, recordLocator: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.recordLocator, recordLocator))
    .limit(1);
  return row !== undefined;
}

const owner = alias(users, 'owner');
const reservator = alias(users, 'reservator');
const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/**
 * A narrowed list's page and count from one pass over what matches: the filter is evaluated once,
 * as the count would (from its narrow side: a fortnight's flights, an owner, a search), and the page
 * is the first of those by the list's order. Walking the whole list in order instead, as the wide
 * lists do, meets the history's reservations on the way (docs/lists-at-scale.md, "second round").
 */
async function pageOfMatching(db: Db, where: SQL | undefined, paging: ReservationPaging) {
  const key = sortKeyOf(paging);
  const order = orderOf(paging, key ? sql`sort_key` : undefined, sql`id`);
  const result = (await db.execute(sql`
    with matching as (
      select ${reservations.id} as id, ${key ?? sql`null`} as sort_key
      from ${reservations}
      inner join ${reservationInvoices} on ${reservationInvoices.reservationId} = ${reservations.id}
      ${where ? sql`where ${where}` : sql``}
    )
    select (select count(*) from matching)::int as total,
      array(select id from matching order by ${sql.join(order, sql`, `)}
            limit ${paging.pageSize} offset ${paging.page * paging.pageSize}) as ids
  `)) as unknown as { rows: { total: number; ids: number[] }[] };
  const [row] = result.rows;
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

/**
 * One page of reservations matching the filters, and how many match. A wide list (the default,
 * a status, the invoice overview) walks its order along an index and is counted from the live
 * flights or the open bills; a narrowed one takes page and count from one pass over what matches
 * (`pageOfMatching`). Then the page's heads, flights and passenger counts in one query each.
 */
export async function listReservations(db: Db, filter: ReservationFilter, paging: ReservationPaging) {
  const conditions = conditionsOf(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const countOnly = activeReservationsCount(db, filter) ?? openBillsCount(db, filter);
  const selectHeads = () =>
    db
      .select({
        id: reservations.id,
        recordLocator: reservations.recordLocator,
        status: reservations.status,
        createdAt: reservations.createdAt,
        ownerId: reservations.ownerId,
        reservatorId: reservations.reservatorId,
        priceNeedsToBeHidden: reservations.priceNeedsToBeHidden,
        hasCreditNote: sql<boolean>`exists (select 1 from credit_notes c where c.reservation_id = ${reservations.id})`,
        firstName: sql<string>`${reservations.billing} ->> 'firstName'`,
        lastName: sql<string>`${reservations.billing} ->> 'lastName'`,
        email: sql<string>`${reservations.billing} ->> 'email'`,
        owner: { id: owner.id, displayName: owner.displayName },
        reservator: { id: reservator.id, displayName: reservator.displayName },
        invoice: {
          id: reservationInvoices.id,
          status: reservationInvoices.status,
          total: reservationInvoices.total,
          totalPaid: reservationInvoices.totalPaid,
          paymentDeadline: reservationInvoices.paymentDeadline,
          paymentTerms: reservationInvoices.paymentTerms,
        },
      })
      .from(reservations)
      .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
      .leftJoin(owner, eq(owner.id, reservations.ownerId))
      .leftJoin(reservator, eq(reservator.id, reservations.reservatorId));
  let heads: Awaited<ReturnType<typeof selectHeads>>;
  let total: number;
  if (isNarrowed(filter) && !countOnly) {
    const matching = await pageOfMatching(db, where, paging);
    total = matching.total;
    const rows =
      matching.ids.length > 0 ? await selectHeads().where(inArray(reservations.id, matching.ids)) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    heads = matching.ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    const countConditions = conditionsOf(filter, true);
    const [page, totals] = await Promise.all([
      selectHeads()
        .where(where)
        .orderBy(...orderOf(paging, sortKeyOf(paging), sql`${reservations.id}`))
        .limit(paging.pageSize)
        .offset(paging.page * paging.pageSize),
      countOnly ??
        db
          .select({ total: count() })
          .from(reservations)
          .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
          .where(countConditions.length > 0 ? and(...countConditions) : undefined),
    ]);
    heads = page;
    total = totals[0]?.total ?? 0;
  }
  const ids = heads.map((head) => head.id);
  if (ids.length === 0) return { items: [], total };
  const [flightRows, passengerCounts] = await Promise.all([
    db
      .selectDistinct({
        reservationId: tickets.reservationId,
        direction: tickets.direction,
        id: flights.id,
        number: flights.number,
        departure: flights.departure,
        status: flights.status,
        origin: origin.code,
        originTimezone: origin.timezone,
        destination: destination.code,
        destinationTimezone: destination.timezone,
      })
      .from(tickets)
      .innerJoin(reservations, eq(reservations.id, tickets.reservationId))
      .innerJoin(flights, eq(flights.id, tickets.flightId))
      .innerJoin(origin, eq(origin.id, flights.originAirportId))
      .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
      .where(and(inArray(tickets.reservationId, ids), shownTicket))
      .orderBy(tickets.reservationId, flights.departure, flights.id),
    db
      .select({ reservationId: reservationPassengers.reservationId, count: count() })
      .from(reservationPassengers)
      .where(inArray(reservationPassengers.reservationId, ids))
      .groupBy(reservationPassengers.reservationId),
  ]);
  const countOf = new Map(passengerCounts.map((row) => [row.reservationId, row.count]));
  const items = heads.map((head) => ({
    ...head,
    flights: flightRows.filter((row) => row.reservationId === head.id),
    passengerCount: countOf.get(head.id) ?? 0,
  }));
  return { items, total };
}
export type ReservationListRow = Awaited<ReturnType<typeof listReservations>>['items'][number];

/**
 * Users who own (or made) at least one reservation, by name: the owner and reservator pickers of
 * the list.
 */
export async function listReservationUsers(
  db: Db,
  options: {
    query?: string | undefined;
    userId?: number | undefined;
    isReservator?: boolean | undefined;
    isActive?: boolean | undefined;
    sortOrder: 'ASC' | 'DESC';
    limit: number;
  },
) {
  const owns = exists(
    db.select({ one: sql`1` }).from(reservations).where(eq(reservations.ownerId, users.id)),
  );
  const made = exists(
    db.select({ one: sql`1` }).from(reservations).where(eq(reservations.reservatorId, users.id)),
  );
  const conditions: SQL[] = [
    options.isReservator === undefined ? or(owns, made)! : options.isReservator ? made : owns,
  ];
  if (options.userId !== undefined) conditions.push(eq(users.id, options.userId));
  if (options.isActive !== undefined) conditions.push(eq(users.isActive, options.isActive));
  if (options.query?.trim()) {
    const pattern = containsPattern(options.query);
    conditions.push(
      or(
        ilike(users.displayName, pattern),
        ilike(users.email, pattern),
        sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${pattern}`,
      )!,
    );
  }
  return db
    .select({ id: users.id, displayName: users.displayName, email: users.email, type: users.type })
    .from(users)
    .where(and(...conditions))
    .orderBy(options.sortOrder === 'ASC' ? asc(users.displayName) : desc(users.displayName), asc(users.id))
    .limit(options.limit);
}

const ownPassenger = alias(reservationPassengers, 'own_passenger');
const ownReservation = alias(reservations, 'own_reservation');

/** Same person: same first and last name (any case) and birthday. */
const personKey = [
  sql`lower(${reservationPassengers.lastName})`,
  sql`lower(${reservationPassengers.firstName})`,
  sql`${reservationPassengers.birthday}`,
];

/**
 * Distinct earlier passengers (one per name and birthday, as last booked), by name: of one
 * owner's reservations (`of: 'owner'`), or of everyone else's, leaving out the owner's own people.
 */
export async function findKnownPassengers(
  db: Db,
  options: {
    of: 'owner' | 'others';
    ownerId?: number | undefined;
    query?: string | undefined;
    limit: number;
  },
) {
  const conditions: SQL[] = [];
  if (options.of === 'owner') {
    if (options.ownerId === undefined) return [];
    conditions.push(eq(reservations.ownerId, options.ownerId));
  } else if (options.ownerId !== undefined) {
    conditions.push(sql`${reservations.ownerId} is distinct from ${options.ownerId}`);
    conditions.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(ownPassenger)
          .innerJoin(ownReservation, eq(ownReservation.id, ownPassenger.reservationId))
          .where(
            and(
              eq(ownReservation.ownerId, options.ownerId),
              sql`lower(${ownPassenger.lastName}) = lower(${reservationPassengers.lastName})`,
              sql`lower(${ownPassenger.firstName}) = lower(${reservationPassengers.firstName})`,
              sql`${ownPassenger.birthday} is not distinct from ${reservationPassengers.birthday}`,
            ),
          ),
      ),
    );
  }
  if (options.query?.trim()) {
    const pattern = containsPattern(options.query);
    conditions.push(
      or(
        sql`${reservationPassengers.firstName} || ' ' || ${reservationPassengers.lastName} ilike ${pattern}`,
        sql`${reservationPassengers.lastName} || ' ' || ${reservationPassengers.firstName} ilike ${pattern}`,
      )!,
    );
  }
  return db
    .selectDistinctOn(personKey, {
      salutation: reservationPassengers.salutation,
      firstName: reservationPassengers.firstName,
      lastName: reservationPassengers.lastName,
      gender: reservationPassengers.gender,
      ageType: reservationPassengers.ageType,
      birthday: reservationPassengers.birthday,
    })
    .from(reservationPassengers)
    .innerJoin(reservations, eq(reservations.id, reservationPassengers.reservationId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...personKey, desc(reservationPassengers.id))
    .limit(options.limit);
}
