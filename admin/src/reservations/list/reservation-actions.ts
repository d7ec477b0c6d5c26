import {
  type AccessUser,
  type AdminRouteName,
  adminRouteByName,
  flightChangeBlock,
  isInvoiceSettled,
  satisfies,
} from '@flybook/domain';
import type { ReservationListItem } from '@flybook/schemas';

/**
 * What the user may do on the reservation list (spec 02 §6 Reservation list), by role and by the
 * rule of the page an action leads to; the server checks the same roles on every call.
 */
export function reservationListPermissions(user: AccessUser) {
  const has = (role: string) => satisfies(user.roles, role);
  const route = (name: AdminRouteName) => satisfies(user.roles, adminRouteByName(name).rule);
  const isCustomer = user.type === 'customer';
  return {
    /** ROLE_RESERVATION_LIST: every reservation; otherwise the user's own (user/me/reservation/list). */
    fullList: has('ROLE_RESERVATION_LIST'),
    /** The New reservation button: the new page's route and ROLE_RESERVATION_CREATE. */
    create: route('reservationNew') && has('ROLE_RESERVATION_CREATE'),
    /** The edit link is for employees (and admins): agents and customers do not change bookings. */
    edit: (user.type === 'manager' || user.type === 'admin') && route('reservationEdit'),
    pay: route('reservationPayment'),
    cancel: has('ROLE_RESERVATION_CANCEL'),
    split: has('ROLE_RESERVATION_SPLIT'),
    history: route('reservationHistory'),
    ticketBeforePaid: has('ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID'),
    invoiceBeforePaid: has('ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID'),
    /** Bulk actions and the SMS popup (spec: ROLE_ADMIN; the API's role is ROLE_RESERVATION_SMS). */
    sms: has('ROLE_RESERVATION_SMS'),
    /** The owner and reservator filters (ROLE_RESERVATION_USER_LIST). */
    userFilters: has('ROLE_RESERVATION_USER_LIST'),
    /** Customers see no id, status, owner or reservator columns, nor status, payment and date filters. */
    fullView: !isCustomer,
    roles: user.roles,
  };
}
export type ReservationListPermissions = ReturnType<typeof reservationListPermissions>;

/** Actions on one reservation, in the order of its row. */
export const ROW_ACTIONS = [
  'edit',
  'pay',
  'ticket',
  'invoice',
  'creditNote',
  'split',
  'cancel',
  'history',
] as const;
export type ReservationRowAction = (typeof ROW_ACTIONS)[number];

/** Hidden without the role; shown but disabled when the reservation's state forbids it. */
export type ActionState = 'hidden' | 'disabled' | 'enabled';

const state = (allowed: boolean, possible: boolean): ActionState =>
  !allowed ? 'hidden' : possible ? 'enabled' : 'disabled';

const isSettled = (row: ReservationListItem) => isInvoiceSettled(row.invoice);

/** The reservation's flights let this user change it: none departed or closed beyond their roles. */
const flightsChangeable = (row: ReservationListItem, roles: AccessUser['roles']) =>
  row.flights.every((flight) => flightChangeBlock(flight.status, roles) === null);

/**
 * Whether a row action is offered for a reservation (spec 02 §4, §6): a cancelled reservation
 * cannot be edited, cancelled again or split, and is paid only for an open cancellation fee; paid
 * invoices take no payment; the credit note shows once a cancellation gave money back; cancelling is
 * disabled once a flight is closed or departed unless the user's roles allow changing such flights;
 * the ticket and invoice before full payment need their roles, and a cancelled booking has no ticket.
 */
export function rowActionState(
  action: ReservationRowAction,
  row: ReservationListItem,
  permissions: ReservationListPermissions,
): ActionState {
  const cancelled = row.status === 'cancelled';
  switch (action) {
    case 'edit':
      return state(permissions.edit, !cancelled);
    case 'pay':
      return state(permissions.pay, !isSettled(row) && row.invoice.total !== undefined);
    case 'cancel':
      return state(permissions.cancel, !cancelled && flightsChangeable(row, permissions.roles));
    case 'split':
      return state(permissions.split, !cancelled && row.passengerCount > 1);
    case 'ticket':
      return state(isSettled(row) || permissions.ticketBeforePaid, !cancelled);
    case 'invoice':
      return state(isSettled(row) || permissions.invoiceBeforePaid, true);
    case 'creditNote':
      return row.hasCreditNote ? 'enabled' : 'hidden';
    case 'history':
      return state(permissions.history, true);
  }
}
