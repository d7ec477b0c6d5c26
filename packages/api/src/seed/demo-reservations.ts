// The demo airline's season (issue 29 item 6): a few hundred reservations booked through the booking
// engine's own services, so every rule, seat count, version and ledger record in the demo is the one
// the API itself writes. `npm start` runs it once, on an empty database, after `seedIfEmpty`
// (server.ts); the test harness and the bench seed without it, so their tests see an empty season.
import { officeDayOf, shiftDay } from '@flybook/domain';
import {
  CreateAllotmentInvoiceBody,
  FlightPassengerSelectionQuery,
  type Reservation,
  ReservationBody,
  UpdateReservationBody,
} from '@flybook/schemas';
import { and, asc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, airports, allotments, flights } from '../db/schema/index.ts';
import type { AuthUser } from '../http/routes.ts';
import { createAllotmentPayments } from '../modules/allotments/allotment-payments.ts';
import { createAllotmentsService } from '../modules/allotments/allotments.service.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createFlightOperationsService } from '../modules/flights/flight-operations.service.ts';
import { createPassengersService } from '../modules/passengers/passengers.service.ts';
import { createPnlService } from '../modules/passengers/pnl.service.ts';
import { createCardPaymentsService } from '../modules/payments/card-payments.service.ts';
import type { CardProvider, ProviderTransaction } from '../modules/payments/card-provider.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createRefunds } from '../modules/payments/refunds.ts';
import { createReservationsService } from '../modules/reservations/reservations.service.ts';
import { seedDemoFlights } from './demo-flights.ts';
import { DEMO_PASSWORD } from './seed.ts';

/** How many reservations the season's bulk books (the special cases come on top). */
export const DEMO_RESERVATIONS = 250;
/** The seed of the season's PRNG (issue 29, item 6): every first start books the same season. */
const SEASON_SEED = 296;

/** mulberry32: a small, seedable PRNG (the season must not depend on Math.random). */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof prng>;

const FIRST_NAMES = {
  male: [
    'Arben',
    'Luca',
    'Besnik',
    'Noah',
    'Driton',
    'Marco',
    'Ilir',
    'Jonas',
    'Agon',
    'Fatos',
    'Elias',
    'Blerim',
  ],
  female: [
    'Vjosa',
    'Lea',
    'Drita',
    'Mia',
    'Albana',
    'Sara',
    'Teuta',
    'Nora',
    'Elira',
    'Anna',
    'Arta',
    'Lina',
  ],
};
const LAST_NAMES = [
  'Berisha',
  'Krasniqi',
  'Gashi',
  'Hoxha',
  'Shala',
  'Meier',
  'Müller',
  'Bajrami',
  'Kelmendi',
  'Morina',
  'Ahmeti',
  'Keller',
  'Rexhepi',
  'Weber',
  'Osmani',
  'Dauti',
  'Stojanovski',
  'Leka',
];
const CITIES = [
  { street: 'Langstrasse 10', zip: '8004', city: 'Zürich', country: 'CH', phone: '+41 79 555 12 12' },
  { street: 'Steinenvorstadt 3', zip: '4051', city: 'Basel', country: 'CH', phone: '+41 78 123 45 67' },
  { street: 'Rue du Rhône 40', zip: '1204', city: 'Genève', country: 'CH', phone: '+41 76 222 33 44' },
  { street: 'Rruga Garibaldi 7', zip: '10000', city: 'Prishtinë', country: 'KV', phone: '+383 44 123 456' },
];

type Body = z.output<typeof ReservationBody>;
type Booker = 'staff' | 'agent' | 'customer' | 'guest';
type PaymentMethod = 'cash' | 'bank' | 'transfer' | 'account' | 'card';
type PaymentTarget = 'notPaid' | 'partly' | 'paid';

interface DemoFlight {
  id: number;
  number: string;
  departure: Date;
  origin: string;
  destination: string;
  past: boolean;
}

/**
 * The card provider's stand-in for the seed: the customer "pays" on no page, every transaction is
 * authorized at once and settles when asked, credits (refunds) are accepted. The card payments
 * service and the refunds run unchanged on it, so a demo card payment is booked exactly as the
 * provider's confirmation books one (card transaction, ledger record from the card provider's
 * account, invoice payment, reservation version). No HTTP server is needed at seeding time.
 */
function demoCardProvider(config: Pick<Config, 'publicUrl'>): CardProvider {
  const transactions = new Map<string, { refno: string; amount: number; settled: boolean }>();
  let count = 0;
  const transaction = (transactionId: string): ProviderTransaction => {
    const found = transactions.get(transactionId);
    if (!found) throw new Error(`demo card provider: no transaction ${transactionId}`);
    return {
      transactionId,
      type: 'payment',
      status: found.settled ? 'settled' : 'authorized',
      refno: found.refno,
      detail: {
        authorize: { amount: found.amount },
        ...(found.settled ? { settle: { amount: found.amount } } : {}),
      },
    };
  };
  return {
    async init(input) {
      count += 1;
      const transactionId = `DEMO${String(count).padStart(6, '0')}`;
      transactions.set(transactionId, { refno: input.refno, amount: input.amount, settled: false });
      return { transactionId, paymentPageUrl: `${config.publicUrl}/payments-sim/v1/start/${transactionId}` };
    },
    status: async (transactionId) => transaction(transactionId),
    async settle(transactionId) {
      transaction(transactionId);
      transactions.get(transactionId)!.settled = true;
    },
    async cancel(transactionId) {
      transactions.delete(transactionId);
    },
    async credit(transactionId) {
      return { transactionId: `${transactionId}C` };
    },
    verifyWebhook: () => false,
  };
}

/** The day a traveller of `ageType` was born, for a trip on `day` (an adult 25–60, a child 7, an infant under 1). */
function birthdayFor(random: Random, ageType: 'adult' | 'child' | 'infant', day: string): string {
  const years = ageType === 'adult' ? random.int(25, 60) : ageType === 'child' ? 7 : 0;
  const months = ageType === 'infant' ? 3 : 0;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - months, random.int(1, 28));
  return date.toISOString().slice(0, 10);
}

/** What the season did, for the start log and the test. */
export interface DemoSeasonResult {
  reservations: number;
  /** Bookings or payments the engine refused (a seat sold out, a rule): 0 in a healthy season. */
  refused: string[];
  milliseconds: number;
  /** CPU time of the process meanwhile (user + system): the cost without a busy machine's waits. */
  cpuMilliseconds: number;
  /** A paid booking on a flight open for online check-in now, if the timetable has one. */
  checkIn: { recordLocator: string; lastName: string; flight: string } | null;
}

/**
 * Books the demo airline's season through the API's services (docs/demo-airline.md): past weeks
 * of the timetable and the coming 60 days, reservations by desk staff, the demo agent, the demo
 * customer and guests, in every reservation status and invoice state, paid by cash, bank (ec),
 * transfer, agent account and card; cancellations with refunds and fees, a split, a change that
 * leaves an invoice overpaid, card bookings expired and waiting, a recorded PNL and ADL, and an
 * allotment invoice paid by transfer.
 *
 * Past flights: the engine does not sell departed flights to agents and guests, and marks a flight
 * departed only once it has left. So the seed first writes the past weeks' flights as the timetable
 * does (open, with their real past dates), lets the desk book and take payments on them (staff may
 * book any flight not closed, for themselves or for the agent and customer as owners), and then
 * marks each departed through the flight operations, as the departure control does. Agents,
 * customers and guests book the coming flights only. The records' times are those of the seeding.
 */
export async function seedDemoSeason(
  db: Db,
  config: Config,
  options: { today?: Date; reservations?: number } = {},
): Promise<DemoSeasonResult> {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const today = options.today ?? new Date();
  const count = options.reservations ?? DEMO_RESERVATIONS;
  const random = prng(SEASON_SEED);
  const refused: string[] = [];

  await db.transaction((tx) => seedDemoFlights(tx, today, { first: -28, last: -1 }));

  const provider = demoCardProvider(config);
  // A season gone by: its fictional contacts are told nothing now (MessageSettings.bookingNotices).
  const messages = { publicUrl: config.publicUrl, bookingNotices: false };
  const reservations = createReservationsService(db, {
    paymentWindowMinutes: config.paymentWindowMinutes,
    refundOnCancel: createRefunds(provider),
    messages,
  });
  const payments = createPaymentsService(db, reservations);
  const cards = createCardPaymentsService(db, provider, reservations, config);
  const operations = createFlightOperationsService(db, { reservations, messages });
  const pnl = createPnlService(db);
  const passengers = createPassengersService(db, reservations);
  const allotmentsService = createAllotmentsService(db);
  const allotmentPayments = createAllotmentPayments(db, allotmentsService);

  // The demo users sign in as anyone does; their sessions are ended when the season is booked.
  const auth = createAuthService(db, config);
  const signIn = async (email: string) => {
    const { token } = await auth.login(email, DEMO_PASSWORD, '127.0.0.1');
    return (await auth.authenticate(token))!;
  };
  const manager = await signIn('manager@flybook.test');
  const agent = await signIn('agent@flybook.test');
  const customer = await signIn('customer@flybook.test');
  const admin = await signIn('admin@flybook.test');
  const staff = [manager, admin];

  const desks = new Map(
    (await db.select({ id: accounts.id, code: accounts.virtualCode }).from(accounts)).map((row) => [
      row.code,
      row.id,
    ]),
  );

  const origin = alias(airports, 'origin');
  const destination = alias(airports, 'destination');
  const allFlights: DemoFlight[] = (
    await db
      .select({
        id: flights.id,
        number: flights.number,
        departure: flights.departure,
        origin: origin.code,
        destination: destination.code,
      })
      .from(flights)
      .innerJoin(origin, eq(origin.id, flights.originAirportId))
      .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
      .orderBy(asc(flights.departure), asc(flights.id))
  ).map((row) => ({ ...row, past: row.departure.getTime() < today.getTime() }));
  const coming = allFlights.filter((flight) => !flight.past);
  const agentFlights = coming.filter(
    (flight) => flight.departure.getTime() - today.getTime() > 3 * 86_400_000,
  );

  /** The return flight of a trip: the same route back, 4 to 14 days later. */
  const returnOf = (outbound: DemoFlight) =>
    allFlights.find(
      (flight) =>
        flight.origin === outbound.destination &&
        flight.destination === outbound.origin &&
        flight.departure.getTime() - outbound.departure.getTime() > 4 * 86_400_000 &&
        flight.departure.getTime() - outbound.departure.getTime() < 14 * 86_400_000,
    );

  /** A booking body: a party of one to four on a flight (and its return), contact the first adult. */
  function bodyOf(
    outbound: DemoFlight,
    terms: Body['paymentTerms'],
    extra: { roundTrip?: boolean; party?: number; owner?: number; tariffId?: number } = {},
  ): Body {
    const party = extra.party ?? random.pick([1, 1, 1, 2, 2, 2, 3, 4]);
    const family = random.pick(LAST_NAMES);
    const ages: ('adult' | 'child' | 'infant')[] =
      party === 4 ? ['adult', 'adult', 'child', 'infant'] : party === 3 ? ['adult', 'adult', 'child'] : [];
    while (ages.length < party) ages.push('adult');
    const day = officeDayOf(outbound.departure);
    const passengers = ages.map((ageType, index) => {
      const gender = index % 2 === 0 ? 'male' : 'female';
      return {
        salutation: gender === 'male' ? 'mr' : 'mrs',
        firstName: random.pick(FIRST_NAMES[gender]),
        lastName: family,
        gender,
        ageType,
        birthday: birthdayFor(random, ageType, day),
      };
    });
    const back = extra.roundTrip ? returnOf(outbound) : undefined;
    const tariffId = extra.tariffId ?? random.pick([1, 1, 1, 2]);
    const place = random.pick(CITIES);
    const first = passengers[0]!;
    const mail = `${first.firstName}.${family}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    return ReservationBody.parse({
      bookedFlights: [outbound, ...(back ? [back] : [])].map((flight) => ({
        flight: { id: flight.id },
        tariff: { id: tariffId },
      })),
      passengers,
      billingInformation: {
        salutation: first.salutation,
        firstName: first.firstName,
        lastName: family,
        email: `${mail}@example.test`,
        street: place.street,
        zip: place.zip,
        city: place.city,
        country: place.country,
        birthday: first.birthday,
        phoneMobile: place.phone,
        language: place.country === 'KV' ? 'sq' : random.pick(['de', 'de', 'en', 'fr']),
      },
      paymentTerms: terms,
      ...(extra.owner === undefined ? {} : { owner: { id: extra.owner } }),
    });
  }

  const booked: { reservation: Reservation; body: Body; booker: Booker; flight: DemoFlight }[] = [];
  const outstanding = (reservation: Reservation) =>
    Math.round(((reservation.invoice.total ?? 0) - (reservation.invoice.totalPaid ?? 0)) * 100) / 100;

  /** Books a body as `who`; a refusal is noted (the season goes on) and answers null. */
  async function book(who: AuthUser | null, body: Body, label: string) {
    try {
      return await reservations.create(who, body);
    } catch (error) {
      refused.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** Pays `amount` (CHF) of a reservation by `method`, as `payer`; answers the reservation after it. */
  async function pay(
    payer: AuthUser | null,
    reservation: Reservation,
    method: PaymentMethod,
    amount: number,
    flight: DemoFlight,
  ): Promise<Reservation | null> {
    try {
      if (method === 'card') {
        const started = await cards.initReservation(payer, {
          source: payer === null || payer.type === 'customer' ? 'customerReservation' : 'reservationPayment',
          reservationId: reservation.id,
          amount,
          locale: reservation.language,
          ...(reservation.guestKey ? { guestKey: reservation.guestKey } : {}),
        });
        // The provider's confirmation: the return page's confirm for a signed-in payer, the
        // status poll of the public result page for a guest.
        if (payer) await cards.confirm(payer, started.transactionId);
        else await cards.publicStatus(reservation.id, started.transactionId);
        // Only the desk's bookings are read again (they may be cancelled or split below).
        return payer?.type === 'manager' || payer?.type === 'admin'
          ? await reservations.get(manager, reservation.id)
          : null;
      }
      const desk =
        method === 'cash'
          ? desks.get(
              flight.origin === 'SKP' ? 'CASH_SKP' : flight.origin === 'PRN' ? 'CASH_PRN' : 'CASH_ZRH',
            )
          : method === 'transfer'
            ? desks.get('TRANSFER')
            : undefined;
      const answer = await payments.payInvoice(payer!, {
        amount,
        paymentTypeCode: method === 'bank' ? 'BANK_EC' : method,
        reservationInvoiceId: reservation.invoice.id,
        ...(desk === undefined ? {} : { accountId: desk }),
      });
      return answer.reservation;
    } catch (error) {
      refused.push(
        `pay ${reservation.id} by ${method}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }

  // The demo agent's account is topped up by card (the agent's own card payment), so it can pay
  // its bookings on account.
  const topUp = await cards.initAgent(agent, {
    source: 'agentAccount',
    amount: 40_000,
    agentId: agent.id,
    routeName: '/reservation/list',
  });
  await cards.confirm(agent, topUp.transactionId);

  // The bulk: who books, on which flight, on what terms, and how much of it is paid by what.
  for (let n = 0; n < count; n += 1) {
    let flight = random.pick(random.chance(0.3) ? allFlights.filter((f) => f.past) : coming);
    const booker: Booker = flight.past
      ? 'staff'
      : random.pick(['staff', 'staff', 'agent', 'agent', 'customer', 'guest', 'guest']);
    if (booker === 'agent' && !agentFlights.includes(flight)) flight = random.pick(agentFlights);
    const roundTrip = random.chance(0.3);
    let who: AuthUser | null;
    let body: Body;
    let methods: PaymentMethod[];
    if (booker === 'staff') {
      who = random.pick(staff);
      // The desk also books for the agent and the customer (as owners), mostly on past flights.
      const owner = random.chance(0.15) ? random.pick([agent.id, customer.id]) : undefined;
      body = bodyOf(flight, random.pick(['bill', 'bill', 'later', 'airport'] as const), {
        roundTrip,
        ...(owner === undefined ? {} : { owner }),
      });
      methods = owner === agent.id ? ['account'] : ['cash', 'cash', 'bank', 'transfer', 'transfer', 'card'];
    } else if (booker === 'agent') {
      who = agent;
      // The agent books its ZRH–PRN block (the engine takes those seats from the allotment first).
      body = bodyOf(flight, 'later', { roundTrip, tariffId: 1 });
      methods = ['account'];
    } else {
      who = booker === 'customer' ? customer : null;
      body = bodyOf(flight, 'now', { roundTrip, tariffId: random.pick([1, 1, 2]) });
      methods = ['card'];
    }
    const reservation = await book(who, body, `booking ${n} (${booker}, ${flight.number})`);
    if (!reservation) continue;
    // Card bookings are paid in full (unpaid ones come below, as the only "created" ones); past
    // flights were mostly paid; coming ones paid, partly paid or not yet.
    const target: PaymentTarget =
      body.paymentTerms === 'now'
        ? 'paid'
        : flight.past
          ? random.pick(['paid', 'paid', 'paid', 'paid', 'paid', 'partly', 'notPaid'])
          : random.pick(['paid', 'paid', 'partly', 'notPaid', 'notPaid']);
    let current: Reservation | null = reservation;
    const method = random.pick(methods);
    const payer = method === 'account' ? (booker === 'agent' ? agent : manager) : who === null ? null : who;
    const total = outstanding(reservation);
    if (target === 'paid' && total > 0) {
      current = await pay(payer, reservation, method, total, flight);
    } else if (target === 'partly' && total > 1 && method !== 'account') {
      const first = Math.round(total * random.pick([0.2, 0.3, 0.5]));
      current = await pay(payer, reservation, method, first, flight);
      // Some pay their second part another way (a deposit in cash, the rest by transfer).
      if (current && booker === 'staff' && random.chance(0.3))
        current = await pay(payer, current, 'transfer', Math.round(outstanding(current) / 2), flight);
    }
    booked.push({ reservation: current ?? reservation, body, booker, flight });
  }

  const comingStaff = booked.filter(
    (entry) =>
      entry.booker === 'staff' &&
      !entry.flight.past &&
      entry.reservation.status !== 'cancelled' &&
      entry.body.bookedFlights.length === 1,
  );
  const used = new Set<number>();
  const take = (where: (entry: (typeof booked)[number]) => boolean) => {
    const found = comingStaff.find((entry) => !used.has(entry.reservation.id) && where(entry));
    if (found) used.add(found.reservation.id);
    return found;
  };

  // Cancellations: unpaid without a fee, paid with a fee (the rest refunded the way it came),
  // unpaid with a fee (owed, a receivable), and one whose fee was then paid at the desk.
  const cancellations = [
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'notPaid', fee: 0 },
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'notPaid', fee: 0 },
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'paid', fee: 50 },
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'paid', fee: 0 },
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'partly', fee: 30 },
    {
      where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'notPaid',
      fee: 40,
      payFee: true,
    },
    { where: (e: (typeof booked)[number]) => e.reservation.invoice.status === 'notPaid', fee: 25 },
  ];
  for (const { where, fee, payFee } of cancellations) {
    const entry = take(where);
    if (!entry) {
      refused.push(`no reservation to cancel with fee ${fee}`);
      continue;
    }
    try {
      let cancelled = await reservations.cancel(
        manager,
        entry.reservation.id,
        Math.min(fee, entry.reservation.invoice.total ?? 0),
      );
      if (payFee && outstanding(cancelled) > 0)
        cancelled =
          (await pay(manager, cancelled, 'cash', outstanding(cancelled), entry.flight)) ?? cancelled;
      entry.reservation = cancelled;
    } catch (error) {
      refused.push(
        `cancel ${entry.reservation.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  // Splits: a passenger of a partly paid and of a paid party moves into a reservation of their own.
  for (const status of ['partly', 'paid'] as const) {
    const entry = take(
      (e) =>
        e.reservation.invoice.status === status &&
        e.reservation.passengers.filter((p) => p.ageType === 'adult').length >= 2,
    );
    const moved = entry?.reservation.passengers.filter((p) => p.ageType === 'adult').at(-1);
    if (!entry || !moved) {
      refused.push(`no ${status} party to split`);
      continue;
    }
    try {
      await reservations.split(manager, entry.reservation.id, moved.id);
    } catch (error) {
      refused.push(
        `split ${entry.reservation.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  // A change: a paid party of adults loses a traveller, so its invoice is overpaid (the money
  // waits to be given back or kept for the next booking).
  const changed = take(
    (e) =>
      e.reservation.invoice.status === 'paid' &&
      e.reservation.passengers.length >= 2 &&
      e.reservation.passengers.every((p) => p.ageType === 'adult'),
  );
  if (changed) {
    const { body, reservation } = changed;
    try {
      await reservations.update(
        manager,
        reservation.id,
        UpdateReservationBody.parse({
          ...body,
          passengers: reservation.passengers.slice(0, -1).map((passenger, index) => ({
            ...body.passengers[index],
            id: passenger.id,
          })),
          passengersSeats: [],
          paymentTerms: 'update',
          comment: 'One traveller stays home; the difference is kept for them.',
        }),
      );
    } catch (error) {
      refused.push(`change ${reservation.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else refused.push('no paid party of adults to change');

  // Card bookings never paid: two whose payment window passed (cancelled by the expiry, as the job
  // does), then three still waiting for their payment (they expire PAYMENT_WINDOW_MINUTES after
  // the start, like any).
  for (let n = 0; n < 2; n += 1)
    await book(null, bodyOf(random.pick(coming), 'now', { tariffId: 1 }), 'unpaid card');
  await reservations.expireUnpaid(new Date(Date.now() + (config.paymentWindowMinutes + 1) * 60_000));
  for (let n = 0; n < 3; n += 1) {
    const who = n === 0 ? customer : null;
    await book(who, bodyOf(random.pick(coming), 'now', { tariffId: 1 }), 'waiting card');
  }

  // The PNL of the next ZRH–PRN flight (the own list and the agent's), then a late booking and
  // the ADL that tells the departure control system of it.
  const nextZrhPrn = coming.find(
    (flight) => flight.number === 'FB100' && flight.departure.getTime() - today.getTime() > 3 * 86_400_000,
  );
  if (nextZrhPrn) {
    await pnl.send(manager, nextZrhPrn.id, { type: 'PNL' });
    await pnl.send(manager, nextZrhPrn.id, { type: 'PNL', agentId: agent.id });
    const late = await book(manager, bodyOf(nextZrhPrn, 'bill', { party: 1 }), 'late booking');
    if (late) await pay(manager, late, 'cash', outstanding(late), nextZrhPrn);
    await pnl.send(manager, nextZrhPrn.id, { type: 'ADL' });
  }

  // Departure control of the past weeks: a no-show on some flights, everyone else appeared.
  const pastFlights = allFlights.filter((f) => f.past);
  const noShows = new Map<number, number>();
  for (const entry of booked) {
    const first = entry.reservation.passengers[0];
    if (entry.flight.past && first && noShows.size < 6 && !noShows.has(entry.flight.id) && random.chance(0.2))
      noShows.set(entry.flight.id, first.id);
  }
  for (const flight of pastFlights) {
    try {
      const noShow = noShows.get(flight.id);
      if (noShow !== undefined)
        await passengers.setAppearing(manager, flight.id, noShow, {
          isAppeared: false,
          comment: 'Did not come to the gate.',
        });
      await passengers.setAppearingList(
        manager,
        flight.id,
        FlightPassengerSelectionQuery.parse({ appearing: ['pending'], excluded: true }),
        { isAppeared: true },
      );
    } catch (error) {
      refused.push(
        `appearing on ${flight.number}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  // The past weeks' flights have left: marked departed (after their bookings and payments).
  for (const flight of pastFlights) {
    try {
      await operations.setStatus(manager, flight.id, 'departed');
    } catch (error) {
      refused.push(`departed ${flight.number}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // The PNL of a departed flight was sent before it left.
  const lastDeparted = allFlights.filter((f) => f.past && f.number === 'FB100').at(-1);
  if (lastDeparted) await pnl.send(manager, lastDeparted.id, { type: 'PNL' });

  // The past weeks' allotments of the agent, invoiced and paid by bank transfer.
  const pastAllotments = await db
    .select({ id: allotments.id })
    .from(allotments)
    .innerJoin(flights, eq(flights.id, allotments.flightId))
    .where(and(eq(allotments.agentId, agent.id), lt(flights.departure, today)))
    .orderBy(asc(flights.departure));
  if (pastAllotments.length > 0) {
    const invoiceDate = shiftDay(officeDayOf(today), -28);
    const invoice = await allotmentsService.createInvoice(
      manager,
      CreateAllotmentInvoiceBody.parse({
        ids: pastAllotments.map((row) => row.id),
        agent: { id: agent.id },
        title: 'Allotments ZRH–PRN, past four weeks',
        invoiceDate,
        paymentDeadline: shiftDay(invoiceDate, 10),
        invoiceCompany: 'Alpen Reisen GmbH',
        discountDescription: 'Season discount',
        discount: 100,
      }),
    );
    await allotmentPayments.pay(manager, {
      amount: invoice.totalWithDiscount,
      paymentTypeCode: 'transfer',
      allotmentInvoiceId: invoice.id,
      accountId: desks.get('TRANSFER'),
    });
  }

  // A paid family on the next flight whose online check-in is open (docs/check-in.md), so the
  // check-in page and the gate's scan can be tried at once; the start log names its locator.
  const startedAt = Date.now();
  const checkInFlight = coming
    .filter((flight) => {
      const ahead = flight.departure.getTime() - startedAt;
      return ahead > 2 * 3_600_000 && ahead < config.checkInOpensHours * 3_600_000;
    })
    .sort((a, b) => a.departure.getTime() - b.departure.getTime())[0];
  let checkIn: { recordLocator: string; lastName: string; flight: string } | null = null;
  if (checkInFlight) {
    const family = await book(manager, bodyOf(checkInFlight, 'bill', { party: 4 }), 'check-in family');
    if (family) {
      await pay(manager, family, 'cash', outstanding(family), checkInFlight);
      checkIn = {
        recordLocator: family.recordLocator,
        lastName: family.billingInformation.lastName,
        flight: checkInFlight.number,
      };
    }
  }

  for (const user of [manager, agent, customer, admin]) await auth.logout(user);
  return {
    reservations: booked.length,
    checkIn,
    refused,
    milliseconds: Math.round(performance.now() - started),
    cpuMilliseconds: Math.round(
      (process.cpuUsage(cpuAtStart).user + process.cpuUsage(cpuAtStart).system) / 1000,
    ),
  };
}
