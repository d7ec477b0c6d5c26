import {
  DEFAULT_RESERVATION_STATUS_FILTER,
  INVOICE_STATUSES,
  PAYMENT_TERMS,
  RESERVATION_STATUSES,
} from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';
import { HIGHLIGHT_ROW_CLASS } from '../../app/list/ServerList.tsx';

/** The filter bar's values: texts as typed, '' for none, the chosen values of each chip group. */
export type ReservationFilterValues = {
  query: string;
  /** 'true': active reservations (the default), 'false': the others (docs/booking.md, Lists). */
  isActive: 'true' | 'false';
  reservationStatus: readonly string[];
  paymentStatus: readonly string[];
  paymentTerms: readonly string[];
  /** yyyy-MM-dd, both ends included. */
  flightFrom: string;
  flightTo: string;
  createdFrom: string;
  createdTo: string;
  paymentFrom: string;
  paymentTo: string;
  deadlineFrom: string;
  deadlineTo: string;
  /** A user id as text, '' for anyone. */
  ownerId: string;
  reservatorId: string;
};

/** Spec 02 §4: created, confirmed and reserved reservations, active ones only, until the user changes it. */
export const INITIAL_RESERVATION_FILTERS: ReservationFilterValues = {
  query: '',
  isActive: 'true',
  reservationStatus: DEFAULT_RESERVATION_STATUS_FILTER,
  paymentStatus: [],
  paymentTerms: [],
  flightFrom: '',
  flightTo: '',
  createdFrom: '',
  createdTo: '',
  paymentFrom: '',
  paymentTo: '',
  deadlineFrom: '',
  deadlineTo: '',
  ownerId: '',
  reservatorId: '',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** The list as the address opens it: `ownerId` and `reservatorId` (spec 02 §2) preset their filters. */
export function filtersFromAddress(params: URLSearchParams): ReservationFilterValues {
  const id = (name: string) => {
    const value = params.get(name) ?? '';
    return ID.test(value) ? value : '';
  };
  return { ...INITIAL_RESERVATION_FILTERS, ownerId: id('ownerId'), reservatorId: id('reservatorId') };
}

/** The row class marking the reservation of the address, for the list's rowClassName. */
export const highlightedRow =
  (id: number | null) =>
  (row: { id: number }): string | undefined =>
    row.id === id ? HIGHLIGHT_ROW_CLASS : undefined;

/** The marked row of the address (`highlightReservationId`), when it is an id. */
export function highlightedId(params: URLSearchParams): number | null {
  const value = params.get('highlightReservationId') ?? '';
  return ID.test(value) ? Number(value) : null;
}

const INTERVALS = [
  ['flightDateInterval', 'flightFrom', 'flightTo'],
  ['createdAtInterval', 'createdFrom', 'createdTo'],
  ['paymentDateInterval', 'paymentFrom', 'paymentTo'],
  ['deadlineDateInterval', 'deadlineFrom', 'deadlineTo'],
] as const;

const only = <T extends string>(allowed: readonly T[], values: readonly string[]): T[] =>
  values.filter((value): value is T => (allowed as readonly string[]).includes(value));

/**
 * The API's filters for the bar's values. What is empty or not (yet) valid is left out, so a half
 * typed date never becomes a refused request; an interval whose end comes before its start is left
 * out until it is mended. With no status chosen, every status is asked for (the API's default would
 * otherwise bring the three default ones back). `own` lists leave out owner and reservator.
 */
export function reservationCrudFilters(values: ReservationFilterValues, own: boolean): CrudFilter[] {
  const filters: CrudFilter[] = [];
  const query = values.query.trim();
  if (query) filters.push({ field: 'query', operator: 'contains', value: query.slice(0, 100) });
  filters.push({ field: 'isActive', operator: 'eq', value: values.isActive === 'true' });
  const statuses = only(RESERVATION_STATUSES, values.reservationStatus);
  filters.push({
    field: 'reservationStatus',
    operator: 'in',
    value: statuses.length > 0 ? statuses : [...RESERVATION_STATUSES],
  });
  const payment = only(INVOICE_STATUSES, values.paymentStatus);
  if (payment.length > 0) filters.push({ field: 'paymentStatus', operator: 'in', value: payment });
  const terms = only(PAYMENT_TERMS, values.paymentTerms);
  if (terms.length > 0) filters.push({ field: 'paymentTerms', operator: 'in', value: terms });
  for (const [field, fromName, toName] of INTERVALS) {
    const from = DATE.test(values[fromName]) ? values[fromName] : '';
    const to = DATE.test(values[toName]) ? values[toName] : '';
    if ((from || to) && !(from && to && to < from)) {
      filters.push({ field, operator: 'between', value: [from, to] });
    }
  }
  if (!own) {
    if (ID.test(values.ownerId))
      filters.push({ field: 'ownerId', operator: 'eq', value: Number(values.ownerId) });
    if (ID.test(values.reservatorId)) {
      filters.push({ field: 'reservatorId', operator: 'eq', value: Number(values.reservatorId) });
    }
  }
  return filters;
}
