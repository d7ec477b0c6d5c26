import {
  type AccessUser,
  type AdminRouteName,
  adminRouteByName,
  listedReservationFacts,
  type ReservationAction,
  type ReservationActionReason,
  reservationActions,
  satisfies,
} from '@flybook/domain';
import type { ReservationListItem } from '@flybook/schemas';

/**
 * What the user may do on the reservation list (spec 02 §6 Reservation list), by role and by the
 * rule of the page an action leads to; the server checks the same roles on every call. What each
 * reservation allows is `reservationActions` (@flybook/domain), asked by {@link rowActionState}.
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
    /** The payment and history pages; what a reservation allows is `reservationActions`. */
    pay: route('reservationPayment'),
    history: route('reservationHistory'),
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

/** The domain's action behind each row action. */
const DOMAIN_ACTION = {
  edit: 'edit',
  pay: 'pay',
  ticket: 'ticketPdf',
  invoice: 'invoicePdf',
  creditNote: 'creditNotePdf',
  split: 'split',
  cancel: 'cancel',
  history: 'history',
} as const satisfies Record<ReservationRowAction, ReservationAction>;

/** Reasons that hide an action: not the user's to have on this reservation, rather than not now. */
const HIDING: readonly ReservationActionReason[] = ['noRole', 'notPaid', 'noCreditNote'];

/** The page an action leads to exists for the user (edit, pay, history); the others have no page. */
const pageAllows = (action: ReservationRowAction, permissions: ReservationListPermissions) => {
  if (action === 'edit' || action === 'pay' || action === 'history') return permissions[action];
  return true;
};

/**
 * Whether a row action is offered for a reservation: as `reservationActions` (@flybook/domain)
 * decides it, hidden where the user may not have it on this reservation (no role, a document
 * before payment without its role, no credit note) and disabled where its state forbids it now
 * (cancelled, paid, a closed or departed flight, one passenger, prices the reader may not see). The list is not told when a card
 * booking's payment window closes; the payment page and the API are.
 */
export function rowActionState(
  action: ReservationRowAction,
  row: ReservationListItem,
  permissions: ReservationListPermissions,
): ActionState {
  if (!pageAllows(action, permissions)) return 'hidden';
  const verdict = reservationActions(listedReservationFacts(row), { roles: permissions.roles })[
    DOMAIN_ACTION[action]
  ];
  if (verdict.reasons.some((reason) => HIDING.includes(reason))) return 'hidden';
  return verdict.reasons.length > 0 ? 'disabled' : 'enabled';
}
