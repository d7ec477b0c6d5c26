import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueIds, flightBody } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createReservationsService } from './reservations.service.ts';

let t: TestApp;
let manager: string;
let agent: string;
let flightIds: number[];

const api: TestApp['api'] = (...args) => t.api(...args);

/**
 * What the stored reservations hold must be what the inventory counters say, on every flight and
 * tariff group: seats outside allotments in flight_seats.booked, seats inside in allotments.booked,
 * never more than the aircraft.
 */
async function inventoryMismatches(): Promise<unknown[]> {
  const result = await t.database.db.execute(sql`
    with held as (
      select t.flight_id, t.tariff_group_id, t.allotment_id
      from tickets t join reservation_passengers p on p.id = t.passenger_id
      where t.is_active and p.age_type <> 'infant'
    )
    select 'sale' as kind, fs.flight_id, fs.tariff_group_id, fs.booked as counter,
           (select count(*) from held h where h.flight_id = fs.flight_id and h.tariff_group_id = fs.tariff_group_id
              and h.allotment_id is null)::int as stored
    from flight_seats fs
    where fs.flight_id = any(${`{${flightIds.join(',')}}`}::int[])
    union all
    select 'allotment', a.flight_id, a.id, a.booked,
           (select count(*) from held h where h.allotment_id = a.id)::int
    from allotments a
    where a.flight_id = any(${`{${flightIds.join(',')}}`}::int[])
    union all
    select 'oversold', fs.flight_id, fs.tariff_group_id, fs.booked + fs.allotted, fs.total_seats
    from flight_seats fs
    where fs.flight_id = any(${`{${flightIds.join(',')}}`}::int[]) and fs.booked + fs.allotted > fs.total_seats
  `);
  // Both drivers answer { rows } through Drizzle's execute.
  const { rows } = result as unknown as { rows: { kind: string; counter: number; stored: number }[] };
  return rows.filter((row) => row.kind === 'oversold' || Number(row.counter) !== Number(row.stored));
}

type Operation =
  | {
      kind: 'create';
      flight: number;
      adults: number;
      infants: number;
      seat: number | null;
      asAgent: boolean;
      byCard: boolean;
    }
  | { kind: 'update'; pick: number; flight: number; adults: number }
  | { kind: 'split'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'expire' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    flight: fc.nat(2),
    adults: fc.integer({ min: 1, max: 3 }),
    infants: fc.nat(1),
    seat: fc.option(fc.integer({ min: 4, max: 9 }), { nil: null }),
    asAgent: fc.boolean(),
    byCard: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(20),
    flight: fc.nat(2),
    adults: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('split' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(20) }),
  fc.constant({ kind: 'expire' as const }),
);

const passenger = (index: number, ageType: 'adult' | 'infant') => ({
  firstName: `P${index}`,
  lastName: 'Random',
  gender: 'female',
  ageType,
  birthday: ageType === 'adult' ? '1990-01-01' : '2030-06-01',
});

const billing = {
  firstName: 'Rina',
  lastName: 'Random',
  email: 'rina@example.test',
  street: 'Weg 1',
  zip: '8000',
  city: 'Zürich',
  birthday: '1990-01-01',
  phoneMobile: '+41 79 000 00 00',
};

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  agent = await t.login('agent');
  const ids = await catalogueIds(t, manager);
  const agentId = (await api('GET', 'agent/list?query=agent@flybook', manager)).body.items[0].id;
  flightIds = [];
  for (const [index, seats] of [12, 6, 30].entries()) {
    const response = await api(
      'POST',
      'flight',
      manager,
      flightBody(ids, {
        number: `FB47${index}0`,
        departure: `2031-08-0${index + 1}T05:30:00Z`,
        arrival: `2031-08-0${index + 1}T07:45:00Z`,
        seatsByTariff: [
          {
            tariffGroup: { id: 1 },
            totalSeats: 168,
            numberOfSeatsToSale: seats,
            costPerSeat: 90,
            agentSeatsLimit: 4,
          },
        ],
        allotments: [{ agent: { id: agentId }, tariffGroup: { id: 1 }, seatsNumber: 3, costPerSeat: 80 }],
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    flightIds.push(response.body.id);
  }
});
afterAll(() => t.close());

describe('inventory counters', () => {
  it('always equal what the stored reservations hold, whatever happens in whatever order', async () => {
    const reservations = createReservationsService(t.database.db);
    const booked: {
      id: number;
      passengers: { id: number; ageType: string; firstName: string; birthday: string }[];
    }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 12 }), async (operations) => {
        for (const op of operations) {
          const target = booked.length > 0 && 'pick' in op ? booked[op.pick % booked.length] : undefined;
          if (op.kind === 'create') {
            const flightId = flightIds[op.flight]!;
            const passengers = [
              ...Array.from({ length: op.adults }, (_, index) => passenger(index, 'adult')),
              ...Array.from({ length: Math.min(op.infants, op.adults) }, (_, index) =>
                passenger(10 + index, 'infant'),
              ),
            ];
            const response = await api('POST', 'reservation', op.asAgent ? agent : manager, {
              bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
              passengers,
              passengersSeats:
                op.seat === null
                  ? []
                  : [{ passenger: 0, flight: { id: flightId }, seatLabel: `${op.seat + 10}C` }],
              billingInformation: billing,
              paymentTerms: op.byCard ? 'now' : op.asAgent ? 'later' : 'bill',
            });
            if (response.status === 201) booked.push(response.body);
            else
              expect(['ERROR_AVAILABLE_SEATS_NOT_ENOUGH', 'ERROR_BOOKED_SEATS_OCCUPIED']).toContain(
                response.body.errors[0].code,
              );
          } else if (op.kind === 'update' && target) {
            const flightId = flightIds[op.flight]!;
            const kept = target.passengers.filter((p) => p.ageType === 'adult').slice(0, op.adults);
            const response = await api('PUT', `reservation/${target.id}`, manager, {
              bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
              passengers: kept.map((p) => ({
                id: p.id,
                firstName: p.firstName,
                lastName: 'Random',
                gender: 'female',
                ageType: 'adult',
                birthday: p.birthday,
              })),
              billingInformation: billing,
            });
            if (response.status === 200) Object.assign(target, response.body);
            else
              expect(['ERROR_AVAILABLE_SEATS_NOT_ENOUGH', 'ERROR_RESERVATION_CANCELLED']).toContain(
                response.body.errors[0].code,
              );
          } else if (op.kind === 'split' && target && target.passengers.length > 1) {
            const adult = target.passengers.find((p) => p.ageType === 'adult');
            const response = await api('POST', `reservation/${target.id}/split`, manager, {
              passengerId: adult!.id,
            });
            if (response.status === 201) {
              booked.push(response.body);
              Object.assign(target, (await api('GET', `reservation/${target.id}`, manager)).body);
            } else {
              expect(['ERROR_SPLIT_INFANTS', 'ERROR_RESERVATION_CANCELLED']).toContain(
                response.body.errors[0].code,
              );
            }
          } else if (op.kind === 'cancel' && target) {
            const response = await api('POST', `reservation/${target.id}/cancel`, manager, { fee: 0 });
            expect([200, 422]).toContain(response.status);
          } else if (op.kind === 'expire') {
            await reservations.expireUnpaid(new Date(Date.now() + 16 * 60_000));
          }
          expect(await inventoryMismatches()).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
  });
});
