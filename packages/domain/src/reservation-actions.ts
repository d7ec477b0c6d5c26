import type { FlightStatus } from './flights.ts';
import { type Rappen, toRappen } from './money.ts';
import { type InvoiceStatus, isInvoiceSettled, type PaymentRefusal, paymentRefusalOf } from './payments.ts';
import { allOf, type PermissionRule, type RoleSet, satisfies } from './permissions.ts';
import { flightChangeBlock } from './reservations.ts';

/**
 * What may be done with one reservation and why not (spec 02 §4–§6, docs/reservation-admin.md
 * "Where the reservation actions are decided"). The API's guards, the back office's row menu, the
 * site's account page and manage my booking all ask these; none decides an action on its own.
 * Who may read the reservation at all (404 otherwise) is `reservationAccess` in the API.
 */

/** Why an action is refused: a stable key; the API answers each with its error code and status. */
export type ReservationActionReason =
  /** The actor lacks the action's role ({@link RESERVATION_ACTION_ROLES}). */
  | 'noRole'
  /** A document of a reservation not fully paid, without the role to print it before payment. */
  | 'notPaid'
  | 'cancelled'
  /** An unpaid card booking whose payment window has closed. */
  | 'expired'
  /** Nothing is left to pay. */
  | 'alreadyPaid'
  /** The reader may see no amount (the owner of a booking whose reservator hid its price). */
  | 'pricesHidden'
  /** A reservation of one passenger cannot be split. */
  | 'onePassenger'
  /** A flight of the reservation departed, without ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT. */
  | 'flightDeparted'
  /** A flight of the reservation is closed, without ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT. */
  | 'flightClosed'
  /** No cancellation gave money back, so there is no credit note. */
  | 'noCreditNote';

/**
 * An action's answer: allowed, or every reason it is refused for in the order the API checks them
 * (`reason` is the first, the one the API answers with).
 */
export interface ActionVerdict {
  allowed: boolean;
  reason: ReservationActionReason | null;
  reasons: readonly ReservationActionReason[];
}

/** The facts about a reservation the actions look at, as its reader sees them. */
export interface ReservationFacts {
  status: 'created' | 'reserved' | 'confirmed' | 'cancelled';
  /** Until when an unpaid card booking holds its seats; absent where the reader is not told. */
  expiresAt?: Date | null | undefined;
  /** Amounts in Rappen, absent when the prices are hidden from the reader. */
  invoice: { status: InvoiceStatus; total?: Rappen | undefined; totalPaid?: Rappen | undefined };
  /** The reader may see no amount of it. */
  pricesHidden: boolean;
  passengerCount: number;
  /** Its flights in the order they are flown. */
  flights: readonly { status: FlightStatus }[];
  /** A cancellation gave money back: its credit note can be printed. */
  hasCreditNote: boolean;
}

/** The facts about who acts: their roles (a guest or access-key holder has none). */
export interface ActorFacts {
  roles: RoleSet;
}

/** The role each action needs, whatever the reservation's state; the API contract declares the same. */
export const RESERVATION_ACTION_ROLES = {
  edit: 'ROLE_RESERVATION_UPDATE',
  cancel: 'ROLE_RESERVATION_CANCEL',
  split: 'ROLE_RESERVATION_SPLIT',
  history: allOf('ROLE_RESERVATION_READ', 'ROLE_RESERVATION_SNAPSHOT_LIST'),
} as const satisfies Record<string, PermissionRule>;

/** The roles that let a document be printed before the reservation is fully paid. */
export const BEFORE_PAID_ROLES = {
  ticket: 'ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID',
  invoice: 'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
} as const;

const verdict = (...checks: (ReservationActionReason | false)[]): ActionVerdict => {
  const reasons = checks.filter((check): check is ReservationActionReason => check !== false);
  return { allowed: reasons.length === 0, reason: reasons[0] ?? null, reasons };
};

const isCancelled = (reservation: Pick<ReservationFacts, 'status'>) => reservation.status === 'cancelled';

/**
 * The first of a reservation's flights that keeps this actor from changing or cancelling it, with
 * why (`flightChangeBlock`); null when none does.
 */
export function firstFlightBlock<Flight extends { status: FlightStatus }>(
  flights: readonly Flight[],
  roles: RoleSet,
): { flight: Flight; block: 'departed' | 'closed' } | null {
  for (const flight of flights) {
    const block = flightChangeBlock(flight.status, roles);
    if (block) return { flight, block };
  }
  return null;
}

/**
 * Edit (and rebook): with its role, and not once cancelled. Which flights a change may touch depends
 * on the change itself; the API checks that on the change (departed and closed flights).
 */
export const editVerdict = (reservation: Pick<ReservationFacts, 'status'>, actor: ActorFacts) =>
  verdict(
    !satisfies(actor.roles, RESERVATION_ACTION_ROLES.edit) && 'noRole',
    isCancelled(reservation) && 'cancelled',
  );

const PAYMENT_REFUSAL_REASONS: Record<PaymentRefusal, ReservationActionReason> = {
  ERROR_RESERVATION_CANCELLED: 'cancelled',
  ERROR_RESERVATION_EXPIRED: 'expired',
  ERROR_INVOICE_ALREADY_PAID: 'alreadyPaid',
};

/**
 * Pay: something is still to pay (`paymentRefusalOf`: a cancelled reservation only its open
 * cancellation fee, a card booking only within its payment window), and the reader sees what. Which
 * methods the payer may use is the payment form's rule (`paymentMethodAccess`).
 */
export function payVerdict(
  reservation: Pick<ReservationFacts, 'status' | 'expiresAt' | 'invoice' | 'pricesHidden'>,
  now: Date,
): ActionVerdict {
  const { invoice } = reservation;
  if (reservation.pricesHidden || invoice.total === undefined) {
    return verdict('pricesHidden', isInvoiceSettled(invoice) && 'alreadyPaid');
  }
  const refusal = paymentRefusalOf(
    { status: reservation.status, expiresAt: reservation.expiresAt ?? null },
    { status: invoice.status, total: invoice.total, totalPaid: invoice.totalPaid ?? 0 },
    now,
  );
  return verdict(refusal !== null && PAYMENT_REFUSAL_REASONS[refusal]);
}

/**
 * Cancel: with its role, not once cancelled, and not while a flight is departed or closed beyond
 * the actor's roles (the first such flight gives the reason). The fee is checked on the cancellation.
 */
export function cancelVerdict(
  reservation: Pick<ReservationFacts, 'status' | 'flights'>,
  actor: ActorFacts,
): ActionVerdict {
  const blocked = firstFlightBlock(reservation.flights, actor.roles);
  return verdict(
    !satisfies(actor.roles, RESERVATION_ACTION_ROLES.cancel) && 'noRole',
    isCancelled(reservation) && 'cancelled',
    blocked?.block === 'departed' && 'flightDeparted',
    blocked?.block === 'closed' && 'flightClosed',
  );
}

/**
 * Split: with its role, not once cancelled, and with more than one passenger. Which passenger may
 * go is checked on the split (`canSplitParty`).
 */
export const splitVerdict = (
  reservation: Pick<ReservationFacts, 'status' | 'passengerCount'>,
  actor: ActorFacts,
) =>
  verdict(
    !satisfies(actor.roles, RESERVATION_ACTION_ROLES.split) && 'noRole',
    isCancelled(reservation) && 'cancelled',
    reservation.passengerCount < 2 && 'onePassenger',
  );

/** The ticket PDF: a cancelled reservation has none; before full payment only with its role. */
export const ticketPdfVerdict = (
  reservation: Pick<ReservationFacts, 'status' | 'invoice'>,
  actor: ActorFacts,
) =>
  verdict(
    isCancelled(reservation) && 'cancelled',
    !isInvoiceSettled(reservation.invoice) && !satisfies(actor.roles, BEFORE_PAID_ROLES.ticket) && 'notPaid',
  );

/**
 * The invoice PDF (a cancelled reservation's too: it charges the fee): not to a reader the prices
 * are hidden from; before full payment only with its role.
 */
export const invoicePdfVerdict = (
  reservation: Pick<ReservationFacts, 'invoice' | 'pricesHidden'>,
  actor: ActorFacts,
) =>
  verdict(
    reservation.pricesHidden && 'pricesHidden',
    !isInvoiceSettled(reservation.invoice) && !satisfies(actor.roles, BEFORE_PAID_ROLES.invoice) && 'notPaid',
  );

/** The credit note PDF: not to a reader the prices are hidden from, and only once there is one. */
export const creditNoteVerdict = (reservation: Pick<ReservationFacts, 'pricesHidden' | 'hasCreditNote'>) =>
  verdict(reservation.pricesHidden && 'pricesHidden', !reservation.hasCreditNote && 'noCreditNote');

/** The history (every saved version): with its roles. */
export const historyVerdict = (actor: ActorFacts) =>
  verdict(!satisfies(actor.roles, RESERVATION_ACTION_ROLES.history) && 'noRole');

/** The actions of one reservation. */
export type ReservationAction =
  | 'edit'
  | 'pay'
  | 'cancel'
  | 'split'
  | 'ticketPdf'
  | 'invoicePdf'
  | 'creditNotePdf'
  | 'history';

/**
 * Every action of a reservation for an actor, each allowed or refused with its reasons. Screens
 * show them; the API refuses a call with the first reason's error.
 */
export function reservationActions(
  reservation: ReservationFacts,
  actor: ActorFacts,
  now: Date = new Date(),
): Record<ReservationAction, ActionVerdict> {
  return {
    edit: editVerdict(reservation, actor),
    pay: payVerdict(reservation, now),
    cancel: cancelVerdict(reservation, actor),
    split: splitVerdict(reservation, actor),
    ticketPdf: ticketPdfVerdict(reservation, actor),
    invoicePdf: invoicePdfVerdict(reservation, actor),
    creditNotePdf: creditNoteVerdict(reservation),
    history: historyVerdict(actor),
  };
}

/** A reservation as the reservation lists show it: amounts in CHF, absent when hidden from the reader. */
export interface ListedReservation {
  status: ReservationFacts['status'];
  invoice: { status: InvoiceStatus; total?: number | undefined; totalPaid?: number | undefined };
  passengerCount: number;
  flights: readonly { status: FlightStatus }[];
  hasCreditNote?: boolean | undefined;
}

/**
 * The facts of a listed reservation (the back office's list, the site's account page). A list does
 * not say when a card booking's payment window closes: the API answers that on the payment.
 */
export const listedReservationFacts = (listed: ListedReservation): ReservationFacts => ({
  status: listed.status,
  invoice: {
    status: listed.invoice.status,
    total: listed.invoice.total === undefined ? undefined : toRappen(listed.invoice.total),
    totalPaid: listed.invoice.totalPaid === undefined ? undefined : toRappen(listed.invoice.totalPaid),
  },
  pricesHidden: listed.invoice.total === undefined,
  passengerCount: listed.passengerCount,
  flights: listed.flights,
  hasCreditNote: listed.hasCreditNote === true,
});
