import { officeToday } from '@flybook/domain';
import { sql } from 'drizzle-orm';
import { allotments } from '../db/schema/index.ts';
import { agentBody } from './agents.ts';
import { billing } from './bookings.ts';
import type { TestApp, TestResponse } from './harness.ts';

/**
 * The people and records the authorization tests call with (docs/security.md, "Authorization"):
 * the four demo users and an admin, a manager whose roles are all denied, and a second customer
 * and agent with data of their own. Every own-data record exists twice, once per owner, so a
 * test can ask for the other one's.
 */

/** Who calls in the matrix: anonymous, the demo users, and a user without any role. */
export const CALLERS = ['anonymous', 'customer', 'agent', 'manager', 'noRoles', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Person {
  token: string;
  id: number;
  roles: ReadonlySet<string>;
}

export interface Owned {
  /** A reservation the person owns (customers) or booked (agents), paid so its documents print. */
  reservationId: number;
  invoiceId: number;
}

export interface AuthzFixture {
  people: Record<Exclude<Caller, 'anonymous'>, Person> & { customer2: Person; agent2: Person };
  /** A flight with bookings and an allotment of the demo agent. */
  flightId: number;
  /** A passenger on that flight (of the customer's reservation). */
  passengerId: number;
  customerReservation: Owned;
  customer2Reservation: Owned;
  agentReservation: Owned;
  agent2Reservation: Owned;
  /** A guest booking (no owner) and the key its booker got. */
  guestReservation: Owned & { guestKey: string | undefined; total: number };
  /** The demo agent's allotment invoice (seeded) and one of the second agent. */
  agentAllotmentInvoiceId: number;
  agent2AllotmentInvoiceId: number;
  /** A balance-log record (a desk payment) for the cashback PDF. */
  balanceLogRecordId: number;
  cashAccountId: number;
}

const ok = (what: string, response: TestResponse, status = [200, 201]) => {
  if (!status.includes(response.status))
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
  return response.body;
};

async function person(t: TestApp, login: string, password?: string): Promise<Person> {
  const token = await t.login(login, password);
  const me = ok(`user/me of ${login}`, await t.api('GET', 'user/me', token));
  return { token, id: me.id, roles: new Set(me.roles as string[]) };
}

const rows = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

export async function createAuthzFixture(t: TestApp): Promise<AuthzFixture> {
  const admin = await person(t, 'admin');
  const manager = await person(t, 'manager');
  const agent = await person(t, 'agent');
  const customer = await person(t, 'customer');
  const countries = ok('countries', await t.api('GET', 'country/entire-list', admin.token)).items as {
    id: number;
    code: string;
  }[];
  const ch = countries.find((country) => country.code === 'CH')!.id;

  // A manager whose group's roles are all denied: logged in, holding nothing.
  const bare = ok(
    'create manager',
    await t.api('POST', 'manager', admin.token, {
      email: 'no.roles@example.test',
      displayName: 'No Roles',
      language: 'en',
      country: { id: ch },
      password: 'no-roles-pass',
      passwordConfirm: 'no-roles-pass',
    }),
  );
  const permissions = ok('permissions', await t.api('GET', `user/${bare.id}`, admin.token));
  ok(
    'deny all roles',
    await t.api('PUT', `user/${bare.id}`, admin.token, {
      id: bare.id,
      group: permissions.group ? { id: permissions.group.id } : null,
      allowedSpecialRoles: [],
      deniedSpecialRoles: permissions.group?.roles ?? [],
    }),
  );
  const noRoles = await person(t, 'no.roles@example.test', 'no-roles-pass');
  if (noRoles.roles.size > 0) throw new Error(`the role-less user holds ${[...noRoles.roles].join(', ')}`);

  ok(
    'create customer 2',
    await t.api('POST', 'customer', admin.token, {
      email: 'second.customer@example.test',
      salutation: 'mrs',
      firstName: 'Drita',
      lastName: 'Hoxha',
      street: 'Bahnhofstrasse 1',
      zip: '8001',
      city: 'Zürich',
      country: { id: ch },
      language: 'sq',
      birthday: '1990-04-12',
      phoneMobile: '+41 79 123 45 67',
      password: 'second-customer',
      passwordConfirm: 'second-customer',
    }),
  );
  const customer2 = await person(t, 'second.customer@example.test', 'second-customer');
  ok(
    'create agent 2',
    await t.api(
      'POST',
      'agent',
      admin.token,
      agentBody(ch, {
        email: 'second.agent@example.test',
        company: 'Ilirida Travel',
        password: 'second-agent',
        passwordConfirm: 'second-agent',
      }),
    ),
  );
  const agent2 = await person(t, 'second.agent@example.test', 'second-agent');

  // The demo agent's allotments: one invoiced by the seed, the others open on future flights.
  const allotmentList: {
    id: number;
    flight: { id: number; departure: string };
    invoice: { id: number } | null;
  }[] = [];
  for (const status of ['open', 'invoiced']) {
    const url = `allotment/list?agentId=${agent.id}&invoicedStatus=${status}&pageSize=50&flightDateInterval[from]=2000-01-01&flightDateInterval[to]=2099-12-31`;
    allotmentList.push(...ok('allotments', await t.api('GET', url, admin.token)).items);
  }
  const invoiced = allotmentList.find((row) => row.invoice);
  if (!invoiced) throw new Error('the demo agent has no invoiced allotment');
  const future = allotmentList
    .filter((row) => !row.invoice && Date.parse(row.flight.departure) > Date.now() + 7 * 86_400_000)
    .sort((a, b) => Date.parse(a.flight.departure) - Date.parse(b.flight.departure));
  const flightId = (future[0] ?? invoiced).flight.id;

  const [cash] = await rows<{ id: number }>(
    t.database.db.execute(sql`select id from accounts where virtual_code = 'CASH_ZRH'`),
  );
  const cashAccountId = cash!.id;

  /** Books one traveller on the flight and pays it at the cash desk, so its documents print. */
  const book = async (token: string | undefined, firstName: string, terms: 'now' | 'later' | 'bill') => {
    const response = await t.api('POST', 'reservation', token, {
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [
        { firstName, lastName: 'Authz', gender: 'female', ageType: 'adult', birthday: '1988-02-11' },
      ],
      billingInformation: billing({
        firstName,
        lastName: 'Authz',
        email: `${firstName.toLowerCase()}.authz@example.test`,
        language: 'en',
      }),
      paymentTerms: terms,
    });
    const body = ok(`booking of ${firstName}`, response);
    return body as {
      id: number;
      invoice: { id: number; total: number };
      passengers: { id: number }[];
      guestKey?: string;
    };
  };
  const paid = async (reservation: Awaited<ReturnType<typeof book>>): Promise<Owned> => {
    ok(
      'desk payment',
      await t.api('POST', 'payment/reservation/invoice', admin.token, {
        amount: reservation.invoice.total,
        paymentTypeCode: 'cash',
        reservationInvoiceId: reservation.invoice.id,
        accountId: cashAccountId,
      }),
    );
    return { reservationId: reservation.id, invoiceId: reservation.invoice.id };
  };

  const customerBooking = await book(customer.token, 'Arta', 'now');
  const customerReservation = await paid(customerBooking);
  const customer2Reservation = await paid(await book(customer2.token, 'Blerta', 'now'));
  const agentReservation = await paid(await book(agent.token, 'Clirim', 'later'));
  const agent2Reservation = await paid(await book(agent2.token, 'Dardan', 'later'));
  const guestBooking = await book(undefined, 'Era', 'now');
  const guestReservation = {
    reservationId: guestBooking.id,
    invoiceId: guestBooking.invoice.id,
    guestKey: guestBooking.guestKey,
    total: guestBooking.invoice.total,
  };

  // An allotment of the second agent on the same flight, and an invoice of it.
  const [open] = await t.database.db
    .insert(allotments)
    .values({ flightId, agentId: agent2.id, tariffGroupId: 1, seatsNumber: 2, costPerSeat: 10_000 })
    .returning({ id: allotments.id });
  // Invoice dates and deadlines are the office's days.
  const today = officeToday();
  const agent2Invoice = ok(
    'allotment invoice of agent 2',
    await t.api('POST', 'allotment/invoice', admin.token, {
      ids: [open!.id],
      agent: { id: agent2.id },
      title: 'Second agent',
      invoiceDate: today,
      paymentDeadline: today,
    }),
  );

  const [record] = await rows<{ id: number }>(
    t.database.db.execute(
      sql`select id from balance_log_records where reservation_id = ${customerReservation.reservationId} order by id limit 1`,
    ),
  );

  return {
    people: { admin, manager, agent, customer, noRoles, customer2, agent2 },
    flightId,
    passengerId: customerBooking.passengers[0]!.id,
    customerReservation,
    customer2Reservation,
    agentReservation,
    agent2Reservation,
    guestReservation,
    agentAllotmentInvoiceId: invoiced.invoice!.id,
    agent2AllotmentInvoiceId: agent2Invoice.id,
    balanceLogRecordId: record!.id,
    cashAccountId,
  };
}
