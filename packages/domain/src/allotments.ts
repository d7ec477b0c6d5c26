import { multiplyMoney, type Rappen, subtractMoney, sumMoney } from './money.ts';

/** What an allotment invoice stores about its payment: pending until what it charges is paid. */
export type AllotmentPaymentState = 'pending' | 'paid' | 'overpaid';

/** The states an allotment invoice shows (spec 03 §3): pending past its deadline is overDeadline. */
export type AllotmentInvoiceState = AllotmentPaymentState | 'overDeadline';

/** What a set of allotments costs the agent: seats × cost per seat, summed (Rappen). */
export function allotmentsTotal(rows: readonly { seatsNumber: number; costPerSeat: Rappen }[]): Rappen {
  return sumMoney(rows.map((row) => multiplyMoney(row.costPerSeat, row.seatsNumber)));
}

/** What an invoice charges: its allotments' total less the discount. */
export const totalWithDiscount = (invoice: { total: Rappen; discount: Rappen }): Rappen =>
  subtractMoney(invoice.total, invoice.discount);

/** The payment state from what the invoice charges and what was paid on it. */
export function allotmentPaymentState(charged: Rappen, totalPaid: Rappen): AllotmentPaymentState {
  if (totalPaid > charged) return 'overpaid';
  return totalPaid === charged ? 'paid' : 'pending';
}

/**
 * The state shown: a pending invoice is over its deadline from the day after the deadline on.
 * Days are calendar days of the office (YYYY-MM-DD), so the comparison is a text comparison.
 */
export function allotmentInvoiceState(
  stored: AllotmentPaymentState,
  paymentDeadline: string,
  today: string,
): AllotmentInvoiceState {
  return stored === 'pending' && paymentDeadline < today ? 'overDeadline' : stored;
}
