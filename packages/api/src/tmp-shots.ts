// Temporary screenshot helper (deleted after use).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config.ts';
import { outbox } from './db/schema/index.ts';
import { startServer } from './server.ts';

const config = { ...loadConfig({ NODE_ENV: 'development', PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'fbshot-')) }), port: 0 };
const server = await startServer(config, { adminDist: '/tmp/fb-admin-dist', quiet: true });
const db = server.database.db;
const pdf = Buffer.from('%PDF-1.4').toString('base64');
const rows = [
  ['email', 'teuta.rexhepi@example.com', 'booking-confirmed', 'Ihre Buchung K7QX4M ist bestätigt', 'sent', 1, null, 'de', 2],
  ['sms', '+41791234567', 'booking-confirmed', null, 'sent', 1, null, null, 2],
  ['email', 'bounce@example.com', 'payment-reminder', 'Payment reminder for booking H3ZP9T', 'failed', 5, '550 5.1.1 <bounce@example.com>: Recipient address rejected: User unknown', 'en', 3],
  ['email', 'arber.gashi@example.com', 'booking-received', 'Rezervimi juaj P2WD8R u pranua', 'pending', 2, 'Connection timeout', 'sq', 4],
  ['email', 'agent@flybook.test', 'password-recovery', 'Réinitialiser votre mot de passe Flybook', 'sent', 1, null, 'fr', null],
] as const;
for (const [channel, recipient, template, subject, status, attempts, lastError, language, reservationId] of rows) {
  await db.insert(outbox).values({
    channel, recipient, template, subject, status, attempts, lastError, language, reservationId,
    body: 'text',
    attachments: template === 'booking-confirmed' && channel === 'email'
      ? [{ filename: 'ticket-K7QX4M.pdf', contentType: 'application/pdf', contentBase64: pdf }, { filename: 'invoice-K7QX4M.pdf', contentType: 'application/pdf', contentBase64: pdf }]
      : [],
    sentAt: status === 'sent' ? sql`now()` : null,
  });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const lang of ['en', 'de', 'fr', 'sq']) {
  for (const width of [1280, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, locale: lang });
    await page.goto(`${server.url}/admin/login`);
    await page.locator('input[type=email], input[name=login], input[autocomplete=username]').first().fill('admin@flybook.test');
    await page.locator('input[type=password]').first().fill('flybook-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/reservation|flight|invoice|settings/);
    await page.goto(`${server.url}/admin/settings/message/list`);
    await page.getByText('bounce@example.com', { exact: true }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/fbshots/messages-${lang}-${width}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
await server.stop();
