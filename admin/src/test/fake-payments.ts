import type { ReservationListItemSchema, ReservationSchema } from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type Reservation = z.input<typeof ReservationSchema>;
type ReservationListItem = z.input<typeof ReservationListItemSchema>;

/** A reservation of the agent (owner 3) for two passengers, CHF 300 of which 100 are paid. */
export function fakeReservation(
  patch: Partial<Reservation> = {},
  invoice: Partial<Reservation['invoice']> = {},
) {
  const reservation: Reservation = {
    id: 42,
    recordLocator: 'KX7P2M',
    status: 'reserved',
    flights: [
      {
        id: 7,
        number: 'AP101',
        direction: 'outbound',
        departure: '2031-06-09T06:30:00.000Z',
        arrival: '2031-06-09T08:45:00.000Z',
        origin: { code: 'ZRH' },
        destination: { code: 'PRN' },
        status: 'created',
      },
    ],
    passengers: [
      {
        id: 1,
        salutation: 'mr',
        firstName: 'Besnik',
        lastName: 'Krasniqi',
        gender: 'male',
        ageType: 'adult',
        birthday: '1980-02-01',
        tickets: [],
      },
      {
        id: 2,
        salutation: 'mrs',
        firstName: 'Vjosa',
        lastName: 'Krasniqi',
        gender: 'female',
        ageType: 'child',
        birthday: '2020-05-04',
        tickets: [],
      },
    ],
    invoice: {
      id: 420,
      status: 'partly',
      total: 300,
      totalPaid: 100,
      paymentDeadline: '2031-05-30',
      paymentTerms: 'bill',
      isSpecificPrice: false,
      payments: [{ id: 9, amount: 100, type: { code: 'cash' }, createdAt: '2031-03-01T09:00:00.000Z' }],
      ...invoice,
    },
    owner: { id: 3, displayName: 'Alpen Reisen GmbH' },
    reservator: { id: 3, displayName: 'Alpen Reisen GmbH' },
    billingInformation: {
      salutation: 'mr',
      firstName: 'Besnik',
      lastName: 'Krasniqi',
      email: 'besnik@example.com',
      country: 'CH',
      phoneMobile: '+41 79 123 45 67',
    },
    language: 'de',
    comment: '',
    priceNeedsToBeHidden: false,
    expiresAt: null,
    createdAt: '2031-02-20T10:00:00.000Z',
    ...patch,
  };
  return reservation;
}

/** An item of the owner's reservation list (for the withheld money). */
export function listItem(
  id: number,
  status: ReservationListItem['status'],
  total: number,
  totalPaid: number,
  ownerId = 3,
): ReservationListItem {
  return {
    id,
    recordLocator: `LC${String(id).padStart(4, '2').replace(/[01]/g, '9')}`,
    status,
    createdAt: '2031-03-01T10:00:00.000Z',
    flights: [],
    passengerCount: 1,
    billingInformation: { firstName: 'A', lastName: 'B', email: 'a@b.test' },
    owner: { id: ownerId, displayName: 'Owner' },
    reservator: null,
    invoice: { id: id * 10, status: 'notPaid', total, totalPaid, paymentDeadline: null, paymentTerms: 'now' },
    priceNeedsToBeHidden: false,
  };
}

export interface FakePayments {
  reservation: Reservation;
  /** The owner's reservations the list calls answer. */
  ownerReservations: ReservationListItem[];
  /** What the reservation looks like after a payment (default: paid in full and confirmed). */
  afterPayment?: Reservation;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the reservation and invoice-payment calls of the payment page. */
export function handlePayments(fake: FakePayments, request: FakeRequest): Response | undefined {
  const { method, path } = request;
  if (method === 'GET' && path === `reservation/${fake.reservation.id}`) return json(fake.reservation);
  if (method === 'GET' && (path === 'reservation/list' || path === 'user/me/reservation/list')) {
    return json({ items: fake.ownerReservations, total: fake.ownerReservations.length });
  }
  if (method === 'POST' && path === 'payment/reservation/invoice') {
    const body = request.body as { amount: number };
    const paid =
      fake.afterPayment ??
      fakeReservation(
        { ...fake.reservation, status: 'confirmed' },
        {
          ...fake.reservation.invoice,
          status: 'paid',
          totalPaid: (fake.reservation.invoice.totalPaid ?? 0) + body.amount,
        },
      );
    return json({ id: 77, reservation: paid }, 201);
  }
  if (method === 'GET' && /^reservation\/\d+\/overview\/pdf\/(de|en|fr|sq)$/.test(path)) {
    return new Response(new Blob(['%PDF fake']), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="ReservationOverview.pdf"',
      },
    });
  }
  return undefined;
}
