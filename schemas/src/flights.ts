import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  itemsResponse,
  listQuery,
  listResponse,
  MoneySchema,
  QueryBoolean,
} from './common.ts';
import { defineCall } from './http.ts';
import { notBlank } from './validation.ts';

// ---------- airline companies ----------

/** Two letters or digits, the prefix of the company's flight numbers (IATA style: "FB", "4U"). */
export const AIRLINE_CODE_PATTERN = /^[A-Z0-9]{2}$/;

export const FlightCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  isActive: z.boolean(),
});
export type FlightCompany = z.infer<typeof FlightCompanySchema>;

export const FlightCompanyBody = z.object({
  name: notBlank(100),
  code: z.string().regex(AIRLINE_CODE_PATTERN),
  isActive: z.boolean().default(true),
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

/** Bit flags of one seat in a template: 0 is a normal seat for sale. */
export const SEAT_FLAGS = { disabled: 1, reserved: 2, absent: 4 } as const;
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
};
