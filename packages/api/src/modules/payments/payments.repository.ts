import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cardTransactions,
  creditNotes,
  reservationInvoices,
  reservations,
  users,
} from '../../db/schema/index.ts';

export type CardRow = typeof cardTransactions.$inferSelect;
type CardValues = Partial<typeof cardTransactions.$inferInsert>;

export async function insertCardTransaction(tx: Tx, values: typeof cardTransactions.$inferInsert) {
  const [row] = await tx.insert(cardTransactions).values(values).returning();
  return row!;
}

/** Changes a card transaction, stamping `updatedAt`; answers the row as it is now. */
export async function updateCardTransaction(db: Db | Tx, id: number, values: CardValues) {
  const [row] = await db
    .update(cardTransactions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cardTransactions.id, id))
    .returning();
  return row!;
}

export async function findCardTransaction(db: Db | Tx, transactionId: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cardTransactions)
    .where(eq(cardTransactions.transactionId, transactionId))
    .limit(1);
  return row;
}

export async function lockCardTransaction(tx: Tx, id: number): Promise<CardRow | undefined> {
  const [row] = await tx.select().from(cardTransactions).where(eq(cardTransactions.id, id)).for('update');
  return row;
}

/**
 * A reservation's card transactions still waiting on the provider, locked. A row being booked right
 * now (its webhook or its page's return) is waited for, not skipped: once booked it is no longer
 * open, and the start that waited sees the invoice it paid.
 */
export const lockOpenCardTransactions = (tx: Tx, reservationId: number) =>
  tx
    .select()
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.reservationId, reservationId),
        eq(cardTransactions.status, 'initialized'),
        isNull(cardTransactions.bookedAt),
      ),
    )
    .for('update');

export async function findReservationRow(db: Db | Tx, id: number) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

export async function findReservationWithInvoice(db: Db | Tx, reservationId: number) {
  const [row] = await db
    .select({ reservation: reservations, invoice: reservationInvoices })
    .from(reservations)
    .innerJoin(reservationInvoices, eq(reservationInvoices.reservationId, reservations.id))
    .where(eq(reservations.id, reservationId));
  return row;
}

export async function invoiceIdOf(tx: Tx, reservationId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: reservationInvoices.id })
    .from(reservationInvoices)
    .where(eq(reservationInvoices.reservationId, reservationId));
  return row?.id;
}

export async function setInvoiceStatus(
  tx: Tx,
  id: number,
  status: (typeof reservationInvoices.$inferSelect)['status'],
) {
  await tx
    .update(reservationInvoices)
    .set({ status, updatedAt: new Date() })
    .where(eq(reservationInvoices.id, id));
}

export async function insertCreditNote(tx: Tx, values: typeof creditNotes.$inferInsert) {
  return tx.insert(creditNotes).values(values);
}

export async function userTypeOf(db: Db, id: number) {
  const [row] = await db.select({ type: users.type }).from(users).where(eq(users.id, id));
  return row?.type;
}

export async function findCardTransactionById(tx: Tx, id: number): Promise<CardRow | undefined> {
  const [row] = await tx.select().from(cardTransactions).where(eq(cardTransactions.id, id));
  return row;
}

export async function findInvoiceOfReservation(tx: Tx, reservationId: number) {
  const [row] = await tx
    .select()
    .from(reservationInvoices)
    .where(eq(reservationInvoices.reservationId, reservationId));
  return row;
}
