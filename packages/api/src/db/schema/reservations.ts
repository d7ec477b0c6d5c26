import { INVOICE_STATUSES, PAYMENT_TERMS, RESERVATION_STATUSES } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { allotments, flights } from './flights.ts';
import { tariffs } from './lookups.ts';
import { options } from './rates.ts';
import { users } from './users.ts';

/** Who booked and how to reach them (spec 02 §3 Billing information), as stored. */
export interface StoredBillingInformation {
  salutation: string;
  company?: string;
  firstName: string;
  lastName: string;
  email: string;
  street?: string;
  zip?: string;
  city?: string;
  country: string;
  birthday?: string;
  phoneMobile: string;
  phoneNumberFirst?: string;
  phoneNumberSecond?: string;
  /** What the customer agreed to be told about (spec 02 §3). */
  isBankInformation?: boolean;
  isBookingInformation?: boolean;
  isPostInformation?: boolean;
}

export { RESERVATION_STATUSES };

/** A booking: its passengers each hold one ticket per booked flight. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    /**
     * The customer-facing booking reference (6 of `A–Z 2–9` without I, O; @flybook/domain
     * RECORD_LOCATOR_ALPHABET). The database mints it (migration 0009), unique and never reused:
     * reservations are never deleted.
     */
    recordLocator: text('record_locator').notNull().default(sql`flybook_new_record_locator()`),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('created'),
    /** Whose reservation it is (the customer or agent it is booked for). */
    ownerId: integer('owner_id').references(() => users.id),
    /** Who made it (staff, agent, or the customer themself). */
    reservatorId: integer('reservator_id').references(() => users.id),
    billing: jsonb('billing').$type<StoredBillingInformation>().notNull(),
    /** The language messages about the booking are written in. */
    language: text('language', { enum: ['de', 'en', 'fr', 'sq'] })
      .notNull()
      .default('de'),
    comment: text('comment').notNull().default(''),
    /** Prices are left out of what the owner sees (agent bookings for their customers). */
    priceNeedsToBeHidden: boolean('price_needs_to_be_hidden').notNull().default(false),
    /**
     * SHA-256 of the key a guest booking's answer carried (hex); only its holder may start the
     * booking's card payment (docs/security.md, Authorization). Null for bookings with an owner.
     */
    guestKeyHash: text('guest_key_hash'),
    /** Until when an unpaid card booking holds its seats; the expiry job cancels it after. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The reservation this one was split off from (its passengers left that one). */
    splitFromId: integer('split_from_id').references((): AnyPgColumn => reservations.id),
    /** The snapshot version: one more on every write (history page). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_record_locator_idx').on(t.recordLocator),
    index('reservations_owner_idx').on(t.ownerId),
    index('reservations_reservator_idx').on(t.reservatorId),
    // Newest first with the id as tie-break, as the lists sort (docs/lists-at-scale.md).
    index('reservations_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    // The cancelled reservations' ids: whether an open bill's reservation is cancelled (for its
    // fee) without looking each one up (the invoice overview's count, docs/lists-at-scale.md).
    index('reservations_cancelled_idx').on(t.id).where(sql`${t.status} = 'cancelled'`),
    index('reservations_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'created' AND ${t.expiresAt} IS NOT NULL`),
  ],
);

/**
 * Keys to one booking for whoever holds them, without an account (manage my booking, docs/
 * booking-manage.md): minted for each e-mail's link and for each successful look-up by record
 * locator and last name. They open that booking's page, documents and card payment, nothing else.
 * Only the SHA-256 is kept.
 */
export const reservationAccessKeys = pgTable(
  'reservation_access_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    /** Where the key went: a link in an e-mail, or the answer to a look-up. */
    issuedFor: text('issued_for', { enum: ['email', 'find'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reservation_access_keys_reservation_idx').on(t.reservationId)],
);

/** What a reservation costs and what was paid; one per reservation. Money in Rappen. */
export const reservationInvoices = pgTable(
  'reservation_invoices',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .unique()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('notPaid'),
    /** What is charged: the computed price plus fee, or the agreed one. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The price from the pricing rules (kept beside an agreed total). */
    computedTotal: bigint('computed_total', { mode: 'number' }).notNull(),
    updateFee: bigint('update_fee', { mode: 'number' }).notNull().default(0),
    totalPaid: bigint('total_paid', { mode: 'number' }).notNull().default(0),
    isSpecificPrice: boolean('is_specific_price').notNull().default(false),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
    paymentDeadline: date('payment_deadline', { mode: 'string' }),
    /** The deadline the payment reminder was sent for; a moved deadline gets a reminder of its own. */
    remindedForDeadline: date('reminded_for_deadline', { mode: 'string' }),
    /**
     * Whether the reservation is cancelled, kept here by the database (migration 0021: set on
     * insert, followed on every change of the reservation's status) so the open bills' kept count
     * is written from the invoice alone; never written by the code.
     */
    reservationCancelled: boolean('reservation_cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservation_invoices_deadline_idx').on(t.paymentDeadline),
    // Open bills only (a small share of all invoices), earliest deadline first: the invoice
    // overview's filter and sort, and its count (docs/lists-at-scale.md).
    index('reservation_invoices_unpaid_deadline_idx')
      .on(t.paymentDeadline, t.reservationId, t.paymentTerms, t.total)
      .where(sql`${t.status} IN ('notPaid', 'partly')`),
    check(
      'reservation_invoices_money',
      sql`${t.total} >= 0 AND ${t.computedTotal} >= 0 AND ${t.updateFee} >= 0`,
    ),
  ],
);

/**
 * How many open bills (invoices not paid or partly paid) there are per invoice status, terms,
 * whether something is charged and whether the reservation is cancelled: the invoice overview's
 * total without a deadline or search, summed from a few rows instead of counting every open bill
 * (docs/lists-at-scale.md, "Invoice overview"). Append-only: statement triggers on
 * reservation_invoices (migration 0021) add a row per change, so bookings never wait on a shared
 * counter; the open-bill folder job sums the rows into one per kind. `checkDatabase` compares it
 * with a count.
 */
export const openBillCounts = pgTable('open_bill_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  invoiceStatus: text('invoice_status', { enum: INVOICE_STATUSES }).notNull(),
  paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull(),
  isCharged: boolean('is_charged').notNull(),
  reservationCancelled: boolean('reservation_cancelled').notNull(),
  bills: integer('bills').notNull(),
});

/** Each version of a reservation as it was saved, for its history. */
export const reservationSnapshots = pgTable(
  'reservation_snapshots',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reservation_snapshots_version_key').on(t.reservationId, t.version)],
);

/**
 * The first answer to a request with an Idempotency-Key, per caller: a retry gets it again instead
 * of booking twice; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The user id, or 'public' for anonymous callers, plus the call. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_key').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const reservationPassengers = pgTable(
  'reservation_passengers',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    salutation: text('salutation').notNull().default('mr'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }),
    ageType: text('age_type', { enum: ['adult', 'child', 'infant'] }).notNull(),
    birthday: date('birthday', { mode: 'string' }),
  },
  (t) => [index('reservation_passengers_reservation_idx').on(t.reservationId)],
);

/**
 * One passenger on one booked flight: the seat, the price parts paid for it, and departure
 * control's marks. A ticket of a cancelled reservation stays for history but is inactive, which
 * frees its seat label (the unique index only covers active tickets).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => reservationPassengers.id, { onDelete: 'cascade' }),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id),
    direction: text('direction', { enum: ['outbound', 'return'] }).notNull(),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    tariffGroupId: integer('tariff_group_id').notNull(),
    /** The agent allotment the seat was taken from, if any. */
    allotmentId: integer('allotment_id').references(() => allotments.id),
    seatLabel: text('seat_label'),
    /** Price parts in Rappen, as computed by the pricing rules when booked. */
    basePrice: bigint('base_price', { mode: 'number' }).notNull().default(0),
    airportFee: bigint('airport_fee', { mode: 'number' }).notNull().default(0),
    fuelFee: bigint('fuel_fee', { mode: 'number' }).notNull().default(0),
    seatPrice: bigint('seat_price', { mode: 'number' }).notNull().default(0),
    optionsPrice: bigint('options_price', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When a change of the reservation replaced this ticket (it is inactive from then). A cancelled
     * reservation shows the tickets it had when cancelled: inactive and never replaced.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** Departure control: true appeared, false no-show, null not marked yet. */
    isAppeared: boolean('is_appeared'),
    appearingComment: text('appearing_comment'),
    isNotified: boolean('is_notified').notNull().default(false),
    /** Online check-in (docs/check-in.md): when, and the boarding pass's sequence number on the flight. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkInSequence: integer('check_in_sequence'),
  },
  (t) => [
    // With the reservation, the active reservations of the live flights are read from the index
    // alone once the table is vacuumed (the reservation lists' count, docs/lists-at-scale.md).
    index('tickets_flight_idx').on(t.flightId, t.isActive, t.reservationId),
    index('tickets_reservation_idx').on(t.reservationId),
    uniqueIndex('tickets_flight_seat_key')
      .on(t.flightId, t.seatLabel)
      .where(sql`${t.isActive} AND ${t.seatLabel} IS NOT NULL`),
    // One boarding pass per sequence number on a flight: the gate tells passes apart by it.
    uniqueIndex('tickets_flight_check_in_sequence_key')
      .on(t.flightId, t.checkInSequence)
      .where(sql`${t.isActive} AND ${t.checkInSequence} IS NOT NULL`),
    check(
      'tickets_prices_not_negative',
      sql`${t.basePrice} >= 0 AND ${t.airportFee} >= 0 AND ${t.fuelFee} >= 0 AND ${t.seatPrice} >= 0 AND ${t.optionsPrice} >= 0`,
    ),
  ],
);

/** An option a passenger booked on a flight, at the price it had when booked (Rappen). */
export const ticketOptions = pgTable(
  'ticket_options',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => options.id),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ticket_options_key').on(t.ticketId, t.optionId),
    check('ticket_options_price', sql`${t.price} >= 0`),
  ],
);
