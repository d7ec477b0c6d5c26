import { RESERVATION_ACTION_ROLES } from '@flybook/domain/reservation-actions';
import { z } from 'zod';
import { BookedFlightBody, PassengerOptionBody, PassengerSeatBody } from './booking.ts';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  LocaleSchema,
  LocalizedTextSchema,
  MAX_ID,
  MoneySchema,
} from './common.ts';
import { AgeTypeSchema, MAX_PASSENGERS } from './fares.ts';
import { defineCall } from './http.ts';
import { notBlank } from './validation.ts';

// ---------- states ----------

export const RESERVATION_STATUSES = ['created', 'reserved', 'confirmed', 'cancelled'] as const;
export const ReservationStatusSchema = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof ReservationStatusSchema>;

/** How a reservation is paid: now by card, later, at the airport, by bill; update for a change. */
export const PAYMENT_TERMS = ['now', 'later', 'airport', 'bill', 'update'] as const;
export const PaymentTermsSchema = z.enum(PAYMENT_TERMS);
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

export const INVOICE_STATUSES = ['notPaid', 'partly', 'paid', 'overpaid'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);

/** A card payment holds the seats this long (spec 02 §9; PAYMENT_WINDOW_MINUTES overrides). */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 15;

// ---------- people ----------

export const SALUTATIONS = ['mr', 'mrs'] as const;
export const SalutationSchema = z.enum(SALUTATIONS);

/** Digits of a phone number, with an optional leading + and spaces (the per-country rule comes with the user forms). */
export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{6,24}$/);

export const PassengerBody = z.object({
  /** An existing passenger of the reservation (update); absent for a new one. */
  id: z.number().int().positive().max(MAX_ID).optional(),
  salutation: SalutationSchema.default('mr'),
  firstName: notBlank(100),
  lastName: notBlank(100),
  gender: z.enum(['male', 'female']),
  ageType: AgeTypeSchema,
  birthday: IsoDateSchema,
});
export type PassengerBody = z.input<typeof PassengerBody>;

/** Who books and how to reach them (spec 02 §3 Billing information). */
export const BillingInformationBody = z.object({
  salutation: SalutationSchema.default('mr'),
  company: z.string().trim().max(200).optional(),
  firstName: notBlank(100),
  lastName: notBlank(100),
  email: z.email().max(200),
  street: notBlank(200),
  zip: notBlank(20),
  city: notBlank(100),
  country: z.string().length(2).default('CH'),
  birthday: IsoDateSchema,
  phoneMobile: PhoneSchema,
  phoneNumberFirst: PhoneSchema.optional(),
  phoneNumberSecond: PhoneSchema.optional(),
  language: LocaleSchema.default('de'),
  isBankInformation: z.boolean().default(false),
  isBookingInformation: z.boolean().default(false),
  isPostInformation: z.boolean().default(false),
  /** Create a customer account for the e-mail with this password (public booking). */
  isCreateAccount: z.boolean().default(false),
  password: z.string().min(8).max(200).optional(),
  passwordConfirm: z.string().max(200).optional(),
});

// ---------- writes ----------

/**
 * A reservation to create (spec 02 §3 create payload). Passengers' seats and options refer to a
 * passenger by position. The staff fields need their roles (docs/booking.md).
 */
export const ReservationBody = z.object({
  bookedFlights: z.array(BookedFlightBody).min(1).max(2),
  passengers: z.array(PassengerBody).min(1).max(MAX_PASSENGERS),
  billingInformation: BillingInformationBody,
  passengersOptions: z.array(PassengerOptionBody).max(200).default([]),
  passengersSeats: z
    .array(PassengerSeatBody)
    .max(2 * MAX_PASSENGERS)
    .default([]),
  paymentTerms: PaymentTermsSchema.default('now'),
  /** Whose reservation it is, when staff book for a customer or agent. */
  owner: z.object({ id: IdSchema }).optional(),
  paymentDeadline: IsoDateSchema.optional(),
  isSpecificPrice: z.boolean().default(false),
  /** The agreed total (CHF) when isSpecificPrice. */
  total: MoneySchema.pipe(z.number().min(0).max(1_000_000)).optional(),
  /** A fee for changing the booking (CHF), added to the invoice. */
  updateFee: MoneySchema.pipe(z.number().min(0).max(100_000)).optional(),
  priceNeedsToBeHidden: z.boolean().default(false),
  comment: z.string().max(2000).optional(),
});
export type ReservationBody = z.input<typeof ReservationBody>;

/**
 * A change of a reservation (staff): the whole booking as it should be. Passengers with an id are
 * kept (and may be renamed), new ones added, missing ones removed. Terms `update` keep the terms.
 */
export const UpdateReservationBody = ReservationBody.extend({
  paymentTerms: PaymentTermsSchema.default('update'),
});

// ---------- reads ----------

const TicketSchema = z.object({
  flight: z.object({ id: z.number().int() }),
  direction: z.enum(['outbound', 'return']),
  tariff: z.object({ id: z.number().int() }),
  seatLabel: z.string().nullable(),
  /** CHF; left out when the reservation's prices are hidden from this reader. */
  basePrice: z.number().optional(),
  airportFee: z.number().optional(),
  fuelFee: z.number().optional(),
  seatPrice: z.number().optional(),
  options: z.array(
    z.object({
      // The title per language, for pages that show the booking (snapshots older than it lack it).
      option: z.object({ id: z.number().int(), title: LocalizedTextSchema.optional() }),
      price: z.number().optional(),
    }),
  ),
});

export const ReservationPassengerSchema = z.object({
  id: z.number().int(),
  salutation: SalutationSchema,
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  ageType: AgeTypeSchema,
  birthday: z.string().nullable(),
  tickets: z.array(TicketSchema),
});

/**
 * How a reservation invoice is paid (spec 02 §9). On the wire a bank (ec) payment names the bank
 * virtual account's code instead of `bank`; the other methods are named as here.
 */
export const PAYMENT_METHODS = ['account', 'cash', 'bank', 'transfer', 'datatrans'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/**
 * A payment on an invoice as the invoice lists it; a negative amount is money that went back out
 * of the invoice (a refund, or the share a split moved to the new reservation).
 */
export const InvoicePaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  type: z.object({ code: PaymentMethodSchema }),
  createdAt: z.string(),
});

export const InvoiceSchema = z.object({
  id: z.number().int(),
  status: InvoiceStatusSchema,
  /** What is charged, CHF: the computed price, or the agreed one with isSpecificPrice. */
  total: z.number(),
  totalPaid: z.number(),
  /**
   * The change fee the total includes (CHF); an edit that leaves it out keeps it. Left out when
   * prices are hidden, and in snapshots saved before it was shown.
   */
  updateFee: z.number().optional(),
  paymentDeadline: z.string().nullable(),
  paymentTerms: PaymentTermsSchema,
  isSpecificPrice: z.boolean(),
  payments: z.array(InvoicePaymentSchema),
});

export const ReservationSchema = z.object({
  id: z.number().int(),
  /**
   * The customer-facing booking reference (6 of A–Z and 2–9 without I and O, minted by the
   * database, never reused): on the site, in messages, on every document and in the PNL `.L/`.
   */
  recordLocator: z.string(),
  status: ReservationStatusSchema,
  flights: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      direction: z.enum(['outbound', 'return']),
      departure: z.string(),
      arrival: z.string(),
      // The time zones came later: snapshots saved before them lack them.
      origin: z.object({ code: z.string(), timezone: z.string().optional() }),
      destination: z.object({ code: z.string(), timezone: z.string().optional() }),
      status: z.string(),
    }),
  ),
  passengers: z.array(ReservationPassengerSchema),
  /** Prices left out when hidden from this reader (priceNeedsToBeHidden). */
  invoice: InvoiceSchema.partial({ total: true, totalPaid: true }),
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  reservator: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  billingInformation: z.object({
    salutation: z.string(),
    company: z.string().optional(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    street: z.string().optional(),
    zip: z.string().optional(),
    city: z.string().optional(),
    country: z.string(),
    birthday: z.string().optional(),
    phoneMobile: z.string(),
    phoneNumberFirst: z.string().optional(),
    phoneNumberSecond: z.string().optional(),
    /** The contact's consent to bank, SMS and post information (snapshots saved before lack it). */
    isBankInformation: z.boolean().optional(),
    isBookingInformation: z.boolean().optional(),
    isPostInformation: z.boolean().optional(),
  }),
  language: LocaleSchema,
  comment: z.string(),
  priceNeedsToBeHidden: z.boolean(),
  /** Until when a card payment holds the seats (status created, terms now). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** The reservation this one was split off from (snapshots saved before splits were linked lack it). */
  splitFrom: z.object({ id: z.number().int(), recordLocator: z.string() }).nullable().optional(),
  /** A cancellation gave money back: its credit note can be printed (left out when prices are hidden). */
  hasCreditNote: z.boolean().optional(),
  /** The reservations split off from this one. */
  splitInto: z.array(z.object({ id: z.number().int(), recordLocator: z.string() })).optional(),
  /**
   * Only in the answer to a guest's booking (no owner): the key that starts its card payment
   * (`guestKey` of payment/datatrans/reservation/init). Shown once; the server keeps its hash.
   */
  guestKey: z.string().optional(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const CancelBody = z.object({
  /** The cancellation fee charged (CHF); the invoice becomes this amount. */
  fee: MoneySchema.pipe(z.number().min(0).max(1_000_000)).default(0),
});

export const SplitBody = z.object({ passengerId: IdSchema });

/**
 * Moves a reservation's passengers off a cancelled flight onto another flight of the same route
 * (the cancelled-flights worklist, docs/flights.md): same tariff and options, seats re-assigned,
 * the price kept unless `total` (CHF, the agreed total) sets another.
 */
export const RebookBody = z.object({
  fromFlightId: IdSchema,
  toFlightId: IdSchema,
  total: MoneySchema.pipe(z.number().min(0).max(1_000_000)).optional(),
});

export const SnapshotSchema = z.object({
  version: z.number().int(),
  datetime: z.string(),
  user: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  snapshot: ReservationSchema,
});

/** Passengers to look for on the chosen flights before booking them again (spec 02 §4). */
export const DuplicatePassengersBody = z.object({
  flightIds: z.array(IdSchema).min(1).max(2),
  passengers: z
    .array(
      z.object({ firstName: notBlank(100), lastName: notBlank(100), birthday: IsoDateSchema.optional() }),
    )
    .min(1)
    .max(MAX_PASSENGERS),
  /** When changing a booking: its own passengers are no duplicates. */
  reservationId: IdSchema.optional(),
});

export const DuplicatePassengerSchema = z.object({
  /** Position of the asked passenger. */
  passenger: z.number().int(),
  reservationId: z.number().int(),
  flightId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  birthday: z.string().nullable(),
});

export const ReservationNotificationBody = z.object({
  ids: z.array(IdSchema).min(1).max(500),
  content: notBlank(480),
});

export const reservationCalls = {
  create: defineCall({
    method: 'POST',
    path: 'reservation',
    summary: 'Book: takes the seats or refuses, never oversells; Idempotency-Key makes retries safe',
    auth: 'public',
    body: ReservationBody,
    response: ReservationSchema,
    status: 201,
  }),
  get: defineCall({
    method: 'GET',
    path: 'reservation/{id}',
    summary: 'A reservation: staff with ROLE_RESERVATION_READ, or its owner or reservator',
    auth: 'user',
    params: IdParams,
    response: ReservationSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'reservation/{id}',
    summary: 'Change flights, passengers, seats, options, contact or price; reissues the tickets',
    auth: 'user',
    roles: RESERVATION_ACTION_ROLES.edit,
    params: IdParams,
    body: UpdateReservationBody,
    response: ReservationSchema,
  }),
  cancel: defineCall({
    method: 'POST',
    path: 'reservation/{id}/cancel',
    summary: 'Cancel: gives the seats back; the invoice becomes the cancellation fee',
    auth: 'user',
    roles: RESERVATION_ACTION_ROLES.cancel,
    params: IdParams,
    body: CancelBody,
    response: ReservationSchema,
  }),
  split: defineCall({
    method: 'POST',
    path: 'reservation/{id}/split',
    summary: 'Move one passenger into a new reservation of their own; answers the new one',
    auth: 'user',
    roles: RESERVATION_ACTION_ROLES.split,
    params: IdParams,
    body: SplitBody,
    response: ReservationSchema,
    status: 201,
  }),
  rebook: defineCall({
    method: 'POST',
    path: 'reservation/{id}/rebook',
    summary: 'Move the passengers off a cancelled flight onto another of the route; tells the contact',
    auth: 'user',
    roles: RESERVATION_ACTION_ROLES.edit,
    params: IdParams,
    body: RebookBody,
    response: ReservationSchema,
  }),
  duplicatePassengers: defineCall({
    method: 'POST',
    path: 'reservation/passenger/duplicates',
    summary: 'Passengers with the same name (and birthday) already booked on these flights',
    auth: 'user',
    roles: 'ROLE_RESERVATION_CHECK_SAME_PASSENGERS',
    body: DuplicatePassengersBody,
    response: z.object({ items: z.array(DuplicatePassengerSchema) }),
    readOnly: true,
  }),
  notify: defineCall({
    method: 'PUT',
    path: 'reservation/list/notification',
    summary: 'An SMS to the contact of each chosen reservation, through the outbox',
    auth: 'user',
    roles: 'ROLE_RESERVATION_SMS',
    body: ReservationNotificationBody,
    response: z.object({ sent: z.number().int() }),
  }),
  snapshotList: defineCall({
    method: 'GET',
    path: 'reservation/{id}/snapshot/list',
    summary: 'Every saved version of a reservation, newest first',
    auth: 'user',
    roles: RESERVATION_ACTION_ROLES.history,
    params: IdParams,
    response: z.object({ items: z.array(SnapshotSchema) }),
  }),
};
