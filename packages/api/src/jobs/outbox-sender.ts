import { and, asc, eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { runPeriodically, type StopJob } from './periodic.ts';

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export const smtpTransport = (smtpUrl: string): MailTransport => nodemailer.createTransport(smtpUrl);

/**
 * Delivers pending e-mails. Each batch is claimed with FOR UPDATE SKIP LOCKED inside one
 * transaction, so several instances can run it at once without sending a message twice.
 * SMS have no provider configured yet and stay in the outbox.
 */
export async function sendPendingMail(db: Db, transport: MailTransport, from: string): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.status, 'pending'), eq(outbox.channel, 'email'), lt(outbox.attempts, MAX_ATTEMPTS)),
      )
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const message of batch) {
      try {
        await transport.sendMail({
          from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
        });
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: sql`now()`, attempts: message.attempts + 1 })
          .where(eq(outbox.id, message.id));
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: String(error).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(eq(outbox.id, message.id));
      }
    }
    return sent;
  });
}

/** Runs the sender every few seconds until stopped; stopping waits for a batch being sent. */
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
