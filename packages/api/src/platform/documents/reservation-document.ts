import type { Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type {
  AgeType,
  INVOICE_STATUSES,
  PaymentMethod,
  PaymentTerms,
  ReservationStatus,
  SALUTATIONS,
} from '@flybook/schemas';

/**
 * The reservation as the documents (ticket, invoice, overview) print it: plain data as read from
 * the database, with names already in the document's language and every amount in Rappen. The
 * renderers compute nothing but sums and differences of the amounts given here.
 */

export type Salutation = (typeof SALUTATIONS)[number];
export type FlightDirection = 'outbound' | 'return';
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type { AgeType, PaymentTerms, ReservationStatus };
/** Which variant of a ticket is printed (spec 02 §6: fully paid, partly paid, not paid). */
export type PaidState = 'paid' | 'partlyPaid' | 'notPaid';

export interface DocumentAirport {
  /** IATA code, e.g. "ZRH". */
  code: string;
  /** Name in the document's language. */
  name: string;
  /** IANA time zone; times at this airport are printed in it. */
  timezone: string;
}

export interface DocumentFlight {
  id: number;
  direction: FlightDirection;
  /** Flight number, e.g. "FB1234". */
  number: string;
  airlineName: string;
  origin: DocumentAirport;
  destination: DocumentAirport;
  /** ISO instant of the scheduled departure. */
  departure: string;
  /** ISO instant of the scheduled arrival. */
  arrival: string;
  /** Name of the booked tariff in the document's language. */
  tariffName: string;
}

/** A passenger's ticket on one flight: the seat and the price parts booked for it. */
export interface DocumentPassengerFlight {
  flightId: number;
  /** Null for infants (on a lap) and passengers without a reserved seat. */
  seatLabel: string | null;
  basePrice: Rappen;
  airportFee: Rappen;
  fuelFee: Rappen;
  seatPrice: Rappen;
}

export interface DocumentOption {
  /** Title in the document's language. */
  title: string;
  price: Rappen;
  /** The flight the option is booked on; absent for options of the whole journey. */
  flightId?: number | null;
}

export interface DocumentPassenger {
  id: number;
  salutation: Salutation;
  firstName: string;
  lastName: string;
  ageType: AgeType;
  /** yyyy-mm-dd */
  birthday?: string | null;
  flights: DocumentPassengerFlight[];
  options: DocumentOption[];
  /** What the passenger's tickets and options cost together. */
  total: Rappen;
}

export interface DocumentBilling {
  /** Optional in the public booking flow. */
  salutation?: Salutation | null;
  company?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  street?: string | null;
  zip?: string | null;
  city?: string | null;
  /** Country code, e.g. "CH". */
  country: string;
  /** Country name in the document's language; the code is printed when absent. */
  countryName?: string | null;
  phoneMobile: string;
}

export interface DocumentInvoice {
  id: number;
  status: InvoiceStatus;
  /** The price of the reservation: the sum of the passengers, or the agreed price when specific. */
  total: Rappen;
  totalPaid: Rappen;
  /** yyyy-mm-dd */
  paymentDeadline: string;
  paymentTerms: PaymentTerms;
  /** A price agreed by staff replaces the computed one; its items are then not priced one by one. */
  isSpecificPrice: boolean;
  /** Fee charged for changing the reservation, part of the total; none when absent or 0. */
  updateFee?: Rappen;
  /**
   * Money on the invoice in order: payments (positive) and money that went back out (negative):
   * refunds, or a split's share (`transfer`). Their sum is totalPaid.
   */
  payments?: { amount: Rappen; method: PaymentMethod; createdAt: string; isTransfer: boolean }[];
  /** A cancelled reservation: what it charged before, when it was cancelled; the total is then the fee. */
  cancellation?: { originalTotal: Rappen; cancelledAt: string };
  /** ISO instant the invoice was issued (the invoice date). */
  createdAt: string;
}

export interface DocumentReservation {
  /** The internal reservation number (staff screens). */
  id: number;
  /** The booking reference the customer quotes: the record locator, e.g. "K7QX2M". */
  recordLocator: string;
  status: ReservationStatus;
  /** ISO instant. */
  createdAt: string;
  /** The customer's language (messages about the booking); the document language is passed separately. */
  language: Locale;
  billing: DocumentBilling;
  /** In travel order: outbound first, then return. */
  flights: DocumentFlight[];
  passengers: DocumentPassenger[];
  invoice: DocumentInvoice;
  /** Set by staff when the traveller must not see what was paid: the overview then shows no amounts. */
  priceNeedsToBeHidden: boolean;
}
