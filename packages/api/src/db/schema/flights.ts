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
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { allotmentInvoices } from './allotments.ts';
import { airports, tariffGroups } from './lookups.ts';
import { rates } from './rates.ts';
import { users } from './users.ts';

/** Airlines whose flights we sell; the code prefixes their flight numbers. */
export const flightCompanies = pgTable(
  'flight_companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    /** The own PNL/ADL's originator; null: the reservations office at the board point (docs/pnl.md). */
    pnlOriginator: text('pnl_originator'),
    /** Where PNL/ADL go; empty: the DCS at the board point. */
    pnlAddresses: text('pnl_addresses').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flight_companies_name_idx').on(sql`lower(${t.name})`)],
);

/** A section as stored: like the wire format, but seat prices in Rappen. */
export interface StoredAircraftSection {
  tariffGroup: { id: number };
  rowLabels: string[];
  columnLabels: string[];
  seats: number[][];
  prices: number[][];
  rowsWithExitDoors: string[];
}

/** Seat-map templates of aircraft types; a flight copies its template's sections. */
export const aircraftTemplates = pgTable(
  'aircraft_templates',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    sections: jsonb('sections').$type<StoredAircraftSection[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('aircraft_templates_label_key').on(sql`lower(${t.label})`)],
);

/** A repeating flight: the flights made from it point here until unassigned. */
export const flightSequences = pgTable('flight_sequences', {
  id: serial('id').primaryKey(),
  firstDate: date('first_date', { mode: 'string' }).notNull(),
  lastDate: date('last_date', { mode: 'string' }).notNull(),
  /** Every `period` weeks. */
  period: integer('period').notNull(),
  /** ISO weekdays, 1 = Monday. */
  weekdays: integer('weekdays').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    /** Airline code + digits: "FB1234". */
    number: text('number').notNull(),
    flightCompanyId: integer('flight_company_id')
      .notNull()
      .references(() => flightCompanies.id),
    originAirportId: integer('origin_airport_id')
      .notNull()
      .references(() => airports.id),
    destinationAirportId: integer('destination_airport_id')
      .notNull()
      .references(() => airports.id),
    departure: timestamp('departure', { withTimezone: true }).notNull(),
    arrival: timestamp('arrival', { withTimezone: true }).notNull(),
    /** The template the seat map came from; the flight keeps its own copy in `sections`. */
    aircraftTemplateId: integer('aircraft_template_id')
      .notNull()
      .references(() => aircraftTemplates.id),
    sections: jsonb('sections').$type<StoredAircraftSection[]>().notNull(),
    isOnlineCheckInEnabled: boolean('is_online_check_in_enabled').notNull().default(false),
    isBookedOut: boolean('is_booked_out').notNull().default(false),
    isDelayed: boolean('is_delayed').notNull().default(false),
    delayMinutes: integer('delay_minutes'),
    comment: text('comment').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    rateId: integer('rate_id')
      .notNull()
      .references(() => rates.id),
    status: text('status', { enum: ['created', 'closed', 'cancelled', 'departed'] })
      .notNull()
      .default('created'),
    sequenceId: integer('sequence_id').references(() => flightSequences.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flights_departure_idx').on(t.departure, t.id),
    index('flights_status_departure_idx').on(t.status, t.departure),
    index('flights_sequence_idx').on(t.sequenceId),
    index('flights_route_departure_idx').on(t.originAirportId, t.destinationAirportId, t.departure),
    check('flights_arrival_after_departure', sql`${t.arrival} > ${t.departure}`),
  ],
);

/**
 * The seat inventory of one tariff group on a flight: the rows every booking locks. `booked`
 * counts seats held by reservations outside allotments; allotments hold their own seats in
 * `allotted` and count their bookings themselves. The checks make overselling impossible even
 * for a writer that forgets the service's rules.
 */
export const flightSeats = pgTable(
  'flight_seats',
  {
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    tariffGroupId: integer('tariff_group_id')
      .notNull()
      .references(() => tariffGroups.id),
    totalSeats: integer('total_seats').notNull(),
    seatsForSale: integer('seats_for_sale').notNull(),
    /** Rappen we pay the airline per seat. */
    costPerSeat: bigint('cost_per_seat', { mode: 'number' }).notNull().default(0),
    agentSeatsLimit: integer('agent_seats_limit').notNull(),
    onlineSeatsLimit: integer('online_seats_limit').notNull(),
    booked: integer('booked').notNull().default(0),
    allotted: integer('allotted').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.flightId, t.tariffGroupId] }),
    check('flight_seats_counts', sql`${t.booked} >= 0 AND ${t.allotted} >= 0 AND ${t.costPerSeat} >= 0`),
    check('flight_seats_for_sale', sql`${t.seatsForSale} BETWEEN 0 AND ${t.totalSeats}`),
    check('flight_seats_not_oversold', sql`${t.booked} + ${t.allotted} <= ${t.totalSeats}`),
  ],
);

/** A block of seats of one tariff group on a flight, sold to an agent in advance. */
export const allotments = pgTable(
  'allotments',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    tariffGroupId: integer('tariff_group_id')
      .notNull()
      .references(() => tariffGroups.id),
    seatsNumber: integer('seats_number').notNull(),
    /** Rappen the agent pays per seat. */
    costPerSeat: bigint('cost_per_seat', { mode: 'number' }).notNull().default(0),
    comment: text('comment').notNull().default(''),
    /** Seats of the block the agent has booked. */
    booked: integer('booked').notNull().default(0),
    /** Set once the allotment is invoiced (allotment invoices); it is then frozen. */
    invoiceId: integer('invoice_id').references(() => allotmentInvoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allotments_flight_idx').on(t.flightId),
    index('allotments_agent_idx').on(t.agentId),
    index('allotments_invoice_idx').on(t.invoiceId),
    check('allotments_booked_within', sql`${t.booked} BETWEEN 0 AND ${t.seatsNumber}`),
    check('allotments_cost_not_negative', sql`${t.costPerSeat} >= 0`),
  ],
);
