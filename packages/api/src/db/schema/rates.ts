import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tariffs } from './lookups.ts';
import type { LocalizedText } from './users.ts';

/** Price models: a flight has one rate, which prices each tariff. */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rates_name_idx').on(sql`lower(${t.name})`)],
);

/** The prices of one tariff in a rate; money in Rappen, percentages of the adult price. */
export const ratePrices = pgTable(
  'rate_prices',
  {
    rateId: integer('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'cascade' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    priceStandard: bigint('price_standard', { mode: 'number' }).notNull(),
    priceRound: bigint('price_round', { mode: 'number' }).notNull(),
    priceChildPercent: numeric('price_child_percent', { precision: 5, scale: 2 }).notNull(),
    priceInfantPercent: numeric('price_infant_percent', { precision: 5, scale: 2 }).notNull(),
    airportFee: bigint('airport_fee', { mode: 'number' }).notNull(),
    fuelFee: bigint('fuel_fee', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rateId, t.tariffId] }),
    check(
      'rate_prices_not_negative',
      sql`${t.priceStandard} >= 0 AND ${t.priceRound} >= 0 AND ${t.airportFee} >= 0 AND ${t.fuelFee} >= 0`,
    ),
    check(
      'rate_prices_percent_range',
      sql`${t.priceChildPercent} BETWEEN 0 AND 100 AND ${t.priceInfantPercent} BETWEEN 0 AND 100`,
    ),
  ],
);

export const optionTypes = pgTable('option_types', {
  id: integer('id').primaryKey(),
  code: text('code', { enum: ['general', 'travel-insurance'] })
    .notNull()
    .unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

/** Extras a passenger can add to a booking (meal, baggage, travel insurance …). */
export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    typeId: integer('type_id')
      .notNull()
      .references(() => optionTypes.id),
    isActive: boolean('is_active').notNull().default(true),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Rappen per passenger and trip. */
    price: bigint('price', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('options_price_not_negative', sql`${t.price} >= 0`)],
);
