import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Airlines whose flights we sell; the code prefixes their flight numbers. */
export const flightCompanies = pgTable(
  'flight_companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
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
