import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.ts';
import { enqueueMessage } from '../platform/outbox.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { sendPendingMail, smtpTransport } from './outbox-sender.ts';

let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

describe('outbox sender', () => {
  it('delivers a recovery e-mail over SMTP once and marks it sent', async () => {
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/recover-password/fr',
      payload: { email: 'agent@flybook.test' },
    });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await sendPendingMail(t.database.db, transport, 'Flybook <noreply@flybook.test>')).toBe(1);
    expect(await sendPendingMail(t.database.db, transport, 'Flybook <noreply@flybook.test>')).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['agent@flybook.test']);
    expect(received[0]!.raw).toContain('updatePassword/');
    const rows = await t.database.db.select().from(outbox);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a message pending with the error when the server refuses it, and gives up after 5 tries', async () => {
    await enqueueMessage(t.database.db, {
      channel: 'email',
      recipient: 'x@flybook.test',
      subject: 's',
      body: 'b',
      template: 'test',
    });
    const refusing = { sendMail: () => Promise.reject(new Error('550 mailbox unavailable')) };
    for (let i = 0; i < 5; i++)
      expect(await sendPendingMail(t.database.db, refusing, 'noreply@flybook.test')).toBe(0);
    const rows = await t.database.db.select().from(outbox);
    const failed = rows.find((row) => row.recipient === 'x@flybook.test');
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed?.lastError).toContain('550');
  });
});
