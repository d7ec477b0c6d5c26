import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

/** After this many tries a message is marked failed (docs/operations.md, "Messages"). */
export const MAX_ATTEMPTS = 5;
/** The wait after the 1st, 2nd, 3rd and 4th failed try. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const;
/** How long a claim keeps other senders off a message. */
export const CLAIM_SECONDS = 120;
/**
 * The longest one message may take to send (the SMTP and SMS clients give up sooner). A sender
 * starts a message only while this much of its claim is left, so a claim never runs out while its
 * message is on the wire and another instance can never take it over and send it again.
 */
export const SEND_TIMEOUT_SECONDS = 45;
const BATCH = 20;

type OutboxRow = typeof outbox.$inferSelect;
type Channel = OutboxRow['channel'];

/** An e-mail as nodemailer takes it (the subset the outbox fills). */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Date header: when the message was written, not when a retry got it out. */
  date?: Date;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
}

/** An SMS gateway; without one configured SMS stay in the outbox (pending, readable). */
export interface SmsTransport {
  send(message: { to: string; text: string }): Promise<void>;
}

/** nodemailer over `SMTP_URL`, with timeouts inside {@link SEND_TIMEOUT_SECONDS}. */
export const smtpTransport = (smtpUrl: string): MailTransport =>
  nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });

/** Twilio's Messages API (or anything speaking it, as tests do, at `apiUrl`). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}

export function twilioSmsTransport(settings: TwilioSettings): SmsTransport {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: settings.from, Body: text }),
        signal: AbortSignal.timeout(20_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`SMS gateway answered ${response.status}: ${detail}`);
      }
    },
  };
}

/**
 * Takes up to `limit` due messages of a channel for this sender: one short statement (its own
 * transaction), so no row lock outlives it. The attempt is counted at the claim, so a sender that
 * dies while sending still uses up a try; the claim runs out after {@link CLAIM_SECONDS}.
 */
async function claimBatch(db: Db, channel: Channel, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      sql`${outbox.status} = 'pending' and ${outbox.channel} = ${channel} and ${outbox.nextAttemptAt} <= now()
          and (${outbox.claimedUntil} is null or ${outbox.claimedUntil} < now())`,
    )
    .orderBy(outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      attempts: sql`${outbox.attempts} + 1`,
    })
    .where(sql`${outbox.id} in ${due}`)
    .returning();
}

async function markSent(db: Db, id: number) {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(eq(outbox.id, id));
}

async function markFailedTry(db: Db, message: OutboxRow, error: unknown) {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const givenUp = message.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_SECONDS[Math.min(message.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
  await db
    .update(outbox)
    .set({
      status: givenUp ? 'failed' : 'pending',
      lastError,
      claimedUntil: null,
      ...(givenUp ? {} : { nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }),
    })
    .where(eq(outbox.id, message.id));
}

/** Gives back claims this sender will not use, as if they had never been taken. */
async function releaseClaims(db: Db, messages: OutboxRow[]) {
  for (const message of messages)
    await db
      .update(outbox)
      .set({ claimedUntil: null, attempts: sql`greatest(${outbox.attempts} - 1, 0)` })
      .where(eq(outbox.id, message.id));
}

/**
 * Claims due messages of a channel, delivers each outside any transaction and marks it: sent, or
 * pending again after a backoff, or failed after {@link MAX_ATTEMPTS}. Answers how many were sent.
 */
export async function sendPendingMessages(
  db: Db,
  channel: Channel,
  deliver: (message: OutboxRow) => Promise<void>,
  limit = BATCH,
): Promise<number> {
  const batch = await claimBatch(db, channel, limit);
  batch.sort((a, b) => a.id - b.id);
  const mustStartBy = Date.now() + (CLAIM_SECONDS - SEND_TIMEOUT_SECONDS) * 1000;
  let sent = 0;
  for (const [index, message] of batch.entries()) {
    if (Date.now() > mustStartBy) {
      await releaseClaims(db, batch.slice(index));
      break;
    }
    try {
      await deliver(message);
    } catch (error) {
      await markFailedTry(db, message, error);
      continue;
    }
    await markSent(db, message.id);
    sent++;
  }
  return sent;
}

/**
 * The e-mail of an outbox row: text and HTML parts, attachments, Content-Language, and the time
 * it was written as its Date, so a mail that waited for a retry sorts before the newer ones.
 */
export function mailOf(message: OutboxRow, from: string): MailMessage {
  return {
    from,
    to: message.recipient,
    date: message.createdAt,
    subject: message.subject ?? '',
    text: message.body,
    ...(message.html ? { html: message.html } : {}),
    ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, 'base64'),
    })),
  };
}

/** Delivers due e-mails over `transport`; answers how many were sent. */
export function sendPendingMail(db: Db, transport: MailTransport, from: string): Promise<number> {
  return sendPendingMessages(db, 'email', async (message) => {
    await transport.sendMail(mailOf(message, from));
  });
}

/** Delivers due SMS through `transport`; answers how many were sent. */
export function sendPendingSms(db: Db, transport: SmsTransport): Promise<number> {
  return sendPendingMessages(db, 'sms', (message) =>
    transport.send({ to: message.recipient, text: message.body }),
  );
}

/** Runs the e-mail sender every few seconds until stopped; stopping waits for a batch being sent. */
export function startOutboxSender(
  db: Db,
  transport: MailTransport,
  from: string,
  intervalMs = 5000,
): StopJob {
  return runPeriodically('outbox sender', intervalMs, () => sendPendingMail(db, transport, from), {
    runAtStart: false,
  });
}

/** Runs the SMS sender every few seconds until stopped. */
export function startSmsSender(db: Db, transport: SmsTransport, intervalMs = 5000): StopJob {
  return runPeriodically('sms sender', intervalMs, () => sendPendingSms(db, transport), {
    runAtStart: false,
  });
}
