import {
  canCancelFlight,
  canChangeBookedOut,
  canDelayFlight,
  canMarkFlightDeparted,
  canUndelayFlight,
  type RoleSet,
  satisfies,
} from '@flybook/domain';
import { type ApiCall, type FlightListItem, flightCalls } from '@flybook/schemas';

/**
 * What the user may do on the flight list, by the roles the API itself requires for each call
 * (schemas/src/flights.ts): the UI shows an action only when the server would accept it.
 */
export function flightListPermissions(roles: RoleSet) {
  const may = (call: ApiCall) => call.roles === undefined || satisfies(roles, call.roles);
  return {
    /** ROLE_FLIGHT_LIST: the full list; otherwise the agent list (ROLE_FLIGHT_AGENT_FLIGHT_LIST). */
    fullList: may(flightCalls.list),
    bookingInfo: may(flightCalls.bookingInfo),
    passengersInfo: may(flightCalls.passengersInfo),
    turnoverInfo: may(flightCalls.turnoverInfo),
    active: may(flightCalls.activate),
    status: may(flightCalls.setStatus),
    remove: may(flightCalls.removeList),
    bookedOut: may(flightCalls.bookOut),
    delay: may(flightCalls.delay),
    unassignSequence: may(flightCalls.unassignSequence),
    removeSequences: may(flightCalls.removeSequences),
    turnoverPdf: may(flightCalls.turnoverPdf),
    passengerReport: may(flightCalls.passengerReport),
  };
}
export type FlightListPermissions = ReturnType<typeof flightListPermissions>;

/** Actions on one flight, in the order of its actions menu. */
export const ROW_ACTIONS = [
  'activate',
  'deactivate',
  'bookOut',
  'unbookOut',
  'delay',
  'undelay',
  'departed',
  'cancel',
  'unassignSequence',
  'removeSequence',
  'remove',
] as const;
export type RowActionKind = (typeof ROW_ACTIONS)[number];

/** Actions on the chosen flights (or all matching the filters), in the order of the bulk bar. */
export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'unassignSequence',
  'removeSequence',
  'remove',
  'turnoverPdf',
  'passengerReport',
] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

/** Hidden without the role; shown but disabled when the flight's state forbids it. */
export type ActionState = 'hidden' | 'disabled' | 'enabled';

const state = (allowed: boolean, possible: boolean): ActionState =>
  !allowed ? 'hidden' : possible ? 'enabled' : 'disabled';

/** Whether a row action is offered for a flight, by role and by the flight rules of @flybook/domain. */
export function rowActionState(
  kind: RowActionKind,
  flight: FlightListItem,
  permissions: FlightListPermissions,
  now: Date = new Date(),
): ActionState {
  switch (kind) {
    case 'activate':
      return state(permissions.active, !flight.isActive);
    case 'deactivate':
      return state(permissions.active, flight.isActive);
    case 'bookOut':
      return flight.isBookedOut ? 'hidden' : state(permissions.bookedOut, canChangeBookedOut(flight));
    case 'unbookOut':
      return flight.isBookedOut ? state(permissions.bookedOut, canChangeBookedOut(flight)) : 'hidden';
    case 'delay':
      return state(permissions.delay, canDelayFlight(flight));
    case 'undelay':
      return flight.isDelayed ? state(permissions.delay, canUndelayFlight(flight)) : 'hidden';
    case 'departed':
      return state(permissions.status, canMarkFlightDeparted(flight, now));
    case 'cancel':
      return state(permissions.status, canCancelFlight(flight));
    case 'unassignSequence':
      return state(permissions.unassignSequence, flight.sequence !== null);
    case 'removeSequence':
      return state(permissions.removeSequences, flight.sequence !== null);
    case 'remove':
      return state(permissions.remove, true);
  }
}

/** The most flights a document (turnover list, passenger report) is made for at once. */
export const MAX_DOCUMENT_FLIGHTS = 500;

/**
 * Whether a bulk action is offered for the current choice. `chosen` is the number of flights
 * chosen; `rows` the chosen flights the page has seen, or undefined when "all matching" is chosen
 * (their states are then the server's to check).
 */
export function bulkActionState(
  kind: BulkActionKind,
  permissions: FlightListPermissions,
  chosen: number,
  rows: readonly FlightListItem[] | undefined,
): ActionState {
  const some = chosen > 0;
  const withSequence = rows === undefined || rows.some((row) => row.sequence !== null);
  switch (kind) {
    case 'activate':
    case 'deactivate':
      return state(permissions.active, some);
    case 'unassignSequence':
      return state(permissions.unassignSequence, some && withSequence);
    case 'removeSequence':
      return state(permissions.removeSequences, some && withSequence);
    case 'remove':
      return state(permissions.remove, some);
    case 'turnoverPdf':
      return state(permissions.turnoverPdf, some);
    case 'passengerReport':
      return state(permissions.passengerReport, some);
  }
}
