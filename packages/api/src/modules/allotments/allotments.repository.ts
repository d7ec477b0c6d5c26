import type { AllotmentInvoiceStatus, DateInterval } from '@flybook/schemas';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  airports,
  allotmentInvoicePayments,
  allotmentInvoices,
  allotments,
  flights,
  tariffGroups,
  users,
} from '../../db/schema/index.ts';
import { localDaysWithin } from '../../platform/sql.ts';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

// ---------- allotments ----------

export interface AllotmentFilter {
  agentId?: number | undefined;
  flightDate?: DateInterval | undefined;
  invoiced?: 'open' | 'invoiced' | undefined;
}

export interface AllotmentPaging {
  page: number;
  pageSize: number;
  sortBy: 'flightDate' | 'id';
  sortOrder: 'ASC' | 'DESC';
}

const allotmentColumns = {
  id: allotments.id,
  seatsNumber: allotments.seatsNumber,
  booked: allotments.booked,
  costPerSeat: allotments.costPerSeat,
  comment: allotments.comment,
  invoiceId: allotments.invoiceId,
  flight: {
    id: flights.id,
    number: flights.number,
    departure: flights.departure,
    status: flights.status,
  },
  origin: { code: origin.code, name: origin.name, timezone: origin.timezone },
  destination: { code: destination.code, name: destination.name, timezone: destination.timezone },
  agent: { id: users.id, displayName: users.displayName },
  tariffGroup: { id: tariffGroups.id, code: tariffGroups.code, name: tariffGroups.name },
  invoiceTitle: allotmentInvoices.title,
};

/** Allotments with their flight, airports, agent, tariff group and invoice title (what every read shows). */
const allotmentRows = (db: Db | Tx) =>
  db
    .select(allotmentColumns)
    .from(allotments)
    .innerJoin(flights, eq(flights.id, allotments.flightId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .innerJoin(users, eq(users.id, allotments.agentId))
    .innerJoin(tariffGroups, eq(tariffGroups.id, allotments.tariffGroupId))
    .leftJoin(allotmentInvoices, eq(allotmentInvoices.id, allotments.invoiceId));

export type AllotmentRow = Awaited<ReturnType<typeof findAllotments>>[number];

function allotmentConditions(filter: AllotmentFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.agentId !== undefined) conditions.push(eq(allotments.agentId, filter.agentId));
  if (filter.invoiced === 'open') conditions.push(isNull(allotments.invoiceId));
  if (filter.invoiced === 'invoiced') conditions.push(isNotNull(allotments.invoiceId));
  if (filter.flightDate) {
    conditions.push(...localDaysWithin(flights.departure, origin.timezone, filter.flightDate));
  }
  return conditions;
}

/** One page of allotments and how many match; by departure (then id) or by id. */
export async function listAllotments(db: Db, filter: AllotmentFilter, paging: AllotmentPaging) {
  const conditions = allotmentConditions(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = paging.sortOrder === 'ASC' ? asc : desc;
  const order =
    paging.sortBy === 'flightDate'
      ? [direction(flights.departure), direction(allotments.id)]
      : [direction(allotments.id)];
  const [rows, totals] = await Promise.all([
    allotmentRows(db)
      .where(where)
      .orderBy(...order)
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db
      .select({ total: count() })
      .from(allotments)
      .innerJoin(flights, eq(flights.id, allotments.flightId))
      .innerJoin(origin, eq(origin.id, flights.originAirportId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Allotments by id, with their flight (departure order), for an invoice or its document. */
export const findAllotments = (db: Db | Tx, where: SQL) =>
  allotmentRows(db).where(where).orderBy(asc(flights.departure), asc(allotments.id));

/** The allotments an invoice is about to cover, locked so no one invoices or changes them meanwhile. */
export const lockAllotments = (tx: Tx, ids: number[]) =>
  tx
    .select({
      id: allotments.id,
      agentId: allotments.agentId,
      invoiceId: allotments.invoiceId,
      seatsNumber: allotments.seatsNumber,
      costPerSeat: allotments.costPerSeat,
    })
    .from(allotments)
    .where(inArray(allotments.id, ids))
    .orderBy(asc(allotments.id))
    .for('update');

export const assignInvoice = (tx: Tx, allotmentIds: number[], invoiceId: number | null) =>
  tx.update(allotments).set({ invoiceId, updatedAt: new Date() }).where(inArray(allotments.id, allotmentIds));

export const releaseInvoice = (tx: Tx, invoiceId: number) =>
  tx
    .update(allotments)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(allotments.invoiceId, invoiceId))
    .returning({ id: allotments.id });

// ---------- invoices ----------

export type InvoiceRow = typeof allotmentInvoices.$inferSelect;
export type NewInvoice = typeof allotmentInvoices.$inferInsert;

/** The status on the wire, in SQL: a pending invoice after its deadline day is overDeadline. */
const shownStatus = (today: string) =>
  sql<AllotmentInvoiceStatus>`case when ${allotmentInvoices.status} = 'pending' and ${allotmentInvoices.paymentDeadline} < ${today}::date then 'overDeadline' else ${allotmentInvoices.status} end`;

/** Invoices in these shown statuses, as conditions on the stored status and the deadline. */
function statusCondition(statuses: readonly AllotmentInvoiceStatus[], today: string): SQL | undefined {
  const wanted = new Set(statuses);
  const parts: SQL[] = [];
  const pastDeadline = sql`${allotmentInvoices.paymentDeadline} < ${today}::date`;
  if (wanted.has('pending') && wanted.has('overDeadline'))
    parts.push(eq(allotmentInvoices.status, 'pending'));
  else if (wanted.has('pending'))
    parts.push(and(eq(allotmentInvoices.status, 'pending'), sql`not ${pastDeadline}`)!);
  else if (wanted.has('overDeadline'))
    parts.push(and(eq(allotmentInvoices.status, 'pending'), pastDeadline)!);
  const settled = (['paid', 'overpaid'] as const).filter((status) => wanted.has(status));
  if (settled.length > 0) parts.push(inArray(allotmentInvoices.status, settled));
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

const agent = alias(users, 'agent');

const invoiceColumns = (today: string) => ({
  invoice: allotmentInvoices,
  shownStatus: shownStatus(today),
  agent: { id: agent.id, displayName: agent.displayName },
});

export type InvoiceHead = Awaited<ReturnType<typeof findInvoices>>[number];

export const findInvoices = (db: Db | Tx, where: SQL, today: string) =>
  db
    .select(invoiceColumns(today))
    .from(allotmentInvoices)
    .innerJoin(agent, eq(agent.id, allotmentInvoices.agentId))
    .where(where);

export interface InvoiceFilter {
  agentId?: number | undefined;
  statuses: readonly AllotmentInvoiceStatus[];
  today: string;
}

export interface InvoicePaging {
  page: number;
  pageSize: number;
  sortBy: 'invoiceDate' | 'paymentDeadline' | 'id' | 'title' | 'totalWithDiscount';
  sortOrder: 'ASC' | 'DESC';
}

function invoiceOrder(paging: InvoicePaging): SQL[] {
  const direction = paging.sortOrder === 'ASC' ? asc : desc;
  switch (paging.sortBy) {
    case 'invoiceDate':
      return [direction(allotmentInvoices.invoiceDate), direction(allotmentInvoices.id)];
    case 'paymentDeadline':
      return [direction(allotmentInvoices.paymentDeadline), direction(allotmentInvoices.id)];
    case 'title':
      return [direction(sql`lower(${allotmentInvoices.title})`), direction(allotmentInvoices.id)];
    case 'totalWithDiscount':
      return [
        direction(sql`${allotmentInvoices.total} - ${allotmentInvoices.discount}`),
        direction(allotmentInvoices.id),
      ];
    case 'id':
      return [direction(allotmentInvoices.id)];
  }
}

/** One page of invoices matching the filters, and how many match. */
export async function listInvoices(db: Db, filter: InvoiceFilter, paging: InvoicePaging) {
  const conditions = [statusCondition(filter.statuses, filter.today)];
  if (filter.agentId !== undefined) conditions.push(eq(allotmentInvoices.agentId, filter.agentId));
  const where = and(...conditions)!;
  const [rows, totals] = await Promise.all([
    findInvoices(db, where, filter.today)
      .orderBy(...invoiceOrder(paging))
      .limit(paging.pageSize)
      .offset(paging.page * paging.pageSize),
    db.select({ total: count() }).from(allotmentInvoices).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** An invoice row locked for a change or a payment. */
export async function lockInvoice(tx: Tx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(allotmentInvoices).where(eq(allotmentInvoices.id, id)).for('update');
  return row;
}

export async function insertInvoice(tx: Tx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await tx.insert(allotmentInvoices).values(values).returning();
  return row!;
}

export const updateInvoice = (tx: Tx, id: number, values: Partial<NewInvoice>) =>
  tx
    .update(allotmentInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(allotmentInvoices.id, id));

export const deleteInvoice = (tx: Tx, id: number) =>
  tx.delete(allotmentInvoices).where(eq(allotmentInvoices.id, id));

/** The payments of some invoices, oldest first. */
export const paymentsOf = (db: Db | Tx, invoiceIds: number[]) =>
  db
    .select()
    .from(allotmentInvoicePayments)
    .where(inArray(allotmentInvoicePayments.invoiceId, invoiceIds))
    .orderBy(asc(allotmentInvoicePayments.id));

export const insertPayment = async (tx: Tx, values: typeof allotmentInvoicePayments.$inferInsert) => {
  const [row] = await tx.insert(allotmentInvoicePayments).values(values).returning();
  return row!;
};

/**
 * What an agent still owes on allotment invoices: totalWithDiscount − totalPaid summed over the
 * agent's invoices (overpaid ones count negative), the part past its deadline, and how many are unpaid.
 */
export async function balanceOf(db: Db, agentId: number, today: string) {
  const owed = sql`${allotmentInvoices.total} - ${allotmentInvoices.discount} - ${allotmentInvoices.totalPaid}`;
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${owed}), 0)::text`,
      overDeadline: sql<string>`coalesce(sum(${owed}) filter (where ${allotmentInvoices.status} = 'pending' and ${allotmentInvoices.paymentDeadline} < ${today}::date), 0)::text`,
      unpaidInvoices: sql<number>`(count(*) filter (where ${allotmentInvoices.status} = 'pending'))::int`,
    })
    .from(allotmentInvoices)
    .where(eq(allotmentInvoices.agentId, agentId));
  return {
    outstanding: Number(row?.outstanding ?? 0),
    overDeadline: Number(row?.overDeadline ?? 0),
    unpaidInvoices: Number(row?.unpaidInvoices ?? 0),
  };
}

/** An agent (user of type agent) by id: name and company for the invoice. */
export async function findAgent(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      displayName: users.displayName,
      company: users.company,
      firstName: users.firstName,
      lastName: users.lastName,
      street: users.street,
      zip: users.zip,
      city: users.city,
      countryId: users.countryId,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, id));
  return row?.type === 'agent' ? row : undefined;
}
