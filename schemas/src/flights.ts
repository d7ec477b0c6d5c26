import { SEAT_FLAGS } from '@flybook/domain/seat-maps';
import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  itemsResponse,
  LocaleSchema,
  listQuery,
  listResponse,
  MAX_ID,
  MoneySchema,
  QueryBoolean,
} from './common.ts';
import { PartyQuery, PriceListEntrySchema } from './fares.ts';
import { defineCall } from './http.ts';
import { AirportSchema } from './lookups.ts';
import { notBlank } from './validation.ts';

// ---------- airline companies ----------

/** Two letters or digits, the prefix of the company's flight numbers (IATA style: "FB", "4U"). */
export const AIRLINE_CODE_PATTERN = /^[A-Z0-9]{2}$/;

/**
 * A Type-B address: a 3-letter location, a 2-character office (department) and the 2-character
 * airline designator, e.g. ZRHKKFB (the DCS at Zurich) or ZRHRMFB (the reservations office).
 */
export const TYPE_B_ADDRESS_PATTERN = /^[A-Z]{3}[A-Z0-9]{2}[A-Z0-9]{2}$/;
const TypeBAddress = z.string().regex(TYPE_B_ADDRESS_PATTERN);

export const FlightCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
  /** The own PNL/ADL's originator; null: the reservations office at the board point (docs/pnl.md). */
  pnlOriginator: z.string().nullable(),
  /** Where PNL/ADL go; empty: the DCS at the board point. */
  pnlAddresses: z.array(z.string()),
});
export type FlightCompany = z.infer<typeof FlightCompanySchema>;

export const FlightCompanyBody = z.object({
  name: notBlank(100),
  code: z.string().regex(AIRLINE_CODE_PATTERN),
  isActive: z.boolean().default(true),
  pnlOriginator: TypeBAddress.nullable().default(null),
  pnlAddresses: z.array(TypeBAddress).max(16).default([]),
});
export type FlightCompanyBody = z.infer<typeof FlightCompanyBody>;

export const FlightCompanyListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['name', 'id', 'code'],
  defaultSortBy: 'name',
  defaultSortOrder: 'ASC',
}).extend({ query: z.string().max(100).optional(), isActive: QueryBoolean.optional() });

// ---------- aircraft seat-map templates ----------

/** A seat label: the row label (digits) then the column label (capital letters), e.g. 12C. */
export const SEAT_LABEL_PATTERN = /^[1-9][0-9]{0,2}[A-Z]{1,2}$/;
export const ROW_LABEL_PATTERN = /^[1-9][0-9]{0,2}$/;
export const COLUMN_LABEL_PATTERN = /^[A-Z]{1,2}$/;
export const SeatLabelSchema = z.string().regex(SEAT_LABEL_PATTERN);

/** Bit flags of one seat in a template (0 is a normal seat for sale): their rules live in @flybook/domain. */
export { SEAT_FLAGS };
export const SEAT_FLAGS_MAX = SEAT_FLAGS.disabled | SEAT_FLAGS.reserved | SEAT_FLAGS.absent;

/** A block of seats of one tariff group: rows × columns, with a flag and a seat price per seat. */
export const AircraftSectionSchema = z
  .object({
    tariffGroup: z.object({ id: IdSchema }),
    rowLabels: z.array(z.string().regex(ROW_LABEL_PATTERN)).min(1).max(99),
    columnLabels: z.array(z.string().regex(COLUMN_LABEL_PATTERN)).min(1).max(12),
    /** seats[row][column]: bit flags (SEAT_FLAGS). */
    seats: z.array(z.array(z.number().int().min(0).max(SEAT_FLAGS_MAX))),
    /** prices[row][column]: the seat reservation price in CHF. */
    prices: z.array(z.array(MoneySchema.pipe(z.number().min(0).max(10_000)))),
    /** Row labels of rows at an emergency exit. */
    rowsWithExitDoors: z.array(z.string().regex(ROW_LABEL_PATTERN)),
  })
  .superRefine((section, ctx) => {
    const rows = section.rowLabels.length;
    const columns = section.columnLabels.length;
    for (const [name, matrix] of [
      ['seats', section.seats],
      ['prices', section.prices],
    ] as const) {
      if (matrix.length !== rows || matrix.some((row) => row.length !== columns)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `Must have ${rows} rows of ${columns} values`,
          params: { code: 'ERROR_SEAT_MAP_SHAPE' },
        });
      }
    }
    for (const exit of section.rowsWithExitDoors) {
      if (!section.rowLabels.includes(exit)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rowsWithExitDoors'],
          message: `Unknown row ${exit}`,
          params: { code: 'ERROR_SEAT_MAP_SHAPE' },
        });
      }
    }
  });
export type AircraftSection = z.infer<typeof AircraftSectionSchema>;

/** Every seat label of a list of sections, in order. */
export const seatLabelsOf = (sections: readonly Pick<AircraftSection, 'rowLabels' | 'columnLabels'>[]) =>
  sections.flatMap((section) =>
    section.rowLabels.flatMap((row) => section.columnLabels.map((column) => `${row}${column}`)),
  );

export const AircraftTemplateBody = z
  .object({ label: notBlank(100), sections: z.array(AircraftSectionSchema).min(1).max(6) })
  .superRefine((template, ctx) => {
    const seen = new Set<string>();
    for (const label of seatLabelsOf(template.sections)) {
      if (seen.has(label)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sections'],
          message: `Seat ${label} appears twice`,
          params: { code: 'ERROR_SEAT_LABEL_NOT_UNIQUE' },
        });
        return;
      }
      seen.add(label);
    }
  });

export const AircraftTemplateSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sections: z.array(AircraftSectionSchema),
});
export type AircraftTemplate = z.infer<typeof AircraftTemplateSchema>;

export const AircraftTemplateSummarySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Seats for sale (not absent) per tariff group id. */
  seatsByTariffGroup: z.array(
    z.object({ tariffGroup: z.object({ id: z.number().int() }), seats: z.number().int() }),
  ),
});

const ROLE = {
  companyList: 'ROLE_FLIGHT_COMPANY_LIST',
  companyRead: 'ROLE_FLIGHT_COMPANY_READ',
  companyCreate: 'ROLE_FLIGHT_COMPANY_CREATE',
  companyUpdate: 'ROLE_FLIGHT_COMPANY_UPDATE',
  companyDelete: 'ROLE_FLIGHT_COMPANY_DELETE',
  templateList: 'ROLE_AIRCRAFT_TEMPLATE_LIST',
  templateRead: 'ROLE_AIRCRAFT_TEMPLATE_READ',
  templateCreate: 'ROLE_AIRCRAFT_TEMPLATE_CREATE',
  templateUpdate: 'ROLE_AIRCRAFT_TEMPLATE_UPDATE',
  templateDelete: 'ROLE_AIRCRAFT_TEMPLATE_DELETE',
} as const;

export const flightCompanyCalls = {
  list: defineCall({
    method: 'GET',
    path: 'flight-company/list',
    summary: 'Airline companies, paged',
    auth: 'user',
    roles: ROLE.companyList,
    query: FlightCompanyListQuery,
    response: listResponse(FlightCompanySchema),
  }),
  entireList: defineCall({
    method: 'GET',
    path: 'flight-company/entire-list',
    summary: 'Active airline companies, for flight forms',
    auth: 'user',
    roles: ROLE.companyList,
    response: itemsResponse(FlightCompanySchema),
  }),
  get: defineCall({
    method: 'GET',
    path: 'flight-company/{id}',
    summary: 'An airline company',
    auth: 'user',
    roles: ROLE.companyRead,
    params: IdParams,
    response: FlightCompanySchema,
  }),
  create: defineCall({
    method: 'POST',
    path: 'flight-company',
    summary: 'Add an airline company',
    auth: 'user',
    roles: ROLE.companyCreate,
    body: FlightCompanyBody,
    response: FlightCompanySchema,
    status: 201,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'flight-company/{id}',
    summary: 'Change an airline company',
    auth: 'user',
    roles: ROLE.companyUpdate,
    params: IdParams,
    body: FlightCompanyBody,
    response: FlightCompanySchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: 'flight-company/{id}',
    summary: 'Delete an airline company that no flight uses',
    auth: 'user',
    roles: ROLE.companyDelete,
    params: IdParams,
    response: 'empty',
  }),
};

export const aircraftTemplateCalls = {
  list: defineCall({
    method: 'GET',
    path: 'aircraft-template-generic/list',
    summary: 'Aircraft seat-map templates with their seat counts',
    auth: 'user',
    roles: ROLE.templateList,
    response: itemsResponse(AircraftTemplateSummarySchema),
  }),
  get: defineCall({
    method: 'GET',
    path: 'aircraft-template-generic/{id}',
    summary: 'An aircraft seat-map template',
    auth: 'user',
    roles: ROLE.templateRead,
    params: IdParams,
    response: AircraftTemplateSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: 'aircraft-template-generic',
    summary: 'Add an aircraft seat-map template',
    auth: 'user',
    roles: ROLE.templateCreate,
    body: AircraftTemplateBody,
    response: AircraftTemplateSchema,
    status: 201,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'aircraft-template-generic/{id}',
    summary: 'Change an aircraft seat-map template',
    auth: 'user',
    roles: ROLE.templateUpdate,
    params: IdParams,
    body: AircraftTemplateBody,
    response: AircraftTemplateSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: 'aircraft-template/{id}',
    summary: 'Delete an aircraft seat-map template no flight uses',
    auth: 'user',
    roles: ROLE.templateDelete,
    params: IdParams,
    response: 'empty',
  }),
};

// ---------- flights ----------

export const FLIGHT_STATUSES = ['created', 'closed', 'cancelled', 'departed'] as const;
export const FlightStatusSchema = z.enum(FLIGHT_STATUSES);
export type FlightStatus = z.infer<typeof FlightStatusSchema>;

/** Seats a new flight offers online per tariff group unless told otherwise (spec 03 §9). */
export const DEFAULT_ONLINE_SEATS_LIMIT = 7;

/** Digits after the airline code in a flight number: "FB" + "1234". */
export const FLIGHT_NUMBER_PATTERN = /^[A-Z0-9]{2}[0-9]{1,4}$/;

/** ISO weekday: 1 Monday … 7 Sunday, in the origin airport's local time. */
export const WeekdaySchema = z.coerce.number().int().min(1).max(7);
export const AirportCodeSchema = z.string().regex(/^[A-Z]{3}$/);

const SeatCount = z.number().int().min(0).max(1000);
const SeatCost = MoneySchema.pipe(z.number().min(0).max(100_000));

/**
 * The inventory of one tariff group on a flight, as written by the flight form. `totalSeats`
 * and `numberOfSeatsToSale` are the seat-number fields, `costPerSeat` the cost field: each is
 * left out by a user without the role to create or change it.
 */
export const SeatsByTariffBody = z
  .object({
    tariffGroup: z.object({ id: IdSchema }),
    /** Seats we hold on the aircraft in this group; never more are sold, by anyone. */
    totalSeats: SeatCount.optional(),
    /** Seats put on sale; defaults to totalSeats. Staff may book past it up to totalSeats. */
    numberOfSeatsToSale: SeatCount.optional(),
    /** What one seat costs us (the charter price), CHF. */
    costPerSeat: SeatCost.optional(),
    agentSeatsLimit: SeatCount,
    onlineSeatsLimit: SeatCount.default(DEFAULT_ONLINE_SEATS_LIMIT),
  })
  .refine(
    (seats) =>
      seats.totalSeats === undefined ||
      seats.numberOfSeatsToSale === undefined ||
      seats.numberOfSeatsToSale <= seats.totalSeats,
    {
      message: 'Seats for sale cannot exceed the total seats',
      path: ['numberOfSeatsToSale'],
      params: { code: 'ERROR_MAXIMUM' },
    },
  );

/** The inventory of one tariff group as read; fields the reader may not see are left out. */
export const SeatsByTariffSchema = z.object({
  tariffGroup: z.object({ id: z.number().int() }),
  totalSeats: z.number().int().optional(),
  numberOfSeatsToSale: z.number().int(),
  costPerSeat: z.number().optional(),
  agentSeatsLimit: z.number().int(),
  onlineSeatsLimit: z.number().int(),
  /** Seats held by reservations, inside allotments or not. */
  booked: z.number().int(),
  /** Seats blocked for agents by allotments. */
  allotted: z.number().int(),
  /** numberOfSeatsToSale − booked outside allotments − allotted; negative when staff overbooked the sale quota (shown to managers only, 0 for agents). */
  free: z.number().int(),
});
export type SeatsByTariff = z.infer<typeof SeatsByTariffSchema>;

export const AllotmentBody = z.object({
  /** An existing allotment of this flight; absent for a new one. */
  id: z.number().int().positive().max(MAX_ID).optional(),
  agent: z.object({ id: IdSchema }),
  tariffGroup: z.object({ id: IdSchema }),
  seatsNumber: z.number().int().min(1).max(1000),
  costPerSeat: SeatCost.optional(),
  comment: z.string().max(1000).default(''),
});

export const FlightAllotmentSchema = z.object({
  id: z.number().int(),
  agent: z.object({ id: z.number().int(), displayName: z.string() }),
  tariffGroup: z.object({ id: z.number().int() }),
  seatsNumber: z.number().int(),
  /** Left out without ROLE_ALLOTMENT_READ_COST_PER_SEAT. */
  costPerSeat: z.number().optional(),
  comment: z.string(),
  /** Seats of this allotment already booked by the agent. */
  booked: z.number().int(),
  invoice: z.object({ id: z.number().int() }).nullable(),
});
export type FlightAllotment = z.infer<typeof FlightAllotmentSchema>;

export const FlightBody = z
  .object({
    flightCompany: z.object({ id: IdSchema }),
    /** The full number, airline code first: "FB1234". */
    number: z.string().regex(FLIGHT_NUMBER_PATTERN),
    origin: z.object({ code: AirportCodeSchema }),
    destination: z.object({ code: AirportCodeSchema }),
    departure: IsoDateTimeSchema,
    arrival: IsoDateTimeSchema,
    aircraftTemplate: z.object({ id: IdSchema }),
    /** The flight's own seat map; absent on create (or on a template change) to copy the template's. */
    sections: z.array(AircraftSectionSchema).min(1).max(6).optional(),
    isOnlineCheckInEnabled: z.boolean().default(false),
    isActive: z.boolean().default(true),
    comment: z.string().max(2000).default(''),
    rate: z.object({ id: IdSchema }),
    seatsByTariff: z
      .array(SeatsByTariffBody)
      .min(1)
      .max(6)
      .superRefine((list, ctx) => {
        const seen = new Set<number>();
        list.forEach((seats, index) => {
          if (seen.has(seats.tariffGroup.id)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'tariffGroup', 'id'],
              message: 'Tariff group listed twice',
              params: { code: 'ERROR_NOT_UNIQUE' },
            });
          }
          seen.add(seats.tariffGroup.id);
        });
      }),
    /** The flight's allotments; absent leaves them as they are. */
    allotments: z.array(AllotmentBody).max(100).optional(),
  })
  .superRefine((flight, ctx) => {
    if (Date.parse(flight.arrival) <= Date.parse(flight.departure)) {
      ctx.addIssue({
        code: 'custom',
        path: ['arrival'],
        message: 'The arrival must be after the departure.',
        params: { code: 'ERROR_ARRIVAL_NOT_AFTER_DEPARTURE' },
      });
    }
    if (flight.origin.code === flight.destination.code) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination', 'code'],
        message: 'Origin and destination must differ.',
        params: { code: 'ERROR_SAME_AIRPORTS' },
      });
    }
  });
export type FlightBody = z.input<typeof FlightBody>;

/** A repeating flight: every `period` weeks on the given weekdays, first and last date included. */
export const RepeatingSchema = z
  .object({
    firstDate: IsoDateSchema,
    lastDate: IsoDateSchema,
    /** 1 every week, 2 every other week … counted from the week of firstDate. */
    period: z.number().int().min(1).max(52),
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  })
  .superRefine((repeating, ctx) => {
    const days = (Date.parse(repeating.lastDate) - Date.parse(repeating.firstDate)) / 86_400_000;
    if (days < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastDate'],
        message: 'The last date must not be before the first date',
        params: { code: 'ERROR_MINIMUM' },
      });
    } else if (days > 731) {
      ctx.addIssue({
        code: 'custom',
        path: ['lastDate'],
        message: 'A sequence spans two years at most',
        params: { code: 'ERROR_MAXIMUM', limit: 731 },
      });
    }
  });
export type Repeating = z.infer<typeof RepeatingSchema>;

export const FlightSequenceSchema = z.object({
  id: z.number().int(),
  firstDate: z.string(),
  lastDate: z.string(),
  period: z.number().int(),
  weekdays: z.array(z.number().int()),
});
export type FlightSequence = z.infer<typeof FlightSequenceSchema>;

const FlightAirportSchema = AirportSchema.pick({ code: true, name: true, city: true, timezone: true });

/** A flight in lists: what the flight list shows, without seat map and allotments. */
export const FlightListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  flightCompany: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  origin: FlightAirportSchema,
  destination: FlightAirportSchema,
  /** Instants (UTC); shown in each airport's local time. */
  departure: z.string(),
  arrival: z.string(),
  status: FlightStatusSchema,
  isActive: z.boolean(),
  isBookedOut: z.boolean(),
  isDelayed: z.boolean(),
  /** Announced delay in minutes, when one was given. */
  delayMinutes: z.number().int().nullable(),
  isOnlineCheckInEnabled: z.boolean(),
  comment: z.string(),
  /** The rate with its prices per tariff; `hasAvailableSeats` is for the searched party (one adult by default). */
  rate: z.object({ id: z.number().int(), name: z.string(), priceList: z.array(PriceListEntrySchema) }),
  aircraftTemplate: z.object({ id: z.number().int(), label: z.string() }),
  sequence: FlightSequenceSchema.nullable(),
  seatsByTariff: z.array(SeatsByTariffSchema),
  /** Passengers holding a ticket on the flight. */
  passengers: z.number().int(),
  /** Reservations those passengers belong to. */
  reservations: z.number().int(),
});
export type FlightListItem = z.infer<typeof FlightListItemSchema>;

export const FlightSchema = FlightListItemSchema.extend({
  sections: z.array(AircraftSectionSchema),
  /** Left out without ROLE_ALLOTMENT_READ. */
  allotments: z.array(FlightAllotmentSchema).optional(),
  /** Seat labels held by passengers: the seat-map editor keeps them. */
  takenSeatLabels: z.array(z.string()),
  /**
   * A reservation holds or held a ticket on it (cancelled ones too): its airline, origin and
   * destination can no longer change (ERROR_IMMUTABLE_PROPERTY_IS_CHANGED), so the form disables them.
   */
  isRouteFixed: z.boolean(),
});
export type Flight = z.infer<typeof FlightSchema>;

/** The flight list's filters, shared by the list and the bulk actions that act on "all matching". */
export const FlightFilters = z.object({
  /** Flight number, airline or airport code. */
  query: z.string().max(100).optional(),
  isActive: QueryBoolean.optional(),
  status: z.array(FlightStatusSchema).optional(),
  /** Local departure dates at the origin, both included. */
  departureFrom: IsoDateSchema.optional(),
  departureTo: IsoDateSchema.optional(),
  origin: AirportCodeSchema.optional(),
  destination: AirportCodeSchema.optional(),
  weekday: z.array(WeekdaySchema).optional(),
  sequence: IdSchema.optional(),
  /** With passengers holding tickets (for cancelled flights to rebook). */
  hasPassengers: QueryBoolean.optional(),
});
export type FlightFilters = z.infer<typeof FlightFilters>;

/** The default status filter of the flight list (spec 03 §9). */
export const DEFAULT_FLIGHT_STATUS_FILTER: FlightStatus[] = ['created'];

/** The flight list: created flights unless other statuses are asked for. */
export const FlightListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 500,
  sortBy: ['departure', 'number', 'id'],
  defaultSortBy: 'departure',
  defaultSortOrder: 'ASC',
})
  .extend(FlightFilters.shape)
  .extend(PartyQuery.shape)
  .extend({
    status: z.array(FlightStatusSchema).default(DEFAULT_FLIGHT_STATUS_FILTER),
    // The booking wizard's names (spec 02 §7): one local departure date and the airport codes.
    departureDate: IsoDateSchema.optional(),
    fromAirportCode: AirportCodeSchema.optional(),
    toAirportCode: AirportCodeSchema.optional(),
  });

/**
 * Which flights a bulk action means: just `ids`, or (excluded = true) every flight matching the
 * filters except `ids` — so "select all" works across pages without sending every id.
 */
export const FlightSelectionQuery = FlightFilters.extend({
  ids: z.array(IdSchema).max(5000).default([]),
  excluded: QueryBoolean.default(false),
});
export type FlightSelection = z.input<typeof FlightSelectionQuery>;

export const NotifyQuery = z.object({
  isEmailNotifyEnabled: QueryBoolean.default(false),
  isSmsNotifyEnabled: QueryBoolean.default(false),
});

export const DelayQuery = NotifyQuery.extend({
  isEmailNotifyEnabled: QueryBoolean.default(true),
  /** The announced delay; absent when not known yet. */
  minutes: z.coerce.number().int().min(1).max(2880).optional(),
});

export const FlightStatusParams = z.object({ id: IdSchema, status: z.enum(['cancelled', 'departed']) });

export const FlightIdsBody = z.object({ ids: z.array(IdSchema).min(1).max(500) });

export const FlightBookingInfoSchema = z.object({
  adultPassengers: z.number().int(),
  childPassengers: z.number().int(),
  babyPassengers: z.number().int(),
});

export const FlightTurnoverSchema = z.object({
  byTariffGroup: z.array(
    z.object({
      tariffGroup: z.object({ id: z.number().int() }),
      seatsSold: z.number().int(),
      allottedSeats: z.number().int(),
      revenue: z.number(),
      cost: z.number(),
    }),
  ),
  seatsSold: z.number().int(),
  revenue: z.number(),
  cost: z.number(),
  margin: z.number(),
});
export type FlightTurnover = z.infer<typeof FlightTurnoverSchema>;

export const FlightPassengersInfoSchema = z.object({
  passengers: z.number().int(),
  seated: z.number().int(),
  appeared: z.number().int(),
  noShow: z.number().int(),
  pending: z.number().int(),
  notified: z.number().int(),
});

/**
 * A passenger holding a seat on a flight, with the booking they are on: what replacing the
 * flight's seat map with another template's takes away (the flight form lists them first).
 */
export const FlightSeatedPassengerSchema = z.object({
  /** The reservation passenger (the same id as on the passenger list). */
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  seatLabel: z.string(),
  reservation: z.object({ id: z.number().int(), recordLocator: z.string() }),
});
export type FlightSeatedPassenger = z.infer<typeof FlightSeatedPassengerSchema>;

export const FlightsMapSchema = z.object({
  /** Destination codes served from each origin code, by active flights still to come. */
  items: z.array(z.object({ origin: z.string(), destinations: z.array(z.string()) })),
});

const FLIGHT_ROLE = {
  list: 'ROLE_FLIGHT_LIST',
  agentList: 'ROLE_FLIGHT_AGENT_FLIGHT_LIST',
  read: 'ROLE_FLIGHT_READ',
  create: 'ROLE_FLIGHT_CREATE',
  update: 'ROLE_FLIGHT_UPDATE',
  delete: 'ROLE_FLIGHT_DELETE',
  sequence: 'ROLE_FLIGHT_CREATE_SEQUENCE',
  active: 'ROLE_FLIGHT_ACTIVE',
  bookedOut: 'ROLE_FLIGHT_BOOKED_OUT',
  delayed: 'ROLE_FLIGHT_DELAYED',
  status: 'ROLE_FLIGHT_STATUS',
  turnover: 'ROLE_FLIGHT_READ_TURNOVER_INFO',
  passengers: 'ROLE_FLIGHT_PASSENGER_LIST',
} as const;

/** Field-level roles of the flight form (spec 03 §6), enforced by the server on every write. */
export const FLIGHT_FIELD_ROLES = {
  readSeatNumber: 'ROLE_FLIGHT_READ_SEAT_NUMBER',
  createSeatNumber: 'ROLE_FLIGHT_CREATE_SEAT_NUMBER',
  updateSeatNumber: 'ROLE_FLIGHT_UPDATE_SEAT_NUMBER',
  readCostPerSeat: 'ROLE_FLIGHT_READ_COST_PER_SEAT',
  createCostPerSeat: 'ROLE_FLIGHT_CREATE_COST_PER_SEAT',
  updateCostPerSeat: 'ROLE_FLIGHT_UPDATE_COST_PER_SEAT',
  allotmentRead: 'ROLE_ALLOTMENT_READ',
  allotmentEdit: 'ROLE_ALLOTMENT_EDIT',
  allotmentReadCost: 'ROLE_ALLOTMENT_READ_COST_PER_SEAT',
} as const;

const CountResponse = z.object({ count: z.number().int() });
const NotDeletedResponse = z.object({
  /** Flights kept because reservations hold tickets on them. */
  notDeletedIds: z.array(z.number().int()),
  deleted: z.number().int(),
});

export const flightCalls = {
  list: defineCall({
    method: 'GET',
    path: 'flight/list',
    summary: 'Flights, filtered and paged (default: status created, by departure)',
    auth: 'user',
    roles: FLIGHT_ROLE.list,
    query: FlightListQuery,
    response: listResponse(FlightListItemSchema),
  }),
  agentList: defineCall({
    method: 'GET',
    path: 'agent/flight/list',
    summary: "Active flights as an agent sees them: no total seats or costs, the agent's own allotments",
    auth: 'user',
    roles: FLIGHT_ROLE.agentList,
    query: FlightListQuery,
    response: listResponse(FlightListItemSchema),
  }),
  get: defineCall({
    method: 'GET',
    path: 'flight/{id}',
    summary: 'A flight with its seat map and allotments',
    auth: 'user',
    // The passenger list shows the flight and its seat map (spec 03 §2) to its role holders too.
    roles: { anyOf: [FLIGHT_ROLE.read, FLIGHT_ROLE.passengers] },
    params: IdParams,
    response: FlightSchema,
  }),
  bookingInfo: defineCall({
    method: 'GET',
    path: 'flight/{id}/booking-info',
    summary: 'Passengers on the flight by age type',
    auth: 'user',
    roles: { anyOf: [FLIGHT_ROLE.read, FLIGHT_ROLE.list, FLIGHT_ROLE.passengers] },
    params: IdParams,
    response: FlightBookingInfoSchema,
  }),
  turnoverInfo: defineCall({
    method: 'GET',
    path: 'flight/{id}/turnover-info',
    summary: 'Seats sold, revenue, cost and margin of the flight',
    auth: 'user',
    roles: FLIGHT_ROLE.turnover,
    params: IdParams,
    response: FlightTurnoverSchema,
  }),
  passengersInfo: defineCall({
    method: 'GET',
    path: 'flight/{id}/passengers-info',
    summary: 'Passenger counts for departure control: seated, appeared, no-show, notified',
    auth: 'user',
    roles: { anyOf: [FLIGHT_ROLE.read, FLIGHT_ROLE.passengers] },
    params: IdParams,
    response: FlightPassengersInfoSchema,
  }),
  seatedPassengers: defineCall({
    method: 'GET',
    path: 'flight/{id}/seated-passengers',
    summary: 'Passengers holding seats on the flight and their bookings, by booking reference',
    auth: 'user',
    // Read by the flight form before a new template takes the seats away: its own roles.
    roles: { allOf: [FLIGHT_ROLE.read, FLIGHT_ROLE.update] },
    params: IdParams,
    response: itemsResponse(FlightSeatedPassengerSchema),
  }),
  create: defineCall({
    method: 'POST',
    path: 'flight',
    summary: 'Add a flight',
    auth: 'user',
    roles: FLIGHT_ROLE.create,
    body: FlightBody,
    response: FlightSchema,
    status: 201,
  }),
  createSequence: defineCall({
    method: 'POST',
    path: 'flight/sequence',
    summary: 'Add a repeating flight: one flight per matching date',
    auth: 'user',
    roles: { allOf: [FLIGHT_ROLE.create, FLIGHT_ROLE.sequence] },
    body: z.object({ flight: FlightBody, repeating: RepeatingSchema }),
    response: FlightSequenceSchema.extend({ flightIds: z.array(z.number().int()) }),
    status: 201,
  }),
  update: defineCall({
    method: 'PUT',
    path: 'flight/{id}',
    summary: 'Change a flight; a new departure time can be announced to its passengers',
    auth: 'user',
    roles: FLIGHT_ROLE.update,
    params: IdParams,
    query: NotifyQuery,
    body: FlightBody,
    response: FlightSchema,
  }),
  removeList: defineCall({
    method: 'DELETE',
    path: 'flight/list',
    summary: 'Delete flights; flights with reservations are kept and returned',
    auth: 'user',
    roles: FLIGHT_ROLE.delete,
    query: FlightSelectionQuery,
    response: NotDeletedResponse,
  }),
  removeSequences: defineCall({
    method: 'DELETE',
    path: 'flight/list/sequence',
    summary: 'Delete every flight of the sequences of the chosen flights; flights with reservations are kept',
    auth: 'user',
    roles: { allOf: [FLIGHT_ROLE.delete, FLIGHT_ROLE.sequence] },
    query: FlightSelectionQuery,
    response: NotDeletedResponse,
  }),
  unassignSequence: defineCall({
    method: 'DELETE',
    path: 'flight/list/sequence/assign',
    summary: 'Take the chosen flights out of their sequences',
    auth: 'user',
    roles: FLIGHT_ROLE.sequence,
    query: FlightSelectionQuery,
    response: CountResponse,
  }),
  activate: defineCall({
    method: 'PUT',
    path: 'flight/list/active',
    summary: 'Activate the chosen flights',
    auth: 'user',
    roles: FLIGHT_ROLE.active,
    query: FlightSelectionQuery,
    response: CountResponse,
  }),
  deactivate: defineCall({
    method: 'DELETE',
    path: 'flight/list/active',
    summary: 'Deactivate the chosen flights',
    auth: 'user',
    roles: FLIGHT_ROLE.active,
    query: FlightSelectionQuery,
    response: CountResponse,
  }),
  bookOut: defineCall({
    method: 'PUT',
    path: 'flight/{id}/booked-out',
    summary: 'Stop all sales of a flight',
    auth: 'user',
    roles: FLIGHT_ROLE.bookedOut,
    params: IdParams,
    response: FlightSchema,
  }),
  unbookOut: defineCall({
    method: 'DELETE',
    path: 'flight/{id}/booked-out',
    summary: 'Reopen the sales of a booked-out flight',
    auth: 'user',
    roles: FLIGHT_ROLE.bookedOut,
    params: IdParams,
    response: FlightSchema,
  }),
  delay: defineCall({
    method: 'PUT',
    path: 'flight/{id}/delayed',
    summary: 'Mark a flight delayed and tell its passengers by e-mail and/or SMS',
    auth: 'user',
    roles: FLIGHT_ROLE.delayed,
    params: IdParams,
    query: DelayQuery,
    response: FlightSchema,
  }),
  undelay: defineCall({
    method: 'DELETE',
    path: 'flight/{id}/delayed',
    summary: 'Take back a delay; passengers can be told the flight is on time again',
    auth: 'user',
    roles: FLIGHT_ROLE.delayed,
    params: IdParams,
    query: NotifyQuery,
    response: FlightSchema,
  }),
  setStatus: defineCall({
    method: 'PUT',
    path: 'flight/{id}/status/{status}',
    summary: 'Cancel a flight (only from created) or mark it departed',
    auth: 'user',
    roles: FLIGHT_ROLE.status,
    params: FlightStatusParams,
    response: FlightSchema,
  }),
  turnoverPdf: defineCall({
    method: 'POST',
    path: 'flight/turnover/list/pdf',
    summary: 'TurnoverList.pdf: seats sold, revenue, cost and margin per flight',
    auth: 'user',
    roles: 'ROLE_ADMIN',
    /** The document's language: the interface's; without it, the user's stored language. */
    query: z.object({ locale: LocaleSchema.optional() }),
    body: FlightIdsBody,
    response: 'file',
    fileName: 'TurnoverList.pdf',
    readOnly: true,
  }),
  passengerReport: defineCall({
    method: 'POST',
    path: 'flight/passenger-report/{locale}',
    summary: 'PassengerReport.xlsx: one sheet per flight with its passengers',
    auth: 'user',
    roles: { allOf: [FLIGHT_ROLE.list, FLIGHT_ROLE.passengers] },
    params: z.object({ locale: LocaleSchema }),
    body: FlightIdsBody,
    response: 'file',
    fileName: 'PassengerReport.xlsx',
    readOnly: true,
  }),
  flightsMap: defineCall({
    method: 'GET',
    path: 'airport/flights-map',
    summary: 'Which destinations each origin has bookable flights to',
    auth: 'public',
    response: FlightsMapSchema,
  }),
};
