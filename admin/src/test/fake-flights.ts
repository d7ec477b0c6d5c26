import { airportLocalTime, satisfies } from '@flybook/domain';
import {
  type AirportSchema,
  type ApiCall,
  type ApiErrorItem,
  FLIGHT_FIELD_ROLES,
  type FlightFilters,
  type FlightListItem,
  FlightListQuery,
  FlightSelectionQuery,
  flightCalls,
  lookupCalls,
  type TariffGroupSchema,
} from '@flybook/schemas';
import qs from 'qs';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type Airport = z.input<typeof AirportSchema>;
type TariffGroup = z.input<typeof TariffGroupSchema>;

const text = (en: string, de: string, fr: string, sq: string) => ({ en, de, fr, sq });

/** The seed's main airports (packages/api/src/seed/reference-data.ts), in the same time zones. */
export const AIRPORTS: Airport[] = [
  {
    id: 1,
    code: 'ZRH',
    name: text('Zurich Airport', 'Flughafen Zürich', 'Aéroport de Zurich', 'Aeroporti i Cyrihut'),
    city: text('Zurich', 'Zürich', 'Zurich', 'Cyrih'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    id: 2,
    code: 'BSL',
    name: text('EuroAirport Basel', 'EuroAirport Basel', 'EuroAirport Bâle', 'EuroAirport Bazel'),
    city: text('Basel', 'Basel', 'Bâle', 'Bazel'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    id: 4,
    code: 'PRN',
    name: text(
      'Pristina International Airport',
      'Flughafen Pristina',
      'Aéroport de Pristina',
      'Aeroporti i Prishtinës',
    ),
    city: text('Pristina', 'Pristina', 'Pristina', 'Prishtinë'),
    countryCode: 'KV',
    timezone: 'Europe/Belgrade',
    isMain: true,
  },
  {
    id: 5,
    code: 'SKP',
    name: text(
      'Skopje International Airport',
      'Flughafen Skopje',
      'Aéroport de Skopje',
      'Aeroporti i Shkupit',
    ),
    city: text('Skopje', 'Skopje', 'Skopje', 'Shkup'),
    countryCode: 'MK',
    timezone: 'Europe/Skopje',
    isMain: true,
  },
];

/** The seed's tariff groups: economy, economy-plus, business. */
export const TARIFF_GROUPS: TariffGroup[] = [
  { id: 1, code: 'economy', name: text('Economy', 'Economy', 'Économique', 'Ekonomike') },
  {
    id: 2,
    code: 'economy-plus',
    name: text('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
  },
  { id: 3, code: 'business', name: text('Business', 'Business', 'Affaires', 'Biznes') },
];

const place = (code: string) => {
  const airport = AIRPORTS.find((candidate) => candidate.code === code);
  if (!airport) throw new Error(`No fake airport ${code}`);
  return { code: airport.code, name: airport.name, city: airport.city, timezone: airport.timezone };
};

const seats = (
  groupId: number,
  totalSeats: number,
  numberOfSeatsToSale: number,
  booked: number,
  allotted: number,
): FlightListItem['seatsByTariff'][number] => ({
  tariffGroup: { id: groupId },
  totalSeats,
  numberOfSeatsToSale,
  costPerSeat: 80,
  agentSeatsLimit: 20,
  onlineSeatsLimit: 7,
  booked,
  allotted,
  free: numberOfSeatsToSale - booked - allotted,
});

interface FlightSeed {
  id: number;
  number: string;
  company: 1 | 2;
  from: string;
  to: string;
  departure: string;
  arrival: string;
  status?: FlightListItem['status'];
  patch?: Partial<FlightListItem>;
}

const COMPANIES = {
  1: { id: 1, name: 'Air Prishtina', code: 'AP' },
  2: { id: 2, name: 'Chair Airlines', code: 'GM' },
} as const;

const SEQUENCE_7 = { id: 7, firstDate: '2031-06-02', lastDate: '2031-09-29', period: 1, weekdays: [1] };

const flight = (seed: FlightSeed): FlightListItem => ({
  id: seed.id,
  number: seed.number,
  flightCompany: COMPANIES[seed.company],
  origin: place(seed.from),
  destination: place(seed.to),
  departure: seed.departure,
  arrival: seed.arrival,
  status: seed.status ?? 'created',
  isActive: true,
  isBookedOut: false,
  isDelayed: false,
  delayMinutes: null,
  isOnlineCheckInEnabled: false,
  comment: '',
  rate: { id: 1, name: 'Summer 2027', priceList: [] },
  aircraftTemplate: { id: 1, label: 'A320 (174)' },
  sequence: null,
  seatsByTariff: [seats(1, 150, 140, 20, 10), seats(3, 12, 12, 2, 0)],
  passengers: 0,
  reservations: 0,
  ...seed.patch,
});

export interface FakeFlights {
  flights: FlightListItem[];
  airports: Airport[];
  tariffGroups: TariffGroup[];
}

/**
 * Demo flights for the flight list, each test with its own copy. Times are UTC instants; in June
 * Zurich and Pristina are 2 hours ahead, so AP101 leaves ZRH at 08:30 local time.
 */
export function createFakeFlights(): FakeFlights {
  return {
    airports: AIRPORTS.map((airport) => ({ ...airport })),
    tariffGroups: TARIFF_GROUPS.map((group) => ({ ...group })),
    flights: [
      // Monday, in a weekly sequence, with passengers (so it is kept on delete).
      flight({
        id: 1,
        number: 'AP101',
        company: 1,
        from: 'ZRH',
        to: 'PRN',
        departure: '2031-06-02T06:30:00.000Z',
        arrival: '2031-06-02T08:45:00.000Z',
        patch: { sequence: SEQUENCE_7, passengers: 22, reservations: 9 },
      }),
      // Tuesday, closed and delayed by 45 minutes, sales stopped; overbooked in economy.
      flight({
        id: 2,
        number: 'GM202',
        company: 2,
        from: 'PRN',
        to: 'ZRH',
        departure: '2031-06-03T16:00:00.000Z',
        arrival: '2031-06-03T18:20:00.000Z',
        status: 'closed',
        patch: {
          isBookedOut: true,
          isDelayed: true,
          delayMinutes: 45,
          passengers: 150,
          reservations: 61,
          seatsByTariff: [seats(1, 150, 140, 145, 0)],
        },
      }),
      // Wednesday, inactive, no passengers.
      flight({
        id: 3,
        number: 'AP303',
        company: 1,
        from: 'BSL',
        to: 'SKP',
        departure: '2031-06-04T05:00:00.000Z',
        arrival: '2031-06-04T07:10:00.000Z',
        patch: { isActive: false },
      }),
      flight({
        id: 4,
        number: 'AP404',
        company: 1,
        from: 'ZRH',
        to: 'SKP',
        departure: '2031-06-05T09:00:00.000Z',
        arrival: '2031-06-05T11:00:00.000Z',
        status: 'cancelled',
      }),
      flight({
        id: 5,
        number: 'AP505',
        company: 1,
        from: 'SKP',
        to: 'ZRH',
        departure: '2026-05-05T09:00:00.000Z',
        arrival: '2026-05-05T11:00:00.000Z',
        status: 'departed',
        patch: { passengers: 80, reservations: 30 },
      }),
      // The next Monday of sequence 7.
      flight({
        id: 6,
        number: 'AP101',
        company: 1,
        from: 'ZRH',
        to: 'PRN',
        departure: '2031-06-09T06:30:00.000Z',
        arrival: '2031-06-09T08:45:00.000Z',
        patch: { sequence: SEQUENCE_7 },
      }),
    ],
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);
const forbidden = () =>
  fail(403, { code: 'ERROR_FORBIDDEN', message: "You don't have permissions for this action." });
const notFound = () => fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });
const file = (fileName: string, contentType: string) =>
  new Response(new Blob(['fake file']), {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"` },
  });

const minimalSection = {
  tariffGroup: { id: 1 },
  rowLabels: ['1'],
  columnLabels: ['A'],
  seats: [[0]],
  prices: [[0]],
  rowsWithExitDoors: [],
};
/** A flight as record calls answer it (the list item plus its seat map). */
const asFlight = (item: FlightListItem) => ({
  ...item,
  sections: [minimalSection],
  takenSeatLabels: [],
  isRouteFixed: item.reservations > 0,
});

/** Whether a flight matches the list filters, as the server reads them (local dates and weekdays). */
export function matchesFilters(item: FlightListItem, filters: FlightFilters): boolean {
  const local = airportLocalTime(item.departure, item.origin.timezone);
  const query = filters.query?.trim().toLowerCase();
  if (query) {
    const texts = [
      item.number,
      item.flightCompany.name,
      item.flightCompany.code,
      item.origin.code,
      item.destination.code,
    ];
    if (!texts.some((value) => value.toLowerCase().includes(query))) return false;
  }
  if (filters.isActive !== undefined && item.isActive !== filters.isActive) return false;
  if (filters.status && filters.status.length > 0 && !filters.status.includes(item.status)) return false;
  if (filters.departureFrom && local.date < filters.departureFrom) return false;
  if (filters.departureTo && local.date > filters.departureTo) return false;
  if (filters.origin && item.origin.code !== filters.origin) return false;
  if (filters.destination && item.destination.code !== filters.destination) return false;
  if (filters.weekday && filters.weekday.length > 0 && !filters.weekday.includes(local.weekday)) return false;
  if (filters.sequence !== undefined && item.sequence?.id !== filters.sequence) return false;
  if (filters.hasPassengers !== undefined && item.passengers > 0 !== filters.hasPassengers) return false;
  return true;
}

/** The list item as a reader sees it: agents get no totals, costs or negative availability. */
function view(item: FlightListItem, roles: readonly string[], isAgentView: boolean): FlightListItem {
  const may = (role: string) => !isAgentView && satisfies(roles, role);
  return {
    ...item,
    seatsByTariff: item.seatsByTariff.map(({ totalSeats, costPerSeat, ...rest }) => ({
      ...rest,
      ...(may(FLIGHT_FIELD_ROLES.readSeatNumber) && totalSeats !== undefined ? { totalSeats } : {}),
      ...(may(FLIGHT_FIELD_ROLES.readCostPerSeat) && costPerSeat !== undefined ? { costPerSeat } : {}),
      free: isAgentView ? Math.max(0, rest.free) : rest.free,
    })),
  };
}

const parseQuery = (request: FakeRequest) => qs.parse(request.query.toString());

/**
 * Answers the flight list page's calls from `data` (lists, bulk and state changes, infos, files)
 * and the airport and tariff-group lookups, or undefined. Role rules are the calls' own, as the
 * server checks them.
 */
export function handleFlights(
  data: FakeFlights,
  request: FakeRequest,
  roles: readonly string[],
): Response | undefined {
  const { method, path } = request;
  const allowed = (call: ApiCall) => call.roles === undefined || satisfies(roles, call.roles);

  if (method === 'GET' && path === 'airport/entire-list') return json({ items: data.airports });
  if (method === 'GET' && path === lookupCalls.tariffGroupList.path)
    return json({ items: data.tariffGroups });

  if (method === 'GET' && (path === 'flight/list' || path === 'agent/flight/list')) {
    const isAgentView = path === 'agent/flight/list';
    if (!allowed(isAgentView ? flightCalls.agentList : flightCalls.list)) return forbidden();
    const parsed = FlightListQuery.safeParse(parseQuery(request));
    if (!parsed.success) return fail(400, { code: 'ERROR_MALFORMED_REQUEST', message: parsed.error.message });
    const { page, pageSize, sortBy, sortOrder, ...filters } = parsed.data;
    const direction = sortOrder === 'DESC' ? -1 : 1;
    const key = (item: FlightListItem) =>
      sortBy === 'number' ? item.number : sortBy === 'id' ? item.id : Date.parse(item.departure);
    const matching = data.flights
      .filter((item) => (!isAgentView || item.isActive) && matchesFilters(item, filters))
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id) * direction);
    return json({
      items: matching
        .slice(page * pageSize, (page + 1) * pageSize)
        .map((item) => view(item, roles, isAgentView)),
      total: matching.length,
    });
  }

  const bulk: Record<string, ApiCall> = {
    'DELETE flight/list': flightCalls.removeList,
    'DELETE flight/list/sequence': flightCalls.removeSequences,
    'DELETE flight/list/sequence/assign': flightCalls.unassignSequence,
    'PUT flight/list/active': flightCalls.activate,
    'DELETE flight/list/active': flightCalls.deactivate,
  };
  const bulkCall = bulk[`${method} ${path}`];
  if (bulkCall) {
    if (!allowed(bulkCall)) return forbidden();
    const parsed = FlightSelectionQuery.safeParse(parseQuery(request));
    if (!parsed.success) return fail(400, { code: 'ERROR_MALFORMED_REQUEST', message: parsed.error.message });
    const { ids, excluded, ...filters } = parsed.data;
    const chosen = data.flights.filter((item) =>
      excluded ? matchesFilters(item, filters) && !ids.includes(item.id) : ids.includes(item.id),
    );
    if (bulkCall === flightCalls.activate || bulkCall === flightCalls.deactivate) {
      for (const item of chosen) item.isActive = bulkCall === flightCalls.activate;
      return json({ count: chosen.length });
    }
    if (bulkCall === flightCalls.unassignSequence) {
      const inSequence = chosen.filter((item) => item.sequence !== null);
      for (const item of inSequence) item.sequence = null;
      return json({ count: inSequence.length });
    }
    const sequences = new Set(chosen.flatMap((item) => (item.sequence ? [item.sequence.id] : [])));
    const doomed =
      bulkCall === flightCalls.removeSequences
        ? data.flights.filter((item) => item.sequence !== null && sequences.has(item.sequence.id))
        : chosen;
    const kept = doomed.filter((item) => item.passengers > 0).map((item) => item.id);
    const gone = new Set(doomed.filter((item) => item.passengers === 0).map((item) => item.id));
    data.flights = data.flights.filter((item) => !gone.has(item.id));
    return json({ notDeletedIds: kept, deleted: gone.size });
  }

  if (method === 'POST' && path === 'flight/turnover/list/pdf') {
    if (!allowed(flightCalls.turnoverPdf)) return forbidden();
    return file('TurnoverList.pdf', 'application/pdf');
  }
  if (method === 'POST' && /^flight\/passenger-report\/(de|en|fr|sq)$/.test(path)) {
    if (!allowed(flightCalls.passengerReport)) return forbidden();
    return file('PassengerReport.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  }

  const one =
    /^flight\/(\d+)\/(booking-info|turnover-info|passengers-info|booked-out|delayed|status\/\w+)$/.exec(path);
  if (!one) return undefined;
  const item = data.flights.find((candidate) => candidate.id === Number(one[1]));
  const action = one[2] ?? '';
  const answer = (call: ApiCall, change: (flight: FlightListItem) => unknown) => {
    if (!allowed(call)) return forbidden();
    if (!item) return notFound();
    return json(change(item));
  };

  if (method === 'GET' && action === 'booking-info') {
    return answer(flightCalls.bookingInfo, (flight) => ({
      adultPassengers: Math.max(0, flight.passengers - 3),
      childPassengers: Math.min(2, flight.passengers),
      babyPassengers: flight.passengers > 2 ? 1 : 0,
    }));
  }
  if (method === 'GET' && action === 'passengers-info') {
    return answer(flightCalls.passengersInfo, (flight) => ({
      passengers: flight.passengers,
      seated: Math.floor(flight.passengers / 2),
      appeared: 0,
      noShow: 0,
      pending: flight.passengers,
      notified: 0,
    }));
  }
  if (method === 'GET' && action === 'turnover-info') {
    return answer(flightCalls.turnoverInfo, () => ({
      byTariffGroup: [
        { tariffGroup: { id: 1 }, seatsSold: 20, allottedSeats: 10, revenue: 4999.5, cost: 1600 },
      ],
      seatsSold: 20,
      revenue: 4999.5,
      cost: 1600,
      margin: 3399.5,
    }));
  }
  if (action === 'booked-out' && (method === 'PUT' || method === 'DELETE')) {
    return answer(method === 'PUT' ? flightCalls.bookOut : flightCalls.unbookOut, (flight) => {
      flight.isBookedOut = method === 'PUT';
      return asFlight(flight);
    });
  }
  if (action === 'delayed' && (method === 'PUT' || method === 'DELETE')) {
    return answer(method === 'PUT' ? flightCalls.delay : flightCalls.undelay, (flight) => {
      flight.isDelayed = method === 'PUT';
      const minutes = request.query.get('minutes');
      flight.delayMinutes = method === 'PUT' && minutes ? Number(minutes) : null;
      return asFlight(flight);
    });
  }
  const status = /^status\/(cancelled|departed)$/.exec(action)?.[1];
  if (method === 'PUT' && (status === 'cancelled' || status === 'departed')) {
    if (!allowed(flightCalls.setStatus)) return forbidden();
    if (!item) return notFound();
    const open = item.status === 'created' || item.status === 'closed';
    if ((status === 'cancelled' && item.status !== 'created') || (status === 'departed' && !open)) {
      return fail(409, {
        code: 'ERROR_FLIGHT_STATUS_TRANSITION',
        message: 'The flight cannot change to this state now.',
      });
    }
    item.status = status;
    return json(asFlight(item));
  }
  return undefined;
}
