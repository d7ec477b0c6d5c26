import {
  airportLocalTime,
  isInvoiceSettled,
  isMoneyAmount,
  type Rappen,
  shiftDay,
  sumMoney,
  toRappen,
  weekdayOfDay,
} from '@flybook/domain';
import type { AllotmentInvoice, AllotmentListItem, AllotmentPaymentFilter } from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** Monday and Sunday of the week an office day (yyyy-MM-dd) is in: the allotment list's default (spec 03 §2). */
export function currentWeek(today: string): { from: string; to: string } {
  const monday = shiftDay(today, 1 - weekdayOfDay(today));
  return { from: monday, to: shiftDay(monday, 6) };
}

// ---------- the allotment list ----------

/** The allotment list's filter bar: ids as text, '' for none, dates as yyyy-MM-dd. */
export type AllotmentFilterValues = {
  agentId: string;
  departureFrom: string;
  departureTo: string;
  /** open, invoiced, or '' for both. */
  invoicedStatus: string;
};

/** Spec 03 §2: departures Monday to Sunday of this week, open allotments. */
export const initialAllotmentFilters = (today: string): AllotmentFilterValues => {
  const week = currentWeek(today);
  return { agentId: '', departureFrom: week.from, departureTo: week.to, invoicedStatus: 'open' };
};

/**
 * The filters as the list call takes them: the agent (full list only), the departure days as
 * `flightDateInterval` and the invoiced status. Half-typed dates are left out.
 */
export const allotmentCrudFilters =
  (fullList: boolean) =>
  (values: AllotmentFilterValues): CrudFilter[] => {
    const filters: CrudFilter[] = [];
    if (fullList && ID.test(values.agentId)) {
      filters.push({ field: 'agentId', operator: 'eq', value: Number(values.agentId) });
    }
    const from = DATE.test(values.departureFrom) ? values.departureFrom : undefined;
    const to = DATE.test(values.departureTo) ? values.departureTo : undefined;
    if (from || to) filters.push({ field: 'flightDateInterval', operator: 'between', value: [from, to] });
    if (values.invoicedStatus === 'open' || values.invoicedStatus === 'invoiced') {
      filters.push({ field: 'invoicedStatus', operator: 'eq', value: values.invoicedStatus });
    }
    return filters;
  };

const rappenOf = (chf: number): Rappen => (isMoneyAmount(chf) ? toRappen(chf) : Math.round(chf * 100));

/**
 * What the chosen allotments can become (spec 03 §4): one invoice when there is at least one, all
 * of one agent and none invoiced; else why not.
 */
export type InvoiceCandidate =
  | {
      kind: 'ready';
      agent: AllotmentListItem['agent'];
      ids: number[];
      seats: number;
      /** Seats × cost per seat, when the costs are shown. */
      total: Rappen | null;
      /** The local departure day (at the origin) of the earliest flight: the deadline is not after it. */
      firstDepartureDay: string;
    }
  | { kind: 'none' | 'severalAgents' | 'invoiced' };

export function invoiceCandidate(chosen: readonly AllotmentListItem[]): InvoiceCandidate {
  const first = chosen[0];
  if (!first) return { kind: 'none' };
  if (chosen.some((row) => row.agent.id !== first.agent.id)) return { kind: 'severalAgents' };
  if (chosen.some((row) => row.invoice !== null)) return { kind: 'invoiced' };
  const totals = chosen.map((row) => row.total);
  return {
    kind: 'ready',
    agent: first.agent,
    ids: chosen.map((row) => row.id),
    seats: chosen.reduce((sum, row) => sum + row.seatsNumber, 0),
    total: totals.every((total) => total !== undefined) ? sumMoney(totals.map(rappenOf)) : null,
    firstDepartureDay: chosen
      .map((row) => airportLocalTime(row.flight.departure, row.flight.origin.timezone).date)
      .reduce((first, day) => (day < first ? day : first)),
  };
}

// ---------- the invoice list ----------

export type InvoiceFilterValues = {
  agentId: string;
  /** One of the spec's three payment filters, or '' for every invoice. */
  paymentStatus: string;
};

/**
 * Spec 03 §2: unpaid invoices. A list opened to show an invoice (highlightAllotmentInvoiceId, after
 * a payment) starts with every status, so the invoice just paid is among the rows.
 */
export const initialInvoiceFilters = (highlight: boolean): InvoiceFilterValues => ({
  agentId: '',
  paymentStatus: highlight ? '' : 'unpaid',
});

/** The statuses a choice asks the API for: every invoice ('') is unpaid and paid together. */
export function paymentStatusesOf(choice: string): AllotmentPaymentFilter[] {
  switch (choice) {
    case 'overDeadline':
    case 'paid':
    case 'unpaid':
      return [choice];
    default:
      return ['unpaid', 'paid'];
  }
}

export const invoiceCrudFilters =
  (fullList: boolean) =>
  (values: InvoiceFilterValues): CrudFilter[] => [
    ...(fullList && ID.test(values.agentId)
      ? [{ field: 'agentId', operator: 'eq' as const, value: Number(values.agentId) }]
      : []),
    { field: 'paymentStatus', operator: 'in', value: paymentStatusesOf(values.paymentStatus) },
  ];

/** What each row action may do with an invoice (spec 03 §4). */
export const canPay = (invoice: Pick<AllotmentInvoice, 'status'>) => !isInvoiceSettled(invoice);
export const canEdit = (invoice: Pick<AllotmentInvoice, 'status'>) => invoice.status !== 'paid';
export const canDelete = (invoice: Pick<AllotmentInvoice, 'totalPaid'>) => invoice.totalPaid === 0;
