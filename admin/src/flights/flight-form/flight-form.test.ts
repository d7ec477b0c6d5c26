import { FLIGHT_FIELD_ROLES } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { fakeFormFlights, fakeTemplates } from '../../test/fake-flight-form.ts';
import { AIRPORTS, createFakeFlights } from '../../test/fake-flights.ts';
import {
  type FlightFormContext,
  type FlightFormValues,
  flightFieldAccess,
  flightFieldOf,
  flightFormSchema,
  flightFormValues,
  newFlightValues,
  numberDigitsOf,
  removesAssignedSeats,
  type SeatRowValues,
  seatRowsForSeatMap,
  seatRowsForTemplate,
  sequenceCount,
  soldSeatsConflict,
} from './flight-form.ts';

const ADMIN = ['ROLE_ADMIN'];
const COMPANIES = [
  { id: 1, code: 'AP' },
  { id: 2, code: 'GM' },
];

const context = (overrides: Partial<FlightFormContext> = {}): FlightFormContext => ({
  mode: 'create',
  access: flightFieldAccess(ADMIN, overrides.mode ?? 'create'),
  companies: COMPANIES,
  airports: AIRPORTS,
  ...overrides,
});

const e190 = () => fakeTemplates()[1]?.sections ?? [];

/** A complete new flight: GM1234 ZRH 08:30 → PRN 10:45 local on 1 July 2031, E190, rate 1. */
const filled = (patch: Partial<FlightFormValues> = {}): FlightFormValues => ({
  ...newFlightValues(),
  flightCompanyId: '2',
  numberDigits: '1234',
  originCode: 'ZRH',
  destinationCode: 'PRN',
  departureDate: '2031-07-01',
  departureTime: '08:30',
  arrivalDate: '2031-07-01',
  arrivalTime: '10:45',
  aircraftTemplateId: '2',
  rateId: '1',
  sections: e190(),
  sectionsTemplateId: 2,
  seats: [
    {
      tariffGroupId: 1,
      totalSeats: '30',
      numberOfSeatsToSale: '28',
      costPerSeat: '80.5',
      agentSeatsLimit: '20',
      onlineSeatsLimit: '7',
    },
  ],
  ...patch,
});

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

const storedFlight = (id = 101) => {
  const flight = fakeFormFlights(createFakeFlights()).find((candidate) => candidate.id === id);
  if (!flight) throw new Error(`no flight ${id}`);
  return flight;
};

describe('flight form values → body (spec 03 §2, §5)', () => {
  it('turns local times into instants in each airport’s time zone and prefixes the number', () => {
    const result = flightFormSchema(context()).parse(filled());
    expect(result.flight).toMatchObject({
      flightCompany: { id: 2 },
      number: 'GM1234',
      origin: { code: 'ZRH' },
      destination: { code: 'PRN' },
      // Zurich and Pristina are both UTC+2 in summer.
      departure: '2031-07-01T06:30:00.000Z',
      arrival: '2031-07-01T08:45:00.000Z',
      aircraftTemplate: { id: 2 },
      rate: { id: 1 },
      isActive: true,
      isOnlineCheckInEnabled: false,
    });
    expect(result.repeating).toBeNull();
    const winter = flightFormSchema(context()).parse(
      filled({
        departureDate: '2031-01-15',
        arrivalDate: '2031-01-15',
        originCode: 'SKP',
        destinationCode: 'BSL',
      }),
    );
    expect(winter.flight.departure).toBe('2031-01-15T07:30:00.000Z');
    expect(winter.flight.arrival).toBe('2031-01-15T09:45:00.000Z');
  });

  it('requires company, number, airports, departure, arrival, template and rate', () => {
    const result = flightFormSchema(context()).safeParse(newFlightValues());
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([
      'flightCompanyId',
      'numberDigits',
      'originCode',
      'destinationCode',
      'departureDate',
      'departureTime',
      'arrivalDate',
      'arrivalTime',
      'aircraftTemplateId',
      'rateId',
    ]);
  });

  it('takes 1 to 4 digits as the number', () => {
    for (const digits of ['12345', 'AB1', '12 3']) {
      const result = flightFormSchema(context()).safeParse(filled({ numberDigits: digits }));
      expect(issuesOf(result), digits).toEqual(['numberDigits']);
    }
    expect(numberDigitsOf('GM1234', 'GM')).toBe('1234');
    expect(numberDigitsOf('4U77', 'XX')).toBe('77');
  });

  it('reports an arrival before the departure on the arrival', () => {
    const result = flightFormSchema(context()).safeParse(filled({ arrivalTime: '08:00' }));
    expect(issuesOf(result)).toEqual(['arrivalDate']);
  });

  it('requires seat numbers and cost per seat only when the user may change them', () => {
    const empty = filled({
      seats: [
        {
          tariffGroupId: 1,
          totalSeats: '',
          numberOfSeatsToSale: '',
          costPerSeat: '',
          agentSeatsLimit: '',
          onlineSeatsLimit: '',
        },
      ],
    });
    expect(issuesOf(flightFormSchema(context()).safeParse(empty))).toEqual([
      'seats.0.totalSeats',
      'seats.0.costPerSeat',
      'seats.0.agentSeatsLimit',
      'seats.0.onlineSeatsLimit',
    ]);
    const readOnly = flightFieldAccess(
      [FLIGHT_FIELD_ROLES.readSeatNumber, FLIGHT_FIELD_ROLES.readCostPerSeat],
      'create',
    );
    expect(issuesOf(flightFormSchema(context({ access: readOnly })).safeParse(empty))).toEqual([
      'seats.0.agentSeatsLimit',
      'seats.0.onlineSeatsLimit',
    ]);
  });

  it('leaves out the fields the user cannot change', () => {
    const full = flightFormSchema(context()).parse(filled());
    expect(full.flight.seatsByTariff).toEqual([
      {
        tariffGroup: { id: 1 },
        totalSeats: 30,
        numberOfSeatsToSale: 28,
        costPerSeat: 80.5,
        agentSeatsLimit: 20,
        onlineSeatsLimit: 7,
      },
    ]);
    // Seen but not changeable on edit (no UPDATE roles), allotments not editable.
    const edit = flightFieldAccess(
      [
        FLIGHT_FIELD_ROLES.readSeatNumber,
        FLIGHT_FIELD_ROLES.createSeatNumber,
        FLIGHT_FIELD_ROLES.allotmentRead,
      ],
      'edit',
    );
    expect(edit.seatNumbers).toEqual({ visible: true, editable: false });
    expect(edit.costPerSeat).toEqual({ visible: false, editable: false });
    expect(edit.allotments).toEqual({ visible: true, editable: false });
    const limited = flightFormSchema(context({ mode: 'edit', access: edit })).parse(filled());
    expect(limited.flight.seatsByTariff).toEqual([
      { tariffGroup: { id: 1 }, agentSeatsLimit: 20, onlineSeatsLimit: 7 },
    ]);
    expect(limited.flight).not.toHaveProperty('allotments');
  });

  it('checks the cost per seat as rounded money and the total against the seat map', () => {
    const row = filled().seats[0];
    if (!row) throw new Error('no row');
    const result = flightFormSchema(context()).safeParse(
      filled({ seats: [{ ...row, costPerSeat: '12.345', totalSeats: '31', numberOfSeatsToSale: '' }] }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['seats.0.costPerSeat', 'Amount must be rounded to 0.01'],
      ['seats.0.totalSeats', 'should be less or equal: 30'],
    ]);
  });

  it('sends the allotments with their ids when the user may edit them', () => {
    const flight = storedFlight();
    const values = flightFormValues(flight);
    const result = flightFormSchema(
      context({
        mode: 'edit',
        access: flightFieldAccess(ADMIN, 'edit'),
        original: { aircraftTemplateId: 2, takenSeatLabels: flight.takenSeatLabels },
      }),
    ).parse(values);
    expect(result.flight.allotments).toEqual([
      {
        id: 11,
        agent: { id: 22 },
        tariffGroup: { id: 1 },
        seatsNumber: 2,
        costPerSeat: 70,
        comment: 'Group Berisha',
      },
      { id: 12, agent: { id: 23 }, tariffGroup: { id: 1 }, seatsNumber: 2, costPerSeat: 75, comment: '' },
    ]);
  });
});

describe('a stored flight in the form', () => {
  it('shows the local times and the number digits, and saves them unchanged', () => {
    const flight = storedFlight();
    const values = flightFormValues(flight);
    expect(values).toMatchObject({
      flightCompanyId: '2',
      numberDigits: '1234',
      departureDate: '2031-07-01',
      departureTime: '08:30',
      arrivalDate: '2031-07-01',
      arrivalTime: '10:45',
      aircraftTemplateId: '2',
      sectionsTemplateId: 2,
    });
    expect(values.seats[2]).toEqual({
      tariffGroupId: 1,
      totalSeats: '30',
      numberOfSeatsToSale: '28',
      costPerSeat: '80.00',
      agentSeatsLimit: '20',
      onlineSeatsLimit: '7',
    });
    const edit = context({
      mode: 'edit',
      access: flightFieldAccess(ADMIN, 'edit'),
      original: { aircraftTemplateId: 2, takenSeatLabels: flight.takenSeatLabels },
    });
    const { flight: body } = flightFormSchema(edit).parse(values);
    expect(body.departure).toBe(flight.departure);
    expect(body.arrival).toBe(flight.arrival);
    expect(body.number).toBe('GM1234');
    expect(body.sections).toEqual(flight.sections);
  });

  it('leaves the seat map out when a new template replaces seats held by passengers', () => {
    const flight = storedFlight();
    const edit = context({
      mode: 'edit',
      access: flightFieldAccess(ADMIN, 'edit'),
      original: { aircraftTemplateId: 2, takenSeatLabels: ['5A', '5B'] },
    });
    const a320 = fakeTemplates()[0]?.sections ?? [];
    const changed = {
      ...flightFormValues(flight),
      aircraftTemplateId: '1',
      sections: a320,
      sectionsTemplateId: 1,
    };
    expect(removesAssignedSeats(changed, edit)).toBe(true);
    const body = flightFormSchema(edit).parse({ ...changed, seats: changed.seats.slice(2) }).flight;
    expect(body.aircraftTemplate).toEqual({ id: 1 });
    expect(body).not.toHaveProperty('sections');
    // Without seated passengers the new template's (edited) map is sent.
    const empty = { ...edit, original: { aircraftTemplateId: 2, takenSeatLabels: [] } };
    expect(removesAssignedSeats(changed, empty)).toBe(false);
    expect(
      flightFormSchema(empty).parse({ ...changed, seats: changed.seats.slice(2) }).flight.sections,
    ).toEqual(a320);
    // A map not loaded yet for the chosen template is not sent: the server copies the template.
    expect(flightFormSchema(context()).parse(filled({ sectionsTemplateId: 1 })).flight).not.toHaveProperty(
      'sections',
    );
  });
});

describe('repeating flights', () => {
  it('sends the repeating data with the weekdays in order, and counts the flights', () => {
    const repeating = { firstDate: '2031-07-01', lastDate: '2031-07-31', period: '1', weekdays: [5, 2] };
    const result = flightFormSchema(context({ access: flightFieldAccess(ADMIN, 'create') })).parse(
      filled({ repeating }),
    );
    expect(result.repeating).toEqual({
      firstDate: '2031-07-01',
      lastDate: '2031-07-31',
      period: 1,
      weekdays: [2, 5],
    });
    // Tuesdays 1, 8, 15, 22, 29 and Fridays 4, 11, 18, 25 July 2031.
    expect(sequenceCount(repeating)).toBe(9);
    expect(sequenceCount({ ...repeating, period: '2' })).toBe(5);
    expect(sequenceCount({ ...repeating, lastDate: '' })).toBeNull();
  });

  it('requires first date, last date, period and weekdays once any is filled', () => {
    const repeating = { firstDate: '2031-07-01', lastDate: '', period: '', weekdays: [] };
    const result = flightFormSchema(context()).safeParse(filled({ repeating }));
    expect(issuesOf(result)).toEqual(['repeating.lastDate', 'repeating.period', 'repeating.weekdays']);
  });

  it('ignores the repeating data without ROLE_FLIGHT_CREATE_SEQUENCE', () => {
    const access = flightFieldAccess([FLIGHT_FIELD_ROLES.readSeatNumber], 'create');
    expect(access.sequence).toBe(false);
    const repeating = { firstDate: '2031-07-01', lastDate: '2031-07-31', period: '1', weekdays: [2] };
    const result = flightFormSchema(context({ access })).parse(filled({ repeating }));
    expect(result.repeating).toBeNull();
  });
});

describe('tariff rows of a template', () => {
  it('makes one row per tariff group with seats, in the list order, keeping typed limits', () => {
    const rows = seatRowsForTemplate(
      [
        { tariffGroup: { id: 1 }, seats: 30 },
        { tariffGroup: { id: 3 }, seats: 8 },
        { tariffGroup: { id: 2 }, seats: 0 },
      ],
      [
        {
          tariffGroupId: 1,
          totalSeats: '150',
          numberOfSeatsToSale: '150',
          costPerSeat: '80.00',
          agentSeatsLimit: '20',
          onlineSeatsLimit: '9',
        },
      ],
      [1, 2, 3],
    );
    expect(rows).toEqual([
      {
        tariffGroupId: 1,
        totalSeats: '30',
        numberOfSeatsToSale: '30',
        costPerSeat: '80.00',
        agentSeatsLimit: '20',
        onlineSeatsLimit: '9',
      },
      {
        tariffGroupId: 3,
        totalSeats: '8',
        numberOfSeatsToSale: '8',
        costPerSeat: '',
        agentSeatsLimit: '',
        onlineSeatsLimit: '7',
      },
    ]);
  });
});

describe('tariff rows of an edited seat map', () => {
  const row = (tariffGroupId: number, totalSeats: string, numberOfSeatsToSale: string): SeatRowValues => ({
    tariffGroupId,
    totalSeats,
    numberOfSeatsToSale,
    costPerSeat: '80',
    agentSeatsLimit: '4',
    onlineSeatsLimit: '7',
  });
  const counts = (entries: [number, number][]) => new Map(entries);

  it('lets totals and seats for sale follow hidden and shown seats as the domain says', () => {
    const rows = [row(1, '30', '28'), row(3, '8', '8'), row(2, '6', '6')];
    const next = seatRowsForSeatMap(
      rows,
      counts([
        [1, 30],
        [3, 8],
        [2, 8],
      ]),
      counts([
        [1, 27],
        [3, 9],
        [2, 5],
      ]),
    );
    expect(next.map((entry) => [entry.totalSeats, entry.numberOfSeatsToSale])).toEqual([
      ['27', '27'],
      ['9', '9'],
      ['5', '5'],
    ]);
    expect(next[0]?.costPerSeat).toBe('80');
  });

  it('keeps a blank sale quota blank (it defaults to the total) and leaves text that is no number', () => {
    const rows = [row(1, '30', ''), row(3, 'x', '8')];
    const next = seatRowsForSeatMap(
      rows,
      counts([
        [1, 30],
        [3, 8],
      ]),
      counts([
        [1, 29],
        [3, 7],
      ]),
    );
    expect(next[0]).toMatchObject({ totalSeats: '29', numberOfSeatsToSale: '' });
    expect(next[1]).toBe(rows[1]);
  });

  it('hands back the same rows when the map keeps its seat counts', () => {
    const rows = [row(1, '30', '28')];
    expect(seatRowsForSeatMap(rows, counts([[1, 30]]), counts([[1, 30]]))).toBe(rows);
  });

  it('names the first group a smaller map leaves fewer seats than are sold', () => {
    const inventory = [
      { tariffGroup: { id: 3 }, booked: 0, allotted: 0 },
      { tariffGroup: { id: 1 }, booked: 2, allotted: 4 },
    ];
    expect(soldSeatsConflict(counts([[1, 30]]), counts([[1, 6]]), inventory)).toBeNull();
    expect(soldSeatsConflict(counts([[1, 30]]), counts([[1, 5]]), inventory)).toEqual({
      tariffGroupId: 1,
      sold: 6,
      mapSeats: 5,
    });
    // Showing seats is never refused, even on a map that already had too few.
    expect(soldSeatsConflict(counts([[1, 3]]), counts([[1, 4]]), inventory)).toBeNull();
  });
});

describe('API fields → form fields', () => {
  it('maps body paths (also of a sequence) to the form’s fields', () => {
    expect(flightFieldOf('number')).toBe('numberDigits');
    expect(flightFieldOf('flight.number')).toBe('numberDigits');
    expect(flightFieldOf('flightCompany.id')).toBe('flightCompanyId');
    expect(flightFieldOf('destination.code')).toBe('destinationCode');
    expect(flightFieldOf('arrival')).toBe('arrivalDate');
    expect(flightFieldOf('seatsByTariff.1.totalSeats')).toBe('seats.1.totalSeats');
    expect(flightFieldOf('allotments.0.agent.id')).toBe('allotments.0.agentId');
    expect(flightFieldOf('allotments.2.seatsNumber')).toBe('allotments.2.seatsNumber');
    expect(flightFieldOf('allotments')).toBe('allotments');
    expect(flightFieldOf('sections.0.seats')).toBe('sections');
    expect(flightFieldOf('repeating.weekdays')).toBe('repeating.weekdays');
    expect(flightFieldOf('allotments.0.id')).toBeNull();
    expect(flightFieldOf('status')).toBeNull();
  });
});
