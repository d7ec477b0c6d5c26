import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { flights } from './flights.ts';
import { users } from './users.ts';

/** A passenger as a sent PNL or ADL carried them: the next ADL is computed against these. */
export interface StoredPnlPassenger {
  id: number;
  lastName: string;
  firstName: string;
  gender: 'male' | 'female' | null;
  ageType: 'adult' | 'child' | 'infant';
  birthday: string | null;
  destination: string;
  classCode: string;
  bookingReference: string;
  seatLabel: string | null;
}

/**
 * The PNL and ADL messages recorded as sent for a flight (docs/pnl.md): per list (the own list,
 * agentId null, or one external agent's), each with the passengers it left the receiving system
 * with, so the next ADL says what changed since.
 */
export const pnlMessages = pgTable(
  'pnl_messages',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    /** The external agent whose list it is; null for the own list. */
    agentId: integer('agent_id').references(() => users.id),
    type: text('type', { enum: ['PNL', 'ADL'] }).notNull(),
    text: text('text').notNull(),
    total: integer('total').notNull(),
    passengers: jsonb('passengers').$type<StoredPnlPassenger[]>().notNull(),
    /**
     * The group codes the flight's bookings had after this message, by record locator: the next
     * message of any list of the flight starts from the newest one (docs/pnl.md).
     */
    groupCodes: jsonb('group_codes').$type<Record<string, string>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pnl_messages_list_idx').on(t.flightId, sql`coalesce(${t.agentId}, 0)`, t.id)],
);
