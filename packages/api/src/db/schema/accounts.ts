import { VIRTUAL_ACCOUNT_KINDS } from '@flybook/schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { groups, users } from './users.ts';

/**
 * Ledger accounts. Each belongs to one user or is a virtual account (cash desk, bank, transfer,
 * card provider, revenue, expense) with a code. Balance in Rappen, kept by the ledger.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['asset', 'expense', 'revenue', 'liability'] }).notNull(),
    ownerUserId: integer('owner_user_id')
      .unique()
      .references(() => users.id),
    virtualCode: text('virtual_code').unique(),
    virtualKind: text('virtual_kind', { enum: VIRTUAL_ACCOUNT_KINDS }),
    name: text('name'),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'accounts_owner_xor_virtual',
      sql`(${t.ownerUserId} IS NULL) <> (${t.virtualCode} IS NULL) AND (${t.virtualCode} IS NULL) = (${t.virtualKind} IS NULL)`,
    ),
  ],
);

/** Virtual accounts a group's members may operate by default. */
export const groupVirtualAccounts = pgTable(
  'group_virtual_accounts',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountId] })],
);

/** Virtual accounts one user may operate (set on the permissions page). */
export const userVirtualAccounts = pgTable(
  'user_virtual_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] })],
);
