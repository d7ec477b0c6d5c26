import { isFlightFrozen, mapSeatsByTariffGroup, seatLabelsOnMap, sequenceSchedule } from '@flybook/domain';
import {
  type FlightBody,
  type FlightListQuery,
  type NotifyQuery,
  partyOf,
  type RepeatingSchema,
  seatLabelsOf,
} from '@flybook/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { airports, type StoredAircraftSection, users } from '../../db/schema/index.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange } from '../../platform/entity-log.ts';
import { listTariffGroups } from '../lookups/lookups.service.ts';
import { findRate, priceListsOf } from '../rates/rates.service.ts';
import { findTemplate } from './aircraft-templates.repository.ts';
import { storeSections } from './aircraft-templates.service.ts';
import { findCompany } from './flight-companies.repository.ts';
import { type AllotmentPlan, planAllotments, planFlightSeats, type WriteMode } from './flight-inventory.ts';
import { notifyPassengers } from './flight-notices.ts';
import { type FlightReader, readerOf, toFlight, toFlightListItem } from './flight-view.ts';
import * as repo from './flights.repository.ts';
import { ownAllotmentsLeft } from './flights.repository.ts';
import { isOpenFor, priceListOf } from './price-list.ts';

// What other modules may use of this module's queries (docs/architecture.md): its repository is its own.
export { type FlightHead, findFlightHead, listBookableFlights, seatsOf } from './flights.repository.ts';

type Body = z.output<typeof FlightBody>;

/** The flight body's references, resolved and checked; field errors name what is wrong. */
interface ResolvedFlight {
  values: Omit<repo.NewFlight, 'status' | 'sequenceId'>;
  originTimezone: string;
}

const fieldError = (field: string, message: string, code = 'ERROR_NOT_FOUND') =>
  new ValidationError([{ code, message, field }]);

/** A flight nobody is booked on. */
const NOTHING_BOOKED = { passengers: 0, reservations: 0 };

export function createFlightsService(db: Db) {
  async function resolve(
    tx: Db | Tx,
    body: Body,
    storedSections?: StoredAircraftSection[],
  ): Promise<ResolvedFlight> {
    const company = await findCompany(tx, body.flightCompany.id);
    if (!company) throw fieldError('flightCompany.id', `Unknown airline company ${body.flightCompany.id}`);
    if (!body.number.startsWith(company.code)) {
      throw fieldError(
        'number',
        `The flight number must start with ${company.code}`,
        'ERROR_FLIGHT_NUMBER_PREFIX',
      );
    }
    const places = await tx
      .select()
      .from(airports)
      .where(inArray(airports.code, [body.origin.code, body.destination.code]));
    const origin = places.find((place) => place.code === body.origin.code);
    const destination = places.find((place) => place.code === body.destination.code);
    if (!origin) throw fieldError('origin.code', `Unknown airport ${body.origin.code}`);
    if (!destination) throw fieldError('destination.code', `Unknown airport ${body.destination.code}`);
    if (!(await findRate(tx, body.rate.id))) throw fieldError('rate.id', `Unknown rate ${body.rate.id}`);
    const template = await findTemplate(tx, body.aircraftTemplate.id);
    if (!template)
      throw fieldError('aircraftTemplate.id', `Unknown aircraft template ${body.aircraftTemplate.id}`);
    const groups = new Set((await listTariffGroups(tx)).map((group) => group.id));
    body.sections?.forEach((section, index) => {
      if (!groups.has(section.tariffGroup.id)) {
        throw fieldError(
          `sections.${index}.tariffGroup.id`,
          `Unknown tariff group ${section.tariffGroup.id}`,
        );
      }
    });
    body.seatsByTariff.forEach((seats, index) => {
      if (!groups.has(seats.tariffGroup.id)) {
        throw fieldError(
          `seatsByTariff.${index}.tariffGroup.id`,
          `Unknown tariff group ${seats.tariffGroup.id}`,
        );
      }
    });
    if (body.sections) {
      const labels = seatLabelsOf(body.sections);
      if (new Set(labels).size !== labels.length) {
        throw fieldError('sections', 'A seat label appears twice', 'ERROR_SEAT_LABEL_NOT_UNIQUE');
      }
    }
    const sections = body.sections ? storeSections(body.sections) : (storedSections ?? template.sections);
    return {
      originTimezone: origin.timezone,
      values: {
        number: body.number,
        flightCompanyId: company.id,
        originAirportId: origin.id,
        destinationAirportId: destination.id,
        departure: new Date(body.departure),
        arrival: new Date(body.arrival),
        aircraftTemplateId: template.id,
        sections,
        isOnlineCheckInEnabled: body.isOnlineCheckInEnabled,
        isActive: body.isActive,
        comment: body.comment.trim(),
        rateId: body.rate.id,
      },
    };
  }

  /** Agents named by allotments must be active agents. */
  async function checkAgents(tx: Db | Tx, plan: AllotmentPlan) {
    const ids = [...new Set([...plan.inserts, ...plan.updates].map((row) => row.agentId))];
    if (ids.length === 0) return;
    const agents = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.type, 'agent'), eq(users.isActive, true)));
    const known = new Set(agents.map((agent) => agent.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw fieldError('allotments', `No active agent ${unknown}`);
  }

  /** Inventory and allotment plans of a flight body against what is stored. */
  function plan(
    mode: WriteMode,
    user: AuthUser,
    body: Body,
    sections: StoredAircraftSection[],
    stored: {
      seats: repo.FlightSeatsRow[];
      allotments: repo.AllotmentRow[];
      /** The stored flight's seat map: seat numbers left to the server follow the map's changes. */
      sections?: StoredAircraftSection[];
    },
  ) {
    const allotmentPlan = planAllotments({
      roles: user.roles,
      requested: body.allotments,
      stored: stored.allotments,
      tariffGroupIds: new Set(body.seatsByTariff.map((seats) => seats.tariffGroup.id)),
    });
    const seatsPlan = planFlightSeats({
      mode,
      roles: user.roles,
      requested: body.seatsByTariff,
      stored: stored.seats,
      mapSeats: mapSeatsByTariffGroup(sections),
      ...(stored.sections ? { previousMapSeats: mapSeatsByTariffGroup(stored.sections) } : {}),
      allotted: allotmentPlan.allotted,
    });
    return { allotmentPlan, seatsPlan };
  }

  async function writeAllotments(tx: Tx, flightIds: number[], allotmentPlan: AllotmentPlan) {
    await repo.deleteAllotments(tx, allotmentPlan.deleteIds);
    for (const { id, ...values } of allotmentPlan.updates) await repo.updateAllotment(tx, id, values);
    await repo.insertAllotments(
      tx,
      flightIds.flatMap((flightId) => allotmentPlan.inserts.map((values) => ({ ...values, flightId }))),
    );
  }

  async function read(id: number, reader: FlightReader) {
    const head = await repo.findFlightHead(db, id);
    if (!head) throw ApiError.notFound('flight', id);
    const [seats, allotments, booked, taken, prices, ticketed] = await Promise.all([
      repo.seatsOf(db, [id]),
      repo.allotmentsOf(db, [id]),
      repo.bookedCounts(db, [id]),
      repo.takenSeatLabels(db, id),
      priceListsOf(db, [head.rate.id]),
      repo.flightsWithReservations(db, [id]),
    ]);
    const flightSeats = seats.get(id) ?? [];
    const priceList = priceListOf({
      prices: prices.get(head.rate.id) ?? [],
      seats: flightSeats,
      party: ['adult'],
      channel: 'staff',
      isOpen: isOpenFor(head.flight, 'staff'),
    });
    return toFlight(
      head,
      flightSeats,
      allotments.get(id) ?? [],
      booked.get(id) ?? NOTHING_BOOKED,
      taken,
      reader,
      priceList,
      ticketed.has(id),
    );
  }

  async function list(query: z.output<typeof FlightListQuery>, user: AuthUser, isAgentView: boolean) {
    const reader = readerOf(user, isAgentView);
    const filters = {
      ...query,
      origin: query.fromAirportCode ?? query.origin,
      destination: query.toAirportCode ?? query.destination,
      departureFrom: query.departureDate ?? query.departureFrom,
      departureTo: query.departureDate ?? query.departureTo,
    };
    const { items, total } = await repo.listFlights(db, filters, query, { onlyActive: isAgentView });
    const ids = items.map((head) => head.flight.id);
    const channel = isAgentView ? 'agent' : 'staff';
    const [seats, allotments, booked, prices, allotmentsLeft] = await Promise.all([
      repo.seatsOf(db, ids),
      repo.allotmentsOf(db, ids, isAgentView ? user.id : undefined),
      repo.bookedCounts(db, ids),
      priceListsOf(
        db,
        items.map((head) => head.rate.id),
      ),
      isAgentView
        ? ownAllotmentsLeft(db, ids, user.id)
        : Promise.resolve(new Map<number, Map<number, number>>()),
    ]);
    const party = partyOf(query);
    return {
      items: items.map((head) => {
        const flightSeats = seats.get(head.flight.id) ?? [];
        const priceList = priceListOf({
          prices: prices.get(head.rate.id) ?? [],
          seats: flightSeats,
          party,
          channel,
          isOpen: isOpenFor(head.flight, channel),
          allotmentsLeft: allotmentsLeft.get(head.flight.id),
        });
        return toFlightListItem(
          head,
          flightSeats,
          allotments.get(head.flight.id) ?? [],
          booked.get(head.flight.id) ?? NOTHING_BOOKED,
          reader,
          priceList,
        );
      }),
      total,
    };
  }

  return {
    list: (query: z.output<typeof FlightListQuery>, user: AuthUser) => list(query, user, false),
    agentList: (query: z.output<typeof FlightListQuery>, user: AuthUser) => list(query, user, true),
    get: (user: AuthUser, id: number) => read(id, readerOf(user)),

    /** Who holds which seat on the flight: the bookings a new template would take seats from. */
    async seatedPassengers(id: number) {
      if (!(await repo.findFlightHead(db, id))) throw ApiError.notFound('flight', id);
      return { items: await repo.seatedPassengers(db, id) };
    },

    async create(user: AuthUser, body: Body) {
      const resolved = await resolve(db, body);
      const { allotmentPlan, seatsPlan } = plan('create', user, body, resolved.values.sections, {
        seats: [],
        allotments: [],
      });
      await checkAgents(db, allotmentPlan);
      const id = await db.transaction(async (tx) => {
        const [row] = await repo.insertFlights(tx, [resolved.values]);
        await repo.insertFlightSeats(tx, [row!.id], seatsPlan.rows);
        await writeAllotments(tx, [row!.id], allotmentPlan);
        await logEntityChange(tx, {
          userId: user.id,
          entityType: 'flight',
          entityId: row!.id,
          operation: 'create',
          changedFields: Object.keys(resolved.values),
        });
        return row!.id;
      });
      return read(id, readerOf(user));
    },

    /** One flight per matching date, at the template flight's local time and block time. */
    async createSequence(
      user: AuthUser,
      body: { flight: Body; repeating: z.output<typeof RepeatingSchema> },
    ) {
      const resolved = await resolve(db, body.flight);
      const schedule = sequenceSchedule(body.repeating, {
        departure: resolved.values.departure,
        arrival: resolved.values.arrival,
        originTimezone: resolved.originTimezone,
      });
      if (schedule.length === 0) {
        throw fieldError('repeating.weekdays', 'No date matches the weekdays', 'ERROR_SEQUENCE_EMPTY');
      }
      const { allotmentPlan, seatsPlan } = plan('create', user, body.flight, resolved.values.sections, {
        seats: [],
        allotments: [],
      });
      await checkAgents(db, allotmentPlan);
      return db.transaction(async (tx) => {
        const sequence = await repo.insertSequence(tx, {
          firstDate: body.repeating.firstDate,
          lastDate: body.repeating.lastDate,
          period: body.repeating.period,
          weekdays: [...new Set(body.repeating.weekdays)].sort(),
        });
        const rows = await repo.insertFlights(
          tx,
          schedule.map(({ departure, arrival }) => ({
            ...resolved.values,
            departure,
            arrival,
            sequenceId: sequence.id,
          })),
        );
        const flightIds = rows.map((row) => row.id);
        await repo.insertFlightSeats(tx, flightIds, seatsPlan.rows);
        await writeAllotments(tx, flightIds, allotmentPlan);
        for (const flightId of flightIds) {
          await logEntityChange(tx, {
            userId: user.id,
            entityType: 'flight',
            entityId: flightId,
            operation: 'create',
            changedFields: [...Object.keys(resolved.values), 'sequence'],
          });
        }
        return {
          id: sequence.id,
          firstDate: sequence.firstDate,
          lastDate: sequence.lastDate,
          period: sequence.period,
          weekdays: sequence.weekdays,
          flightIds,
        };
      });
    },

    /**
     * Changes a flight under a lock on its row and inventory. A departed or cancelled flight only
     * takes a new comment or active flag; one with reservations keeps its airline and airports.
     * A new template without a seat map replaces the map and takes every passenger's seat away.
     */
    async update(user: AuthUser, id: number, body: Body, notify: z.output<typeof NotifyQuery>) {
      await db.transaction(async (tx) => {
        const flight = await repo.lockFlight(tx, id);
        if (!flight) throw ApiError.notFound('flight', id);
        const storedSeats = await repo.lockFlightSeats(tx, id);
        const templateChanged = body.aircraftTemplate.id !== flight.aircraftTemplateId;
        const resolved = await resolve(tx, body, templateChanged ? undefined : flight.sections);
        const next = resolved.values;
        const before = { ...flight, comment: flight.comment };
        const changed = changedFields(before, next);

        if (isFlightFrozen(flight) && changed.some((field) => field !== 'comment' && field !== 'isActive')) {
          throw new ApiError('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED', 409, {
            message: `A ${flight.status} flight cannot be changed`,
          });
        }
        const [hasReservations, taken] = await Promise.all([
          repo.flightsWithReservations(tx, [id]),
          repo.takenSeatLabels(tx, id),
        ]);
        const fixedOnceBooked = ['flightCompanyId', 'originAirportId', 'destinationAirportId'];
        const fixedChange = changed.find((field) => fixedOnceBooked.includes(field));
        if (hasReservations.has(id) && fixedChange) {
          throw new ApiError('ERROR_IMMUTABLE_PROPERTY_IS_CHANGED', 409, { field: fixedChange });
        }
        const clearsSeats = templateChanged && !body.sections;
        if (!clearsSeats && taken.length > 0) {
          const seats = seatLabelsOnMap(next.sections);
          const lost = taken.find((label) => !seats.has(label));
          if (lost) {
            throw new ApiError('ERROR_SOLD_SEAT_REMOVED', 422, {
              field: 'sections',
              params: { seatLabel: lost },
            });
          }
        }

        const storedAllotments = (await repo.allotmentsOf(tx, [id])).get(id) ?? [];
        const { allotmentPlan, seatsPlan } = plan('update', user, body, next.sections, {
          seats: storedSeats,
          allotments: storedAllotments,
          sections: flight.sections,
        });
        await checkAgents(tx, allotmentPlan);

        const [updated] = await repo.updateFlight(tx, id, next);
        await repo.deleteFlightSeats(tx, id, seatsPlan.removedGroupIds);
        for (const row of seatsPlan.rows) await repo.upsertFlightSeats(tx, id, row);
        await writeAllotments(tx, [id], allotmentPlan);
        if (clearsSeats) await repo.clearSeatLabels(tx, id);

        const seatsChanged = changedFields<{ seatsByTariff: unknown }>(
          { seatsByTariff: storedSeats.map(({ flightId: _, ...row }) => row) },
          { seatsByTariff: seatsPlan.rows },
        );
        const allotmentsChanged =
          allotmentPlan.inserts.length + allotmentPlan.updates.length + allotmentPlan.deleteIds.length > 0
            ? ['allotments']
            : [];
        await logEntityChange(tx, {
          userId: user.id,
          entityType: 'flight',
          entityId: id,
          operation: 'update',
          changedFields: [...changed, ...seatsChanged, ...allotmentsChanged],
        });

        if (changed.includes('departure')) {
          const head = await repo.findFlightHead(tx, id);
          await notifyPassengers(tx, 'flightRescheduled', notify, {
            id,
            number: updated!.number,
            departure: updated!.departure,
            origin: head!.origin,
            destination: head!.destination,
          });
        }
      });
      return read(id, readerOf(user));
    },
  };
}

export type FlightsService = ReturnType<typeof createFlightsService>;
