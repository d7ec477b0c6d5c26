import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  allotments,
  flightSeats,
  reservationPassengers,
  reservations,
  type StoredBillingInformation,
  tariffs,
  tickets,
} from '../db/schema/index.ts';

export interface TestPassenger {
  firstName: string;
  lastName: string;
  ageType?: 'adult' | 'child' | 'infant';
  birthday?: string;
  seatLabel?: string;
}

/**
 * Books passengers on one flight straight into the tables, taking the seats from the flight's
 * inventory (or an allotment) like a booking does. Flight tests use it to have reservations to
 * count, report and notify before the booking engine's own calls exist (issue 5 switches them).
 */
export async function placeReservation(
  db: Db,
  options: {
    flightId: number;
    tariffId?: number;
    passengers: TestPassenger[];
    billing?: Partial<StoredBillingInformation>;
    language?: 'de' | 'en' | 'fr' | 'sq';
    allotmentId?: number;
    /** Price parts of each ticket in Rappen. */
    prices?: {
      basePrice?: number;
      airportFee?: number;
      fuelFee?: number;
      seatPrice?: number;
      optionsPrice?: number;
    };
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const tariffId = options.tariffId ?? 1;
    const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, tariffId));
    const first = options.passengers[0]!;
    const [reservation] = await tx
      .insert(reservations)
      .values({
        status: 'confirmed',
        language: options.language ?? 'de',
        billing: {
          salutation: 'mr',
          firstName: first.firstName,
          lastName: first.lastName,
          email: `${first.firstName.toLowerCase()}@example.test`,
          phoneMobile: '+41791234567',
          country: 'CH',
          ...options.billing,
        },
      })
      .returning();
    const seated = options.passengers.filter((passenger) => passenger.ageType !== 'infant').length;
    for (const passenger of options.passengers) {
      const [row] = await tx
        .insert(reservationPassengers)
        .values({
          reservationId: reservation!.id,
          firstName: passenger.firstName,
          lastName: passenger.lastName,
          ageType: passenger.ageType ?? 'adult',
          birthday: passenger.birthday ?? null,
        })
        .returning();
      await tx.insert(tickets).values({
        reservationId: reservation!.id,
        passengerId: row!.id,
        flightId: options.flightId,
        direction: 'outbound',
        tariffId,
        tariffGroupId: tariff!.tariffGroupId,
        allotmentId: options.allotmentId ?? null,
        seatLabel: passenger.seatLabel ?? null,
        ...options.prices,
      });
    }
    if (options.allotmentId !== undefined) {
      await tx
        .update(allotments)
        .set({ booked: sql`${allotments.booked} + ${seated}` })
        .where(eq(allotments.id, options.allotmentId));
    } else {
      await tx
        .update(flightSeats)
        .set({ booked: sql`${flightSeats.booked} + ${seated}` })
        .where(
          and(
            eq(flightSeats.flightId, options.flightId),
            eq(flightSeats.tariffGroupId, tariff!.tariffGroupId),
          ),
        );
    }
    return reservation!.id;
  });
}

/** The contact and payer of a test booking, as `POST reservation` takes it. */
export const billing = (overrides: object = {}) => ({
  salutation: 'mrs',
  firstName: 'Vjosa',
  lastName: 'Berisha',
  email: 'vjosa.berisha@example.test',
  street: 'Langstrasse 10',
  zip: '8004',
  city: 'Zürich',
  country: 'CH',
  birthday: '1988-02-11',
  phoneMobile: '+41 79 555 12 12',
  language: 'sq',
  ...overrides,
});

/** An adult passenger of the Berisha family. */
export const adult = (firstName: string) => ({
  firstName,
  lastName: 'Berisha',
  gender: 'female',
  ageType: 'adult',
  birthday: '1988-02-11',
});

/** A `POST reservation` body: one adult in Economy Light (tariff 1) on one flight. */
export const booking = (flightId: number, overrides: object = {}) => ({
  bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
  passengers: [adult('Vjosa')],
  billingInformation: billing(),
  ...overrides,
});
