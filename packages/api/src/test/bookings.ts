import { seatsTakenBy } from '@flybook/domain';
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
import type { TestApp } from './harness.ts';

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
    const seated = seatsTakenBy(options.passengers.map((passenger) => passenger.ageType ?? 'adult'));
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

/** Someone to book in a test: an adult man unless told, seated when a seat label is given. */
export interface TestTraveller {
  firstName: string;
  lastName: string;
  gender?: 'male' | 'female';
  ageType?: 'adult' | 'child' | 'infant';
  birthday?: string;
  seatLabel?: string;
}

/** A name as the local part of an e-mail address ("Çeku" → "ceku"). */
const mailName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * Books travellers on one flight through `POST reservation` (the booking engine), the first of them
 * as the contact; staff bill it, agents pay later (`terms`). Answers the reservation; a refusal fails
 * the test with the API's answer.
 */
export async function bookTravellers(
  t: TestApp,
  token: string,
  flightId: number,
  travellers: readonly TestTraveller[],
  options: { tariffId?: number; terms?: 'bill' | 'later'; email?: string; language?: string } = {},
) {
  const [first] = travellers;
  if (!first) throw new Error('bookTravellers needs a traveller');
  const response = await t.api('POST', 'reservation', token, {
    bookedFlights: [{ flight: { id: flightId }, tariff: { id: options.tariffId ?? 1 } }],
    passengers: travellers.map(({ seatLabel: _seat, ...person }) => ({
      gender: 'male',
      ageType: 'adult',
      birthday: '1985-05-05',
      ...person,
    })),
    passengersSeats: travellers.flatMap((person, index) =>
      person.seatLabel ? [{ passenger: index, flight: { id: flightId }, seatLabel: person.seatLabel }] : [],
    ),
    billingInformation: {
      salutation: 'mr',
      firstName: first.firstName,
      lastName: first.lastName,
      email: options.email ?? `${mailName(first.firstName)}.${mailName(first.lastName)}@example.test`,
      street: 'Bahnhofstrasse 1',
      zip: '4051',
      city: 'Basel',
      country: 'CH',
      birthday: '1985-05-05',
      phoneMobile: '+41 78 123 45 67',
      language: options.language ?? 'en',
    },
    paymentTerms: options.terms ?? 'bill',
  });
  if (response.status !== 201) throw new Error(`booking refused: ${JSON.stringify(response.body)}`);
  return response.body as {
    id: number;
    recordLocator: string;
    passengers: { id: number; firstName: string }[];
  };
}
