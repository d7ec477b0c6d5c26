import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries } from './lookups.ts';

export type LocalizedText = { de: string; en: string; fr: string; sq: string };

/** Permission groups: a title per language and the roles every member gets. */
export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
});

/** Every person who logs in: managers (shown as employees), agents, customers and admins. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['manager', 'agent', 'customer', 'admin'] }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    salutation: text('salutation'),
    company: text('company'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    countryId: integer('country_id').references(() => countries.id),
    language: text('language', { enum: ['de', 'en', 'fr', 'sq'] })
      .notNull()
      .default('en'),
    birthday: date('birthday'),
    phoneMobile: text('phone_mobile'),
    phoneNumberFirst: text('phone_number_first'),
    phoneNumberSecond: text('phone_number_second'),
    /** Money in Rappen. */
    monthlyFee: bigint('monthly_fee', { mode: 'number' }),
    creditLimitTotalAmount: bigint('credit_limit_total_amount', { mode: 'number' }).notNull().default(0),
    marginType: text('margin_type', { enum: ['percent', 'money'] }),
    moneyMargin: bigint('money_margin', { mode: 'number' }),
    percentMargin: numeric('percent_margin', { precision: 5, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    groupId: integer('group_id').references(() => groups.id),
    allowedSpecialRoles: text('allowed_special_roles').array().notNull().default(sql`'{}'::text[]`),
    deniedSpecialRoles: text('denied_special_roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_type_display_name_idx').on(t.type, t.displayName),
    check('users_credit_limit_not_negative', sql`${t.creditLimitTotalAmount} >= 0`),
  ],
);

/**
 * How many users of each type there are, active and inactive: the user lists' total without a
 * search, read from at most two rows instead of counting every user (docs/lists-at-scale.md,
 * "Customer list"). Kept by statement triggers on `users` (migration 0020) in the transaction of
 * every insert, update and delete; `checkDatabase` compares it with a count.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    type: text('type', { enum: ['manager', 'agent', 'customer', 'admin'] }).notNull(),
    isActive: boolean('is_active').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.isActive] })],
);

/** Session tokens; only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Password recovery tokens: hashed, expiring, usable once. */
export const recoveryTokens = pgTable('recovery_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
