import {
  APPEARING_STATES,
  type AppearingState,
  DEFAULT_APPEARING_FILTER,
  type FlightPassengerFilters,
  PASSENGER_PAYMENT_STATES,
} from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';

/** The filter bar's values: the search as typed and the chosen values of each group. */
export type PassengerFilterValues = {
  query: string;
  /** Tariff group ids. */
  tariffGroups: readonly string[];
  /** 'paid' | 'unpaid'. */
  payment: readonly string[];
  /** 'appeared' | 'notAppeared' | 'pending'. */
  appearing: readonly string[];
};

/** Spec 03 §9: pending and no-show passengers until the user chooses otherwise. */
export const INITIAL_PASSENGER_FILTERS: PassengerFilterValues = {
  query: '',
  tariffGroups: [],
  payment: [],
  appearing: DEFAULT_APPEARING_FILTER,
};

const isAppearing = (value: string): value is AppearingState =>
  (APPEARING_STATES as readonly string[]).includes(value);
const isPayment = (value: string): value is 'paid' | 'unpaid' =>
  (PASSENGER_PAYMENT_STATES as readonly string[]).includes(value);

/**
 * The API's filters for the bar's values. No appearing state chosen means all three: the API's
 * default (pending and no-show) only applies when the user has not chosen.
 */
export function passengerFilters(values: PassengerFilterValues): Partial<FlightPassengerFilters> {
  const filters: Partial<FlightPassengerFilters> = {};
  const query = values.query.trim();
  if (query) filters.query = query.slice(0, 100);
  const groups = values.tariffGroups.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  if (groups.length > 0) filters.tariffGroups = groups;
  const payment = values.payment.filter(isPayment);
  if (payment.length > 0) filters.payment = payment;
  const appearing = values.appearing.filter(isAppearing);
  filters.appearing = appearing.length > 0 ? appearing : [...APPEARING_STATES];
  return filters;
}

/** The same filters as Refine filters; the data provider sends each under its own name. */
export const passengerCrudFilters = (values: PassengerFilterValues): CrudFilter[] =>
  Object.entries(passengerFilters(values)).map(([field, value]) => ({
    field,
    operator: Array.isArray(value) ? 'in' : 'eq',
    value,
  }));
