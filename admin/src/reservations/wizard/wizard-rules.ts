import {
  type AccessUser,
  deadlineProblem,
  defaultPaymentDeadline,
  isDepartingSoon,
  isMoneyAmount,
  satisfies,
  toChf,
  toRappen,
} from '@flybook/domain';
import type { PriceListEntry, Reservation } from '@flybook/schemas';
import type { OwnerChoice, PassengerDraft, PaymentDraft, Terms, WizardFlight } from './wizard-model.ts';

/** What the user may do in the reservation wizard (spec 02 §6 Reservation form), by role and type. */
export function wizardAccess(user: AccessUser) {
  const has = (role: string) => satisfies(user.roles, role);
  const isStaff = user.type === 'manager' || user.type === 'admin';
  return {
    /** Which flight list the user books from: staff's full list, the agents' list, else the public one. */
    flightList: has('ROLE_FLIGHT_LIST') ? 'full' : has('ROLE_FLIGHT_AGENT_FLIGHT_LIST') ? 'agent' : 'public',
    /** Only managers show prices of sold-out tariffs, overbook past the quota and type seat labels. */
    isManager: isStaff,
    /** Agents do not see how many seats are left. */
    seesSeatCounts: user.type !== 'agent',
    /** The billing user picker: agents with ROLE_AGENT_LIST, customers with ROLE_CUSTOMER_LIST. */
    pickAgents: has('ROLE_AGENT_LIST'),
    pickCustomers: has('ROLE_CUSTOMER_LIST'),
    createAccount: has('ROLE_RESERVATION_CREATE_ACCOUNT'),
    informationFlags: has('ROLE_RESERVATION_INFORMATION_FLAGS'),
    comment: has('ROLE_RESERVATION_CREATE_COMMENT'),
    hidePrice: has('ROLE_RESERVATION_HIDE_PRICE'),
    updateFee: has('ROLE_RESERVATION_UPDATE_FEE'),
    specificPrice: has('ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE'),
    termsLater: has('ROLE_RESERVATION_PAYMENT_TERMS_LATER'),
    termsLaterNearDeparture: has('ROLE_RESERVATION_PAYMENT_TERMS_LATER_NEAR_DEPARTURE'),
    termsAirport: has('ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_AIRPORT'),
    termsBill: has('ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL'),
    checkDuplicates: has('ROLE_RESERVATION_CHECK_SAME_PASSENGERS'),
    knownPassengers: has('ROLE_RESERVATION_PASSENGER_LIST_FILTERS'),
    createClosed: has('ROLE_RESERVATION_CREATE_CLOSED_FLIGHT'),
    updateClosed: has('ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT'),
    editDeparted: has('ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT'),
  };
}
export type WizardAccess = ReturnType<typeof wizardAccess>;

export type WizardMode = 'new' | 'edit';

// ---------- flights ----------

/** Why a tariff of a flight cannot be chosen, by the catalogue key of its hint. */
export type TariffBlock = 'cancelled' | 'inactive' | 'departed' | 'closed' | 'soldOut';

export interface TariffChoiceState {
  block: TariffBlock | null;
  /** The price is shown; sold-out tariffs show theirs to managers only. */
  showPrice: boolean;
}

/**
 * Whether a flight's tariff can be chosen (spec 02 §4): not when the flight is cancelled or
 * inactive, not when it has departed or closed and the user may not book (or change) such flights,
 * and not when its seats are gone — except the tariff the reservation already holds, which stays.
 */
export function tariffChoiceState(
  flight: Pick<WizardFlight, 'id' | 'status' | 'isActive'>,
  entry: Pick<PriceListEntry, 'hasAvailableSeats' | 'tariff'>,
  access: WizardAccess,
  mode: WizardMode,
  booked: { flightId: number; tariffId: number } | null,
): TariffChoiceState {
  const isBookedFlight = booked?.flightId === flight.id;
  const isBooked = isBookedFlight && booked?.tariffId === entry.tariff.id;
  const soldOut = !entry.hasAvailableSeats || !entry.tariff.isActive;
  const showPrice = !soldOut || isBooked || access.isManager;
  const block = (() => {
    if (flight.status === 'cancelled') return 'cancelled';
    if (!flight.isActive && !isBookedFlight) return 'inactive';
    if (flight.status === 'departed' && !(isBookedFlight && (isBooked || access.editDeparted)))
      return 'departed';
    if (flight.status === 'closed') {
      const allowed =
        mode === 'edit' && isBookedFlight ? access.updateClosed || isBooked : access.createClosed;
      if (!allowed) return 'closed';
    }
    if (soldOut && !isBooked) return 'soldOut';
    return null;
  })();
  return { block, showPrice };
}

// ---------- payment ----------

export interface TermsChoice {
  terms: Terms;
  /** Offered but not possible now: later payment within 48 hours of departure needs its own role. */
  disabled: boolean;
}

/**
 * The payment terms offered (spec 02 §4, §6): card now for everyone; later with its role (and,
 * within 48 hours of departure, the near-departure role); airport and bill with theirs; a change
 * first offers to keep the terms ("update").
 */
export function termsChoices(
  access: WizardAccess,
  mode: WizardMode,
  firstDeparture: string | null,
  now: Date = new Date(),
): TermsChoice[] {
  const soon = firstDeparture !== null && isDepartingSoon(new Date(firstDeparture), now);
  const choices: TermsChoice[] = [];
  if (mode === 'edit') choices.push({ terms: 'update', disabled: false });
  choices.push({ terms: 'now', disabled: false });
  if (access.termsLater) choices.push({ terms: 'later', disabled: soon && !access.termsLaterNearDeparture });
  if (access.termsAirport) choices.push({ terms: 'airport', disabled: false });
  if (access.termsBill) choices.push({ terms: 'bill', disabled: false });
  return choices;
}

/**
 * The deadline the popup starts with (spec 02 §5): 14 days from today, not after the day before the
 * first departure, never before tomorrow.
 */
export const defaultDeadline = (today: string, firstDepartureDay: string) =>
  defaultPaymentDeadline(today, firstDepartureDay);

export { deadlineProblem };

const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;

/** A CHF amount as typed (specific price, update fee): a number ≥ 0 with at most two decimals, else null. */
export function readChf(text: string): number | null {
  const typed = text.trim();
  if (!DECIMAL.test(typed)) return null;
  const chf = Number(typed.replace(',', '.'));
  return isMoneyAmount(chf) && chf <= 1_000_000 ? toChf(toRappen(chf)) : null;
}

/**
 * The booked price a recalculation is compared with: the agreed total, or the booked total without
 * its change fee, which stays a change fee and never turns into an agreed price. CHF.
 */
export function bookedPriceOf(
  invoice: Pick<Reservation['invoice'], 'total' | 'isSpecificPrice' | 'updateFee'>,
): number | undefined {
  if (invoice.total === undefined || invoice.isSpecificPrice) return invoice.total;
  return toChf(toRappen(invoice.total) - toRappen(invoice.updateFee ?? 0));
}

/**
 * The specific price as the recalculation leaves it (spec 02 §4): while editing, when the computed
 * total differs from the booked total, the booked total becomes the specific price — the customer
 * keeps the price agreed — unless the user has set the field themself or may not set it.
 */
export function withAutoSpecificPrice(
  payment: PaymentDraft,
  access: Pick<WizardAccess, 'specificPrice'>,
  computedTotal: number | undefined,
  bookedTotal: number | undefined,
): PaymentDraft {
  if (!access.specificPrice || payment.specificPriceTouched) return payment;
  if (computedTotal === undefined || bookedTotal === undefined) return payment;
  if (toRappen(computedTotal) === toRappen(bookedTotal)) return payment;
  const booked = bookedTotal.toFixed(2);
  return payment.specificPrice === booked ? payment : { ...payment, specificPrice: booked };
}

// ---------- passengers ----------

/** The owner's details the first passenger can be filled from. */
export interface OwnerProfile {
  salutation: 'mr' | 'mrs' | null;
  firstName: string | null;
  lastName: string | null;
  birthday: string | null;
}

/**
 * Spec 02 §4: when the chosen owner is a customer and the booking has fewer than 2 passengers, the
 * first passenger is filled from the owner (male for "Mr", else female). A first passenger the user
 * has already typed stays as it is.
 */
export function withOwnerAsPassenger(
  passengers: readonly PassengerDraft[],
  owner: Pick<OwnerChoice, 'type'>,
  profile: OwnerProfile,
): PassengerDraft[] {
  const first = passengers[0];
  if (owner.type !== 'customer' || passengers.length >= 2 || !first) return [...passengers];
  if (first.firstName.trim() || first.lastName.trim()) return [...passengers];
  return [
    {
      ...first,
      salutation: profile.salutation === 'mrs' ? 'mrs' : 'mr',
      gender: profile.salutation === 'mr' ? 'male' : 'female',
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      birthday: profile.birthday ?? '',
    },
    ...passengers.slice(1),
  ];
}
