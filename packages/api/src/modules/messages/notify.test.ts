import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityLog, outbox, reservationAccessKeys, reservationSnapshots } from '../../db/schema/index.ts';
import { reservationIdOfAccessKey } from '../../platform/access-keys.ts';
import { adult, billing, booking } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readPdf } from '../reservations/documents/document-fixtures.ts';
import { notifyBookingReceived } from '../reservations/reservation-notices.ts';
import { createReservationsService } from '../reservations/reservations.service.ts';
import { defaultMessageSettings } from './notify.ts';

let t: TestApp;
let manager: string;
let createFlight: ReturnType<typeof flightMaker>;
const api: TestApp['api'] = (...args) => t.api(...args);

/** The messages queued about a reservation, oldest first. */
const messagesOf = (reservationId: number) =>
  t.database.db.select().from(outbox).where(eq(outbox.reservationId, reservationId)).orderBy(asc(outbox.id));

/** A staff booking of one adult; answers the reservation. */
async function book(overrides: object = {}) {
  const response = await api('POST', 'reservation', manager, booking(await createFlight(), overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Cash at the Zürich desk against a reservation's invoice. */
async function payCash(reservation: { invoice: { id: number } }, amount: number) {
  const desk = (await t.database.db.execute(
    sql`select id from accounts where virtual_code = 'CASH_ZRH'`,
  )) as unknown as { rows: { id: number }[] };
  return api('POST', 'payment/reservation/invoice', manager, {
    amount,
    paymentTypeCode: 'cash',
    reservationInvoiceId: reservation.invoice.id,
    accountId: desk.rows[0]!.id,
  });
}

/** The text of an attached PDF of an outbox row, read with pdftotext. */
function attachedPdf(
  row: { attachments: { filename: string; contentType: string; contentBase64: string }[] },
  index: number,
) {
  const file = row.attachments[index]!;
  expect(file.contentType).toBe('application/pdf');
  return readPdf(Buffer.from(file.contentBase64, 'base64')).text;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://flybook.example' });
  manager = await t.login('manager');
  const ids = await catalogueIds(t, manager);
  const make = flightMaker(t, manager, ids, 7300);
  createFlight = (overrides = {}) =>
    make({ departure: '2031-08-01T05:30:00Z', arrival: '2031-08-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('booking received', () => {
  it('is queued once for a bill booking, in its language, with a working manage link and no SMS without consent', async () => {
    const reservation = await book({ paymentTerms: 'bill' });
    const rows = await messagesOf(reservation.id);
    expect(rows.map((row) => [row.channel, row.template])).toEqual([['email', 'booking-received']]);
    const [mail] = rows;
    expect(mail).toMatchObject({
      recipient: 'vjosa.berisha@example.test',
      language: 'sq',
      status: 'pending',
    });
    expect(mail!.subject).toBe(`Rezervimi Flybook ${reservation.recordLocator} u pranua`);
    expect(mail!.html).toMatch(/<html [^>]*lang="sq"/);
    expect(mail!.body).toContain('Vjosa Berisha');
    const link = /https:\/\/flybook\.example\/sq\/booking\/manage\?ref=(\w{6})&key=([^\s\]]+)/.exec(
      mail!.body,
    );
    expect(link?.[1]).toBe(reservation.recordLocator);
    expect(await reservationIdOfAccessKey(t.database.db, decodeURIComponent(link![2]!))).toBe(reservation.id);
  });

  it('is queued with the key of its link in the transaction of its cause: rolled back, neither stays', async () => {
    const reservation = await book({ paymentTerms: 'bill' });
    const keysOf = () =>
      t.database.db
        .select({ issuedFor: reservationAccessKeys.issuedFor })
        .from(reservationAccessKeys)
        .where(eq(reservationAccessKeys.reservationId, reservation.id));
    expect(await keysOf()).toEqual([{ issuedFor: 'email' }]);
    const settings = { ...defaultMessageSettings({}), publicUrl: 'https://flybook.example' };
    let link: string | undefined;
    await expect(
      t.database.db.transaction(async (tx) => {
        await notifyBookingReceived(tx, settings, reservation.id);
        const [, again] = await tx
          .select()
          .from(outbox)
          .where(eq(outbox.reservationId, reservation.id))
          .orderBy(asc(outbox.id));
        link = /key=([^\s\]]+)/.exec(again?.body ?? '')?.[1];
        // Inside the transaction the second e-mail's link opens the booking…
        expect(await reservationIdOfAccessKey(tx, decodeURIComponent(link!))).toBe(reservation.id);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    // …and once it rolled back, neither the e-mail nor its key is there.
    expect(await messagesOf(reservation.id)).toHaveLength(1);
    expect(await keysOf()).toHaveLength(1);
    expect(await reservationIdOfAccessKey(t.database.db, decodeURIComponent(link!))).toBeNull();
  });

  it('is queued with the seats of its booking: one they refuse tells nobody, issues no key, writes no version', async () => {
    const { db } = t.database;
    const count = async () => ({
      messages: (await db.select({ id: outbox.id }).from(outbox)).length,
      keys: (await db.select({ hash: reservationAccessKeys.keyHash }).from(reservationAccessKeys)).length,
      versions: (await db.select({ id: reservationSnapshots.id }).from(reservationSnapshots)).length,
      logged: (
        await db.select({ id: entityLog.id }).from(entityLog).where(eq(entityLog.entityType, 'reservation'))
      ).length,
    });
    const before = await count();
    // Two seats on a flight of one: the guarded update refuses, in the statement the e-mail is in.
    const flightId = await createFlight({
      seatsByTariff: [
        {
          tariffGroup: { id: 1 },
          totalSeats: 1,
          numberOfSeatsToSale: 1,
          costPerSeat: 100,
          agentSeatsLimit: 0,
        },
      ],
    });
    const refused = await api(
      'POST',
      'reservation',
      manager,
      booking(flightId, { paymentTerms: 'bill', passengers: [adult('Vjosa'), adult('Ilir')] }),
    );
    expect(refused.body.errors?.[0]?.code).toBe('ERROR_AVAILABLE_SEATS_NOT_ENOUGH');
    expect(await count()).toEqual(before);
  });

  it('also goes by SMS to the billing mobile when the contact agreed to booking information', async () => {
    const reservation = await book({
      paymentTerms: 'later',
      billingInformation: billing({ isBookingInformation: true, language: 'de' }),
    });
    const rows = await messagesOf(reservation.id);
    expect(rows.map((row) => [row.channel, row.template, row.language])).toEqual([
      ['email', 'booking-received', 'de'],
      ['sms', 'booking-received', 'de'],
    ]);
    expect(rows[1]!.recipient).toBe('+41 79 555 12 12');
    expect(rows[1]!.body).toContain(reservation.recordLocator);
  });

  it('is not sent for a card booking, which says nothing until it is paid', async () => {
    const reservation = await book({ paymentTerms: 'now' });
    expect(await messagesOf(reservation.id)).toEqual([]);
  });
});

describe('payments', () => {
  it('tells a part payment, then confirms the paid booking with its ticket and invoice attached', async () => {
    const reservation = await book({ paymentTerms: 'bill', billingInformation: billing({ language: 'en' }) });
    expect((await payCash(reservation, 20)).status).toBe(201);
    const afterPart = await messagesOf(reservation.id);
    expect(afterPart.map((row) => row.template)).toEqual(['booking-received', 'payment-received']);
    expect(afterPart[1]!.subject).toBe(`Flybook booking ${reservation.recordLocator}: payment received`);
    expect(afterPart[1]!.body).toMatch(/payment of CHF\s20\.00/);

    const rest = Math.round((reservation.invoice.total - 20) * 100) / 100;
    expect((await payCash(reservation, rest)).status).toBe(201);
    const rows = await messagesOf(reservation.id);
    expect(rows.map((row) => row.template)).toEqual([
      'booking-received',
      'payment-received',
      'booking-confirmed',
    ]);
    const confirmed = rows[2]!;
    expect(confirmed.subject).toBe(`Flybook booking ${reservation.recordLocator} confirmed`);
    expect(confirmed.attachments.map((file) => file.filename)).toEqual([
      `Ticket-${reservation.recordLocator}.pdf`,
      `Invoice-${reservation.recordLocator}.pdf`,
    ]);
    expect(attachedPdf(confirmed, 0)).toContain(reservation.recordLocator);
    expect(attachedPdf(confirmed, 1)).toContain(reservation.recordLocator);
  });
});

describe('expiry, change and cancellation', () => {
  it('tells the contact of a card booking whose window passed that it expired', async () => {
    const reservation = await book({ paymentTerms: 'now', billingInformation: billing({ language: 'fr' }) });
    await createReservationsService(t.database.db).expireUnpaid(new Date(Date.now() + 16 * 60_000));
    const rows = await messagesOf(reservation.id);
    expect(rows.map((row) => [row.template, row.language])).toEqual([['reservation-expired', 'fr']]);
    expect(rows[0]!.subject).toBe(`Réservation Flybook ${reservation.recordLocator} expirée`);
  });

  it('sends nothing for a save that changes nothing, and the new overview for a real change', async () => {
    const reservation = await book({ paymentTerms: 'bill' });
    const flightId = reservation.flights[0].id;
    const body = (firstName: string) => ({
      bookedFlights: [{ flight: { id: flightId }, tariff: { id: 1 } }],
      passengers: [{ ...adult(firstName), id: reservation.passengers[0].id }],
      billingInformation: billing(),
    });
    const same = await api('PUT', `reservation/${reservation.id}`, manager, body('Vjosa'));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect((await messagesOf(reservation.id)).map((row) => row.template)).toEqual(['booking-received']);

    const changed = await api('PUT', `reservation/${reservation.id}`, manager, body('Valbona'));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const rows = await messagesOf(reservation.id);
    expect(rows.map((row) => row.template)).toEqual(['booking-received', 'reservation-changed']);
    expect(rows[1]!.attachments).toHaveLength(1);
    const overview = attachedPdf(rows[1]!, 0);
    expect(overview).toContain(reservation.recordLocator);
    expect(overview).toContain('Valbona');
  });

  it('attaches the credit note to the cancellation of a paid booking', async () => {
    const reservation = await book({ paymentTerms: 'bill', billingInformation: billing({ language: 'en' }) });
    expect((await payCash(reservation, reservation.invoice.total)).status).toBe(201);
    const cancelled = await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 20 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const rows = await messagesOf(reservation.id);
    const last = rows.at(-1)!;
    expect(last.template).toBe('reservation-cancelled');
    expect(last.subject).toBe(`Flybook booking ${reservation.recordLocator} cancelled`);
    expect(last.body).toMatch(/Cancellation fee: CHF\s20\.00/);
    expect(last.attachments.map((file) => file.filename)).toEqual([
      `CreditNote-${reservation.recordLocator}.pdf`,
    ]);
    expect(attachedPdf(last, 0)).toContain(reservation.recordLocator);
  });

  it('sends no credit note when nothing had been paid', async () => {
    const reservation = await book({ paymentTerms: 'bill' });
    await api('POST', `reservation/${reservation.id}/cancel`, manager, { fee: 0 });
    const last = (await messagesOf(reservation.id)).at(-1)!;
    expect(last.template).toBe('reservation-cancelled');
    expect(last.attachments).toEqual([]);
  });
});
