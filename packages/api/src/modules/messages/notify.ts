import { isLocale, type Locale } from '@flybook/locales';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { reservations } from '../../db/schema/index.ts';
import { issueAccessKey, manageBookingUrl } from '../../platform/access-keys.ts';
import { enqueueMessage, type OutgoingAttachment, type OutgoingMessage } from '../../platform/outbox.ts';
import {
  type FlightFacts,
  type MessageData,
  renderEmail,
  renderSms,
  type TemplateName,
} from './catalogue/index.ts';

/**
 * What sends each message of the catalogue (docs/messages.md). Every function runs in the
 * transaction of its cause and only queues (`enqueueMessage`): a rolled-back cause tells nobody,
 * and the outbox sender delivers after commit.
 */

/** What the messages need from the configuration: the site's address for their links. */
export interface MessageSettings {
  /**
   * Whether bookings' contacts are told of their booking, payments, changes and cancellation
   * (default yes). The demo season's seed books a season gone by: its fictional contacts get no
   * e-mail or SMS now (nor would an SMTP_URL send them hundreds), and rendering them and their
   * PDFs took most of the seed's time.
   */
  bookingNotices?: boolean;
  publicUrl: string;
  /** When online check-in opens, for the booking e-mails that invite to it (CHECKIN_OPENS_HOURS). */
  checkInOpensHours?: number;
}

/**
 * The settings as config.ts reads them (PUBLIC_URL, else this host's PORT), for the callers that
 * are not handed the configuration (flight notices, services built without `messages`).
 */
export const defaultMessageSettings = (env: NodeJS.ProcessEnv = process.env): MessageSettings => ({
  publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 4321}`).replace(/\/$/, ''),
});

export const languageOf = (value: string): Locale => (isLocale(value) ? value : 'en');
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** An e-mail of the catalogue in a language, rendered into the message the outbox queues. */
export async function emailMessage<K extends TemplateName>(
  template: K,
  language: Locale,
  data: MessageData[K],
  to: { recipient: string; reservationId?: number; attachments?: OutgoingAttachment[] },
): Promise<OutgoingMessage> {
  const email = await renderEmail(template, language, data);
  return {
    channel: 'email',
    recipient: to.recipient,
    subject: email.subject,
    body: email.text,
    html: email.html,
    language,
    ...(to.attachments ? { attachments: to.attachments } : {}),
    ...(to.reservationId !== undefined ? { reservationId: to.reservationId } : {}),
    template,
  };
}

/** Whether a booking's contact may get an SMS: a mobile, and their consent unless staff decided. */
export const smsAllowed = (
  reservation: Pick<typeof reservations.$inferSelect, 'billing'>,
  decidedBy: 'consent' | 'staff' = 'consent',
) =>
  Boolean(reservation.billing.phoneMobile) &&
  (decidedBy === 'staff' || reservation.billing.isBookingInformation === true);

/**
 * The SMS form of a message to the billing mobile: only with the contact's consent, unless staff
 * chose to send this notice by SMS themselves (`'staff'`: the flight notices of departure control).
 */
export async function sendSms<K extends keyof MessageData>(
  tx: Tx,
  reservation: Pick<typeof reservations.$inferSelect, 'id' | 'language' | 'billing'>,
  template: K,
  data: MessageData[K],
  decidedBy: 'consent' | 'staff' = 'consent',
): Promise<boolean> {
  const billing = reservation.billing;
  if (!billing.phoneMobile || !smsAllowed(reservation, decidedBy)) return false;
  const text = renderSms(template, languageOf(reservation.language), data);
  if (!text) return false;
  await enqueueMessage(tx, {
    channel: 'sms',
    recipient: billing.phoneMobile,
    body: text,
    language: languageOf(reservation.language),
    reservationId: reservation.id,
    template,
  });
  return true;
}

/** A notice about one flight of a booking: e-mail and/or SMS as staff chose, SMS only with consent. */
export type FlightTemplate =
  | 'flightDelayed'
  | 'flightRescheduled'
  | 'flightOnTime'
  | 'passengerSeat'
  | 'flightCancelled';

/**
 * Queues a flight notice to the contact of one reservation holding tickets on the flight, in the
 * reservation's language; answers how many messages were queued. Used by the flight notices
 * (flights/flight-notices.ts) and by the flight-cancellation workflow.
 */
export async function notifyFlightChange(
  tx: Tx,
  settings: MessageSettings,
  template: FlightTemplate,
  reservationId: number,
  flight: Omit<FlightFacts, 'contactName' | 'recordLocator' | 'manageUrl'>,
  /** `sms: 'consent'` sends only to a contact who agreed; `'staff'` when staff chose SMS for this notice. */
  channels: { email: boolean; sms: 'consent' | 'staff' | false } = { email: true, sms: 'consent' },
): Promise<number> {
  // The reservation alone: a flight notice needs no invoice or tickets of it.
  const [reservation] = await tx.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!reservation) throw new Error(`reservation ${reservationId} not found for its message`);
  const language = languageOf(reservation.language);
  const key = await issueAccessKey(tx, reservation.id, 'email');
  const data: FlightFacts = {
    ...flight,
    contactName: fullName(reservation.billing),
    recordLocator: reservation.recordLocator,
    manageUrl: manageBookingUrl(settings.publicUrl, language, reservation.recordLocator, key),
  };
  let queued = 0;
  if (channels.email && reservation.billing.email) {
    await enqueueMessage(
      tx,
      await emailMessage(template, language, data, {
        recipient: reservation.billing.email,
        reservationId: reservation.id,
      }),
    );
    queued += 1;
  }
  if (channels.sms && (await sendSms(tx, reservation, template, data, channels.sms))) queued += 1;
  return queued;
}

/** A cancelled flight, told to one booking on it (the flight-cancellation workflow calls this per booking). */
export const notifyFlightCancelled = (
  tx: Tx,
  settings: MessageSettings,
  reservationId: number,
  flight: Omit<FlightFacts, 'contactName' | 'recordLocator' | 'manageUrl'>,
) => notifyFlightChange(tx, settings, 'flightCancelled', reservationId, flight);

/**
 * An account was opened: by a booking that asked for one, or by staff creating a customer (who
 * is told to choose a password with "Forgot password?", staff having set one).
 */
export async function notifyAccountCreated(
  tx: Tx | Db,
  settings: MessageSettings,
  account: { email: string; name: string; language: string; byStaff: boolean },
) {
  const language = languageOf(account.language);
  const loginUrl = `${settings.publicUrl}${language === 'en' ? '' : `/${language}`}/login`;
  await enqueueMessage(
    tx,
    await emailMessage(
      'account-created',
      language,
      { name: account.name, email: account.email, loginUrl, byStaff: account.byStaff },
      { recipient: account.email },
    ),
  );
}
