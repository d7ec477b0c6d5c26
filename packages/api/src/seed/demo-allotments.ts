import {
  allotmentPaymentState,
  allotmentsTotal,
  defaultPaymentDeadline,
  officeDayOf,
  officeToday,
} from '@flybook/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { allotments, flights, users } from '../db/schema/index.ts';
import { assignInvoice, insertInvoice } from '../modules/allotments/allotments.repository.ts';
import { logEntityChange } from '../platform/entity-log.ts';

/**
 * The demo agent's first two ZRH–PRN allotments, invoiced today (the rest stay open to invoice in
 * the back office): the allotment pages have an invoice to show, pay and print from the start.
 */
export async function seedDemoAllotmentInvoice(tx: Tx, today = new Date()) {
  const [agent] = await tx.select().from(users).where(eq(users.email, 'agent@flybook.test'));
  if (!agent) return;
  const first = await tx
    .select({
      id: allotments.id,
      seatsNumber: allotments.seatsNumber,
      costPerSeat: allotments.costPerSeat,
      departure: flights.departure,
    })
    .from(allotments)
    .innerJoin(flights, eq(flights.id, allotments.flightId))
    .where(eq(allotments.agentId, agent.id))
    .orderBy(asc(flights.departure))
    .limit(2);
  if (first.length === 0) return;
  const invoiceDate = officeToday(today);
  const firstDeparture = officeDayOf(first[0]!.departure);
  const total = allotmentsTotal(first);
  const invoice = await insertInvoice(tx, {
    agentId: agent.id,
    title: 'Allotments ZRH–PRN, first two flights',
    invoiceDate,
    paymentDeadline: defaultPaymentDeadline(invoiceDate, firstDeparture),
    invoiceCompany: agent.company ?? agent.displayName,
    discountDescription: '',
    discount: 0,
    total,
    status: allotmentPaymentState(total, 0),
    createdById: null,
  });
  await assignInvoice(
    tx,
    first.map((row) => row.id),
    invoice.id,
  );
  await logEntityChange(tx, {
    userId: null,
    entityType: 'allotmentInvoice',
    entityId: invoice.id,
    operation: 'create',
    changedFields: ['title', 'invoiceDate', 'paymentDeadline', 'agent', 'allotments', 'total'],
  });
}
