import { officeToday, shiftDay } from '@flybook/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationInvoices } from '../../db/schema/index.ts';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createUserWithAccount } from '../users/users.service.ts';
import { createReservationsService } from './reservations.service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let otherAgent: string;
let customer: string;
let ids: Awaited<ReturnType<typeof catalogueIds>>;

const api: TestApp['api'] = (...args) => t.api(...args);

/** A list call that must answer 200; returns its body. */
async function list(url: string, token: string) {
  const response = await api('GET', url, token);
  expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body as { items: { id: number; [key: string]: unknown }[]; total: number };
}
const idsOf = async (url: string, token: string) => (await list(url, token)).items.map((item) => item.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

let flightNumber = 6100;
async function createFlight(departure: string, overrides: Parameters<typeof flightBody>[1] = {}) {
  flightNumber += 1;
  const arrival = new Date(Date.parse(departure) + 2 * 3_600_000).toISOString();
  const response = await api(
    'POST',
    'flight',
    manager,
    flightBody(ids, { number: `FB${flightNumber}`, departure, arrival, ...overrides }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

const person = (firstName: string, lastName: string, birthday = '1990-01-01') => ({
  firstName,
  lastName,
  gender: 'female',
  ageType: 'adult',
  birthday,
});

const billing = (firstName: string, lastName: string) => ({
  salutation: 'mr',
  firstName,
  lastName,
  email: `${firstName}.${lastName}@example.test`.toLowerCase(),
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
  birthday: '1980-05-05',
  phoneMobile: '+41 79 555 00 00',
});

/** Books through the API; the first passenger is also the billing person unless told otherwise. */
async function book(
  token: string | undefined,
  flightIds: number[],
  passengers: ReturnType<typeof person>[],
  extra: object = {},
) {
  const response = await api('POST', 'reservation', token, {
    bookedFlights: flightIds.map((id) => ({ flight: { id }, tariff: { id: 1 } })),
    passengers,
    billingInformation: billing(passengers[0]!.firstName, passengers[0]!.lastName),
    ...extra,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; owner: { id: number } | null; invoice: { total: number } };
}

// The bookings every test reads, by what makes each one interesting.
const r = {} as Record<
  | 'expired'
  | 'guest'
  | 'agent'
  | 'otherAgent'
  | 'customer'
  | 'hidden'
  | 'billPartly'
  | 'billPaid'
  | 'departed'
  | 'mixed'
  | 'cancelledFlight',
  number
>;
const user = {} as Record<'manager' | 'admin' | 'agent' | 'otherAgent' | 'customer', number>;
let totals: Record<number, number>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, agent, customer] = await Promise.all([
    t.login('admin'),
    t.login('manager'),
    t.login('agent'),
    t.login('customer'),
  ]);
  ids = await catalogueIds(t, manager);
  user.otherAgent = await t.database.db.transaction((tx) =>
    createUserWithAccount(tx, {
      email: 'zeta@agents.test',
      type: 'agent',
      group: 'agent',
      displayName: 'Zeta Travel',
      password: 'zeta-password-1',
    }),
  );
  otherAgent = await t.login('zeta@agents.test', 'zeta-password-1');
  for (const [key, token] of [
    ['manager', manager],
    ['admin', admin],
    ['agent', agent],
    ['customer', customer],
  ] as const) {
    user[key] = (await api('GET', 'user/me', token)).body.id;
  }

  const june = await createFlight('2031-06-01T05:30:00Z');
  // 22:30 UTC is already the 21st in Pristina.
  const juneBack = await createFlight('2031-06-20T22:30:00Z', {
    origin: { code: 'PRN' },
    destination: { code: 'ZRH' },
  });
  const july = await createFlight('2031-07-10T05:30:00Z');
  const julyBack = await createFlight('2031-07-20T08:00:00Z', {
    origin: { code: 'PRN' },
    destination: { code: 'ZRH' },
  });
  const august = await createFlight('2031-08-01T05:30:00Z');

  // A card booking left unpaid: the expiry job cancels it before anything else is booked.
  r.expired = (await book(undefined, [june], [person('Nora', 'Leka')])).id;
  await createReservationsService(t.database.db).expireUnpaid(new Date(Date.now() + 16 * 60_000));

  r.guest = (await book(undefined, [june], [person('Vjosa', 'Berisha', '1988-02-11')])).id;
  r.agent = (
    await book(agent, [june, juneBack], [person('Luan', 'Gashi', '1975-03-03'), person('Drita', 'Gashi')], {
      paymentTerms: 'later',
    })
  ).id;
  r.otherAgent = (
    await book(otherAgent, [june], [person('Teuta', 'Morina')], {
      paymentTerms: 'later',
      billingInformation: billing('Ilir', 'Hoxha'),
    })
  ).id;
  r.customer = (await book(customer, [june], [person('Arben', 'Berisha', '1985-04-02')])).id;
  r.hidden = (
    await book(
      manager,
      [june],
      ['Ardit', 'Blerta', 'Dren', 'Era', 'Fatos', 'Gresa'].map((name, index) =>
        person(name, 'Kelmendi', `200${index}-01-01`),
      ),
      {
        owner: { id: user.customer },
        priceNeedsToBeHidden: true,
        paymentTerms: 'bill',
        paymentDeadline: '2031-05-01',
      },
    )
  ).id;
  r.billPartly = (
    await book(manager, [june], [person('Besa', 'Krasniqi')], {
      paymentTerms: 'bill',
      paymentDeadline: '2031-04-10',
      isSpecificPrice: true,
      total: 500,
    })
  ).id;
  // The customer's own passenger again, on someone else's booking.
  r.billPaid = (
    await book(manager, [june], [person('Arben', 'Berisha', '1985-04-02')], {
      paymentTerms: 'bill',
      paymentDeadline: '2031-03-15',
      isSpecificPrice: true,
      total: 200,
      billingInformation: billing('Petrit', 'Zeqiri'),
    })
  ).id;
  r.departed = (
    await book(manager, [july], [person('Shpend', 'Rama')], {
      paymentTerms: 'bill',
      paymentDeadline: '2031-03-01',
    })
  ).id;
  r.mixed = (
    await book(manager, [july, julyBack], [person('Luan', 'Gashi', '1975-03-03')], {
      owner: { id: user.agent },
      paymentTerms: 'airport',
      billingInformation: billing('Mergim', 'Shala'),
    })
  ).id;
  r.cancelledFlight = (
    await book(manager, [august], [person('Valon', 'Dema')], { paymentTerms: 'later' })
  ).id;

  // The July outbound leaves (a flight is marked departed early only once delayed); August is cancelled.
  expect((await api('PUT', `flight/${july}/delayed?isEmailNotifyEnabled=false`, manager)).status).toBe(200);
  expect((await api('PUT', `flight/${july}/status/departed`, manager)).status).toBe(200);
  expect((await api('PUT', `flight/${august}/status/cancelled`, manager)).status).toBe(200);

  // Payments are not recorded one by one yet: what a payment leaves on the invoice is written
  // straight to it. 23:30 UTC on 15 January is already the 16th in Zurich.
  await t.database.db
    .update(reservationInvoices)
    .set({ status: 'partly', totalPaid: 10_000, updatedAt: new Date('2030-01-15T23:30:00Z') })
    .where(eq(reservationInvoices.reservationId, r.billPartly));
  await t.database.db
    .update(reservationInvoices)
    .set({ status: 'paid', totalPaid: 20_000, updatedAt: new Date('2030-02-01T10:00:00Z') })
    .where(eq(reservationInvoices.reservationId, r.billPaid));

  const all = await list(
    'reservation/list?isActive=true&pageSize=500&reservationStatus[]=created&reservationStatus[]=reserved',
    manager,
  );
  totals = Object.fromEntries(all.items.map((item) => [item.id, (item.invoice as { total: number }).total]));
});
afterAll(() => t.close());

/** The bookings the list shows by default: open ones with a flight still to fly. */
const activeOpen = () => [
  r.guest,
  r.agent,
  r.otherAgent,
  r.customer,
  r.hidden,
  r.billPartly,
  r.billPaid,
  r.mixed,
];

describe('the reservation list', () => {
  it('shows open, active reservations newest first by default, with their flights, people and invoice', async () => {
    const body = await list('reservation/list', manager);
    expect(body.total).toBe(8);
    expect(body.items.map((item) => item.id)).toEqual(sorted(activeOpen()).reverse());
    const agentRow = body.items.find((item) => item.id === r.agent)!;
    expect(agentRow).toMatchObject({
      status: 'reserved',
      passengerCount: 2,
      billingInformation: { firstName: 'Luan', lastName: 'Gashi', email: 'luan.gashi@example.test' },
      owner: { id: user.agent, displayName: 'Alpen Reisen GmbH' },
      reservator: { id: user.agent, displayName: 'Alpen Reisen GmbH' },
      invoice: { status: 'notPaid', paymentTerms: 'later', totalPaid: 0 },
      priceNeedsToBeHidden: false,
    });
    expect(agentRow.flights).toEqual([
      expect.objectContaining({
        direction: 'outbound',
        departure: '2031-06-01T05:30:00.000Z',
        status: 'created',
        origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
        destination: { code: 'PRN', timezone: 'Europe/Belgrade' },
      }),
      expect.objectContaining({
        direction: 'return',
        origin: { code: 'PRN', timezone: 'Europe/Belgrade' },
        destination: { code: 'ZRH', timezone: 'Europe/Zurich' },
      }),
    ]);
    expect(body.items.find((item) => item.id === r.guest)).toMatchObject({
      status: 'created',
      owner: null,
      reservator: null,
      invoice: { paymentTerms: 'now', paymentDeadline: null },
    });
    expect(body.items.find((item) => item.id === r.billPartly)?.invoice).toEqual(
      expect.objectContaining({
        status: 'partly',
        total: 500,
        totalPaid: 100,
        paymentDeadline: '2031-04-10',
      }),
    );
  });

  it('counts a reservation whose only flight departed or was cancelled as inactive; one flight still to fly keeps it active', async () => {
    expect(sorted(await idsOf('reservation/list?isActive=false', manager))).toEqual(
      sorted([r.departed, r.cancelledFlight]),
    );
    expect(await idsOf('reservation/list?isActive=true', manager)).toContain(r.mixed);
    const mixed = (await list(`reservation/list?query=${r.mixed}`, manager)).items[0]!;
    expect((mixed.flights as { status: string }[]).map((flight) => flight.status)).toEqual([
      'departed',
      'created',
    ]);
  });

  it('leaves cancelled reservations out unless asked for by status', async () => {
    const all = 'reservationStatus[]=created&reservationStatus[]=reserved&reservationStatus[]=confirmed';
    expect(await idsOf(`reservation/list?isActive=false&${all}`, manager)).not.toContain(r.expired);
    const cancelled = await list('reservation/list?isActive=false&reservationStatus[]=cancelled', manager);
    expect(cancelled.items.map((item) => item.id)).toEqual([r.expired]);
    // A cancelled booking still shows the flight it was on.
    expect(cancelled.items[0]!.flights).toHaveLength(1);
    expect(await idsOf('reservation/list?reservationStatus[]=created', manager)).toEqual(
      sorted([r.guest, r.customer]).reverse(),
    );
  });

  it('finds by reservation id, billing name or e-mail, and passenger name in either order', async () => {
    expect(await idsOf(`reservation/list?query=${r.billPaid}`, manager)).toEqual([r.billPaid]);
    expect(await idsOf('reservation/list?query=krasniqi%20BESA', manager)).toEqual([r.billPartly]);
    expect(await idsOf('reservation/list?query=ilir.hoxha@', manager)).toEqual([r.otherAgent]);
    // Teuta Morina travels on Ilir Hoxha's booking.
    expect(await idsOf('reservation/list?query=morina%20teuta', manager)).toEqual([r.otherAgent]);
    expect(sorted(await idsOf('reservation/list?query=Gashi', manager))).toEqual(sorted([r.agent, r.mixed]));
    expect((await list('reservation/list?query=%25', manager)).total).toBe(0);
  });

  it('narrows by payment status, terms, deadline, owner and reservator', async () => {
    expect(await idsOf('reservation/list?paymentStatus[]=partly', manager)).toEqual([r.billPartly]);
    expect(
      sorted(await idsOf('reservation/list?paymentStatus[]=paid&paymentStatus[]=overpaid', manager)),
    ).toEqual([r.billPaid]);
    expect(sorted(await idsOf('reservation/list?paymentTerms[]=later', manager))).toEqual(
      sorted([r.agent, r.otherAgent]),
    );
    expect(
      await idsOf(
        'reservation/list?deadlineDateInterval[from]=2031-04-01&deadlineDateInterval[to]=2031-04-30',
        manager,
      ),
    ).toEqual([r.billPartly]);
    // Card bookings have no deadline; later and airport terms have the default one, this year.
    expect(
      sorted(
        await idsOf(
          'reservation/list?deadlineDateInterval[from]=2031-01-01&deadlineDateInterval[to]=2031-04-30',
          manager,
        ),
      ),
    ).toEqual(sorted([r.billPartly, r.billPaid]));
    expect(sorted(await idsOf(`reservation/list?ownerId=${user.customer}`, manager))).toEqual(
      sorted([r.customer, r.hidden]),
    );
    expect(sorted(await idsOf(`reservation/list?ownerId=${user.agent}`, manager))).toEqual(
      sorted([r.agent, r.mixed]),
    );
    expect(sorted(await idsOf(`reservation/list?reservatorId=${user.manager}`, manager))).toEqual(
      sorted([r.hidden, r.billPartly, r.billPaid, r.mixed]),
    );
    expect(
      await idsOf(
        `reservation/list?reservatorId=${user.manager}&ownerId=${user.agent}&paymentTerms[]=airport`,
        manager,
      ),
    ).toEqual([r.mixed]);
  });

  it('narrows by the local departure day at the origin, the Swiss day of booking and of payment', async () => {
    // The return flight leaves Pristina at 00:30 local time on the 21st (22:30 UTC on the 20th).
    const day = (from: string, to = from) => `flightDateInterval[from]=${from}&flightDateInterval[to]=${to}`;
    expect(await idsOf(`reservation/list?${day('2031-06-21')}`, manager)).toEqual([r.agent]);
    expect(await idsOf(`reservation/list?${day('2031-06-20')}`, manager)).toEqual([]);
    expect(
      sorted(await idsOf('reservation/list?flightDateInterval[from]=2031-07-01&isActive=false', manager)),
    ).toEqual(sorted([r.departed, r.cancelledFlight]));

    // Today in Switzerland: the calendar of the created-at filter.
    const today = officeToday();
    expect((await list(`reservation/list?createdAtInterval[from]=${today}`, manager)).total).toBe(8);
    expect((await list(`reservation/list?createdAtInterval[to]=${shiftDay(today, -1)}`, manager)).total).toBe(
      0,
    );

    const paid = (from: string, to = from) =>
      `reservation/list?paymentDateInterval[from]=${from}&paymentDateInterval[to]=${to}`;
    expect(await idsOf(paid('2030-01-16'), manager)).toEqual([r.billPartly]);
    expect(await idsOf(paid('2030-01-15'), manager)).toEqual([]);
    expect(sorted(await idsOf(paid('2030-01-01', '2030-12-31'), manager))).toEqual(
      sorted([r.billPartly, r.billPaid]),
    );
    // Nothing paid: an invoice changed that day is no payment.
    expect(await idsOf(paid(today), manager)).toEqual([]);
  });

  it('refuses an interval that ends before it starts, and an unknown status', async () => {
    const backwards = await api(
      'GET',
      'reservation/list?createdAtInterval[from]=2031-02-01&createdAtInterval[to]=2031-01-01',
      manager,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0]).toMatchObject({ code: 'ERROR_MINIMUM', field: 'createdAtInterval.to' });
    const unknown = await api('GET', 'reservation/list?reservationStatus[]=lost', manager);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('reservationStatus.0');
  });

  it('sorts by id, total and payment deadline, in both directions', async () => {
    const expected = sorted(activeOpen());
    expect(await idsOf('reservation/list?sortBy=id&sortOrder=ASC', manager)).toEqual(expected);
    expect(await idsOf('reservation/list?sortBy=createdAt&sortOrder=ASC', manager)).toEqual(expected);

    const byTotal = await idsOf('reservation/list?sortBy=total&sortOrder=ASC', manager);
    const amounts = byTotal.map((id) => totals[id]!);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(byTotal.indexOf(r.billPaid)).toBeLessThan(byTotal.indexOf(r.billPartly));
    expect(await idsOf('reservation/list?sortBy=total&sortOrder=DESC', manager)).toEqual(
      [...byTotal].reverse().sort((a, b) => totals[b]! - totals[a]! || a - b),
    );

    const deadlines = async (order: string) =>
      (await list(`reservation/list?sortBy=paymentDeadline&sortOrder=${order}`, manager)).items.map(
        (item) => (item.invoice as { paymentDeadline: string | null }).paymentDeadline,
      );
    const ascending = await deadlines('ASC');
    const descending = await deadlines('DESC');
    // Card bookings have no deadline and come last either way.
    expect(ascending.slice(-2)).toEqual([null, null]);
    expect(descending.slice(-2)).toEqual([null, null]);
    const dated = ascending.filter((deadline) => deadline !== null) as string[];
    expect(dated).toEqual([...dated].sort());
    expect(descending.filter((deadline) => deadline !== null)).toEqual([...dated].reverse());
  });

  it('orders and pages a narrowed list (one pass over what matches) as the wide list walks it', async () => {
    // A creation day range from long ago narrows nothing away, but takes the narrowed lists' path.
    const narrowed = 'createdAtInterval[from]=2000-01-01';
    for (const sortBy of ['createdAt', 'id', 'paymentDeadline', 'total']) {
      for (const sortOrder of ['ASC', 'DESC']) {
        const query = `sortBy=${sortBy}&sortOrder=${sortOrder}`;
        const wide = await list(`reservation/list?${query}`, manager);
        const pages = await Promise.all(
          [0, 1, 2].map((page) =>
            list(`reservation/list?${query}&${narrowed}&pageSize=3&page=${page}`, manager),
          ),
        );
        expect(
          pages.map((page) => page.total),
          query,
        ).toEqual([wide.total, wide.total, wide.total]);
        expect(
          pages.flatMap((page) => page.items),
          query,
        ).toEqual(wide.items);
      }
    }
  });

  it('pages through the same order with the total of all matches, and refuses more than 500 a page', async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((page) => list(`reservation/list?pageSize=3&page=${page}`, manager)),
    );
    expect(pages.map((page) => page.total)).toEqual([8, 8, 8]);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 2]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      sorted(activeOpen()).reverse(),
    );
    expect((await list('reservation/list?pageSize=3&page=3', manager)).items).toEqual([]);
    expect((await api('GET', 'reservation/list?pageSize=500', manager)).status).toBe(200);
    const tooBig = await api('GET', 'reservation/list?pageSize=501', manager);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0]).toMatchObject({
      code: 'ERROR_MAXIMUM',
      field: 'pageSize',
      params: { limit: 500 },
    });
  });

  it('is for staff with the list role: agents and customers get 403', async () => {
    for (const token of [agent, otherAgent, customer]) {
      expect((await api('GET', 'reservation/list', token)).status).toBe(403);
    }
    expect((await api('GET', 'reservation/list')).status).toBe(401);
    expect((await list('reservation/list', admin)).total).toBe(8);
  });
});

describe('the own reservation list', () => {
  it('shows an agent what they booked or own, never another agent’s or a guest’s bookings', async () => {
    expect(sorted(await idsOf('user/me/reservation/list', agent))).toEqual(sorted([r.agent, r.mixed]));
    expect(await idsOf('user/me/reservation/list', otherAgent)).toEqual([r.otherAgent]);
    // Owner and reservator filters are not part of the own list: they change nothing.
    expect(
      sorted(
        await idsOf(
          `user/me/reservation/list?ownerId=${user.otherAgent}&reservatorId=${user.manager}`,
          agent,
        ),
      ),
    ).toEqual(sorted([r.agent, r.mixed]));
    expect(await idsOf('user/me/reservation/list?query=Teuta', agent)).toEqual([]);
    expect(await idsOf('user/me/reservation/list?query=Vjosa', agent)).toEqual([]);
  });

  it('takes the same filters and defaults', async () => {
    expect(await idsOf('user/me/reservation/list?paymentTerms[]=airport', agent)).toEqual([r.mixed]);
    const mine = await list('user/me/reservation/list', manager);
    expect(mine.total).toBe(4);
    expect(sorted(await idsOf('user/me/reservation/list?isActive=false', manager))).toEqual(
      sorted([r.departed, r.cancelledFlight]),
    );
    expect(await idsOf('user/me/reservation/list?pageSize=1', manager)).toHaveLength(1);
    expect((await api('GET', 'user/me/reservation/list?pageSize=501', manager)).status).toBe(422);
  });

  it('hides the amounts of a booking whose price is hidden from its owner, and does not rank it by them', async () => {
    const own = await list('user/me/reservation/list', customer);
    expect(sorted(own.items.map((item) => item.id))).toEqual(sorted([r.customer, r.hidden]));
    const hidden = own.items.find((item) => item.id === r.hidden)!;
    expect(hidden.priceNeedsToBeHidden).toBe(true);
    expect(hidden.invoice).not.toHaveProperty('total');
    expect(hidden.invoice).not.toHaveProperty('totalPaid');
    expect(hidden.invoice).toMatchObject({ status: 'notPaid', paymentTerms: 'bill' });
    expect(own.items.find((item) => item.id === r.customer)?.invoice).toHaveProperty('total');
    for (const order of ['ASC', 'DESC']) {
      expect((await idsOf(`user/me/reservation/list?sortBy=total&sortOrder=${order}`, customer)).at(-1)).toBe(
        r.hidden,
      );
    }
    // The reservator who hid it, and staff, see the amounts.
    const asReservator = (await list(`user/me/reservation/list?query=${r.hidden}`, manager)).items[0]!;
    expect(asReservator.invoice).toHaveProperty('total', totals[r.hidden]);
    const asStaff = (await list(`reservation/list?query=${r.hidden}`, admin)).items[0]!;
    expect(asStaff.invoice).toHaveProperty('total', totals[r.hidden]);
  });

  it('needs a login', async () => {
    expect((await api('GET', 'user/me/reservation/list')).status).toBe(401);
  });
});

describe('the owner and reservator filters', () => {
  const names = async (query: string) =>
    (await list(`reservation/user/list?${query}`, manager)).items.map((item) => item.displayName);

  it('lists owners or reservators by name, with their e-mail and type', async () => {
    expect(await names('isReservator=false')).toEqual(['Alpen Reisen GmbH', 'Arben Berisha', 'Zeta Travel']);
    expect(await names('isReservator=true')).toEqual([
      'Alpen Reisen GmbH',
      'Arben Berisha',
      'Mira Krasniqi',
      'Zeta Travel',
    ]);
    expect(await names('isReservator=true&sortOrder=DESC')).toEqual([
      'Zeta Travel',
      'Mira Krasniqi',
      'Arben Berisha',
      'Alpen Reisen GmbH',
    ]);
    expect((await list('reservation/user/list?query=zeta@agents', manager)).items).toEqual([
      { id: user.otherAgent, displayName: 'Zeta Travel', email: 'zeta@agents.test', type: 'agent' },
    ]);
    expect(await names('query=arben')).toEqual(['Arben Berisha']);
    expect(await names(`userId=${user.customer}`)).toEqual(['Arben Berisha']);
    // The admin never booked or owned anything.
    expect(await names(`userId=${user.admin}`)).toEqual([]);
    expect(await names('isActive=false')).toEqual([]);
  });

  it('is refused without its role', async () => {
    for (const token of [agent, customer]) {
      expect((await api('GET', 'reservation/user/list', token)).status).toBe(403);
    }
  });
});

describe('earlier passengers for a new booking', () => {
  const passengers = async (query: string, token = manager) =>
    (await list(`reservation/passenger/list?${query}`, token)).items as unknown as {
      firstName: string;
      lastName: string;
      isOwn: boolean;
    }[];
  const named = (items: { firstName: string; lastName: string; isOwn: boolean }[]) =>
    items.map((item) => `${item.isOwn ? 'own' : 'other'} ${item.firstName} ${item.lastName}`);

  it("offers at most 5 of the owner's passengers and 5 of others, each person once", async () => {
    const items = await passengers(`ownerId=${user.customer}`);
    expect(named(items)).toEqual([
      'own Arben Berisha',
      'own Ardit Kelmendi',
      'own Blerta Kelmendi',
      'own Dren Kelmendi',
      'own Era Kelmendi',
      // Arben Berisha also flies on another booking: he is only the owner's.
      'other Vjosa Berisha',
      'other Valon Dema',
      'other Drita Gashi',
      'other Luan Gashi',
      'other Besa Krasniqi',
    ]);
    expect(items[1]).toEqual({
      salutation: 'mr',
      firstName: 'Ardit',
      lastName: 'Kelmendi',
      gender: 'female',
      ageType: 'adult',
      birthday: '2000-01-01',
      isOwn: true,
    });
  });

  it('searches by name', async () => {
    expect(named(await passengers(`ownerId=${user.customer}&query=kelmendi`))).toHaveLength(5);
    // Luan Gashi flew twice; he is offered once.
    expect(named(await passengers(`ownerId=${user.customer}&query=GASHI`))).toEqual([
      'other Drita Gashi',
      'other Luan Gashi',
    ]);
    expect(named(await passengers('query=gashi%20luan'))).toEqual(['other Luan Gashi']);
  });

  it("shows only the owner's passengers to those who may not pick any known passenger", async () => {
    const zeta = (await api('GET', `user/${user.otherAgent}`, admin)).body;
    const granted = await api('PUT', `user/${user.otherAgent}`, admin, {
      id: user.otherAgent,
      group: zeta.group ? { id: zeta.group.id } : null,
      allowedSpecialRoles: ['ROLE_RESERVATION_PASSENGER_LIST_FILTERS'],
      deniedSpecialRoles: [],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(named(await passengers(`ownerId=${user.otherAgent}`, otherAgent))).toEqual(['own Teuta Morina']);
    expect(await passengers('query=gashi', otherAgent)).toEqual([]);
    // Another owner's passengers are theirs: naming that owner is refused, nothing listed.
    const foreign = await api('GET', `reservation/passenger/list?ownerId=${user.customer}`, otherAgent);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('Kelmendi');
    for (const token of [agent, customer]) {
      expect((await api('GET', 'reservation/passenger/list', token)).status).toBe(403);
    }
  });
});

describe('the invoice overview', () => {
  it('shows unpaid bills of open reservations, earliest deadline first', async () => {
    const body = await list('reservation/invoice/list', manager);
    // The departed booking still owes its bill; the paid bill and bookings on other terms stay out.
    expect(body.items.map((item) => item.id)).toEqual([r.departed, r.billPartly, r.hidden]);
    expect(body.total).toBe(3);
    expect(body.items.map((item) => (item.invoice as { paymentDeadline: string }).paymentDeadline)).toEqual([
      '2031-03-01',
      '2031-04-10',
      '2031-05-01',
    ]);
  });

  it('filters by payment status, deadline and text, and sorts', async () => {
    expect(await idsOf('reservation/invoice/list?paymentStatus[]=paid', manager)).toEqual([r.billPaid]);
    expect(
      await idsOf('reservation/invoice/list?paymentStatus[]=unpaid&paymentStatus[]=paid', manager),
    ).toEqual([r.departed, r.billPaid, r.billPartly, r.hidden]);
    expect(await idsOf('reservation/invoice/list?paymentStatus[]=notPaid', manager)).toEqual([
      r.departed,
      r.hidden,
    ]);
    expect(
      await idsOf(
        'reservation/invoice/list?deadlineDateInterval[from]=2031-04-01&deadlineDateInterval[to]=2031-04-30',
        manager,
      ),
    ).toEqual([r.billPartly]);
    expect(await idsOf('reservation/invoice/list?query=kelmendi', manager)).toEqual([r.hidden]);
    expect(await idsOf('reservation/invoice/list?sortOrder=DESC', manager)).toEqual([
      r.hidden,
      r.billPartly,
      r.departed,
    ]);
    // Card bookings and other terms never appear, whatever the status filter.
    expect(
      await idsOf(
        'reservation/invoice/list?paymentStatus[]=notPaid&paymentStatus[]=partly&paymentStatus[]=paid&paymentStatus[]=overpaid',
        manager,
      ),
    ).toEqual([r.departed, r.billPaid, r.billPartly, r.hidden]);
  });

  it('pages 15 by default and at most 50, and is only for those who may bill', async () => {
    const page = await list('reservation/invoice/list?pageSize=2&page=1', manager);
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((item) => item.id)).toEqual([r.hidden]);
    expect((await api('GET', 'reservation/invoice/list?pageSize=50', manager)).status).toBe(200);
    const tooBig = await api('GET', 'reservation/invoice/list?pageSize=51', manager);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors[0]).toMatchObject({ field: 'pageSize', params: { limit: 50 } });
    for (const token of [agent, customer]) {
      expect((await api('GET', 'reservation/invoice/list', token)).status).toBe(403);
    }
  });
});

describe('the totals', () => {
  /** Every id on every page of `url`, two at a time, and the total each page reported. */
  async function pagedThrough(url: string) {
    const separator = url.includes('?') ? '&' : '?';
    const first = await list(`${url}${separator}pageSize=2&page=0`, manager);
    const seen = first.items.map((item) => item.id);
    for (let page = 1; page * 2 < first.total; page += 1) {
      const next = await list(`${url}${separator}pageSize=2&page=${page}`, manager);
      expect(next.total, url).toBe(first.total);
      seen.push(...next.items.map((item) => item.id));
    }
    return { total: first.total, seen };
  }

  it('match the rows met when paging through, whichever side a list is counted from', async () => {
    // Cancelled with a fee on other terms (the overview shows the fee), and a bill cancelled free.
    const september = await createFlight('2031-09-01T05:30:00Z');
    const withFee = (await book(manager, [september], [person('Alba', 'Hyseni')], { paymentTerms: 'later' }))
      .id;
    const withoutFee = (
      await book(manager, [september], [person('Genc', 'Hyseni')], {
        paymentTerms: 'bill',
        paymentDeadline: '2031-08-01',
      })
    ).id;
    expect((await api('POST', `reservation/${withFee}/cancel`, manager, { fee: 30 })).status).toBe(200);
    expect((await api('POST', `reservation/${withoutFee}/cancel`, manager, { fee: 0 })).status).toBe(200);
    const overview = await idsOf('reservation/invoice/list?pageSize=50', manager);
    expect(overview).toContain(withFee);
    expect(overview).not.toContain(withoutFee);

    for (const url of [
      'reservation/list',
      'reservation/list?isActive=false',
      'reservation/list?reservationStatus[]=cancelled&isActive=false',
      'reservation/list?flightDateInterval[from]=2031-06-01&flightDateInterval[to]=2031-07-15',
      'reservation/list?flightDateInterval[from]=2031-06-01&flightDateInterval[to]=2031-07-15&paymentStatus[]=notPaid&paymentStatus[]=partly',
      'reservation/list?flightDateInterval[from]=2031-06-01&flightDateInterval[to]=2031-09-15&isActive=false',
      'reservation/invoice/list',
      'reservation/invoice/list?paymentStatus[]=notPaid',
      'reservation/invoice/list?deadlineDateInterval[from]=2031-04-01',
      'reservation/invoice/list?query=hyseni',
      'reservation/invoice/list?paymentStatus[]=unpaid&paymentStatus[]=paid',
    ]) {
      const { total, seen } = await pagedThrough(url);
      expect(new Set(seen).size, url).toBe(seen.length);
      expect(seen.length, url).toBe(total);
      const separator = url.includes('?') ? '&' : '?';
      expect(sorted(seen), url).toEqual(sorted(await idsOf(`${url}${separator}pageSize=50`, manager)));
    }
    expect((await pagedThrough('reservation/invoice/list')).seen).toContain(withFee);
  });
});
