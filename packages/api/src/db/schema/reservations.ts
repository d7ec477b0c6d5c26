import { sql } from 'drizzle-orm';
import {
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
}

export const RESERVATION_STATUSES = ['created', 'reserved', 'confirmed', 'cancelled'] as const;

/** A booking: its passengers each hold one ticket per booked flight. */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reservations_owner_idx').on(t.ownerId), index('reservations_created_idx').on(t.createdAt)],
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
    /** Departure control: true appeared, false no-show, null not marked yet. */
    isAppeared: boolean('is_appeared'),
    appearingComment: text('appearing_comment'),
    isNotified: boolean('is_notified').notNull().default(false),
  },
  (t) => [
    index('tickets_flight_idx').on(t.flightId, t.isActive),
    index('tickets_reservation_idx').on(t.reservationId),
    uniqueIndex('tickets_flight_seat_key')
      .on(t.flightId, t.seatLabel)
      .where(sql`${t.isActive} AND ${t.seatLabel} IS NOT NULL`),
    check(
      'tickets_prices_not_negative',
      sql`${t.basePrice} >= 0 AND ${t.airportFee} >= 0 AND ${t.fuelFee} >= 0 AND ${t.seatPrice} >= 0 AND ${t.optionsPrice} >= 0`,
    ),
  ],
);
