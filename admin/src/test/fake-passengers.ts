import { airportLocalTime, bcbpName, bookingLaps, dayOfYear, decodeBcbp, encodeBcbp } from '@flybook/domain';
import {
  type ApiErrorItem,
  type Flight,
  type FlightPassenger,
  FlightPassengerListQuery,
  FlightPassengerSelectionQuery,
  type Pnl,
} from '@flybook/schemas';
import qs from 'qs';
import type { FakeRequest } from './fake-api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);
const text = (en: string) => ({ en, de: en, fr: en, sq: en });

/** Flight 41, ZRH → PRN on Monday 2 June 2031 at 08:30 Zurich time, on a small A320 map. */
export const fakePassengerFlight = (patch: Partial<Flight> = {}): Flight => ({
  id: 41,
  number: 'AP101',
  flightCompany: { id: 1, name: 'Air Prishtina', code: 'AP' },
  origin: {
    code: 'ZRH',
    name: text('Zurich Airport'),
    city: text('Zurich'),
    timezone: 'Europe/Zurich',
  },
  destination: {
    code: 'PRN',
    name: text('Pristina International Airport'),
    city: text('Pristina'),
    timezone: 'Europe/Belgrade',
  },
  departure: '2031-06-02T06:30:00.000Z',
  arrival: '2031-06-02T08:45:00.000Z',
  status: 'created',
  isActive: true,
  isBookedOut: false,
  isDelayed: false,
  delayMinutes: null,
  isOnlineCheckInEnabled: false,
  comment: '',
  rate: { id: 1, name: 'Summer 2031', priceList: [] },
  aircraftTemplate: { id: 1, label: 'A320' },
  sequence: null,
  seatsByTariff: [
    {
      tariffGroup: { id: 3 },
      numberOfSeatsToSale: 4,
      agentSeatsLimit: 2,
      onlineSeatsLimit: 2,
      booked: 1,
      allotted: 0,
      free: 3,
    },
    {
      tariffGroup: { id: 1 },
      numberOfSeatsToSale: 12,
      agentSeatsLimit: 4,
      onlineSeatsLimit: 7,
      booked: 4,
      allotted: 0,
      free: 8,
    },
  ],
  passengers: 6,
  reservations: 3,
  sections: [
    {
      tariffGroup: { id: 3 },
      rowLabels: ['1'],
      columnLabels: ['A', 'C', 'D', 'F'],
      seats: [[0, 0, 0, 0]],
      prices: [[0, 0, 0, 0]],
      rowsWithExitDoors: [],
    },
    {
      tariffGroup: { id: 1 },
      rowLabels: ['12', '13'],
      columnLabels: ['A', 'B', 'C', 'D', 'E', 'F'],
      seats: [
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 1, 0],
      ],
      prices: [
        [12, 12, 12, 12, 12, 12],
        [12, 12, 12, 12, 12, 12],
      ],
      rowsWithExitDoors: ['12'],
    },
  ],
  takenSeatLabels: ['12A', '12B', '1A'],
  isRouteFixed: true,
  ...patch,
});

/** A paid booking the demo agent made for two passengers. */
const AGENT_BOOKING: FlightPassenger['reservation'] = {
  id: 9,
  bookingReference: 'FB-000009',
  status: 'confirmed',
  isPaid: true,
  paymentStatus: 'paid',
  agent: { id: 3, company: 'Alpen Reisen GmbH' },
};

const ECONOMY = { id: 1, name: text('Economy Light'), group: { id: 1 } };
const BUSINESS = { id: 4, name: text('Business'), group: { id: 3 } };

const passenger = (
  id: number,
  lastName: string,
  firstName: string,
  reservationId: number,
  patch: Partial<FlightPassenger> = {},
): FlightPassenger => ({
  id,
  lastName,
  firstName,
  gender: 'male',
  ageType: 'adult',
  age: 40,
  birthday: '1991-01-01',
  isAppeared: null,
  appearingComment: null,
  isNotified: false,
  seatLabel: null,
  checkIn: null,
  reservation: {
    id: reservationId,
    bookingReference: `FB-${String(reservationId).padStart(6, '0')}`,
    status: 'confirmed',
    isPaid: true,
    paymentStatus: 'paid',
    agent: null,
  },
  tariff: ECONOMY,
  ...patch,
});

export interface FakePassengers {
  flight: Flight;
  passengers: FlightPassenger[];
  /** Seat labels the server refuses as sold (someone else took them at the same instant). */
  soldSeats: Set<string>;
  sent: { type: 'PNL' | 'ADL'; agentId: number | null }[];
  /** While set, boarding pass scans are answered only once it resolves (a slow network). */
  scanHold?: Promise<void>;
}

/**
 * Six passengers in three bookings, one of them an agent's, one appeared and one infant; Arben
 * (12A), the infant Luan on his lap and Vjosa (12B) checked in online as 7, 8 and 9.
 */
export function createFakePassengers(flightPatch: Partial<Flight> = {}): FakePassengers {
  return {
    flight: fakePassengerFlight(flightPatch),
    soldSeats: new Set(),
    sent: [],
    passengers: [
      passenger(101, 'Berisha', 'Arben', 7, {
        seatLabel: '12A',
        age: 42,
        checkIn: { at: '2031-06-01T07:12:00.000Z', sequenceNumber: 7 },
      }),
      passenger(102, 'Berisha', 'Vjosa', 7, {
        gender: 'female',
        seatLabel: '12B',
        isAppeared: true,
        checkIn: { at: '2031-06-01T07:12:00.000Z', sequenceNumber: 9 },
      }),
      passenger(103, 'Berisha', 'Luan', 7, {
        ageType: 'infant',
        age: 1,
        birthday: '2030-03-01',
        checkIn: { at: '2031-06-01T07:12:00.000Z', sequenceNumber: 8 },
      }),
      passenger(104, 'Hoxha', 'Mira', 8, {
        gender: 'female',
        seatLabel: '1A',
        tariff: BUSINESS,
        reservation: {
          id: 8,
          bookingReference: 'FB-000008',
          status: 'reserved',
          isPaid: false,
          paymentStatus: 'notPaid',
          agent: null,
        },
      }),
      passenger(105, 'Krasniqi', 'Endrit', 9, {
        isAppeared: false,
        appearingComment: 'Missed the gate',
        reservation: AGENT_BOOKING,
      }),
      passenger(106, 'Shala', 'Nora', 9, {
        gender: 'female',
        reservation: AGENT_BOOKING,
      }),
    ],
  };
}

/** The local departure date of the fake flight at its origin. */
const departureDay = (flight: Flight) => airportLocalTime(flight.departure, flight.origin.timezone).date;

/**
 * The barcode text of a passenger's boarding pass as online check-in prints it (docs/check-in.md),
 * with a trailing line end as a handheld scanner types it; `patch` makes another flight's pass. An
 * infant has no pass of its own: it travels on its adult's.
 */
export function fakeBoardingPass(
  data: FakePassengers,
  passengerId: number,
  patch: { flightNumber?: string; dayOfYear?: number; sequenceNumber?: number } = {},
): string {
  const p = data.passengers.find((item) => item.id === passengerId);
  if (!p?.checkIn) throw new Error(`Passenger ${passengerId} is not checked in`);
  const { flight } = data;
  return `${encodeBcbp({
    passengerName: bcbpName(p.lastName, p.firstName),
    eTicket: true,
    recordLocator: 'K7QX2M',
    from: flight.origin.code,
    to: flight.destination.code,
    carrier: flight.flightCompany.code,
    flightNumber: patch.flightNumber ?? flight.number.slice(flight.flightCompany.code.length),
    dayOfYear: patch.dayOfYear ?? dayOfYear(departureDay(flight)),
    compartment: 'Y',
    seat: p.seatLabel ?? '',
    sequenceNumber: patch.sequenceNumber ?? p.checkIn.sequenceNumber,
    passengerStatus: '1',
  })}\n`;
}

/** The gate's scan as the server answers it: marks the pass's checked-in passenger appeared. */
function scanPass(data: FakePassengers, bcbp: string): Response {
  const { flight } = data;
  const pass = decodeBcbp(bcbp);
  if ('error' in pass) {
    return fail(422, { code: 'ERROR_BOARDING_PASS_UNREADABLE', message: 'Not a boarding pass.' });
  }
  const day = departureDay(flight);
  if (`${pass.carrier}${pass.flightNumber}` !== flight.number || pass.dayOfYear !== dayOfYear(day)) {
    const year = Number(day.slice(0, 4));
    const date = new Date(Date.UTC(year, 0, pass.dayOfYear)).toISOString().slice(0, 10);
    return fail(422, {
      code: 'ERROR_BOARDING_PASS_OTHER_FLIGHT',
      message: 'Another flight.',
      params: { flight: `${pass.carrier}${pass.flightNumber}`, date },
    });
  }
  if (flight.status === 'cancelled') {
    return fail(409, { code: 'ERROR_PASSENGER_FLIGHT_CANCELLED', message: 'The flight is cancelled.' });
  }
  const p = data.passengers.find(
    (item) =>
      item.checkIn?.sequenceNumber === pass.sequenceNumber &&
      bcbpName(item.lastName, item.firstName) === pass.passengerName,
  );
  if (!p) return fail(404, { code: 'ERROR_BOARDING_PASS_UNKNOWN', message: 'Unknown boarding pass.' });
  // The infant on the passenger's lap travels on their pass and boards with them.
  const booking = data.passengers.filter((item) => item.reservation.id === p.reservation.id);
  const laps = bookingLaps(booking);
  for (const item of booking) {
    if (item === p || laps.get(item.id) === p.id) {
      item.isAppeared = true;
      item.appearingComment = null;
    }
  }
  return json(p);
}

const stateOf = (p: FlightPassenger) =>
  p.isAppeared === null ? 'pending' : p.isAppeared ? 'appeared' : 'notAppeared';

function matches(p: FlightPassenger, filters: Record<string, unknown>) {
  const query = typeof filters.query === 'string' ? filters.query.trim().toLowerCase() : '';
  if (
    query &&
    ![p.lastName, p.firstName, p.seatLabel ?? '', p.reservation.bookingReference].some((value) =>
      value.toLowerCase().includes(query),
    )
  )
    return false;
  const appearing = (filters.appearing as string[] | undefined) ?? ['pending', 'notAppeared'];
  if (!appearing.includes(stateOf(p))) return false;
  const groups = filters.tariffGroups as number[] | undefined;
  if (groups?.length && !groups.includes(p.tariff.group.id)) return false;
  const payment = filters.payment as string[] | undefined;
  if (payment?.length === 1 && (payment[0] === 'paid') !== p.reservation.isPaid) return false;
  return true;
}

const pnlOf = (passengers: FlightPassenger[], sent: boolean): Pnl => ({
  pnl: [
    'QU ZRHKKAP',
    '.ZRHRMAP 021200',
    'PNL',
    'AP101/02JUN ZRH PART1',
    '-PRN001C',
    ...passengers.map((p) => `1${p.lastName.toUpperCase()}/${p.firstName.toUpperCase()}`),
    'ENDPNL',
  ].join('\n'),
  total: passengers.length,
  parts: 1,
  adl: sent ? 'QU ZRHKKAP\n.ZRHRMAP 021210\nADL\nAP101/02JUN ZRH PART1\nNIL\nENDADL' : null,
  adlChanges: 0,
  lastMessage: sent
    ? {
        id: 1,
        type: 'PNL',
        agent: null,
        total: passengers.length,
        createdAt: '2031-06-01T10:00:00.000Z',
        user: { id: 1, displayName: 'Ada Admin' },
      }
    : null,
});

/**
 * Answers the passenger list page's calls for flight 41 like the server (filters, sorting, marks,
 * seats with a sold-seat conflict, notifying, PNL, the boarding pass scan), or undefined for other
 * calls.
 */
export function handlePassengers(
  data: FakePassengers,
  request: FakeRequest,
): Response | Promise<Response> | undefined {
  const { method, path } = request;
  const flightId = data.flight.id;
  if (method === 'GET' && path === `flight/${flightId}`) return json(data.flight);
  if (method === 'GET' && path === `flight/${flightId}/booking-info`) {
    const count = (ageType: string) => data.passengers.filter((p) => p.ageType === ageType).length;
    return json({
      adultPassengers: count('adult'),
      childPassengers: count('child'),
      babyPassengers: count('infant'),
    });
  }
  if (method === 'GET' && path === `flight/${flightId}/passengers-info`) {
    const count = (state: string) => data.passengers.filter((p) => stateOf(p) === state).length;
    return json({
      passengers: data.passengers.length,
      seated: data.passengers.filter((p) => p.seatLabel).length,
      appeared: count('appeared'),
      noShow: count('notAppeared'),
      pending: count('pending'),
      notified: data.passengers.filter((p) => p.isNotified).length,
    });
  }
  const base = `flight/${flightId}/passenger/`;
  if (!path.startsWith(base) && !path.startsWith(`public/flight/${flightId}/`)) return undefined;
  const query = qs.parse(request.query.toString());

  if (method === 'GET' && path === `${base}list`) {
    const parsed = FlightPassengerListQuery.parse(query);
    const rows = data.passengers.filter((p) => matches(p, parsed));
    const key = (p: FlightPassenger) =>
      parsed.sortBy === 'seatLabel' ? (p.seatLabel ?? '~') : `${p.lastName} ${p.firstName}`;
    rows.sort((a, b) => key(a).localeCompare(key(b)) * (parsed.sortOrder === 'ASC' ? 1 : -1));
    const page = rows.slice(parsed.page * parsed.pageSize, (parsed.page + 1) * parsed.pageSize);
    return json({ items: page, total: rows.length });
  }
  if (method === 'POST' && path === `${base}scan`) {
    const { bcbp } = request.body as { bcbp: string };
    const hold = data.scanHold;
    return hold ? hold.then(() => scanPass(data, bcbp)) : scanPass(data, bcbp);
  }
  if (path === `${base}list/appearing`) {
    const selection = FlightPassengerSelectionQuery.parse(query);
    const chosen = selection.excluded
      ? data.passengers.filter((p) => matches(p, selection) && !selection.ids.includes(p.id))
      : data.passengers.filter((p) => selection.ids.includes(p.id));
    const body = request.body as { isAppeared?: boolean; comment?: string } | undefined;
    for (const p of chosen) {
      p.isAppeared = method === 'DELETE' ? null : (body?.isAppeared ?? null);
      p.appearingComment = method === 'DELETE' ? null : (body?.comment ?? null);
    }
    return json({ count: chosen.length });
  }
  const one = /^flight\/\d+\/passenger\/(\d+)\/(appearing|seat|notifying)$/.exec(path);
  if (one) {
    const p = data.passengers.find((item) => item.id === Number(one[1]));
    if (!p) return fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });
    const body = request.body as Record<string, unknown> | undefined;
    if (one[2] === 'appearing') {
      p.isAppeared = method === 'DELETE' ? null : Boolean(body?.isAppeared);
      p.appearingComment = method === 'DELETE' ? null : ((body?.comment as string | undefined) ?? null);
    } else if (one[2] === 'seat') {
      const label = method === 'DELETE' ? null : String(body?.seatLabel);
      if (
        label &&
        (data.soldSeats.has(label) || data.passengers.some((other) => other.seatLabel === label))
      ) {
        return fail(409, {
          code: 'ERROR_SEAT_LABEL_NOT_UNIQUE',
          message: 'Error: This seat is already sold. Please select another one.',
          field: 'seatLabel',
        });
      }
      p.seatLabel = label;
      p.isNotified = false;
    } else {
      p.isNotified = Boolean(body?.isNotified);
    }
    return json(p);
  }
  if (method === 'GET' && path === `public/flight/${flightId}/aircraft-passengers-seats`) {
    const own = Number(query.reservationPassengerId);
    const holders = new Map(data.passengers.filter((p) => p.seatLabel).map((p) => [p.seatLabel!, p.id]));
    const tariffGroup = data.passengers.find((p) => p.id === own)?.tariff.group.id;
    return json({
      sections: data.flight.sections.map((section) => ({
        ...section,
        seats: section.seats.map((row, r) =>
          row.map((flags, c) => {
            const label = `${section.rowLabels[r]}${section.columnLabels[c]}`;
            const holder = holders.get(label);
            if (holder !== undefined) return holder === own ? 'own' : 'taken';
            if (flags !== 0 || section.tariffGroup.id !== tariffGroup) return 'disabled';
            return 'free';
          }),
        ),
      })),
    });
  }
  if (method === 'GET' && path === `${base}list/pnl`) {
    return json(
      pnlOf(
        data.passengers.filter((p) => !p.reservation.agent),
        data.sent.some((s) => !s.agentId),
      ),
    );
  }
  if (method === 'GET' && path === `${base}list/pnl-external`) {
    const theirs = data.passengers.filter((p) => p.reservation.agent?.id === 3);
    return json({ items: [{ agent: { id: 3, company: 'Alpen Reisen GmbH' }, ...pnlOf(theirs, false) }] });
  }
  if (method === 'POST' && path === `${base}list/pnl/message`) {
    const body = request.body as { type: 'PNL' | 'ADL'; agentId?: number };
    data.sent.push({ type: body.type, agentId: body.agentId ?? null });
    return json(
      {
        id: data.sent.length,
        type: body.type,
        agent: null,
        text: 'PNL',
        total: 4,
        createdAt: '2031-06-01T10:00:00.000Z',
        user: { id: 1, displayName: 'Ada Admin' },
      },
      201,
    );
  }
  if (method === 'GET' && path === `${base}list/pdf`) {
    return new Response(new Blob(['%PDF fake']), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="PAXList.pdf"',
      },
    });
  }
  return undefined;
}
