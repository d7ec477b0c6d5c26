import {
  airportInstant,
  airportLocalTime,
  inventoryForSeatMap,
  mapHoldsSoldSeats,
  mapSeatsByTariffGroup,
  type Repetition,
  type RoleSet,
  satisfies,
  sequenceDates,
} from '@flybook/domain';
import {
  type AircraftSection,
  AllotmentBody,
  DEFAULT_ONLINE_SEATS_LIMIT,
  FLIGHT_FIELD_ROLES,
  type Flight,
  FlightBody,
  type Repeating,
  RepeatingSchema,
  SeatsByTariffBody,
} from '@flybook/schemas';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { decimalText, moneyText } from '../../app/form/form-text.ts';

export type FlightFormMode = 'create' | 'edit';

/** Whether the user sees a group of fields and may change it. */
export interface FieldAccess {
  visible: boolean;
  editable: boolean;
}

/** What the user may see and change on the flight form (spec 03 §6), from their roles. */
export interface FlightFieldAccess {
  /** totalSeats and numberOfSeatsToSale of each tariff group. */
  seatNumbers: FieldAccess;
  costPerSeat: FieldAccess;
  /** The allotment tab (hidden without ROLE_ALLOTMENT_READ) and its rows. */
  allotments: FieldAccess;
  /** The cost per seat of allotments (ROLE_ALLOTMENT_READ_COST_PER_SEAT). */
  allotmentCost: boolean;
  /** The repeating tab: new flights only, with ROLE_FLIGHT_CREATE_SEQUENCE. */
  sequence: boolean;
}

/**
 * The field roles of the flight form: a field is shown with its READ role and can be changed with
 * its CREATE role on a new flight or its UPDATE role on an existing one. Fields that cannot be
 * changed are left out of the body (spec 03 §5: disabled fields are removed).
 */
export function flightFieldAccess(roles: RoleSet, mode: FlightFormMode): FlightFieldAccess {
  const has = (role: string) => satisfies(roles, role);
  const R = FLIGHT_FIELD_ROLES;
  const access = (read: string, create: string, update: string): FieldAccess => {
    const visible = has(read);
    return { visible, editable: visible && has(mode === 'create' ? create : update) };
  };
  const allotmentsVisible = has(R.allotmentRead);
  return {
    seatNumbers: access(R.readSeatNumber, R.createSeatNumber, R.updateSeatNumber),
    costPerSeat: access(R.readCostPerSeat, R.createCostPerSeat, R.updateCostPerSeat),
    allotments: { visible: allotmentsVisible, editable: allotmentsVisible && has(R.allotmentEdit) },
    allotmentCost: has(R.allotmentReadCost),
    sequence: mode === 'create' && has('ROLE_FLIGHT_CREATE_SEQUENCE'),
  };
}

// ---------- the form's values ----------

/** One tariff group's inventory as typed. */
export interface SeatRowValues {
  tariffGroupId: number;
  totalSeats: string;
  numberOfSeatsToSale: string;
  costPerSeat: string;
  agentSeatsLimit: string;
  onlineSeatsLimit: string;
}

/** One allotment row as typed; `id` null for a new row. */
export interface AllotmentRowValues {
  id: number | null;
  agentId: number | null;
  /** The agent's name as the picker shows it. */
  agentName: string;
  tariffGroupId: string;
  seatsNumber: string;
  costPerSeat: string;
  comment: string;
  /** An invoiced allotment cannot change (read-only row). */
  isInvoiced: boolean;
  /** Seats of the allotment the agent has booked: its agent and tariff group are then fixed. */
  booked: number;
}

export interface RepeatingValues {
  firstDate: string;
  lastDate: string;
  period: string;
  weekdays: number[];
}

const SeatRowText = z.object({
  tariffGroupId: z.number().int(),
  totalSeats: z.string(),
  numberOfSeatsToSale: z.string(),
  costPerSeat: z.string(),
  agentSeatsLimit: z.string(),
  onlineSeatsLimit: z.string(),
});

const AllotmentRowText = z.object({
  id: z.number().int().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  tariffGroupId: z.string(),
  seatsNumber: z.string(),
  costPerSeat: z.string(),
  comment: z.string(),
  isInvoiced: z.boolean(),
  booked: z.number().int(),
});

const FlightFormText = z.object({
  flightCompanyId: z.string(),
  /** The digits after the airline code. */
  numberDigits: z.string(),
  originCode: z.string(),
  destinationCode: z.string(),
  /** Local date (yyyy-MM-dd) and time (HH:mm) at the origin. */
  departureDate: z.string(),
  departureTime: z.string(),
  /** Local date and time at the destination. */
  arrivalDate: z.string(),
  arrivalTime: z.string(),
  aircraftTemplateId: z.string(),
  rateId: z.string(),
  isOnlineCheckInEnabled: z.boolean(),
  isActive: z.boolean(),
  comment: z.string(),
  /** The flight's seat map; null until the chosen template's has loaded. */
  sections: z.array(z.custom<AircraftSection>()).nullable(),
  /** The template `sections` were copied from (or the stored flight's template). */
  sectionsTemplateId: z.number().int().nullable(),
  seats: z.array(SeatRowText),
  allotments: z.array(AllotmentRowText),
  repeating: z.object({
    firstDate: z.string(),
    lastDate: z.string(),
    period: z.string(),
    weekdays: z.array(z.number().int()),
  }),
});
export type FlightFormValues = z.infer<typeof FlightFormText>;

/** What the form needs to know besides its values to build the body. */
export interface FlightFormContext {
  mode: FlightFormMode;
  access: FlightFieldAccess;
  /** Airline companies offered (their codes prefix the number). */
  companies: readonly { id: number; code: string }[];
  /** Airports offered (their time zones turn local times into instants). */
  airports: readonly { code: string; timezone: string }[];
  /** The stored flight (edit): its template and the seats its passengers hold. */
  original?: { aircraftTemplateId: number; takenSeatLabels: readonly string[] };
}

/** What a valid form submits: the flight body, and the repeating data for a sequence. */
export interface FlightFormOutput {
  flight: z.output<typeof FlightBody>;
  repeating: Repeating | null;
}

// ---------- rules ----------

const REQUIRED = { message: 'This value is required.', params: { code: 'ERROR_REQUIRED' } } as const;
const FORMAT = {
  message: 'This value is not in the right format.',
  params: { code: 'ERROR_FORMAT' },
} as const;

const SEATS = SeatsByTariffBody.shape;
const SEAT_COUNT = SEATS.agentSeatsLimit;
const SEAT_COST = SEATS.costPerSeat.unwrap();
const DIGITS = /^[0-9]{1,4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** True when the repeating tab holds anything: the flight is then created as a sequence. */
export const hasRepeatingData = (repeating: RepeatingValues) =>
  repeating.firstDate.trim() !== '' || repeating.lastDate.trim() !== '' || repeating.weekdays.length > 0;

/** The repetition as typed, when complete and valid; else null. */
export function repetitionOf(repeating: RepeatingValues): Repetition | null {
  const period = Number(repeating.period.trim());
  const result = RepeatingSchema.safeParse({
    firstDate: repeating.firstDate,
    lastDate: repeating.lastDate,
    period: repeating.period.trim() === '' ? Number.NaN : period,
    weekdays: [...repeating.weekdays].sort(),
  });
  return result.success ? result.data : null;
}

/** How many flights the repeating setup makes (the tab's live preview), or null while incomplete. */
export function sequenceCount(repeating: RepeatingValues): number | null {
  const repetition = repetitionOf(repeating);
  return repetition ? sequenceDates(repetition).length : null;
}

/** The form's number text as a whole number of seats, or null when it is none. */
const seatCountOf = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The tariff rows after seats were hidden or shown in the seat map: total seats and seats for sale
 * follow the map's seat counts by the domain's rule (`inventoryForSeatMap`, the one the server
 * applies), so a hidden seat does not leave a total the map no longer has. Rows whose numbers are
 * blank or not numbers (or not the user's to see) stay as they are; the same array comes back when
 * nothing changes.
 */
export function seatRowsForSeatMap(
  rows: readonly SeatRowValues[],
  mapBefore: ReadonlyMap<number, number>,
  mapAfter: ReadonlyMap<number, number>,
): readonly SeatRowValues[] {
  let changed = false;
  const next = rows.map((row) => {
    const before = mapBefore.get(row.tariffGroupId) ?? 0;
    const after = mapAfter.get(row.tariffGroupId) ?? 0;
    const totalSeats = seatCountOf(row.totalSeats);
    if (before === after || totalSeats === null) return row;
    const forSale = row.numberOfSeatsToSale.trim() === '' ? totalSeats : seatCountOf(row.numberOfSeatsToSale);
    if (forSale === null) return row;
    const counts = inventoryForSeatMap({ totalSeats, seatsForSale: forSale }, before, after);
    const text = {
      totalSeats: String(counts.totalSeats),
      numberOfSeatsToSale:
        row.numberOfSeatsToSale.trim() === '' ? row.numberOfSeatsToSale : String(counts.seatsForSale),
    };
    if (text.totalSeats === row.totalSeats && text.numberOfSeatsToSale === row.numberOfSeatsToSale)
      return row;
    changed = true;
    return { ...row, ...text };
  });
  return changed ? next : rows;
}

/** A tariff group whose seat map would shrink below its sold seats. */
export interface SoldSeatsConflict {
  tariffGroupId: number;
  /** Booked and allotted seats. */
  sold: number;
  /** Seats the map would have left. */
  mapSeats: number;
}

/**
 * The first tariff group the new map leaves fewer seats than are sold in it (booked and allotted on
 * the stored flight), or null. Only shrinking counts: showing seats again is always possible.
 */
export function soldSeatsConflict(
  mapBefore: ReadonlyMap<number, number>,
  mapAfter: ReadonlyMap<number, number>,
  inventory: readonly { tariffGroup: { id: number }; booked: number; allotted: number }[],
): SoldSeatsConflict | null {
  for (const seats of inventory) {
    const id = seats.tariffGroup.id;
    const after = mapAfter.get(id) ?? 0;
    if (after < (mapBefore.get(id) ?? 0) && !mapHoldsSoldSeats(after, seats)) {
      return { tariffGroupId: id, sold: seats.booked + seats.allotted, mapSeats: after };
    }
  }
  return null;
}

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

/** A number typed into a text field, checked by a shared schema; undefined when blank or wrong. */
function readNumber<S extends z.ZodType<unknown, number>>(
  ctx: Ctx,
  path: Path,
  text: string,
  schema: S,
  required: boolean,
): z.output<S> | undefined {
  if (text.trim() === '') {
    if (required) ctx.addIssue({ code: 'custom', path, ...REQUIRED });
    return undefined;
  }
  const result = decimalText(schema).safeParse(text);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [...path, ...issue.path] });
  return undefined;
}

function readText(ctx: Ctx, path: Path, text: string): string {
  if (text.trim() === '') ctx.addIssue({ code: 'custom', path, ...REQUIRED });
  return text.trim();
}

/** The instant of a local date and time at an airport; issues on the fields when incomplete. */
function readInstant(
  ctx: Ctx,
  [datePath, timePath]: [Path, Path],
  date: string,
  time: string,
  timezone: string | undefined,
): string | undefined {
  const dateText = readText(ctx, datePath, date);
  const timeText = readText(ctx, timePath, time);
  if (dateText && !DATE.test(dateText)) ctx.addIssue({ code: 'custom', path: datePath, ...FORMAT });
  if (timeText && !TIME.test(timeText)) ctx.addIssue({ code: 'custom', path: timePath, ...FORMAT });
  if (!timezone || !DATE.test(dateText) || !TIME.test(timeText)) return undefined;
  const instant = airportInstant(dateText, timeText, timezone);
  if (Number.isNaN(instant.getTime())) {
    ctx.addIssue({ code: 'custom', path: datePath, ...FORMAT });
    return undefined;
  }
  return instant.toISOString();
}

/**
 * Whether the body carries the flight's own seat map. It does when the map is the chosen
 * template's (loaded, or the stored flight's). It does not when the map has not loaded yet, nor
 * when an edited flight changes its template while passengers hold seats: the server then copies
 * the new template and takes the seats away (the user confirmed it, spec 03 §4).
 */
export function sendsSections(values: FlightFormValues, context: FlightFormContext): boolean {
  const templateId = Number(values.aircraftTemplateId);
  if (values.sections === null || values.sectionsTemplateId !== templateId) return false;
  const { original } = context;
  return !(
    context.mode === 'edit' &&
    original &&
    original.aircraftTemplateId !== templateId &&
    original.takenSeatLabels.length > 0
  );
}

/** True when an edited flight gets another template while passengers hold seats (spec 03 §4). */
export function removesAssignedSeats(
  values: Pick<FlightFormValues, 'aircraftTemplateId'>,
  context: FlightFormContext,
): boolean {
  const { original } = context;
  return (
    context.mode === 'edit' &&
    original !== undefined &&
    values.aircraftTemplateId !== '' &&
    Number(values.aircraftTemplateId) !== original.aircraftTemplateId &&
    original.takenSeatLabels.length > 0
  );
}

function seatsBody(ctx: Ctx, values: FlightFormValues, access: FlightFieldAccess) {
  const mapSeats =
    values.sections && values.sectionsTemplateId === Number(values.aircraftTemplateId)
      ? mapSeatsByTariffGroup(values.sections)
      : null;
  if (values.seats.length === 0) {
    // Rows come with the template; without one the template field says what is missing.
    if (values.aircraftTemplateId !== '') ctx.addIssue({ code: 'custom', path: ['seats'], ...REQUIRED });
    return [];
  }
  return values.seats.map((row, index) => {
    const path = (field: string): Path => ['seats', index, field];
    const seatNumbers = access.seatNumbers.editable;
    const totalSeats = seatNumbers
      ? readNumber(ctx, path('totalSeats'), row.totalSeats, SEAT_COUNT, true)
      : undefined;
    const numberOfSeatsToSale = seatNumbers
      ? readNumber(ctx, path('numberOfSeatsToSale'), row.numberOfSeatsToSale, SEAT_COUNT, false)
      : undefined;
    const costPerSeat = access.costPerSeat.editable
      ? readNumber(ctx, path('costPerSeat'), row.costPerSeat, SEAT_COST, true)
      : undefined;
    const agentSeatsLimit = readNumber(ctx, path('agentSeatsLimit'), row.agentSeatsLimit, SEAT_COUNT, true);
    const onlineSeatsLimit = readNumber(
      ctx,
      path('onlineSeatsLimit'),
      row.onlineSeatsLimit,
      SEAT_COUNT,
      true,
    );
    const limit = mapSeats?.get(row.tariffGroupId) ?? 0;
    if (mapSeats && totalSeats !== undefined && totalSeats > limit) {
      // The seat map has fewer seats of the group than that (ERROR_MAXIMUM, as the server says).
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: limit,
        inclusive: true,
        input: totalSeats,
        path: path('totalSeats'),
        message: `should be less or equal: ${limit}`,
      });
    }
    return {
      tariffGroup: { id: row.tariffGroupId },
      ...(totalSeats === undefined ? {} : { totalSeats }),
      ...(numberOfSeatsToSale === undefined ? {} : { numberOfSeatsToSale }),
      ...(costPerSeat === undefined ? {} : { costPerSeat }),
      agentSeatsLimit: agentSeatsLimit ?? 0,
      onlineSeatsLimit: onlineSeatsLimit ?? 0,
    };
  });
}

function allotmentsBody(ctx: Ctx, values: FlightFormValues, access: FlightFieldAccess) {
  return values.allotments.map((row, index) => {
    const path = (field: string): Path => ['allotments', index, field];
    if (row.agentId === null) ctx.addIssue({ code: 'custom', path: path('agentId'), ...REQUIRED });
    const tariffGroupId = readText(ctx, path('tariffGroupId'), row.tariffGroupId);
    const seatsNumber = readNumber(
      ctx,
      path('seatsNumber'),
      row.seatsNumber,
      AllotmentBody.shape.seatsNumber,
      true,
    );
    const costPerSeat = access.allotmentCost
      ? readNumber(ctx, path('costPerSeat'), row.costPerSeat, SEAT_COST, false)
      : undefined;
    return {
      ...(row.id === null ? {} : { id: row.id }),
      agent: { id: row.agentId ?? 0 },
      tariffGroup: { id: Number(tariffGroupId) },
      seatsNumber: seatsNumber ?? 0,
      ...(costPerSeat === undefined ? {} : { costPerSeat }),
      comment: row.comment.trim(),
    };
  });
}

function repeatingBody(ctx: Ctx, repeating: RepeatingValues): Repeating | null {
  const path = (field: string): Path => ['repeating', field];
  const firstDate = readText(ctx, path('firstDate'), repeating.firstDate);
  const lastDate = readText(ctx, path('lastDate'), repeating.lastDate);
  const period = readNumber(ctx, path('period'), repeating.period, RepeatingSchema.shape.period, true);
  if (repeating.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: path('weekdays'), ...REQUIRED });
  if (!firstDate || !lastDate || period === undefined || repeating.weekdays.length === 0) return null;
  const result = RepeatingSchema.safeParse({
    firstDate,
    lastDate,
    period,
    weekdays: [...repeating.weekdays].sort(),
  });
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: ['repeating', ...issue.path] });
    return null;
  }
  if (sequenceDates(result.data).length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: path('weekdays'),
      message: 'No date between the first and last date matches the weekdays.',
      params: { code: 'ERROR_SEQUENCE_EMPTY' },
    });
    return null;
  }
  return result.data;
}

/**
 * The flight form (spec 03 §2, §5) → the body of `flight` create/update (and the repeating data of
 * a sequence). Required: airline company, number, airports, departure, arrival, template and rate;
 * per tariff group the seat numbers and cost only when the user may change them, and the agent and
 * online limits. The local times turn into instants in each airport's time zone; the number gets
 * the company's code in front; fields the user cannot change are left out. What the shared
 * `FlightBody` still rejects is reported on the form field it concerns.
 */
export function flightFormSchema(context: FlightFormContext) {
  const { access } = context;
  return FlightFormText.transform((values, ctx): FlightFormOutput => {
    const company = context.companies.find((candidate) => String(candidate.id) === values.flightCompanyId);
    const origin = context.airports.find((airport) => airport.code === values.originCode);
    const destination = context.airports.find((airport) => airport.code === values.destinationCode);
    const before = ctx.issues.length;

    if (!company) ctx.addIssue({ code: 'custom', path: ['flightCompanyId'], ...REQUIRED });
    const digits = readText(ctx, ['numberDigits'], values.numberDigits);
    if (digits && !DIGITS.test(digits)) ctx.addIssue({ code: 'custom', path: ['numberDigits'], ...FORMAT });
    if (!origin) ctx.addIssue({ code: 'custom', path: ['originCode'], ...REQUIRED });
    if (!destination) ctx.addIssue({ code: 'custom', path: ['destinationCode'], ...REQUIRED });
    const departure = readInstant(
      ctx,
      [['departureDate'], ['departureTime']],
      values.departureDate,
      values.departureTime,
      origin?.timezone,
    );
    const arrival = readInstant(
      ctx,
      [['arrivalDate'], ['arrivalTime']],
      values.arrivalDate,
      values.arrivalTime,
      destination?.timezone,
    );
    readText(ctx, ['aircraftTemplateId'], values.aircraftTemplateId);
    readText(ctx, ['rateId'], values.rateId);
    const seatsByTariff = seatsBody(ctx, values, access);
    const allotments = access.allotments.editable ? allotmentsBody(ctx, values, access) : undefined;
    const repeating =
      access.sequence && hasRepeatingData(values.repeating) ? repeatingBody(ctx, values.repeating) : null;
    if (ctx.issues.length > before || !company || !origin || !destination || !departure || !arrival) {
      return z.NEVER;
    }

    const body = {
      flightCompany: { id: company.id },
      number: `${company.code}${digits}`,
      origin: { code: origin.code },
      destination: { code: destination.code },
      departure,
      arrival,
      aircraftTemplate: { id: Number(values.aircraftTemplateId) },
      ...(sendsSections(values, context) && values.sections ? { sections: values.sections } : {}),
      isOnlineCheckInEnabled: values.isOnlineCheckInEnabled,
      isActive: values.isActive,
      comment: values.comment.trim(),
      rate: { id: Number(values.rateId) },
      seatsByTariff,
      ...(allotments === undefined ? {} : { allotments }),
    };
    const result = FlightBody.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = flightFieldOf(issue.path.map(String).join('.'));
        ctx.addIssue({ ...issue, path: field ? field.split('.') : [] });
      }
      return z.NEVER;
    }
    return { flight: result.data, repeating };
  });
}
export type FlightFormSchema = ReturnType<typeof flightFormSchema>;

// ---------- API fields → form fields ----------

const SEAT_FIELDS = [
  'totalSeats',
  'numberOfSeatsToSale',
  'costPerSeat',
  'agentSeatsLimit',
  'onlineSeatsLimit',
];
const ALLOTMENT_FIELDS: Record<string, string> = {
  agent: 'agentId',
  'agent.id': 'agentId',
  tariffGroup: 'tariffGroupId',
  'tariffGroup.id': 'tariffGroupId',
  seatsNumber: 'seatsNumber',
  costPerSeat: 'costPerSeat',
  comment: 'comment',
};
const FLIGHT_FIELDS: Record<string, FieldPath<FlightFormValues>> = {
  flightCompany: 'flightCompanyId',
  'flightCompany.id': 'flightCompanyId',
  number: 'numberDigits',
  origin: 'originCode',
  'origin.code': 'originCode',
  destination: 'destinationCode',
  'destination.code': 'destinationCode',
  departure: 'departureDate',
  arrival: 'arrivalDate',
  aircraftTemplate: 'aircraftTemplateId',
  'aircraftTemplate.id': 'aircraftTemplateId',
  rate: 'rateId',
  'rate.id': 'rateId',
  isOnlineCheckInEnabled: 'isOnlineCheckInEnabled',
  isActive: 'isActive',
  comment: 'comment',
  seatsByTariff: 'seats',
  allotments: 'allotments',
};

/**
 * The form field of a field the API (or `FlightBody`) rejected, or null when the form has none.
 * The body's seat and allotment rows are the form's rows in the same order; a sequence's fields
 * come as `flight.…` and `repeating.…`.
 */
export function flightFieldOf(apiField: string): FieldPath<FlightFormValues> | null {
  const field = apiField.startsWith('flight.') ? apiField.slice('flight.'.length) : apiField;
  const direct = FLIGHT_FIELDS[field];
  if (direct) return direct;
  if (field === 'sections' || field.startsWith('sections.')) return 'sections';
  const repeating = /^repeating\.(firstDate|lastDate|period|weekdays)(?:\.\d+)?$/.exec(field);
  if (repeating?.[1]) return `repeating.${repeating[1]}` as FieldPath<FlightFormValues>;
  const seat = /^seatsByTariff\.(\d+)\.(\w+)$/.exec(field);
  if (seat?.[1] && seat[2] && SEAT_FIELDS.includes(seat[2])) {
    return `seats.${Number(seat[1])}.${seat[2]}` as FieldPath<FlightFormValues>;
  }
  const allotment = /^allotments\.(\d+)\.([\w.]+)$/.exec(field);
  const allotmentField = allotment?.[2] ? ALLOTMENT_FIELDS[allotment[2]] : undefined;
  if (allotment?.[1] && allotmentField) {
    return `allotments.${Number(allotment[1])}.${allotmentField}` as FieldPath<FlightFormValues>;
  }
  return null;
}

// ---------- values from records ----------

/** The repeating tab's defaults: every week, no dates, no weekdays (a single flight). */
export const EMPTY_REPEATING: RepeatingValues = { firstDate: '', lastDate: '', period: '1', weekdays: [] };

/** A new flight's values: active, no check-in, nothing chosen yet. */
export function newFlightValues(): FlightFormValues {
  return {
    flightCompanyId: '',
    numberDigits: '',
    originCode: '',
    destinationCode: '',
    departureDate: '',
    departureTime: '',
    arrivalDate: '',
    arrivalTime: '',
    aircraftTemplateId: '',
    rateId: '',
    isOnlineCheckInEnabled: false,
    isActive: true,
    comment: '',
    sections: null,
    sectionsTemplateId: null,
    seats: [],
    allotments: [],
    repeating: { ...EMPTY_REPEATING, weekdays: [] },
  };
}

const countText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The number without its airline code: FB1234 → 1234. */
export function numberDigitsOf(number: string, companyCode: string): string {
  return number.startsWith(companyCode)
    ? number.slice(companyCode.length)
    : number.replace(/^[A-Z0-9]{2}/, '');
}

/** A stored flight's values: local times at its airports, the number's digits, its rows. */
export function flightFormValues(flight: Flight): FlightFormValues {
  const departure = airportLocalTime(flight.departure, flight.origin.timezone);
  const arrival = airportLocalTime(flight.arrival, flight.destination.timezone);
  return {
    flightCompanyId: String(flight.flightCompany.id),
    numberDigits: numberDigitsOf(flight.number, flight.flightCompany.code),
    originCode: flight.origin.code,
    destinationCode: flight.destination.code,
    departureDate: departure.date,
    departureTime: departure.time,
    arrivalDate: arrival.date,
    arrivalTime: arrival.time,
    aircraftTemplateId: String(flight.aircraftTemplate.id),
    rateId: String(flight.rate.id),
    isOnlineCheckInEnabled: flight.isOnlineCheckInEnabled,
    isActive: flight.isActive,
    comment: flight.comment,
    sections: flight.sections,
    sectionsTemplateId: flight.aircraftTemplate.id,
    seats: flight.seatsByTariff.map((seats) => ({
      tariffGroupId: seats.tariffGroup.id,
      totalSeats: countText(seats.totalSeats),
      numberOfSeatsToSale: countText(seats.numberOfSeatsToSale),
      costPerSeat: seats.costPerSeat === undefined ? '' : moneyText(seats.costPerSeat),
      agentSeatsLimit: String(seats.agentSeatsLimit),
      onlineSeatsLimit: String(seats.onlineSeatsLimit),
    })),
    allotments: (flight.allotments ?? []).map((allotment) => ({
      id: allotment.id,
      agentId: allotment.agent.id,
      agentName: allotment.agent.displayName,
      tariffGroupId: String(allotment.tariffGroup.id),
      seatsNumber: String(allotment.seatsNumber),
      costPerSeat: allotment.costPerSeat === undefined ? '' : moneyText(allotment.costPerSeat),
      comment: allotment.comment,
      isInvoiced: allotment.invoice !== null,
      booked: allotment.booked,
    })),
    repeating: { ...EMPTY_REPEATING, weekdays: [] },
  };
}

/**
 * The tariff rows for a newly chosen template: one per tariff group with seats in it (in the
 * tariff-group list's order), total and for-sale seats from its seat counts. Limits and costs
 * already typed for a group are kept; a new group starts with the default online limit.
 */
export function seatRowsForTemplate(
  seatsByTariffGroup: readonly { tariffGroup: { id: number }; seats: number }[],
  current: readonly SeatRowValues[],
  groupOrder: readonly number[],
): SeatRowValues[] {
  const rank = (id: number) => {
    const index = groupOrder.indexOf(id);
    return index < 0 ? groupOrder.length + id : index;
  };
  return [...seatsByTariffGroup]
    .filter((entry) => entry.seats > 0)
    .sort((a, b) => rank(a.tariffGroup.id) - rank(b.tariffGroup.id))
    .map(({ tariffGroup, seats }) => {
      const kept = current.find((row) => row.tariffGroupId === tariffGroup.id);
      return {
        tariffGroupId: tariffGroup.id,
        totalSeats: String(seats),
        numberOfSeatsToSale: String(seats),
        costPerSeat: kept?.costPerSeat ?? '',
        agentSeatsLimit: kept?.agentSeatsLimit ?? '',
        onlineSeatsLimit: kept?.onlineSeatsLimit ?? String(DEFAULT_ONLINE_SEATS_LIMIT),
      };
    });
}

/** A new allotment row: nothing chosen yet. */
export const newAllotmentRow = (tariffGroupId = ''): AllotmentRowValues => ({
  id: null,
  agentId: null,
  agentName: '',
  tariffGroupId,
  seatsNumber: '',
  costPerSeat: '',
  comment: '',
  isInvoiced: false,
  booked: 0,
});

/** The tab each top-level form field lives on, for marking tabs with errors. */
export const FLIGHT_FORM_TABS = ['info', 'seats', 'template', 'allotments', 'repeating'] as const;
export type FlightFormTab = (typeof FLIGHT_FORM_TABS)[number];

export function tabOfField(field: string): FlightFormTab {
  const top = field.split('.')[0];
  if (top === 'seats') return 'seats';
  if (top === 'sections' || top === 'sectionsTemplateId') return 'template';
  if (top === 'allotments') return 'allotments';
  if (top === 'repeating') return 'repeating';
  return 'info';
}
