import { mapSeatsByTariffGroup, satisfies, sequenceDates } from '@flybook/domain';
import {
  type AgentListItem,
  type AircraftSection,
  type AircraftTemplate,
  type ApiErrorItem,
  FLIGHT_FIELD_ROLES,
  type Flight,
  type FlightAllotment,
  FlightBody,
  type FlightListItem,
  type FlightSeatedPassenger,
  issuesToErrors,
  RepeatingSchema,
  SEAT_FLAGS,
  type SeatsByTariff,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';
import type { FakeCatalogue } from './fake-catalogue.ts';
import type { FakeFlights } from './fake-flights.ts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

/** A block of normal seats of one tariff group, all at `price`. */
function section(tariffGroupId: number, rows: string[], columns: string[], price = 0): AircraftSection {
  return {
    tariffGroup: { id: tariffGroupId },
    rowLabels: rows,
    columnLabels: columns,
    seats: rows.map(() => columns.map(() => 0)),
    prices: rows.map(() => columns.map(() => price)),
    rowsWithExitDoors: [],
  };
}

/**
 * The aircraft templates of the form tests. The A320 matches the flight list's demo flights
 * (150 economy, 12 business); the E190 is small: business 1–2 (A C D F, 8 seats), economy plus
 * 3–4 (A–D, 8), economy 5–12 (A–D, 32, row 12 C–D hidden: 30 seats).
 */
export function fakeTemplates(): AircraftTemplate[] {
  const e190Economy = section(1, range(5, 12), ['A', 'B', 'C', 'D']);
  const lastRow = e190Economy.seats[7];
  if (lastRow) {
    lastRow[2] = SEAT_FLAGS.absent;
    lastRow[3] = SEAT_FLAGS.absent;
  }
  return [
    {
      id: 1,
      label: 'A320 (174)',
      sections: [
        section(3, range(1, 3), ['A', 'C', 'D', 'F'], 45),
        section(1, range(4, 28), ['A', 'B', 'C', 'D', 'E', 'F']),
      ],
    },
    {
      id: 2,
      label: 'E190 (100)',
      sections: [
        section(3, ['1', '2'], ['A', 'C', 'D', 'F'], 40),
        section(2, ['3', '4'], ['A', 'B', 'C', 'D'], 15),
        e190Economy,
      ],
    },
  ];
}

/** Seats on the map per tariff group (the domain's count), as the template list answers them. */
const seatCounts = (sections: readonly AircraftSection[]) =>
  [...mapSeatsByTariffGroup(sections)].map(([id, seats]) => ({ tariffGroup: { id }, seats }));

/** Agents of the allotment picker; Zeta Reisen is inactive. */
export const FAKE_AGENTS: AgentListItem[] = [
  'Alpen Reisen GmbH',
  'Balkan Tours',
  'Kosova Travel',
  'Dardania Reisen',
  'Edelweiss Travel',
  'Fjord Reisen',
  'Genc Tours',
  'Helvetia Reisen',
  'Illyria Travel',
  'Jura Reisen',
  'Korab Tours',
  'Luzern Travel',
  'Zeta Reisen',
].map((displayName, index) => ({
  id: index === 0 ? 3 : 21 + index,
  email: `agent${index}@flybook.test`,
  displayName,
  isActive: displayName !== 'Zeta Reisen',
  salutation: null,
  company: displayName,
  firstName: null,
  lastName: null,
  street: null,
  zip: null,
  city: null,
  country: null,
  language: 'de',
  birthday: null,
  phoneMobile: null,
  phoneNumberFirst: null,
  phoneNumberSecond: null,
  balance: 0,
  accountId: null,
}));

const inventory = (
  groupId: number,
  totalSeats: number,
  numberOfSeatsToSale: number,
  costPerSeat: number,
  agentSeatsLimit: number,
  booked: number,
  allotted: number,
): SeatsByTariff => ({
  tariffGroup: { id: groupId },
  totalSeats,
  numberOfSeatsToSale,
  costPerSeat,
  agentSeatsLimit,
  onlineSeatsLimit: 7,
  booked,
  allotted,
  free: numberOfSeatsToSale - booked - allotted,
});

/**
 * The flights of the form tests, ids apart from the flight list's. 101 (GM1234, ZRH → PRN on the
 * E190, 08:30 local time on 1 July 2031) has 3 passengers, two of them on 5A and 5B, and two
 * allotments: Balkan Tours' invoiced, Kosova Travel's open with one seat booked. 102 (AP100,
 * ZRH → SKP) has no passengers and no allotments.
 */
export function fakeFormFlights(data: FakeFlights): Flight[] {
  const place = (code: string): Flight['origin'] => {
    const airport = data.airports.find((candidate) => candidate.code === code);
    if (!airport) throw new Error(`No fake airport ${code}`);
    return { code: airport.code, name: airport.name, city: airport.city, timezone: airport.timezone };
  };
  const e190 = fakeTemplates()[1]?.sections ?? [];
  const base = {
    status: 'created' as const,
    isActive: true,
    isBookedOut: false,
    isDelayed: false,
    delayMinutes: null,
    isOnlineCheckInEnabled: false,
    rate: { id: 1, name: 'Summer 2027', priceList: [] },
    aircraftTemplate: { id: 2, label: 'E190 (100)' },
    sequence: null,
    sections: e190,
  };
  return [
    {
      ...base,
      id: 101,
      number: 'GM1234',
      flightCompany: { id: 2, name: 'Chair Airlines', code: 'GM' },
      origin: place('ZRH'),
      destination: place('PRN'),
      departure: '2031-07-01T06:30:00.000Z',
      arrival: '2031-07-01T08:45:00.000Z',
      isOnlineCheckInEnabled: true,
      comment: 'Summer charter',
      seatsByTariff: [
        inventory(3, 8, 8, 150, 4, 0, 0),
        inventory(2, 8, 8, 100, 4, 1, 0),
        inventory(1, 30, 28, 80, 20, 2, 4),
      ],
      passengers: 3,
      reservations: 2,
      takenSeatLabels: ['5A', '5B'],
      isRouteFixed: true,
      allotments: [
        {
          id: 11,
          agent: { id: 22, displayName: 'Balkan Tours' },
          tariffGroup: { id: 1 },
          seatsNumber: 2,
          costPerSeat: 70,
          comment: 'Group Berisha',
          booked: 0,
          invoice: { id: 5 },
        },
        {
          id: 12,
          agent: { id: 23, displayName: 'Kosova Travel' },
          tariffGroup: { id: 1 },
          seatsNumber: 2,
          costPerSeat: 75,
          comment: '',
          booked: 1,
          invoice: null,
        },
      ],
    },
    {
      ...base,
      id: 102,
      number: 'AP100',
      flightCompany: { id: 1, name: 'Air Prishtina', code: 'AP' },
      origin: place('ZRH'),
      destination: place('SKP'),
      departure: '2031-07-02T05:00:00.000Z',
      arrival: '2031-07-02T07:00:00.000Z',
      comment: '',
      seatsByTariff: [
        inventory(3, 8, 8, 150, 4, 0, 0),
        inventory(2, 8, 8, 100, 4, 0, 0),
        inventory(1, 30, 30, 80, 20, 0, 0),
      ],
      passengers: 0,
      reservations: 0,
      takenSeatLabels: [],
      isRouteFixed: false,
      allotments: [],
    },
  ];
}

/** Who holds flight 101's taken seats (5A, 5B): two bookings. */
export const FAKE_SEATED_PASSENGERS: FlightSeatedPassenger[] = [
  {
    id: 501,
    firstName: 'Arben',
    lastName: 'Krasniqi',
    seatLabel: '5A',
    reservation: { id: 7001, recordLocator: 'K7QX2M' },
  },
  {
    id: 502,
    firstName: 'Drita',
    lastName: 'Berisha',
    seatLabel: '5B',
    reservation: { id: 7002, recordLocator: 'P4RT8N' },
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);
const notFound = () => fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });

/** A flight of the list (no seat map of its own in the list data) as the record call answers it. */
function recordOf(item: FlightListItem): Flight {
  const template = fakeTemplates().find((candidate) => candidate.id === item.aircraftTemplate.id);
  return {
    ...item,
    sections: template?.sections ?? [],
    allotments: [],
    takenSeatLabels: [],
    isRouteFixed: item.reservations > 0,
  };
}

/** A flight as a reader sees it: seat numbers, costs and allotments only with their roles. */
function view(flight: Flight, roles: readonly string[]): Flight {
  const may = (role: string) => satisfies(roles, role);
  const { allotments, ...rest } = flight;
  return {
    ...rest,
    seatsByTariff: flight.seatsByTariff.map(({ totalSeats, costPerSeat, ...seats }) => ({
      ...seats,
      ...(may(FLIGHT_FIELD_ROLES.readSeatNumber) && totalSeats !== undefined ? { totalSeats } : {}),
      ...(may(FLIGHT_FIELD_ROLES.readCostPerSeat) && costPerSeat !== undefined ? { costPerSeat } : {}),
    })),
    ...(may(FLIGHT_FIELD_ROLES.allotmentRead)
      ? {
          allotments: (allotments ?? []).map(({ costPerSeat, ...allotment }) => ({
            ...allotment,
            ...(may(FLIGHT_FIELD_ROLES.allotmentReadCost) && costPerSeat !== undefined
              ? { costPerSeat }
              : {}),
          })),
        }
      : {}),
  };
}

type Body = z.output<typeof FlightBody>;

/** The flight the server would answer after a create or update with `body`. */
function flightFromBody(
  id: number,
  body: Body,
  catalogue: FakeCatalogue,
  data: FakeFlights,
  before: Flight | undefined,
): Flight {
  const company = catalogue.companies.find((candidate) => candidate.id === body.flightCompany.id);
  const rate = catalogue.rates.find((candidate) => candidate.id === body.rate.id);
  const template = fakeTemplates().find((candidate) => candidate.id === body.aircraftTemplate.id);
  const place = (code: string): Flight['origin'] => {
    const airport = data.airports.find((candidate) => candidate.code === code);
    return airport
      ? { code, name: airport.name, city: airport.city, timezone: airport.timezone }
      : {
          code,
          name: { de: code, en: code, fr: code, sq: code },
          city: { de: '', en: '', fr: '', sq: '' },
          timezone: 'UTC',
        };
  };
  const sections = body.sections ?? template?.sections ?? [];
  const counts = new Map(seatCounts(sections).map((entry) => [entry.tariffGroup.id, entry.seats]));
  const allotments: FlightAllotment[] = (body.allotments ?? []).map((allotment, index) => {
    const stored = before?.allotments?.find((candidate) => candidate.id === allotment.id);
    const agent = FAKE_AGENTS.find((candidate) => candidate.id === allotment.agent.id);
    return {
      id: allotment.id ?? 1000 + index,
      agent: { id: allotment.agent.id, displayName: agent?.displayName ?? `Agent ${allotment.agent.id}` },
      tariffGroup: allotment.tariffGroup,
      seatsNumber: allotment.seatsNumber,
      costPerSeat: allotment.costPerSeat ?? stored?.costPerSeat ?? 0,
      comment: allotment.comment,
      booked: stored?.booked ?? 0,
      invoice: stored?.invoice ?? null,
    };
  });
  return {
    id,
    number: body.number,
    flightCompany: { id: body.flightCompany.id, name: company?.name ?? '', code: company?.code ?? '' },
    origin: place(body.origin.code),
    destination: place(body.destination.code),
    departure: body.departure,
    arrival: body.arrival,
    status: before?.status ?? 'created',
    isActive: body.isActive,
    isBookedOut: before?.isBookedOut ?? false,
    isDelayed: before?.isDelayed ?? false,
    delayMinutes: before?.delayMinutes ?? null,
    isOnlineCheckInEnabled: body.isOnlineCheckInEnabled,
    comment: body.comment,
    rate: { id: body.rate.id, name: rate?.name ?? '', priceList: [] },
    aircraftTemplate: { id: body.aircraftTemplate.id, label: template?.label ?? '' },
    sequence: before?.sequence ?? null,
    seatsByTariff: body.seatsByTariff.map((seats) => {
      const stored = before?.seatsByTariff.find(
        (candidate) => candidate.tariffGroup.id === seats.tariffGroup.id,
      );
      const totalSeats = seats.totalSeats ?? stored?.totalSeats ?? counts.get(seats.tariffGroup.id) ?? 0;
      const numberOfSeatsToSale = seats.numberOfSeatsToSale ?? stored?.numberOfSeatsToSale ?? totalSeats;
      const booked = stored?.booked ?? 0;
      const allotted = allotments
        .filter((allotment) => allotment.tariffGroup.id === seats.tariffGroup.id)
        .reduce((sum, allotment) => sum + allotment.seatsNumber, 0);
      return {
        tariffGroup: seats.tariffGroup,
        totalSeats,
        numberOfSeatsToSale,
        costPerSeat: seats.costPerSeat ?? stored?.costPerSeat ?? 0,
        agentSeatsLimit: seats.agentSeatsLimit,
        onlineSeatsLimit: seats.onlineSeatsLimit,
        booked,
        allotted,
        free: numberOfSeatsToSale - booked - allotted,
      };
    }),
    passengers: before?.passengers ?? 0,
    reservations: before?.reservations ?? 0,
    sections,
    allotments,
    takenSeatLabels: body.sections === undefined && before ? [] : (before?.takenSeatLabels ?? []),
    isRouteFixed: before?.isRouteFixed ?? false,
  };
}

const invalid = (issues: Parameters<typeof issuesToErrors>[0], prefix?: string) =>
  fail(422, ...issuesToErrors(issues, prefix));

/**
 * Answers the calls of the flight form (spec 03 §2): its lookups (airline companies and rates from
 * the catalogue, aircraft templates, the agent picker) and reading, creating and changing flights,
 * or undefined. Records are read with the reader's field roles, as the server answers them.
 */
export function handleFlightForm(
  catalogue: FakeCatalogue,
  data: FakeFlights,
  request: FakeRequest,
  roles: readonly string[],
): Response | undefined {
  const { method, path } = request;
  const formFlights = fakeFormFlights(data);
  const stored = (id: number): Flight | undefined => {
    const own = formFlights.find((flight) => flight.id === id);
    if (own) return own;
    const item = data.flights.find((flight) => flight.id === id);
    return item ? recordOf(item) : undefined;
  };

  if (method === 'GET' && path === 'flight-company/entire-list') {
    return json({ items: catalogue.companies.filter((company) => company.isActive) });
  }
  if (method === 'GET' && path === 'rate/entire-list') {
    return json({ items: catalogue.rates.filter((rate) => rate.isActive) });
  }
  if (method === 'GET' && path === 'aircraft-template-generic/list') {
    return json({
      items: fakeTemplates().map((template) => ({
        id: template.id,
        label: template.label,
        seatsByTariffGroup: seatCounts(template.sections),
      })),
    });
  }
  const template = /^aircraft-template-generic\/(\d+)$/.exec(path);
  if (method === 'GET' && template) {
    const found = fakeTemplates().find((candidate) => candidate.id === Number(template[1]));
    return found ? json(found) : notFound();
  }
  if (method === 'GET' && path === 'agent/list') {
    const query = (request.query.get('query') ?? '').toLowerCase();
    const activeOnly = request.query.get('isActive') === 'true';
    const page = Number(request.query.get('page') ?? 0);
    const pageSize = Number(request.query.get('pageSize') ?? 15);
    const direction = request.query.get('sortOrder') === 'DESC' ? -1 : 1;
    const matching = FAKE_AGENTS.filter((agent) => !activeOnly || agent.isActive)
      .filter((agent) => query === '' || agent.displayName.toLowerCase().includes(query))
      .sort((a, b) => a.displayName.localeCompare(b.displayName) * direction);
    return json({ items: matching.slice(page * pageSize, (page + 1) * pageSize), total: matching.length });
  }

  if (method === 'POST' && path === 'flight') {
    const parsed = FlightBody.safeParse(request.body);
    if (!parsed.success) return invalid(parsed.error.issues);
    return json(view(flightFromBody(200, parsed.data, catalogue, data, undefined), roles), 201);
  }
  if (method === 'POST' && path === 'flight/sequence') {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const flight = FlightBody.safeParse('flight' in body ? body.flight : undefined);
    if (!flight.success) return invalid(flight.error.issues, 'flight');
    const repeating = RepeatingSchema.safeParse('repeating' in body ? body.repeating : undefined);
    if (!repeating.success) return invalid(repeating.error.issues, 'repeating');
    const dates = sequenceDates(repeating.data);
    if (dates.length === 0) {
      return fail(422, {
        code: 'ERROR_SEQUENCE_EMPTY',
        message: 'No date between the first and last date matches the weekdays.',
        field: 'repeating.weekdays',
      });
    }
    return json({ id: 9, ...repeating.data, flightIds: dates.map((_, index) => 300 + index) }, 201);
  }
  const seated = /^flight\/(\d+)\/seated-passengers$/.exec(path);
  if (method === 'GET' && seated) {
    const flight = stored(Number(seated[1]));
    if (!flight) return notFound();
    return json({
      items: FAKE_SEATED_PASSENGERS.filter((passenger) =>
        flight.takenSeatLabels.includes(passenger.seatLabel),
      ),
    });
  }
  const one = /^flight\/(\d+)$/.exec(path);
  if (!one) return undefined;
  const before = stored(Number(one[1]));
  if (!before) return notFound();
  if (method === 'GET') return json(view(before, roles));
  if (method === 'PUT') {
    const parsed = FlightBody.safeParse(request.body);
    if (!parsed.success) return invalid(parsed.error.issues);
    return json(view(flightFromBody(before.id, parsed.data, catalogue, data, before), roles));
  }
  return undefined;
}
