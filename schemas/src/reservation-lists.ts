import { z } from 'zod';
import {
  IdSchema,
  IsoDateSchema,
  itemsResponse,
  listQuery,
  listResponse,
  QueryBoolean,
  SortOrderSchema,
} from './common.ts';
import { AgeTypeSchema } from './fares.ts';
import { FlightStatusSchema } from './flights.ts';
import { defineCall } from './http.ts';
import {
  INVOICE_STATUSES,
  InvoiceStatusSchema,
  PaymentTermsSchema,
  type ReservationStatus,
  ReservationStatusSchema,
  SalutationSchema,
} from './reservations.ts';
import { UserTypeSchema } from './users.ts';

// ---------- filters ----------

/**
 * Days from and to, both included, either side open: `flightDateInterval[from]=2031-01-01`
 * (the server reads nested query parameters).
 */
export const DateIntervalQuery = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((interval) => !interval.from || !interval.to || interval.from <= interval.to, {
    message: 'The interval ends before it starts',
    path: ['to'],
    params: { code: 'ERROR_MINIMUM' },
  });
export type DateInterval = z.infer<typeof DateIntervalQuery>;

/** The reservation list shows these statuses unless others are asked for (spec 02 §4). */
export const DEFAULT_RESERVATION_STATUS_FILTER: ReservationStatus[] = ['created', 'confirmed', 'reserved'];

/**
 * The filters of the reservation list and of the own list (spec 02 §3). Dates of flights are local
 * departure dates at the origin; created, payment and deadline dates are Swiss calendar days.
 */
export const ReservationListFilters = z.object({
  /**
   * Record locator (exact, any case), reservation id, billing name, company or e-mail, or a
   * passenger's name.
   */
  query: z.string().max(100).optional(),
  /**
   * true: the reservation holds an active ticket on a flight that is neither departed nor
   * cancelled; false: it holds none (docs/booking.md, Lists).
   */
  isActive: QueryBoolean.default(true),
  /**
   * Holds an active ticket on this flight, whatever its status: the worklist of a cancelled flight
   * (docs/flights.md, Cancelled flights). `isActive` does not apply with it.
   */
  flightId: IdSchema.optional(),
  reservationStatus: z.array(ReservationStatusSchema).max(10).default(DEFAULT_RESERVATION_STATUS_FILTER),
  paymentStatus: z.array(InvoiceStatusSchema).max(10).optional(),
  /** A departure of one of its flights. */
  flightDateInterval: DateIntervalQuery.optional(),
  createdAtInterval: DateIntervalQuery.optional(),
  /** For now: the invoice's last change, when something is paid (docs/booking.md, Lists). */
  paymentDateInterval: DateIntervalQuery.optional(),
  deadlineDateInterval: DateIntervalQuery.optional(),
  paymentTerms: z.array(PaymentTermsSchema).max(10).optional(),
});
export type ReservationListFilters = z.output<typeof ReservationListFilters>;

const reservationPaging = listQuery({
  defaultPageSize: 15,
  maxPageSize: 500,
  sortBy: ['createdAt', 'id', 'paymentDeadline', 'total'],
  defaultSortBy: 'createdAt',
  defaultSortOrder: 'DESC',
});

/** The full reservation list (spec 02 §9: 15 a page, at most 500, newest first). */
export const ReservationListQuery = reservationPaging.extend(ReservationListFilters.shape).extend({
  reservatorId: IdSchema.optional(),
  ownerId: IdSchema.optional(),
});
export type ReservationListQuery = z.output<typeof ReservationListQuery>;

/** The caller's own reservations: the same filters without owner and reservator. */
export const OwnReservationListQuery = reservationPaging.extend(ReservationListFilters.shape);

/** What the invoice overview's payment status filter offers; `unpaid` means notPaid and partly. */
export const INVOICE_OVERVIEW_PAYMENT_STATUSES = ['unpaid', ...INVOICE_STATUSES] as const;

/** The invoice overview (spec 02 §4, §9): unpaid bills, earliest deadline first, at most 50 a page. */
export const InvoiceOverviewQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['paymentDeadline', 'createdAt', 'id', 'total'],
  defaultSortBy: 'paymentDeadline',
  defaultSortOrder: 'ASC',
}).extend({
  query: z.string().max(100).optional(),
  paymentStatus: z.array(z.enum(INVOICE_OVERVIEW_PAYMENT_STATUSES)).max(10).default(['unpaid']),
  deadlineDateInterval: DateIntervalQuery.optional(),
});

/** Users to filter the list by: owners (isReservator=false), reservators (true), or both (absent). */
export const ReservationUserListQuery = z.object({
  /** Name or e-mail. */
  query: z.string().max(100).optional(),
  userId: IdSchema.optional(),
  isReservator: QueryBoolean.optional(),
  /** The user account is active (true) or deactivated (false). */
  isActive: QueryBoolean.optional(),
  orderBy: z.enum(['name']).default('name'),
  sortOrder: SortOrderSchema.default('ASC'),
});

/** The owner and reservator pickers show at most this many users; the search narrows them. */
export const RESERVATION_USER_LIST_LIMIT = 50;

export const ReservationPassengerListQuery = z.object({
  /** First and/or last name. */
  query: z.string().max(100).optional(),
  /** Whose earlier passengers come first (isOwn). */
  ownerId: IdSchema.optional(),
});

/** Known passengers offered for a new booking: this many of the owner's, and as many of others. */
export const PASSENGER_LIST_LIMIT = 5;

// ---------- items ----------

const UserRefSchema = z.object({ id: z.number().int(), displayName: z.string() });

/** A reservation as the lists show it (spec 02 §2 reservation list, invoice overview). */
export const ReservationListItemSchema = z.object({
  id: z.number().int(),
  /** The booking reference customers quote (ReservationSchema.recordLocator). */
  recordLocator: z.string(),
  status: ReservationStatusSchema,
  createdAt: z.string(),
  /** The flights it shows, outbound first. */
  flights: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      direction: z.enum(['outbound', 'return']),
      departure: z.string(),
      status: FlightStatusSchema,
      /** The airports with their time zones: departures are shown in the origin's local time. */
      origin: z.object({ code: z.string(), timezone: z.string() }),
      destination: z.object({ code: z.string(), timezone: z.string() }),
    }),
  ),
  passengerCount: z.number().int(),
  billingInformation: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  owner: UserRefSchema.nullable(),
  reservator: UserRefSchema.nullable(),
  /** Amounts (CHF) left out when the reservation's prices are hidden from this reader. */
  invoice: z.object({
    id: z.number().int(),
    status: InvoiceStatusSchema,
    total: z.number().optional(),
    totalPaid: z.number().optional(),
    paymentDeadline: z.string().nullable(),
    paymentTerms: PaymentTermsSchema,
  }),
  priceNeedsToBeHidden: z.boolean(),
  /** A cancellation gave money back: its credit note can be printed. */
  hasCreditNote: z.boolean().optional(),
});
export type ReservationListItem = z.infer<typeof ReservationListItemSchema>;

export const ReservationUserSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  type: UserTypeSchema,
});

export const KnownPassengerSchema = z.object({
  salutation: SalutationSchema,
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(['male', 'female']).nullable(),
  ageType: AgeTypeSchema,
  birthday: z.string().nullable(),
  /** Travelled on one of the owner's reservations. */
  isOwn: z.boolean(),
});
export type KnownPassenger = z.infer<typeof KnownPassengerSchema>;

const ROLE = {
  list: 'ROLE_RESERVATION_LIST',
  userList: 'ROLE_RESERVATION_USER_LIST',
  passengerList: 'ROLE_RESERVATION_PASSENGER_LIST_FILTERS',
  invoiceList: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
} as const;

/** Reservation lists: the full list, own list, invoice overview, owner/reservator and passenger search (spec 02 §7). */
export const reservationListCalls = {
  list: defineCall({
    method: 'GET',
    path: 'reservation/list',
    summary:
      'All reservations, filtered and paged (default: created, confirmed, reserved; active; newest first)',
    auth: 'user',
    roles: ROLE.list,
    query: ReservationListQuery,
    response: listResponse(ReservationListItemSchema),
  }),
  ownList: defineCall({
    method: 'GET',
    path: 'user/me/reservation/list',
    summary: "The caller's own reservations (owner or reservator), with the list's filters",
    auth: 'user',
    query: OwnReservationListQuery,
    response: listResponse(ReservationListItemSchema),
  }),
  userList: defineCall({
    method: 'GET',
    path: 'reservation/user/list',
    summary: 'Owners or reservators of reservations, for the list filters (at most 50)',
    auth: 'user',
    roles: ROLE.userList,
    query: ReservationUserListQuery,
    response: itemsResponse(ReservationUserSchema),
  }),
  passengerList: defineCall({
    method: 'GET',
    path: 'reservation/passenger/list',
    summary: "Earlier passengers to fill a new booking: up to 5 of the owner's and 5 of others",
    auth: 'user',
    roles: ROLE.passengerList,
    query: ReservationPassengerListQuery,
    response: itemsResponse(KnownPassengerSchema),
  }),
  invoiceList: defineCall({
    method: 'GET',
    path: 'reservation/invoice/list',
    summary: 'Invoice overview: open reservations paid by bill (default unpaid, earliest deadline first)',
    auth: 'user',
    roles: ROLE.invoiceList,
    query: InvoiceOverviewQuery,
    response: listResponse(ReservationListItemSchema),
  }),
};
