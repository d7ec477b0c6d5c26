import {
  DEFAULT_FLIGHT_STATUS_FILTER,
  FLIGHT_STATUSES,
  type FlightFilters,
  type FlightStatus,
} from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';

/** The filter bar's values: texts as typed, '' for "any", lists of chosen values. */
export type FlightFilterValues = {
  query: string;
  /** '' any, 'true' active only, 'false' inactive only. */
  isActive: '' | 'true' | 'false';
  status: readonly string[];
  /** yyyy-MM-dd, local departure date at the origin. */
  departureFrom: string;
  departureTo: string;
  /** Airport codes. */
  origin: string;
  destination: string;
  /** ISO weekdays '1' (Monday) … '7' (Sunday). */
  weekday: readonly string[];
  /** A sequence id as typed. */
  sequence: string;
};

/** Spec 03 §9: created flights only until the user chooses otherwise. */
export const INITIAL_FLIGHT_FILTERS: FlightFilterValues = {
  query: '',
  isActive: '',
  status: DEFAULT_FLIGHT_STATUS_FILTER,
  departureFrom: '',
  departureTo: '',
  origin: '',
  destination: '',
  weekday: [],
  sequence: '',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT = /^[A-Z]{3}$/;
const isStatus = (value: string): value is FlightStatus =>
  (FLIGHT_STATUSES as readonly string[]).includes(value);

/**
 * The API's filters for the bar's values: what is empty or not (yet) valid is left out, so a half
 * typed sequence id or date never turns into a rejected request.
 */
export function flightFilters(values: FlightFilterValues): FlightFilters {
  const filters: FlightFilters = {};
  const query = values.query.trim();
  if (query) filters.query = query.slice(0, 100);
  if (values.isActive !== '') filters.isActive = values.isActive === 'true';
  const status = values.status.filter(isStatus);
  if (status.length > 0) filters.status = status;
  if (DATE.test(values.departureFrom)) filters.departureFrom = values.departureFrom;
  if (DATE.test(values.departureTo)) filters.departureTo = values.departureTo;
  if (AIRPORT.test(values.origin)) filters.origin = values.origin;
  if (AIRPORT.test(values.destination)) filters.destination = values.destination;
  const weekday = values.weekday.map(Number).filter((day) => Number.isInteger(day) && day >= 1 && day <= 7);
  if (weekday.length > 0) filters.weekday = weekday;
  const sequence = values.sequence.trim();
  if (/^[1-9]\d{0,9}$/.test(sequence)) filters.sequence = Number(sequence);
  return filters;
}

/** The same filters as Refine filters; the data provider sends each under its own name. */
export const flightCrudFilters = (values: FlightFilterValues): CrudFilter[] =>
  Object.entries(flightFilters(values)).map(([field, value]) => ({
    field,
    operator: Array.isArray(value) ? 'in' : 'eq',
    value,
  }));
