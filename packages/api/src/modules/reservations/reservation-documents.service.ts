import {
  creditNoteVerdict,
  invoicePdfVerdict,
  officeDayOf,
  ticketPdfVerdict,
  toRappen,
} from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  airports,
  creditNotes,
  flightCompanies,
  flights,
  options,
  reservationSnapshots,
  tariffs,
  ticketOptions,
  tickets,
} from '../../db/schema/index.ts';
import type { LocalizedText } from '../../db/schema/users.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser, FileAnswer } from '../../http/routes.ts';
import { reservationIdOfAccessKey } from '../../platform/access-keys.ts';
import { paidStateOf } from '../../platform/documents/document-layout.ts';
import type {
  DocumentAirport,
  DocumentFlight,
  DocumentReservation,
} from '../../platform/documents/reservation-document.ts';
import { pdfAnswer } from '../../platform/pdf.ts';
import { renderCreditNote } from '../ledger/documents/credit-note-pdf.ts';
import { balanceLogTypeId } from '../ledger/ledger.ts';
import { countryNameOf } from '../lookups/lookups.service.ts';
import { pricesHidden, refuseUnless } from './action-refusals.ts';
import { renderInvoice } from './documents/invoice-pdf.ts';
import { renderReservationOverview } from './documents/overview-pdf.ts';
import { renderTicket } from './documents/ticket-pdf.ts';
import { type ReservationAccess, reservationAccess } from './reservation-access.ts';
import { findReservation, type ReservationRecord } from './reservations.repository.ts';

const origin = alias(airports, 'origin');
const destination = alias(airports, 'destination');

/**
 * What the documents print beyond the reservation's read model, one row per ticket and booked
 * option: airline, airport names and time zones, tariff and option names. Only the tickets the
 * read model shows (active ones; the inactive ones of a cancelled reservation).
 */
function documentDetails(db: Db, reservationId: number, activeTickets: boolean) {
  return db
    .select({
      ticketId: tickets.id,
      flightId: tickets.flightId,
      airlineName: flightCompanies.name,
      origin: { code: origin.code, name: origin.name, timezone: origin.timezone },
      destination: { code: destination.code, name: destination.name, timezone: destination.timezone },
      tariffName: tariffs.name,
      option: { id: options.id, title: options.title },
    })
    .from(tickets)
    .innerJoin(flights, eq(flights.id, tickets.flightId))
    .innerJoin(flightCompanies, eq(flightCompanies.id, flights.flightCompanyId))
    .innerJoin(origin, eq(origin.id, flights.originAirportId))
    .innerJoin(destination, eq(destination.id, flights.destinationAirportId))
    .innerJoin(tariffs, eq(tariffs.id, tickets.tariffId))
    .leftJoin(ticketOptions, eq(ticketOptions.ticketId, tickets.id))
    .leftJoin(options, eq(options.id, ticketOptions.optionId))
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.isActive, activeTickets)));
}
type DocumentDetails = Awaited<ReturnType<typeof documentDetails>>;

/** A name in the document's language; another language rather than nothing when it was left empty. */
const inLocale = (text: LocalizedText, locale: Locale) => text[locale] || text.en || text.de;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The reservation as the documents print it. `hidePrices` is the caller's view: an owner who must
 * not see the price gets an overview without amounts, staff and the reservator see them.
 */
function toDocument(
  record: ReservationRecord,
  details: DocumentDetails,
  locale: Locale,
  hidePrices: boolean,
): DocumentReservation {
  const { reservation, invoice } = record;
  const detailOfTicket = new Map(details.map((row) => [row.ticketId, row]));
  const optionTitles = new Map(
    details.flatMap((row) => (row.option ? [[row.option.id, inLocale(row.option.title, locale)]] : [])),
  );
  const airport = (place: { code: string; name: LocalizedText; timezone: string }): DocumentAirport => ({
    code: place.code,
    name: inLocale(place.name, locale),
    timezone: place.timezone,
  });

  const documentFlights = new Map<number, DocumentFlight>();
  for (const { ticket, flight } of record.tickets) {
    const detail = detailOfTicket.get(ticket.id);
    if (documentFlights.has(flight.id) || !detail) continue;
    documentFlights.set(flight.id, {
      id: flight.id,
      direction: ticket.direction,
      number: flight.number,
      airlineName: detail.airlineName,
      origin: airport(detail.origin),
      destination: airport(detail.destination),
      departure: flight.departure.toISOString(),
      arrival: flight.arrival.toISOString(),
      tariffName: inLocale(detail.tariffName, locale),
    });
  }

  const billing = reservation.billing;
  return {
    id: reservation.id,
    recordLocator: reservation.recordLocator,
    status: reservation.status,
    createdAt: reservation.createdAt.toISOString(),
    language: reservation.language,
    billing: {
      salutation: billing.salutation === 'mrs' ? 'mrs' : billing.salutation === 'mr' ? 'mr' : null,
      company: billing.company ?? null,
      firstName: billing.firstName,
      lastName: billing.lastName,
      email: billing.email,
      street: billing.street ?? null,
      zip: billing.zip ?? null,
      city: billing.city ?? null,
      country: billing.country,
      phoneMobile: billing.phoneMobile,
    },
    flights: [...documentFlights.values()].sort(
      (a, b) =>
        Number(a.direction === 'return') - Number(b.direction === 'return') ||
        a.departure.localeCompare(b.departure),
    ),
    passengers: record.passengers.map((passenger) => {
      const own = record.tickets.filter((row) => row.ticket.passengerId === passenger.id);
      const passengerFlights = own.map(({ ticket }) => ({
        flightId: ticket.flightId,
        seatLabel: ticket.seatLabel,
        basePrice: ticket.basePrice,
        airportFee: ticket.airportFee,
        fuelFee: ticket.fuelFee,
        seatPrice: ticket.seatPrice,
      }));
      const passengerOptions = own.flatMap(({ ticket }) =>
        record.options
          .filter((option) => option.ticketId === ticket.id)
          .map((option) => ({
            title: optionTitles.get(option.optionId) ?? String(option.optionId),
            price: option.price,
            flightId: ticket.flightId,
          })),
      );
      return {
        id: passenger.id,
        salutation: passenger.salutation === 'mrs' ? 'mrs' : 'mr',
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        ageType: passenger.ageType,
        birthday: passenger.birthday,
        flights: passengerFlights,
        options: passengerOptions,
        total:
          sum(passengerFlights.map((f) => f.basePrice + f.airportFee + f.fuelFee + f.seatPrice)) +
          sum(passengerOptions.map((option) => option.price)),
      };
    }),
    invoice: {
      id: invoice.id,
      status: invoice.status,
      total: invoice.total,
      totalPaid: invoice.totalPaid,
      // A card booking ("now") has no deadline: it is due on the day it is booked.
      paymentDeadline: invoice.paymentDeadline ?? officeDayOf(invoice.createdAt),
      paymentTerms: invoice.paymentTerms,
      isSpecificPrice: invoice.isSpecificPrice,
      updateFee: invoice.updateFee,
      createdAt: invoice.createdAt.toISOString(),
      payments: record.payments.map((payment) => ({
        amount: payment.amount,
        method: payment.method,
        createdAt: payment.createdAt.toISOString(),
        isTransfer: payment.typeId === balanceLogTypeId('reservation_transfer'),
      })),
    },
    priceNeedsToBeHidden: hidePrices,
  };
}

/**
 * The reservation as the documents print it, for a reader other than a document route (manage my
 * booking shows the same flights, names and price parts as the invoice).
 */
export async function documentReservationOf(
  db: Db,
  record: ReservationRecord,
  locale: Locale,
  hidePrices: boolean,
): Promise<DocumentReservation> {
  const { id, status } = record.reservation;
  const details = await documentDetails(db, id, status !== 'cancelled');
  const document = toDocument(record, details, locale, hidePrices);
  document.billing.countryName = await countryNameOf(db, record.reservation.billing.country, locale);
  return document;
}

/**
 * How the holder of a booking's access key stands to it (manage my booking): like its owner, with
 * no roles, and without amounts when its reservator hid the price (docs/booking-manage.md).
 */
export const keyHolderAccess = (reservation: { priceNeedsToBeHidden: boolean }): ReservationAccess => ({
  isStaff: false,
  isOwner: true,
  isReservator: false,
  hidePrices: reservation.priceNeedsToBeHidden,
});

/** Who asks for a document: a session's user, or (ticket, invoice) the holder of an access key. */
export type DocumentReader = AuthUser | { accessKey: string };
const NO_ROLES: ReadonlySet<string> = new Set();

/**
 * The newest credit note PDF of a reservation (its cancellation's, else what a card overpayment gave
 * back), or null when it has none: for the document route and for the cancellation e-mail
 * (messages), in the caller's transaction. A cancellation is always the last: nothing is paid after.
 */
export async function renderCreditNoteOf(db: Db, record: ReservationRecord, locale: Locale) {
  const id = record.reservation.id;
  const [note] = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.reservationId, id))
    .orderBy(desc(creditNotes.id))
    .limit(1);
  if (!note) return null;
  const billing = record.reservation.billing;
  const flights = new Map(record.tickets.map((row) => [row.flight.id, row]));
  return renderCreditNote({
    reservation: {
      id,
      recordLocator: record.reservation.recordLocator,
      billing: { ...billing, countryName: await countryNameOf(db, billing.country, locale) },
      flights: [...flights.values()].map((row) => ({
        number: row.flight.number,
        origin: row.origin.code,
        destination: row.destination.code,
        departure: row.flight.departure,
      })),
      passengers: record.passengers.map((passenger) => `${passenger.firstName} ${passenger.lastName}`),
    },
    creditNote: {
      id: note.id,
      reason: note.reason,
      createdAt: note.createdAt,
      paid: note.paid,
      fee: note.fee,
      refund: note.refund,
      parts: note.parts.map((part) => ({
        method: part.method as 'datatrans' | 'account' | 'cash' | 'bank' | 'transfer',
        amount: part.amount,
      })),
    },
    locale,
  });
}

/**
 * The ticket, invoice and overview PDFs of a reservation, each for whoever may read the
 * reservation and under the document's own rules (docs/booking.md, Documents).
 */
export function createReservationDocumentsService(db: Db) {
  /** The reservation and the caller's standing to it; 404 when they may not read it. */
  async function read(user: AuthUser, id: number) {
    const record = await findReservation(db, id);
    if (!record) throw ApiError.notFound('reservation', id);
    return { record, access: reservationAccess(user, record.reservation) };
  }

  /**
   * As `read`, for a user or a key holder, with the roles the document rules look at. A key opens
   * only the booking it was issued for: any other id is 404, as for an unknown booking.
   */
  async function readFor(reader: DocumentReader, id: number) {
    if (!('accessKey' in reader)) return { ...(await read(reader, id)), roles: reader.roles };
    const keyed = await reservationIdOfAccessKey(db, reader.accessKey);
    const record = keyed === id ? await findReservation(db, id) : undefined;
    if (!record) throw ApiError.notFound('reservation', id);
    return { record, access: keyHolderAccess(record.reservation), roles: NO_ROLES };
  }

  /** The reservation as the documents print it, names in the document's language. */
  const documentOf = (record: ReservationRecord, access: ReservationAccess, locale: Locale) =>
    documentReservationOf(db, record, locale, access.hidePrices);

  /**
   * What a cancelled reservation charged before it was cancelled, and when: its last version that
   * was not cancelled, and the first that was (the invoice then charges the fee alone).
   */
  async function cancellationOf(record: ReservationRecord) {
    if (record.reservation.status !== 'cancelled') return undefined;
    const [cancelled] = await db
      .select({ createdAt: reservationSnapshots.createdAt, version: reservationSnapshots.version })
      .from(reservationSnapshots)
      .where(
        and(
          eq(reservationSnapshots.reservationId, record.reservation.id),
          sql`${reservationSnapshots.snapshot} ->> 'status' = 'cancelled'`,
        ),
      )
      .orderBy(reservationSnapshots.version)
      .limit(1);
    const [before] = await db
      .select({ total: sql<string | null>`${reservationSnapshots.snapshot} -> 'invoice' ->> 'total'` })
      .from(reservationSnapshots)
      .where(
        and(
          eq(reservationSnapshots.reservationId, record.reservation.id),
          sql`${reservationSnapshots.version} < ${cancelled?.version ?? record.reservation.version}`,
        ),
      )
      .orderBy(desc(reservationSnapshots.version))
      .limit(1);
    if (!cancelled || before?.total == null) return undefined;
    return { originalTotal: toRappen(Number(before.total)), cancelledAt: cancelled.createdAt.toISOString() };
  }

  const beforePaid = (document: string) =>
    new ApiError('ERROR_FORBIDDEN', 403, {
      message: `No permission for the ${document} before the reservation is paid`,
    });

  return {
    async ticketPdf(reader: DocumentReader, id: number, locale: Locale): Promise<FileAnswer> {
      const { record, access, roles } = await readFor(reader, id);
      refuseUnless(
        ticketPdfVerdict({ status: record.reservation.status, invoice: record.invoice }, { roles }),
        {
          cancelled: () =>
            new ApiError('ERROR_VALIDATION', 422, {
              message: 'A cancelled reservation has no ticket',
              params: { id: String(id) },
            }),
          notPaid: () => beforePaid('ticket'),
        },
      );
      const reservation = await documentOf(record, access, locale);
      const paidState = paidStateOf(record.invoice.status);
      return pdfAnswer(await renderTicket({ reservation, paidState, locale }), 'Ticket.pdf');
    },

    async invoicePdf(reader: DocumentReader, id: number, locale: Locale): Promise<FileAnswer> {
      const { record, access, roles } = await readFor(reader, id);
      // The owner of a booking whose price is hidden sees no amount, so no invoice either.
      refuseUnless(
        invoicePdfVerdict({ invoice: record.invoice, pricesHidden: access.hidePrices }, { roles }),
        {
          pricesHidden,
          notPaid: () => beforePaid('invoice'),
        },
      );
      const reservation = await documentOf(record, access, locale);
      const cancellation = await cancellationOf(record);
      if (cancellation) reservation.invoice.cancellation = cancellation;
      return pdfAnswer(await renderInvoice({ reservation, locale }), 'Invoice.pdf');
    },

    async creditNotePdf(user: AuthUser, id: number, locale: Locale): Promise<FileAnswer> {
      const { record, access } = await read(user, id);
      // Made only for a reader who may see it: a hidden price is refused before anything is drawn.
      const body = access.hidePrices ? null : await renderCreditNoteOf(db, record, locale);
      refuseUnless(creditNoteVerdict({ pricesHidden: access.hidePrices, hasCreditNote: body !== null }), {
        pricesHidden,
        noCreditNote: () => ApiError.notFound('credit note of reservation', id),
      });
      return pdfAnswer(body!, 'CreditNote.pdf');
    },

    async overviewPdf(user: AuthUser, id: number, locale: Locale): Promise<FileAnswer> {
      const { record, access } = await read(user, id);
      const reservation = await documentOf(record, access, locale);
      return pdfAnswer(await renderReservationOverview({ reservation, locale }), 'ReservationOverview.pdf');
    },
  };
}

export type ReservationDocumentsService = ReturnType<typeof createReservationDocumentsService>;
