import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { outbox } from '../db/schema/index.ts';
import { readPdf } from '../modules/reservations/documents/document-fixtures.ts';
import { openInbox } from '../ops/smtp-inbox.ts';
import { enqueueMessage } from '../platform/outbox.ts';
import { createPdf, pdfBuffer } from '../platform/pdf.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  sendPendingMail,
  sendPendingSms,
  smtpTransport,
  twilioSmsTransport,
} from './outbox-sender.ts';

const FROM = 'Flybook <noreply@flybook.test>';
let t: TestApp;

const rowsTo = (recipient: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id);

/** Seconds from now until the message's next try, as the database sees it. */
async function secondsUntilNextTry(id: number): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select extract(epoch from next_attempt_at - now())::float8 as s from outbox where id = ${id}`,
  )) as unknown as { rows: { s: number }[] };
  return Math.round(result.rows[0]!.s);
}

const makeDue = (ids: number[]) =>
  t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(inArray(outbox.id, ids));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test sees only its own messages.
  await t.database.db.delete(outbox);
});

describe('e-mail delivery over SMTP', () => {
  it('sends a multipart e-mail with text, HTML, Content-Language and real PDF attachments, once', async () => {
    const smtp = await openInbox();
    try {
      const doc = createPdf({ title: 'Billet', lang: 'fr' });
      doc.text('Billet électronique ABC234');
      const ticket = await pdfBuffer(doc);
      await enqueueMessage(t.database.db, {
        channel: 'email',
        recipient: 'traveller@flybook.test',
        subject: 'Votre réservation ABC234 est confirmée',
        body: 'Bonjour, votre réservation ABC234 est confirmée.',
        html: '<p>Bonjour, votre réservation <strong>ABC234</strong> est confirmée.</p>',
        language: 'fr',
        attachments: [
          { filename: 'ticket-ABC234.pdf', contentType: 'application/pdf', content: ticket },
          { filename: 'invoice-ABC234.pdf', contentType: 'application/pdf', content: ticket },
        ],
        template: 'booking-confirmed',
      });
      // Without a sender the dev outbox reader shows it waiting.
      const waiting = await t.request({
        method: 'GET',
        url: '/api/dev/outbox?recipient=traveller@flybook.test',
      });
      expect(waiting.body.items).toMatchObject([{ status: 'pending', template: 'booking-confirmed' }]);

      const transport = smtpTransport(smtp.url);
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(1);
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);

      expect(smtp.mails).toHaveLength(1);
      const { to, mail } = smtp.mails[0]!;
      expect(to).toEqual(['traveller@flybook.test']);
      expect(mail.subject).toBe('Votre réservation ABC234 est confirmée');
      expect(mail.headers.get('content-language')).toBe('fr');
      // Dated when it was written (a retry sent later still sorts where it belongs).
      const [written] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, 'traveller@flybook.test'));
      expect(mail.date?.getTime()).toBe(Math.floor(written!.createdAt.getTime() / 1000) * 1000);
      expect(mail.text?.trim()).toBe('Bonjour, votre réservation ABC234 est confirmée.');
      expect(mail.html).toContain('<strong>ABC234</strong>');
      expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        ['ticket-ABC234.pdf', 'application/pdf'],
        ['invoice-ABC234.pdf', 'application/pdf'],
      ]);
      for (const file of mail.attachments) {
        expect(file.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(readPdf(file.content).text).toContain('Billet électronique ABC234');
      }
      const [row] = await rowsTo('traveller@flybook.test');
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedUntil: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('backs off 1 min, 5 min, 30 min, 2 h after refusals and marks the message failed after the 5th', async () => {
    const smtp = await openInbox({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
    });
    try {
      await enqueueMessage(t.database.db, {
        channel: 'email',
        recipient: 'nobody@flybook.test',
        subject: 's',
        body: 'b',
        template: 'test',
      });
      const [{ id }] = (await rowsTo('nobody@flybook.test')) as [{ id: number }, ...unknown[]];
      const transport = smtpTransport(smtp.url);
      expect(RETRY_DELAYS_SECONDS).toEqual([60, 300, 1800, 7200]);
      for (const [index, delay] of RETRY_DELAYS_SECONDS.entries()) {
        expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);
        const [row] = await rowsTo('nobody@flybook.test');
        expect(row).toMatchObject({ status: 'pending', attempts: index + 1, claimedUntil: null });
        expect(row?.lastError).toContain('550');
        expect(await secondsUntilNextTry(id)).toBeGreaterThanOrEqual(delay - 2);
        expect(await secondsUntilNextTry(id)).toBeLessThanOrEqual(delay);
        // Not due yet: a run before the time leaves it alone.
        expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);
        expect((await rowsTo('nobody@flybook.test'))[0]?.attempts).toBe(index + 1);
        await makeDue([id]);
      }
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);
      const [failed] = await rowsTo('nobody@flybook.test');
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(failed?.lastError).toMatch(/550.*mailbox unavailable/);
      // A failed message is not tried again.
      await makeDue([id]);
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);
      expect((await rowsTo('nobody@flybook.test'))[0]?.attempts).toBe(MAX_ATTEMPTS);
    } finally {
      await smtp.close();
    }
  });

  it('holds no row lock while a slow SMTP server takes its time, and keeps other senders off the claim', async () => {
    let dataStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      dataStarted = resolve;
    });
    const smtp = await openInbox({
      onData(stream, _session, callback) {
        dataStarted();
        stream.resume();
        stream.on('end', () => setTimeout(() => callback(), 3000));
      },
    });
    try {
      await enqueueMessage(t.database.db, {
        channel: 'email',
        recipient: 'slow@flybook.test',
        subject: 's',
        body: 'b',
        template: 'test',
      });
      const [{ id }] = (await rowsTo('slow@flybook.test')) as [{ id: number }, ...unknown[]];
      const sending = sendPendingMail(t.database.db, smtpTransport(smtp.url), FROM);
      await started;

      // Another connection locks and changes the very row at once (NOWAIT fails on any lock held).
      const before = Date.now();
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from outbox where id = ${id} for update nowait`);
        await tx.update(outbox).set({ template: 'test-touched' }).where(eq(outbox.id, id));
      });
      expect(Date.now() - before).toBeLessThan(1000);

      // The claim keeps a second sender from sending it again meanwhile.
      const second = { sendMail: () => Promise.reject(new Error('must not be called')) };
      expect(await sendPendingMail(t.database.db, second, FROM)).toBe(0);

      expect(await sending).toBe(1);
      expect(smtp.mails).toHaveLength(0); // the slow server never parsed it, but accepted it
      expect((await rowsTo('slow@flybook.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('takes over a claim only after it ran out', async () => {
    const smtp = await openInbox();
    try {
      await enqueueMessage(t.database.db, {
        channel: 'email',
        recipient: 'crashed@flybook.test',
        subject: 's',
        body: 'b',
        template: 'test',
      });
      // A sender that claimed it and died: the claim still runs.
      await t.database.db
        .update(outbox)
        .set({ claimedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
        .where(eq(outbox.recipient, 'crashed@flybook.test'));
      const transport = smtpTransport(smtp.url);
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(0);
      await t.database.db
        .update(outbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(outbox.recipient, 'crashed@flybook.test'));
      expect(await sendPendingMail(t.database.db, transport, FROM)).toBe(1);
      expect(smtp.mails.map((m) => m.to)).toEqual([['crashed@flybook.test']]);
      expect((await rowsTo('crashed@flybook.test'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it('sends each message exactly once when two senders run at the same time', async () => {
    const smtp = await openInbox();
    try {
      for (let i = 0; i < 45; i++)
        await enqueueMessage(t.database.db, {
          channel: 'email',
          recipient: `pax${i}@flybook.test`,
          subject: `Message ${i}`,
          body: 'b',
          template: 'test',
        });
      const drain = async () => {
        const transport = smtpTransport(smtp.url);
        let total = 0;
        for (let sent = -1; sent !== 0; total += sent)
          sent = await sendPendingMail(t.database.db, transport, FROM);
        return total;
      };
      const [a, b] = await Promise.all([drain(), drain()]);
      expect(a + b).toBe(45);
      const recipients = smtp.mails.flatMap((m) => m.to);
      expect(recipients).toHaveLength(45);
      expect(new Set(recipients).size).toBe(45);
      const rows = await t.database.db.select().from(outbox);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});

describe('SMS delivery', () => {
  let gateway: Server;
  let gatewayUrl: string;
  const requests: { path: string; authorization: string; form: URLSearchParams }[] = [];
  let answer = { status: 201, body: '{"sid":"SM1","status":"queued"}' };

  beforeAll(async () => {
    // Imitates Twilio's Messages API: form fields in, basic auth, 201 with JSON out.
    gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        requests.push({
          path: `${request.method} ${request.url}`,
          authorization: request.headers.authorization ?? '',
          form: new URLSearchParams(body),
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  const smsConfig = () =>
    loadConfig({
      NODE_ENV: 'test',
      SMS_TWILIO_ACCOUNT_SID: 'AC0123456789',
      SMS_TWILIO_AUTH_TOKEN: 'secret-token',
      SMS_FROM: '+41445550000',
      SMS_TWILIO_API_URL: `${gatewayUrl}/`,
    }).sms;

  it('posts the SMS to the gateway with the form fields and basic auth, then marks it sent', async () => {
    await enqueueMessage(t.database.db, {
      channel: 'sms',
      recipient: '+41791234567',
      body: 'Flybook: booking ABC234 confirmed.',
      template: 'booking-confirmed',
    });
    const settings = smsConfig();
    expect(settings).not.toBeNull();
    expect(await sendPendingSms(t.database.db, twilioSmsTransport(settings!))).toBe(1);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.path).toBe('POST /2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`,
    );
    expect(Object.fromEntries(request!.form)).toEqual({
      To: '+41791234567',
      From: '+41445550000',
      Body: 'Flybook: booking ABC234 confirmed.',
    });
    expect((await rowsTo('+41791234567'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps an SMS the gateway refuses pending with the gateway error', async () => {
    answer = { status: 400, body: '{"code":21211,"message":"Invalid To phone number"}' };
    await enqueueMessage(t.database.db, { channel: 'sms', recipient: '+1', body: 'x', template: 'test' });
    expect(await sendPendingSms(t.database.db, twilioSmsTransport(smsConfig()!))).toBe(0);
    const [row] = await rowsTo('+1');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('400');
    expect(row?.lastError).toContain('Invalid To phone number');
    answer = { status: 201, body: '{}' };
  });

  it('leaves SMS in the outbox without SMS settings, and refuses partial settings', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sms).toBeNull();
    const production = { NODE_ENV: 'production', FLYBOOK_PAYMENTS_SIM: '1' };
    expect(loadConfig(production).sms).toBeNull();
    expect(() => loadConfig({ ...production, SMS_TWILIO_ACCOUNT_SID: 'AC1', SMS_FROM: '+41' })).toThrow(
      new ConfigError(
        "the SMS gateway's settings are incomplete: SMS_TWILIO_AUTH_TOKEN is not set (SMS_TWILIO_ACCOUNT_SID, SMS_FROM are)",
      ),
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_TWILIO_AUTH_TOKEN: 'x' })).toThrow(
      /SMS_TWILIO_ACCOUNT_SID, SMS_FROM are not set/,
    );
    await enqueueMessage(t.database.db, {
      channel: 'sms',
      recipient: '+41790000000',
      body: 'Flybook: booking ABC234',
      template: 'test',
    });
    const smtp = await openInbox();
    try {
      // The e-mail sender never takes SMS.
      expect(await sendPendingMail(t.database.db, smtpTransport(smtp.url), FROM)).toBe(0);
    } finally {
      await smtp.close();
    }
    const outboxReader = await t.request({ method: 'GET', url: '/api/dev/outbox?recipient=%2B41790000000' });
    expect(outboxReader.body.items).toMatchObject([
      { channel: 'sms', status: 'pending', attempts: 0, body: 'Flybook: booking ABC234' },
    ]);
  });
});
