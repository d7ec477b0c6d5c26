import {
  airportLocalTime,
  CHECKIN_OPENS_HOURS_DEFAULT,
  isInvoiceSettled,
  outstandingOf,
  type Rappen,
} from '@flybook/domain';
import type { Tx } from '../../db/client.ts';
import { type ReusableStatement, runStatement } from '../../db/reusable-statement.ts';
import { checkInUrl, manageBookingUrl, mintAccessKey } from '../../platform/access-keys.ts';
import { paidStateOf } from '../../platform/documents/document-layout.ts';
import { enqueueMessage, messageInsert, type OutgoingAttachment } from '../../platform/outbox.ts';
import type { BookingFacts, MessageData } from '../messages/catalogue/index.ts';
import {
  emailMessage,
  fullName,
  languageOf,
  type MessageSettings,
  sendSms,
  smsAllowed,
} from '../messages/notify.ts';
import { renderInvoice } from './documents/invoice-pdf.ts';
import { renderReservationOverview } from './documents/overview-pdf.ts';
import { renderTicket } from './documents/ticket-pdf.ts';
import { documentReservationOf, renderCreditNoteOf } from './reservation-documents.service.ts';
import { findReservation, type ReservationRecord } from './reservations.repository.ts';

/**
 * The messages about a booking (docs/messages.md), with its documents attached: they run in the
 * transaction of their cause and only queue, as every sender of messages/notify.ts does.
 */

type BookingTemplate = {
  [K in keyof MessageData]: MessageData[K] extends { booking: BookingFacts } ? K : never;
}[keyof MessageData];

const pdf = (filename: string, content: Uint8Array): OutgoingAttachment => ({
  filename,
  contentType: 'application/pdf',
  content,
});

/** A booking as its messages tell it, and the insert that stores the key of its manage link. */
interface BookingNotice {
  booking: BookingFacts;
  storeKey: ReusableStatement;
}

/**
 * The booking as its messages tell it, with a fresh manage-my-booking link of the e-mail's own;
 * its key is stored by `sendAboutBooking`, in the statement that queues the e-mail.
 */
function bookingFactsOf(settings: MessageSettings, record: ReservationRecord): BookingNotice {
  const { reservation, invoice } = record;
  const language = languageOf(reservation.language);
  const { key, store: storeKey } = mintAccessKey(reservation.id, 'email');
  const flights = new Map<number, BookingFacts['flights'][number]>();
  for (const row of record.tickets) {
    if (flights.has(row.flight.id)) continue;
    const local = airportLocalTime(row.flight.departure, row.origin.timezone);
    flights.set(row.flight.id, {
      number: row.flight.number,
      route: `${row.origin.code} – ${row.destination.code}`,
      date: local.date,
      time: local.time,
    });
  }
  const booking: BookingFacts = {
    recordLocator: reservation.recordLocator,
    contactName: fullName(reservation.billing),
    flights: [...flights.values()].sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`)),
    passengers: record.passengers.map(fullName),
    total: invoice.total,
    paid: invoice.totalPaid,
    open: outstandingOf(invoice),
    pricesHidden: reservation.priceNeedsToBeHidden,
    deadline: invoice.paymentDeadline,
    manageUrl: manageBookingUrl(settings.publicUrl, language, reservation.recordLocator, key),
    checkIn: {
      url: checkInUrl(settings.publicUrl, language, reservation.recordLocator),
      opensHours: settings.checkInOpensHours ?? CHECKIN_OPENS_HOURS_DEFAULT,
    },
  };
  return { booking, storeKey };
}

/**
 * Queues one message of a booking to its contact: the e-mail to the billing address (for a staff
 * booking for an agent that is the booking's contact too) and, only when the contact agreed to
 * booking information by SMS (`isBookingInformation`), the SMS form to the billing mobile. The
 * key of its manage link is stored with the e-mail, in one statement (alone without an e-mail).
 */
async function sendAboutBooking<K extends BookingTemplate>(
  tx: Tx,
  record: ReservationRecord,
  storeKey: ReusableStatement,
  template: K,
  data: MessageData[K],
  attachments: OutgoingAttachment[] = [],
): Promise<void> {
  const { reservation } = record;
  const language = languageOf(reservation.language);
  const billing = reservation.billing;
  if (billing.email) {
    const email = await emailMessage(template, language, data, {
      recipient: billing.email,
      reservationId: reservation.id,
      attachments,
    });
    await enqueueMessage(tx, email, storeKey);
  } else {
    await runStatement(tx, storeKey);
  }
  await sendSms(tx, reservation, template, data);
}

async function load(tx: Tx, reservationId: number): Promise<ReservationRecord> {
  const record = await findReservation(tx, reservationId);
  if (!record) throw new Error(`reservation ${reservationId} not found for its message`);
  return record;
}

/** The PDFs as the customer gets them: in the booking's language, with prices unless hidden. */
async function documentsOf(tx: Tx, record: ReservationRecord, kinds: ('ticket' | 'invoice' | 'overview')[]) {
  const locale = languageOf(record.reservation.language);
  const hidePrices = record.reservation.priceNeedsToBeHidden;
  // A transaction reads like the database: the document queries run in the cause's transaction.
  const reservation = await documentReservationOf(tx, record, locale, hidePrices);
  const files: OutgoingAttachment[] = [];
  for (const kind of kinds) {
    if (kind === 'ticket') {
      const paidState = paidStateOf(record.invoice.status);
      files.push(
        pdf(
          `Ticket-${record.reservation.recordLocator}.pdf`,
          await renderTicket({ reservation, paidState, locale }),
        ),
      );
    } else if (kind === 'invoice') {
      // The owner of a booking whose price is hidden gets no invoice (as on the document route).
      if (!hidePrices)
        files.push(
          pdf(
            `Invoice-${record.reservation.recordLocator}.pdf`,
            await renderInvoice({ reservation, locale }),
          ),
        );
    } else {
      files.push(
        pdf(
          `Booking-${record.reservation.recordLocator}.pdf`,
          await renderReservationOverview({ reservation, locale }),
        ),
      );
    }
  }
  return files;
}

/**
 * A booking on later or bill terms was made (public or staff): what is booked, the deadline, how to
 * pay. `written` is the new booking as its writer has it (else it is read).
 */
export async function notifyBookingReceived(
  tx: Tx,
  settings: MessageSettings,
  reservationId: number,
  written?: ReservationRecord,
) {
  if (settings.bookingNotices === false) return;
  const record = written ?? (await load(tx, reservationId));
  const { booking, storeKey } = bookingFactsOf(settings, record);
  await sendAboutBooking(tx, record, storeKey, 'booking-received', { booking });
}

/**
 * The booking-received e-mail of a new booking on later or bill terms and the key of its link, as
 * statements not yet run, for the booking to write with its seats in one statement (rendered before
 * the seats' row lock is taken). Null when it goes otherwise: with an SMS too, which follows the
 * e-mail (notifyBookingReceived, after the seats); none without an e-mail address.
 */
export async function bookingReceivedWrites(
  settings: MessageSettings,
  record: ReservationRecord,
): Promise<ReusableStatement[] | null> {
  if (settings.bookingNotices === false) return [];
  const { reservation } = record;
  const email = reservation.billing.email;
  if (!email || smsAllowed(reservation)) return null;
  const { booking, storeKey } = bookingFactsOf(settings, record);
  const language = languageOf(reservation.language);
  const message = await emailMessage(
    'booking-received',
    language,
    { booking },
    { recipient: email, reservationId: reservation.id, attachments: [] },
  );
  return [storeKey, messageInsert(message)];
}

/**
 * Money was booked against a reservation's invoice (card, cash, bank, transfer, account): paid in
 * full → "confirmed and paid" with ticket and invoice; a part payment → "payment received".
 */
export async function notifyPaymentBooked(
  tx: Tx,
  settings: MessageSettings,
  reservationId: number,
  amount: Rappen,
) {
  if (settings.bookingNotices === false) return;
  const record = await load(tx, reservationId);
  const paid = isInvoiceSettled(record.invoice);
  // A hidden price is settled between the airline and the agent: its customer hears of no payment.
  if (record.reservation.priceNeedsToBeHidden && !paid) return;
  const { booking, storeKey } = bookingFactsOf(settings, record);
  if (paid) {
    const files = await documentsOf(tx, record, ['ticket', 'invoice']);
    await sendAboutBooking(tx, record, storeKey, 'booking-confirmed', { booking }, files);
  } else {
    await sendAboutBooking(tx, record, storeKey, 'payment-received', { booking, amount });
  }
}

/** The payment reminder job: the invoice's deadline is near and money is still open. */
export async function notifyPaymentReminder(tx: Tx, settings: MessageSettings, reservationId: number) {
  if (settings.bookingNotices === false) return;
  const record = await load(tx, reservationId);
  // The agent pays a booking whose price is hidden; its customer is not reminded.
  if (record.reservation.priceNeedsToBeHidden) return;
  const { booking, storeKey } = bookingFactsOf(settings, record);
  await sendAboutBooking(tx, record, storeKey, 'payment-reminder', { booking });
}

/** The card window passed unpaid: the booking expired and its seats went back. */
export async function notifyReservationExpired(tx: Tx, settings: MessageSettings, reservationId: number) {
  if (settings.bookingNotices === false) return;
  const record = await load(tx, reservationId);
  const { booking, storeKey } = bookingFactsOf(settings, record);
  await sendAboutBooking(tx, record, storeKey, 'reservation-expired', { booking });
}

/** Staff changed the booking: what is booked now, with the new overview PDF. */
export async function notifyReservationChanged(tx: Tx, settings: MessageSettings, reservationId: number) {
  if (settings.bookingNotices === false) return;
  const record = await load(tx, reservationId);
  const { booking, storeKey } = bookingFactsOf(settings, record);
  const files = await documentsOf(tx, record, ['overview']);
  await sendAboutBooking(tx, record, storeKey, 'reservation-changed', { booking }, files);
}

/**
 * The booking was cancelled: the fee charged and the money given back, with the credit note PDF
 * when there is one (money had been paid: refunded, kept as the fee, or both).
 */
export async function notifyReservationCancelled(
  tx: Tx,
  settings: MessageSettings,
  reservationId: number,
  money: { fee: Rappen; refunded: Rappen },
) {
  if (settings.bookingNotices === false) return;
  const record = await load(tx, reservationId);
  const { booking, storeKey } = bookingFactsOf(settings, record);
  const locale = languageOf(record.reservation.language);
  const note = record.reservation.priceNeedsToBeHidden ? null : await renderCreditNoteOf(tx, record, locale);
  const files = note ? [pdf(`CreditNote-${record.reservation.recordLocator}.pdf`, note)] : [];
  await sendAboutBooking(
    tx,
    record,
    storeKey,
    'reservation-cancelled',
    { booking, fee: money.fee, refund: money.refunded, creditNote: note !== null },
    files,
  );
}

/**
 * Passengers were checked in online on a flight: their boarding passes (one PDF, a page each) go
 * to the booking's contact. E-mail only: a boarding pass is no SMS.
 */
export async function notifyBoardingPasses(
  tx: Tx,
  settings: MessageSettings,
  reservationId: number,
  data: Omit<MessageData['boarding-passes'], 'booking'>,
  pdfFile: Uint8Array,
) {
  const record = await load(tx, reservationId);
  const { booking, storeKey } = bookingFactsOf(settings, record);
  const { reservation } = record;
  if (!reservation.billing.email) return;
  const language = languageOf(reservation.language);
  const email = await emailMessage(
    'boarding-passes',
    language,
    { booking, ...data },
    {
      recipient: reservation.billing.email,
      reservationId: reservation.id,
      attachments: [pdf('BoardingPass.pdf', pdfFile)],
    },
  );
  await enqueueMessage(tx, email, storeKey);
}
