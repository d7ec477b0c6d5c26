import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, reservationInvoices } from '../db/schema/index.ts';
import { booking } from '../test/bookings.ts';
import { catalogueIds, flightMaker } from '../test/flights.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sendPaymentReminders } from './payment-reminder.ts';

let t: TestApp;
let manager: string;
let createFlight: ReturnType<typeof flightMaker>;
const settings = { publicUrl: 'https://flybook.example' };

/** Noon in Zürich on a day (yyyy-mm-dd). */
const noonOn = (day: string) => new Date(`${day}T11:00:00Z`);

const remindersOf = (reservationId: number) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.reservationId, reservationId), eq(outbox.template, 'payment-reminder')));

async function billBooking(paymentDeadline: string) {
  const response = await t.api(
    'POST',
    'reservation',
    manager,
    booking(await createFlight(), { paymentTerms: 'bill', paymentDeadline }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; recordLocator: string; invoice: { id: number } };
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
  const make = flightMaker(t, manager, await catalogueIds(t, manager), 7700);
  createFlight = (overrides = {}) =>
    make({ departure: '2031-09-01T05:30:00Z', arrival: '2031-09-01T07:45:00Z', ...overrides });
});
afterAll(() => t.close());

describe('the payment reminder', () => {
  it('goes out once per deadline, from three days before it, and again for a moved deadline', async () => {
    const reservation = await billBooking('2031-08-20');

    expect(await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-16'))).not.toContain(
      reservation.id,
    );
    expect(await remindersOf(reservation.id)).toHaveLength(0);

    expect(await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-17'))).toContain(
      reservation.id,
    );
    expect(await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-18'))).not.toContain(
      reservation.id,
    );
    const [reminder, ...more] = await remindersOf(reservation.id);
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({
      channel: 'email',
      recipient: 'vjosa.berisha@example.test',
      language: 'sq',
    });
    expect(reminder!.subject).toContain(reservation.recordLocator);
    expect(reminder!.body).toContain(
      `https://flybook.example/sq/booking/manage?ref=${reservation.recordLocator}`,
    );

    // Staff move the deadline: the new one gets its own reminder.
    await t.database.db
      .update(reservationInvoices)
      .set({ paymentDeadline: '2031-08-25' })
      .where(eq(reservationInvoices.id, reservation.invoice.id));
    expect(await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-19'))).not.toContain(
      reservation.id,
    );
    expect(await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-23'))).toContain(
      reservation.id,
    );
    expect(await remindersOf(reservation.id)).toHaveLength(2);
  });

  it('skips paid, cancelled and overdue bookings', async () => {
    const paid = await billBooking('2031-08-20');
    const invoice = await t.database.db
      .select()
      .from(reservationInvoices)
      .where(eq(reservationInvoices.id, paid.invoice.id));
    await t.database.db
      .update(reservationInvoices)
      .set({ totalPaid: invoice[0]!.total, status: 'paid' })
      .where(eq(reservationInvoices.id, paid.invoice.id));
    const cancelled = await billBooking('2031-08-20');
    expect((await t.api('POST', `reservation/${cancelled.id}/cancel`, manager, {})).status).toBeLessThan(300);
    const overdue = await billBooking('2031-08-10');

    const reminded = await sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-18'));
    expect(reminded).not.toContain(paid.id);
    expect(reminded).not.toContain(cancelled.id);
    expect(reminded).not.toContain(overdue.id);
  });

  it('is sent once when several instances run it at the same moment', async () => {
    const reservation = await billBooking('2031-08-28');
    const runs = await Promise.all(
      [1, 2, 3].map(() => sendPaymentReminders(t.database.db, settings, 3, noonOn('2031-08-26'))),
    );
    expect(runs.flat().filter((id) => id === reservation.id)).toHaveLength(1);
    expect(await remindersOf(reservation.id)).toHaveLength(1);
  });
});
