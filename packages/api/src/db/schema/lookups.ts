import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LocalizedText } from './users.ts';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  dialCode: text('dial_code').notNull(),
  /** Countries with a sort rank come first (CH, KV, FR, DE, AT, IT, MK), the rest by name. */
  sortRank: integer('sort_rank'),
});

export const airports = pgTable('airports', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  city: jsonb('city').$type<LocalizedText>().notNull(),
  countryCode: text('country_code').notNull(),
  timezone: text('timezone').notNull(),
  isMain: boolean('is_main').notNull().default(false),
});

export const tariffGroups = pgTable('tariff_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
});

export const tariffs = pgTable('tariffs', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  tariffGroupId: integer('tariff_group_id')
    .notNull()
    .references(() => tariffGroups.id),
});
