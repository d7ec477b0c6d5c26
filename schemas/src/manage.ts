import { z } from 'zod';
import { LocaleSchema } from './common.ts';
import { defineCall } from './http.ts';
import { InvoiceStatusSchema, PaymentTermsSchema, ReservationStatusSchema } from './reservations.ts';

/**
 * Manage my booking (docs/booking-manage.md): a traveller without an account finds their booking
 * by its record locator and a last name, or opens it by the key of an e-mail link.
 */

/** A record locator as typed: the server normalizes it ("ab3 k7q" → "AB3K7Q"). */
const TypedRecordLocator = z.string().max(20);
/** A key to one booking (256 random bits, base64url): from a find or from an e-mail link. */
export const AccessKeySchema = z.string().min(1).max(100);

export const FindBookingBody = z.object({
  recordLocator: TypedRecordLocator,
  /** The booker's or any passenger's last name; case and accents do not matter. */
  lastName: z.string().max(100),
  /** Language of airport, tariff and extra names in the answer; the booking's language when absent. */
  locale: LocaleSchema.optional(),
});

export const ManageBookingQuery = z.object({
  recordLocator: TypedRecordLocator,
  accessKey: AccessKeySchema,
  locale: LocaleSchema.optional(),
});

const Airport = z.object({ code: z.string(), name: z.string(), timezone: z.string() });

/** What one passenger has on one flight: seat, extras and, unless hidden, the amounts. */
const ManagedTicketSchema = z.object({
  flightId: z.number().int(),
  seatLabel: z.string().nullable(),
  /** Absent when the price is hidden from this reader or an agreed total was set. */
  fare: z.number().optional(),
  fees: z.number().optional(),
  seatPrice: z.number().optional(),
  extras: z.array(z.object({ title: z.string(), price: z.number().optional() })),
});

/** The price broken down as the invoice prints it, in CHF. */
export const ManagedPriceSchema = z.object({
  /** Base fares of all tickets. */
  fares: z.number(),
  /** Airport fees and fuel surcharges. */
  fees: z.number(),
  seats: z.number(),
  extras: z.number(),
  /** The fee of a change made to the booking. */
  changeFee: z.number(),
  total: z.number(),
  /** An agreed total: the parts carry no amounts (all 0) and only the total counts. */
  isAgreedTotal: z.boolean(),
});

/**
 * A booking as the manage page shows it: flights, passengers with seats and extras, the price,
 * paid and open. No staff-only facts (comment, owner, reservator, internal ids of people, the
 * booker's contact details).
 */
export const ManagedBookingSchema = z.object({
  /** The reservation's id: the document and card payment calls take it. */
  id: z.number().int(),
  recordLocator: z.string(),
  status: ReservationStatusSchema,
  language: LocaleSchema,
  booker: z.object({ firstName: z.string(), lastName: z.string() }),
  flights: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      direction: z.enum(['outbound', 'return']),
      airlineName: z.string(),
      origin: Airport,
      destination: Airport,
      departure: z.string(),
      arrival: z.string(),
      tariffName: z.string(),
    }),
  ),
  passengers: z.array(
    z.object({
      salutation: z.enum(['mr', 'mrs']),
      firstName: z.string(),
      lastName: z.string(),
      ageType: z.enum(['adult', 'child', 'infant']),
      tickets: z.array(ManagedTicketSchema),
    }),
  ),
  /** Null when the booking's price is hidden from its travellers (booked by an agent). */
  price: ManagedPriceSchema.nullable(),
  payment: z.object({
    terms: PaymentTermsSchema,
    invoiceStatus: InvoiceStatusSchema,
    /** The last day to pay (airport-local date); for a card booking the day it was booked. */
    deadline: z.string(),
    /** Until when an unpaid card booking holds its seats. */
    expiresAt: z.string().nullable(),
    /** Absent with a hidden price. */
    paid: z.number().optional(),
    open: z.number().optional(),
  }),
  /** What the key may do now: the ticket and invoice PDFs, a card payment of what is open. */
  can: z.object({ ticket: z.boolean(), invoice: z.boolean(), payByCard: z.boolean() }),
});
export type ManagedBooking = z.infer<typeof ManagedBookingSchema>;

export const FoundBookingSchema = z.object({
  reservation: ManagedBookingSchema,
  /** Opens this booking's manage page, documents and card payment for a day (and nothing else). */
  accessKey: z.string(),
});
export type FoundBooking = z.infer<typeof FoundBookingSchema>;

export const manageCalls = {
  find: defineCall({
    method: 'POST',
    path: 'public/reservation/find',
    summary:
      "Finds a booking by record locator and the booker's or a passenger's last name; 404 otherwise, rate-limited per address",
    auth: 'public',
    keyed: true,
    ignoresSession: true,
    body: FindBookingBody,
    response: FoundBookingSchema,
  }),
  read: defineCall({
    method: 'GET',
    path: 'public/reservation/manage',
    summary: 'A booking by its record locator and an access key (from a find or an e-mail link)',
    auth: 'public',
    keyed: true,
    ignoresSession: true,
    query: ManageBookingQuery,
    response: ManagedBookingSchema,
  }),
};
