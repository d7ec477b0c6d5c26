import { z } from 'zod';
import {
  IdSchema,
  itemsResponse,
  LocaleSchema,
  LocalizedTextSchema,
  listQuery,
  listResponse,
  QueryBoolean,
  SortOrderSchema,
} from './common.ts';
import { AgeTypeSchema } from './fares.ts';
import { SeatLabelSchema } from './flights.ts';
import { defineCall } from './http.ts';
import { InvoiceStatusSchema, ReservationStatusSchema } from './reservations.ts';

/**
 * Departure control (spec 03 §2 Passenger list, §3, §4, §7): the passengers of one flight, their
 * appearing marks and seats, the PAX list and the PNL/ADL messages. A passenger of the list is a
 * reservation passenger holding an active ticket on the flight; `id` is the passenger's id, which
 * stays the same when the reservation is changed.
 */

/** Appeared, no-show (not appeared) and not marked yet (spec 03 §4). */
export const APPEARING_STATES = ['appeared', 'notAppeared', 'pending'] as const;
export const AppearingStateSchema = z.enum(APPEARING_STATES);
export type AppearingState = z.infer<typeof AppearingStateSchema>;

/** The passenger list shows these unless others are asked for (spec 03 §9). */
export const DEFAULT_APPEARING_FILTER: AppearingState[] = ['pending', 'notAppeared'];

/** Whether the passenger's reservation is paid in full (paid or overpaid) or not (notPaid, partly). */
export const PASSENGER_PAYMENT_STATES = ['paid', 'unpaid'] as const;
export const PassengerPaymentStateSchema = z.enum(PASSENGER_PAYMENT_STATES);

/** The filters of the passenger list, shared by the list, the PAX list and the bulk marks. */
export const FlightPassengerFilters = z.object({
  /** Last or first name, booking reference ("FB-000123" or 123), reservation id or seat label. */
  query: z.string().max(100).optional(),
  reservationId: IdSchema.optional(),
  tariffGroups: z.array(IdSchema).max(10).optional(),
  payment: z.array(PassengerPaymentStateSchema).max(2).optional(),
  appearing: z.array(AppearingStateSchema).max(3).default(DEFAULT_APPEARING_FILTER),
});
export type FlightPassengerFilters = z.output<typeof FlightPassengerFilters>;

const PASSENGER_SORTS = ['lastName', 'firstName', 'seatLabel', 'reservationId', 'age'] as const;

/**
 * The passenger list (spec 03 §7, §9): sorted by last name ascending; pending and no-show
 * passengers unless other appearing states are asked for. Paged like every list, 100 a page.
 */
export const FlightPassengerListQuery = listQuery({
  defaultPageSize: 100,
  maxPageSize: 500,
  sortBy: PASSENGER_SORTS,
  defaultSortBy: 'lastName',
  defaultSortOrder: 'ASC',
}).extend(FlightPassengerFilters.shape);
export type FlightPassengerListQuery = z.output<typeof FlightPassengerListQuery>;

/**
 * Which passengers a bulk mark means: just `ids`, or (excluded = true) every passenger matching the
 * filters except `ids`, so "select all" works across pages without sending every id.
 */
export const FlightPassengerSelectionQuery = FlightPassengerFilters.extend({
  // The server reads at most 500 array entries from a query string (app.ts), more than a flight holds.
  ids: z.array(IdSchema).max(500).default([]),
  excluded: QueryBoolean.default(false),
});
export type FlightPassengerSelection = z.input<typeof FlightPassengerSelectionQuery>;

/**
 * The PAX list: every passenger of the flight unless filters are given (no default appearing
 * filter: the manifest is the whole flight), in the language asked for.
 */
export const PaxListQuery = FlightPassengerFilters.extend({
  appearing: z.array(AppearingStateSchema).max(3).optional(),
  language: LocaleSchema.default('en'),
  sortBy: z.enum(PASSENGER_SORTS).default('lastName'),
  sortOrder: SortOrderSchema.default('ASC'),
});

export const FlightPassengerParams = z.object({ flightId: IdSchema, id: IdSchema });
export const FlightIdParams = z.object({ flightId: IdSchema });

/** A no-show needs a comment (spec 03 §4: the "Please, add comment" popup). */
export const NO_SHOW_COMMENT_MAX = 500;
export const AppearingBody = z
  .object({
    isAppeared: z.boolean(),
    comment: z.string().trim().max(NO_SHOW_COMMENT_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.isAppeared && !body.comment) {
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: 'Please, add comment',
        params: { code: 'ERROR_REQUIRED' },
      });
    }
  });
export type AppearingBody = z.input<typeof AppearingBody>;

/** A boarding pass barcode as a handheld scanner types it (IATA BCBP text, trailing newline allowed). */
export const ScanBody = z.object({ bcbp: z.string().min(1).max(400) });

/** The seat to give a passenger; removing it is DELETE (spec 03 §4: an empty label removes the seat). */
export const FlightPassengerSeatBody = z.object({ seatLabel: SeatLabelSchema });

/**
 * Marks a passenger notified or not. Marking notified tells the booking's contact the passenger's
 * flight and seat now, by e-mail (default) and/or SMS (the notifying popup of spec 03 §2).
 */
export const NotifyingBody = z.object({
  isNotified: z.boolean(),
  isEmailNotifyEnabled: z.boolean().default(true),
  isSmsNotifyEnabled: z.boolean().default(false),
});
export type NotifyingBody = z.input<typeof NotifyingBody>;

/** A passenger of a flight as departure control sees them (spec 03 §3 Passenger list item). */
export const FlightPassengerSchema = z.object({
  /** The reservation passenger's id. */
  id: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  ageType: AgeTypeSchema,
  /** Full years on the day of departure (at the origin); null without a date of birth. */
  age: z.number().int().nullable(),
  birthday: z.string().nullable(),
  /** true appeared, false no-show, null not marked yet. */
  isAppeared: z.boolean().nullable(),
  /** Why the passenger did not show up (or a note to the appearing mark). */
  appearingComment: z.string().nullable(),
  isNotified: z.boolean(),
  seatLabel: z.string().nullable(),
  /** Checked in online (docs/check-in.md): when, and the boarding pass's sequence number; null before. */
  checkIn: z.object({ at: z.string(), sequenceNumber: z.number().int() }).nullable(),
  reservation: z.object({
    id: z.number().int(),
    /** The booking reference the traveller quotes: the reservation's record locator ("K7QX2M"). */
    bookingReference: z.string(),
    status: ReservationStatusSchema,
    /** Paid in full (paid or overpaid). */
    isPaid: z.boolean(),
    paymentStatus: InvoiceStatusSchema,
    /** The agent who booked it, when an agent did: their passengers are in the agent's PNL. */
    agent: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  }),
  tariff: z.object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    group: z.object({ id: z.number().int() }),
  }),
});
export type FlightPassenger = z.infer<typeof FlightPassengerSchema>;

export const PNL_MESSAGE_TYPES = ['PNL', 'ADL'] as const;
export const PnlMessageTypeSchema = z.enum(PNL_MESSAGE_TYPES);

const PnlAgentSchema = z.object({ id: z.number().int(), company: z.string() });

/** A PNL or ADL recorded as sent for a flight's own list or an agent's list. */
export const PnlMessageSchema = z.object({
  id: z.number().int(),
  type: PnlMessageTypeSchema,
  agent: PnlAgentSchema.nullable(),
  text: z.string(),
  /** Passengers in a PNL (infants included); name elements added, changed or deleted in an ADL. */
  total: z.number().int(),
  createdAt: z.string(),
  user: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
});
export type PnlMessage = z.infer<typeof PnlMessageSchema>;

/**
 * The PNL of a list as it is now (spec 03 §3 PNL: `pnl`, `total`), with what departure control
 * needs besides: the ADL against the last message sent (null before any), and that message.
 */
export const PnlSchema = z.object({
  pnl: z.string(),
  /** Passengers in the PNL, infants included. */
  total: z.number().int(),
  parts: z.number().int(),
  adl: z.string().nullable(),
  /** Name elements the pending ADL adds, changes and deletes (0 when nothing changed). */
  adlChanges: z.number().int(),
  lastMessage: PnlMessageSchema.omit({ text: true }).nullable(),
});
export type Pnl = z.infer<typeof PnlSchema>;

/** The PNL of one external agent's passengers. */
export const ExternalPnlSchema = PnlSchema.extend({ agent: PnlAgentSchema });
export type ExternalPnl = z.infer<typeof ExternalPnlSchema>;

/**
 * Records a list's PNL (a new baseline) or its ADL against the last message as sent. Without
 * `agentId` the own list (passengers not booked by an external agent), else that agent's list.
 */
export const SendPnlBody = z.object({
  type: PnlMessageTypeSchema,
  agentId: IdSchema.optional(),
});

export const PnlMessageListQuery = z.object({ agentId: IdSchema.optional() });

const PASSENGER_ROLE = {
  list: 'ROLE_FLIGHT_PASSENGER_LIST',
  marking: 'ROLE_FLIGHT_PASSENGER_MARKING',
  seat: 'ROLE_FLIGHT_PASSENGER_SEAT',
  bulk: 'ROLE_FLIGHT_PASSENGER_LIST_BULK_ACTIONS',
  pnl: 'ROLE_FLIGHT_PASSENGER_PNL',
} as const;

/** What a bulk mark did. */
const CountResponse = z.object({ count: z.number().int() });

export const passengerCalls = {
  list: defineCall({
    method: 'GET',
    path: 'flight/{flightId}/passenger/list',
    summary: 'The passengers of a flight, filtered and sorted (default: pending and no-show, by last name)',
    auth: 'user',
    roles: PASSENGER_ROLE.list,
    params: FlightIdParams,
    query: FlightPassengerListQuery,
    response: listResponse(FlightPassengerSchema),
  }),
  paxList: defineCall({
    method: 'GET',
    path: 'flight/{flightId}/passenger/list/pdf',
    summary:
      "PAXList.pdf: the flight's passenger manifest with seats, age types, bookings and check-in marks",
    auth: 'user',
    roles: PASSENGER_ROLE.list,
    params: FlightIdParams,
    query: PaxListQuery,
    response: 'file',
    fileName: 'PAXList.pdf',
  }),
  pnl: defineCall({
    method: 'GET',
    path: 'flight/{flightId}/passenger/list/pnl',
    summary: 'The PNL (IATA Type-B) of the passengers not booked by external agents, and the pending ADL',
    auth: 'user',
    roles: PASSENGER_ROLE.list,
    params: FlightIdParams,
    response: PnlSchema,
  }),
  pnlExternal: defineCall({
    method: 'GET',
    path: 'flight/{flightId}/passenger/list/pnl-external',
    summary: "One PNL per external agent with the agent's passengers, most passengers first",
    auth: 'user',
    roles: PASSENGER_ROLE.list,
    params: FlightIdParams,
    response: itemsResponse(ExternalPnlSchema),
  }),
  sendPnl: defineCall({
    method: 'POST',
    path: 'flight/{flightId}/passenger/list/pnl/message',
    summary: 'Record a PNL, or the ADL since the last message, as sent; the next ADL is computed against it',
    auth: 'user',
    roles: { allOf: [PASSENGER_ROLE.list, PASSENGER_ROLE.pnl] },
    params: FlightIdParams,
    body: SendPnlBody,
    response: PnlMessageSchema,
    status: 201,
  }),
  pnlMessages: defineCall({
    method: 'GET',
    path: 'flight/{flightId}/passenger/list/pnl/message/list',
    summary: 'The PNL and ADL messages sent for a list of the flight, newest first',
    auth: 'user',
    roles: PASSENGER_ROLE.list,
    params: FlightIdParams,
    query: PnlMessageListQuery,
    response: itemsResponse(PnlMessageSchema),
  }),
  setAppearing: defineCall({
    method: 'PUT',
    path: 'flight/{flightId}/passenger/{id}/appearing',
    summary: 'Mark a passenger appeared, or a no-show with a comment',
    auth: 'user',
    roles: PASSENGER_ROLE.marking,
    params: FlightPassengerParams,
    body: AppearingBody,
    response: FlightPassengerSchema,
  }),
  clearAppearing: defineCall({
    method: 'DELETE',
    path: 'flight/{flightId}/passenger/{id}/appearing',
    summary: "Take a passenger's appearing mark back (pending)",
    auth: 'user',
    roles: PASSENGER_ROLE.marking,
    params: FlightPassengerParams,
    response: FlightPassengerSchema,
  }),
  setSeat: defineCall({
    method: 'PUT',
    path: 'flight/{flightId}/passenger/{id}/seat',
    summary: 'Give a passenger a seat, or another one (not on a closed, departed or cancelled flight)',
    auth: 'user',
    roles: PASSENGER_ROLE.seat,
    params: FlightPassengerParams,
    body: FlightPassengerSeatBody,
    response: FlightPassengerSchema,
  }),
  clearSeat: defineCall({
    method: 'DELETE',
    path: 'flight/{flightId}/passenger/{id}/seat',
    summary: "Remove a passenger's seat",
    auth: 'user',
    roles: PASSENGER_ROLE.seat,
    params: FlightPassengerParams,
    response: FlightPassengerSchema,
  }),
  scan: defineCall({
    method: 'POST',
    path: 'flight/{flightId}/passenger/scan',
    summary:
      "The gate's scan of a boarding pass: marks its checked-in passenger appeared (another flight's or day's pass is refused)",
    auth: 'user',
    roles: PASSENGER_ROLE.marking,
    params: FlightIdParams,
    body: ScanBody,
    response: FlightPassengerSchema,
  }),
  setNotifying: defineCall({
    method: 'PUT',
    path: 'flight/{flightId}/passenger/{id}/notifying',
    summary: "Mark a passenger notified (telling the booking's contact their flight and seat) or not",
    auth: 'user',
    roles: PASSENGER_ROLE.marking,
    params: FlightPassengerParams,
    body: NotifyingBody,
    response: FlightPassengerSchema,
  }),
  setAppearingList: defineCall({
    method: 'PUT',
    path: 'flight/{flightId}/passenger/list/appearing',
    summary: 'Mark the chosen passengers appeared, or no-shows with a comment',
    auth: 'user',
    roles: { allOf: [PASSENGER_ROLE.marking, PASSENGER_ROLE.bulk] },
    params: FlightIdParams,
    query: FlightPassengerSelectionQuery,
    body: AppearingBody,
    response: CountResponse,
  }),
  clearAppearingList: defineCall({
    method: 'DELETE',
    path: 'flight/{flightId}/passenger/list/appearing',
    summary: "Take the chosen passengers' appearing marks back",
    auth: 'user',
    roles: { allOf: [PASSENGER_ROLE.marking, PASSENGER_ROLE.bulk] },
    params: FlightIdParams,
    query: FlightPassengerSelectionQuery,
    response: CountResponse,
  }),
};
