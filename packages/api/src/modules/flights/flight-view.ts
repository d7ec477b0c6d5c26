import { freeSeats, satisfies, toChf, visibleFreeSeats } from '@flybook/domain';
import {
  FLIGHT_FIELD_ROLES,
  type Flight,
  type FlightListItem,
  type PriceListEntry,
  type SeatsByTariff,
} from '@flybook/schemas';
import type { AuthUser } from '../../http/routes.ts';
import { wireSections } from './aircraft-templates.service.ts';
import type { AllotmentRow, FlightHead, FlightSeatsRow } from './flights.repository.ts';

/** Who reads a flight decides which seat and cost fields they see (spec 03 §6). */
export interface FlightReader {
  roles: ReadonlySet<string>;
  /** Agents see only active flights, their own allotments and no negative availability. */
  isAgentView: boolean;
}

export const readerOf = (user: AuthUser, isAgentView = false): FlightReader => ({
  roles: user.roles,
  isAgentView,
});

const may = (reader: FlightReader, role: string) => !reader.isAgentView && satisfies(reader.roles, role);

function toSeats(
  row: FlightSeatsRow,
  allotments: readonly AllotmentRow[],
  reader: FlightReader,
): SeatsByTariff {
  const inAllotments = allotments
    .filter((allotment) => allotment.tariffGroupId === row.tariffGroupId)
    .reduce((sum, allotment) => sum + allotment.booked, 0);
  return {
    tariffGroup: { id: row.tariffGroupId },
    ...(may(reader, FLIGHT_FIELD_ROLES.readSeatNumber) ? { totalSeats: row.totalSeats } : {}),
    numberOfSeatsToSale: row.seatsForSale,
    ...(may(reader, FLIGHT_FIELD_ROLES.readCostPerSeat) ? { costPerSeat: toChf(row.costPerSeat) } : {}),
    agentSeatsLimit: row.agentSeatsLimit,
    onlineSeatsLimit: row.onlineSeatsLimit,
    booked: row.booked + inAllotments,
    allotted: row.allotted,
    free: reader.isAgentView ? visibleFreeSeats(row) : freeSeats(row),
  };
}

const airport = (place: FlightHead['origin']) => ({
  code: place.code,
  name: place.name,
  city: place.city,
  timezone: place.timezone,
});

/** A flight as the list shows it. */
export function toFlightListItem(
  head: FlightHead,
  seats: readonly FlightSeatsRow[],
  allotments: readonly AllotmentRow[],
  booked: { passengers: number; reservations: number },
  reader: FlightReader,
  priceList: PriceListEntry[] = [],
): FlightListItem {
  const { flight, sequence } = head;
  return {
    id: flight.id,
    number: flight.number,
    flightCompany: { id: head.company.id, name: head.company.name, code: head.company.code },
    origin: airport(head.origin),
    destination: airport(head.destination),
    departure: flight.departure.toISOString(),
    arrival: flight.arrival.toISOString(),
    status: flight.status,
    isActive: flight.isActive,
    isBookedOut: flight.isBookedOut,
    isDelayed: flight.isDelayed,
    delayMinutes: flight.delayMinutes,
    isOnlineCheckInEnabled: flight.isOnlineCheckInEnabled,
    comment: flight.comment,
    rate: { ...head.rate, priceList },
    aircraftTemplate: head.template,
    sequence: sequence
      ? {
          id: sequence.id,
          firstDate: sequence.firstDate,
          lastDate: sequence.lastDate,
          period: sequence.period,
          weekdays: sequence.weekdays,
        }
      : null,
    seatsByTariff: seats.map((row) => toSeats(row, allotments, reader)),
    passengers: booked.passengers,
    reservations: booked.reservations,
  };
}

/** A flight as the form reads it: with its seat map, allotments (by role) and taken seats. */
export function toFlight(
  head: FlightHead,
  seats: readonly FlightSeatsRow[],
  allotments: readonly (AllotmentRow & { agentName: string })[],
  booked: { passengers: number; reservations: number },
  takenSeatLabels: string[],
  reader: FlightReader,
  priceList: PriceListEntry[],
  isRouteFixed: boolean,
): Flight {
  const showAllotments = satisfies(reader.roles, FLIGHT_FIELD_ROLES.allotmentRead);
  const showAllotmentCost = satisfies(reader.roles, FLIGHT_FIELD_ROLES.allotmentReadCost);
  return {
    ...toFlightListItem(head, seats, allotments, booked, reader, priceList),
    sections: wireSections(head.flight.sections),
    ...(showAllotments
      ? {
          allotments: allotments.map((allotment) => ({
            id: allotment.id,
            agent: { id: allotment.agentId, displayName: allotment.agentName },
            tariffGroup: { id: allotment.tariffGroupId },
            seatsNumber: allotment.seatsNumber,
            ...(showAllotmentCost ? { costPerSeat: toChf(allotment.costPerSeat) } : {}),
            comment: allotment.comment,
            booked: allotment.booked,
            invoice: allotment.invoiceId === null ? null : { id: allotment.invoiceId },
          })),
        }
      : {}),
    takenSeatLabels,
    isRouteFixed,
  };
}
