import { allotmentFits, inventoryConflict, inventoryForSeatMap, satisfies, toRappen } from '@flybook/domain';
import { type AllotmentBody, FLIGHT_FIELD_ROLES, type SeatsByTariffBody } from '@flybook/schemas';
import type { z } from 'zod';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AllotmentRow, FlightSeatsRow, NewFlightSeats } from './flights.repository.ts';

type SeatsInput = z.output<typeof SeatsByTariffBody>;
type AllotmentInput = z.output<typeof AllotmentBody>;

/** Whether the flight is being created (CREATE roles apply) or changed (UPDATE roles). */
export type WriteMode = 'create' | 'update';

const notEnoughSeats = (field: string) => new ApiError('ERROR_AVAILABLE_SEATS_NOT_ENOUGH', 422, { field });

/**
 * The value a caller writes into a guarded field, or undefined when they leave it to the stored
 * value. A field the caller may not write must be left out (or repeat the stored value): the form
 * drops disabled fields, so anything else is an attempt to go around the field's role.
 */
function writtenValue<T>(
  roles: ReadonlySet<string>,
  role: string,
  sent: T | undefined,
  stored: T | undefined,
  field: string,
): T | undefined {
  if (sent === undefined) return undefined;
  if (satisfies(roles, role)) return sent;
  if (stored !== undefined && sent === stored) return undefined;
  throw new ApiError('ERROR_FORBIDDEN', 403, { message: `No permission to write ${field}`, field });
}

/**
 * The inventory rows a flight form asks for, checked against the field roles, the seat map and
 * the seats already booked and allotted. Seat counts left out keep the stored ones, following the
 * seat map when it changed (`inventoryForSeatMap`); a new group's default to the map's seats.
 */
export function planFlightSeats(options: {
  mode: WriteMode;
  roles: ReadonlySet<string>;
  requested: readonly SeatsInput[];
  stored: readonly FlightSeatsRow[];
  /** Seats that exist in the flight's seat map, per tariff group id. */
  mapSeats: ReadonlyMap<number, number>;
  /** The same of the stored flight's map, when the flight exists. */
  previousMapSeats?: ReadonlyMap<number, number>;
  /** Seats allotted per tariff group after this change. */
  allotted: ReadonlyMap<number, number>;
}): { rows: NewFlightSeats[]; removedGroupIds: number[] } {
  const seatRole =
    options.mode === 'create' ? FLIGHT_FIELD_ROLES.createSeatNumber : FLIGHT_FIELD_ROLES.updateSeatNumber;
  const costRole =
    options.mode === 'create' ? FLIGHT_FIELD_ROLES.createCostPerSeat : FLIGHT_FIELD_ROLES.updateCostPerSeat;
  const storedByGroup = new Map(options.stored.map((row) => [row.tariffGroupId, row]));
  const errors: { code: string; message: string; field: string; params?: Record<string, number> }[] = [];

  const rows = options.requested.map((request, index): NewFlightSeats => {
    const field = (name: string) => `seatsByTariff.${index}.${name}`;
    const groupId = request.tariffGroup.id;
    const stored = storedByGroup.get(groupId);
    const mapSeats = options.mapSeats.get(groupId) ?? 0;
    const kept =
      stored && options.previousMapSeats
        ? inventoryForSeatMap(stored, options.previousMapSeats.get(groupId) ?? 0, mapSeats)
        : stored;
    const totalSeats =
      writtenValue(options.roles, seatRole, request.totalSeats, stored?.totalSeats, field('totalSeats')) ??
      kept?.totalSeats ??
      mapSeats;
    const seatsForSale = Math.min(
      writtenValue(
        options.roles,
        seatRole,
        request.numberOfSeatsToSale,
        stored?.seatsForSale,
        field('numberOfSeatsToSale'),
      ) ??
        kept?.seatsForSale ??
        totalSeats,
      totalSeats,
    );
    const costPerSeat =
      writtenValue(
        options.roles,
        costRole,
        request.costPerSeat === undefined ? undefined : toRappen(request.costPerSeat),
        stored?.costPerSeat,
        field('costPerSeat'),
      ) ??
      stored?.costPerSeat ??
      0;
    if (totalSeats > mapSeats) {
      errors.push({
        code: 'ERROR_MAXIMUM',
        message: `The seat map has ${mapSeats} seats in this tariff group`,
        field: field('totalSeats'),
        params: { limit: mapSeats },
      });
    }
    const allotted = options.allotted.get(groupId) ?? 0;
    const booked = stored?.booked ?? 0;
    const conflict = inventoryConflict(stored, { totalSeats, seatsForSale, booked, allotted });
    if (conflict)
      throw notEnoughSeats(field(conflict === 'totalSeats' ? 'totalSeats' : 'numberOfSeatsToSale'));
    if (!allotmentFits({ totalSeats, seatsForSale, booked, allotted }, stored?.allotted ?? 0)) {
      throw notEnoughSeats('allotments');
    }
    return {
      tariffGroupId: groupId,
      totalSeats,
      seatsForSale,
      costPerSeat,
      agentSeatsLimit: request.agentSeatsLimit,
      onlineSeatsLimit: request.onlineSeatsLimit,
      booked,
      allotted,
    };
  });
  if (errors.length > 0) throw new ValidationError(errors);

  const requestedGroups = new Set(options.requested.map((request) => request.tariffGroup.id));
  const removed = options.stored.filter((row) => !requestedGroups.has(row.tariffGroupId));
  for (const row of removed) {
    if (row.booked > 0 || (options.allotted.get(row.tariffGroupId) ?? 0) > 0)
      throw notEnoughSeats('seatsByTariff');
  }
  return { rows, removedGroupIds: removed.map((row) => row.tariffGroupId) };
}

export interface AllotmentPlan {
  inserts: {
    agentId: number;
    tariffGroupId: number;
    seatsNumber: number;
    costPerSeat: number;
    comment: string;
  }[];
  updates: {
    id: number;
    agentId: number;
    tariffGroupId: number;
    seatsNumber: number;
    costPerSeat: number;
    comment: string;
  }[];
  deleteIds: number[];
  /** Seats allotted per tariff group once the plan is applied. */
  allotted: Map<number, number>;
}

/**
 * What an allotment tab's rows change. Invoiced allotments are frozen (ERROR_IMMUTABLE_PROPERTY_IS_CHANGED)
 * and cannot go (ERROR_ALLOTMENT_DELETED), nor can one with bookings; an id that is not one of the
 * flight's allotments is ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST; a block never shrinks below its bookings.
 */
export function planAllotments(options: {
  roles: ReadonlySet<string>;
  requested: readonly AllotmentInput[] | undefined;
  stored: readonly AllotmentRow[];
  tariffGroupIds: ReadonlySet<number>;
}): AllotmentPlan {
  const allotted = (rows: readonly { tariffGroupId: number; seatsNumber: number }[]) => {
    const sums = new Map<number, number>();
    for (const row of rows) sums.set(row.tariffGroupId, (sums.get(row.tariffGroupId) ?? 0) + row.seatsNumber);
    return sums;
  };
  if (options.requested === undefined) {
    return { inserts: [], updates: [], deleteIds: [], allotted: allotted(options.stored) };
  }
  if (!satisfies(options.roles, FLIGHT_FIELD_ROLES.allotmentEdit)) {
    throw new ApiError('ERROR_FORBIDDEN', 403, {
      message: 'No permission to edit allotments',
      field: 'allotments',
    });
  }
  const mayCost = satisfies(options.roles, FLIGHT_FIELD_ROLES.allotmentReadCost);
  const storedById = new Map(options.stored.map((row) => [row.id, row]));
  const plan: AllotmentPlan = { inserts: [], updates: [], deleteIds: [], allotted: new Map() };
  const kept = new Set<number>();
  const next: { tariffGroupId: number; seatsNumber: number }[] = [];

  options.requested.forEach((request, index) => {
    const field = `allotments.${index}`;
    if (!options.tariffGroupIds.has(request.tariffGroup.id)) {
      throw new ValidationError([
        {
          code: 'ERROR_NOT_FOUND',
          message: 'The flight sells no seats in this tariff group',
          field: `${field}.tariffGroup.id`,
        },
      ]);
    }
    const stored = request.id === undefined ? undefined : storedById.get(request.id);
    if (request.id !== undefined && !stored) {
      throw new ApiError('ERROR_ALLOTMENT_DEPENDENCY_NOT_EXIST', 422, { field: `${field}.id` });
    }
    const costPerSeat =
      request.costPerSeat !== undefined && mayCost
        ? toRappen(request.costPerSeat)
        : (stored?.costPerSeat ?? 0);
    const values = {
      agentId: request.agent.id,
      tariffGroupId: request.tariffGroup.id,
      seatsNumber: request.seatsNumber,
      costPerSeat,
      comment: request.comment.trim(),
    };
    if (stored) {
      kept.add(stored.id);
      const changed =
        stored.agentId !== values.agentId ||
        stored.tariffGroupId !== values.tariffGroupId ||
        stored.seatsNumber !== values.seatsNumber ||
        stored.costPerSeat !== values.costPerSeat ||
        stored.comment !== values.comment;
      if (changed && stored.invoiceId !== null) {
        throw new ApiError('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED', 409, { field });
      }
      if (
        stored.booked > 0 &&
        (stored.agentId !== values.agentId || stored.tariffGroupId !== values.tariffGroupId)
      ) {
        throw new ApiError('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED', 409, { field });
      }
      if (values.seatsNumber < stored.booked) throw notEnoughSeats(`${field}.seatsNumber`);
      if (changed) plan.updates.push({ id: stored.id, ...values });
    } else {
      plan.inserts.push(values);
    }
    next.push(values);
  });

  for (const stored of options.stored) {
    if (kept.has(stored.id)) continue;
    if (stored.invoiceId !== null || stored.booked > 0) {
      throw new ApiError('ERROR_ALLOTMENT_DELETED', 409, { field: 'allotments' });
    }
    plan.deleteIds.push(stored.id);
  }
  plan.allotted = allotted(next);
  return plan;
}
