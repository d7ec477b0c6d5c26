import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import { enqueueMessage } from '../../platform/outbox.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;

const pdf = new TextEncoder().encode('%PDF-1.4 the bytes of a ticket');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  await t.database.db.delete(outbox);
  const db = t.database.db;
  await enqueueMessage(db, {
    channel: 'email',
    recipient: 'Teuta.Rexhepi@example.com',
    subject: 'Buchung ABC234 bestätigt',
    body: 'Text',
    html: '<p>Text</p>',
    language: 'de',
    attachments: [
      { filename: 'ticket-ABC234.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'invoice-ABC234.pdf', contentType: 'application/pdf', content: pdf },
    ],
    reservationId: 7,
    template: 'booking-confirmed',
  });
  await enqueueMessage(db, {
    channel: 'sms',
    recipient: '+41791234567',
    body: 'ABC234 confirmed',
    reservationId: 7,
    template: 'booking-confirmed',
  });
  await enqueueMessage(db, {
    channel: 'email',
    recipient: 'agent@flybook.test',
    subject: 'Password',
    body: 'Link',
    template: 'password-recovery',
  });
  await enqueueMessage(db, {
    channel: 'email',
    recipient: 'bounce@example.com',
    subject: 'Reminder',
    body: 'Pay',
    reservationId: 8,
    template: 'payment-reminder',
  });
  await db
    .update(outbox)
    .set({ status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' })
    .where(eq(outbox.recipient, 'bounce@example.com'));
  await db
    .update(outbox)
    .set({ status: 'sent', attempts: 1, sentAt: sql`now()` })
    .where(eq(outbox.recipient, 'agent@flybook.test'));
});
afterAll(() => t.close());

type Listed = { id: number; recipient: string; status: string; attachments: string[] } & Record<
  string,
  unknown
>;

const list = async (query = '', token = admin) => {
  const response = await t.api('GET', `message/list${query ? `?${query}` : ''}`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: Listed[]; total: number };
};

describe('message list', () => {
  it('lists messages newest first with names of attachments but never their bytes or texts', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.items.map((m) => m.recipient)).toEqual([
      'bounce@example.com',
      'agent@flybook.test',
      '+41791234567',
      'Teuta.Rexhepi@example.com',
    ]);
    const confirmed = page.items[3]!;
    expect(confirmed).toMatchObject({
      channel: 'email',
      template: 'booking-confirmed',
      subject: 'Buchung ABC234 bestätigt',
      language: 'de',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
      reservationId: 7,
      attachments: ['ticket-ABC234.pdf', 'invoice-ABC234.pdf'],
    });
    expect(page.items[2]?.attachments).toEqual([]);
    const raw = JSON.stringify(page);
    expect(raw).not.toContain(Buffer.from(pdf).toString('base64'));
    expect(raw).not.toContain('<p>Text</p>');
    expect(raw).not.toContain('contentBase64');
    expect(page.items[0]).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: '550 mailbox unavailable',
    });
    expect(typeof page.items[1]?.sentAt).toBe('string');
  });

  it('filters by status, channel, template, part of the recipient and reservation, and pages', async () => {
    const recipients = async (query: string) => (await list(query)).items.map((m) => m.recipient);
    expect(await recipients('status=failed')).toEqual(['bounce@example.com']);
    expect(await recipients('channel=sms')).toEqual(['+41791234567']);
    expect(await recipients('template=password-recovery')).toEqual(['agent@flybook.test']);
    expect(await recipients('template=REMINDER')).toEqual(['bounce@example.com']);
    expect(await recipients('recipient=rexhepi')).toEqual(['Teuta.Rexhepi@example.com']);
    expect(await recipients('recipient=%25')).toEqual([]);
    expect(await recipients('reservationId=7')).toEqual(['+41791234567', 'Teuta.Rexhepi@example.com']);
    expect(await recipients('reservationId=7&channel=email&status=pending')).toEqual([
      'Teuta.Rexhepi@example.com',
    ]);
    const second = await list('pageSize=3&page=1');
    expect(second).toMatchObject({ total: 4, items: [{ recipient: 'Teuta.Rexhepi@example.com' }] });
    expect(await recipients('sortOrder=ASC&pageSize=1')).toEqual(['Teuta.Rexhepi@example.com']);
    expect((await t.api('GET', 'message/list?status=lost', admin)).status).toBe(422);
  });
});

describe('resend', () => {
  it('puts a failed message back to pending, due now, with fresh attempts, and answers it', async () => {
    const failed = (await list('status=failed')).items[0]!;
    const response = await t.api('POST', `message/${failed.id}/resend`, admin);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: failed.id, status: 'pending', attempts: 0, lastError: null });
    expect(new Date(response.body.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null, sentAt: null });
  });

  it('sends a sent message again', async () => {
    const sent = (await list('status=sent')).items[0]!;
    const response = await t.api('POST', `message/${sent.id}/resend`, admin);
    expect(response.body).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
  });

  it('answers 404 for an unknown message', async () => {
    const response = await t.api('POST', 'message/999999/resend', admin);
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('ERROR_NOT_FOUND');
  });
});

describe('authorization', () => {
  it('is for admins only: managers and agents get 403, nobody logged in 401', async () => {
    const [{ id }] = (await t.database.db.select({ id: outbox.id }).from(outbox).limit(1)) as [
      { id: number },
    ];
    for (const token of [manager, agent]) {
      expect((await t.api('GET', 'message/list', token)).status).toBe(403);
      expect((await t.api('POST', `message/${id}/resend`, token)).status).toBe(403);
    }
    expect((await t.api('GET', 'message/list')).status).toBe(401);
    expect((await t.api('POST', `message/${id}/resend`)).status).toBe(401);
  });
});
