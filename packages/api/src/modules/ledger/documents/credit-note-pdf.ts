import { OFFICE_TIME_ZONE, type Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { SALUTATIONS } from '@flybook/schemas';
import {
  airportDateTime,
  billingAddressLines,
  commonTexts,
  drawDocumentFooters,
  drawLetterhead,
  drawSectionTitle,
  drawTitle,
  MUTED_COLOR,
  money,
  officeDate,
  resetText,
  TEXT_COLOR,
  textWidth,
} from '../../../platform/documents/document-layout.ts';
import type { Salutation } from '../../../platform/documents/reservation-document.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, drawTable, FONT, pdfBuffer, type TableRow } from '../../../platform/pdf.ts';
import { drawAddressAndFacts } from './ledger-document-layout.ts';

/** Where a part of a refund was paid to: the card it was paid with, the customer account, cash desk, bank or transfer. */
export type RefundMethod = 'datatrans' | 'account' | 'cash' | 'bank' | 'transfer';

export interface CreditNoteInput {
  reservation: {
    /** The internal reservation number (in the footer, for staff). */
    id: number;
    /** The booking reference the customer quotes: the record locator. */
    recordLocator: string;
    billing: {
      /** 'mr' or 'mrs'; anything else is left out. */
      salutation?: string | null;
      company?: string | null;
      firstName: string;
      lastName: string;
      street?: string | null;
      zip?: string | null;
      city?: string | null;
      /** Country code, e.g. "CH"; printed as `countryName` when given. */
      country: string;
      /** The country's name in the document's language (the country list's, `countryNameOf`). */
      countryName?: string | null;
    };
    /** The cancelled flights, in travel order. */
    flights: Array<{
      number: string;
      /** IATA code of the origin airport. */
      origin: string;
      /** IATA code of the destination airport. */
      destination: string;
      departure: Date;
      /** IANA time zone of the origin; the departure is printed in it (the office's zone when absent). */
      originTimezone?: string;
    }>;
    /** The passengers' names as printed. */
    passengers: string[];
  };
  /** All money in Rappen: refund = paid − fee, paid out in the parts. */
  creditNote: {
    id: number;
    /** Why money went back: a cancellation (paid − fee) or a card overpayment (paid − the booking's price). */
    reason?: 'cancellation' | 'overpayment';
    createdAt: Date;
    paid: Rappen;
    fee: Rappen;
    refund: Rappen;
    parts: Array<{ method: RefundMethod; amount: Rappen }>;
  };
  /** Language of the document. */
  locale: Locale;
  /** When the credit note is printed. Defaults to now. */
  generatedAt?: Date;
}

const isSalutation = (value: string | null | undefined): value is Salutation =>
  SALUTATIONS.some((salutation) => salutation === value);

/**
 * The credit note (CreditNote.pdf) of a cancelled, paid reservation: billing address, credit note
 * number and date, booking reference, the cancelled flights and passengers, what was paid, the
 * cancellation fee and the refund (paid − fee), and where each part of the refund went.
 */
export function renderCreditNote(input: CreditNoteInput): Promise<Buffer> {
  const { reservation, creditNote, locale, generatedAt = new Date() } = input;
  const t = translator(locale);
  const texts = commonTexts(t);
  const chf = (amount: Rappen) => money(amount, locale);
  const reference = reservation.recordLocator;
  const title = t('ledgerDocuments.creditNote.title');
  // An overpayment keeps the booking: its texts name the price kept instead of a fee.
  const overpaid = creditNote.reason === 'overpayment';
  const text = (name: string, params: Record<string, string> = {}) =>
    t(`ledgerDocuments.creditNote.${overpaid ? `overpayment.${name}` : name}`, params);
  const methods: Record<RefundMethod, string> = {
    datatrans: t('ledgerDocuments.creditNote.methods.datatrans'),
    account: t('ledgerDocuments.creditNote.methods.account'),
    cash: t('ledgerDocuments.creditNote.methods.cash'),
    bank: t('ledgerDocuments.creditNote.methods.bank'),
    transfer: t('ledgerDocuments.creditNote.methods.transfer'),
  };

  const doc = createPdf({ title: `${title} ${creditNote.id}`, lang: locale, createdAt: generatedAt });
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  drawLetterhead(doc, t);

  const { billing } = reservation;
  drawAddressAndFacts(doc, {
    label: t('reservationDocuments.invoice.billTo'),
    // The address helper of the reservation documents prints only the address fields of a billing.
    lines: billingAddressLines(
      {
        ...billing,
        salutation: isSalutation(billing.salutation) ? billing.salutation : null,
        email: '',
        phoneMobile: '',
      },
      texts,
    ),
    facts: [
      { label: t('ledgerDocuments.creditNote.number'), value: String(creditNote.id), bold: true },
      { label: t('ledgerDocuments.creditNote.date'), value: officeDate(creditNote.createdAt) },
      { label: t('reservationDocuments.common.bookingReference'), value: reference, bold: true },
    ],
  });
  drawTitle(doc, title, text('subtitle', { reference }));

  if (reservation.flights.length > 0) {
    drawSectionTitle(doc, text('cancelledFlights'));
    drawTable(doc, {
      columns: [
        { header: t('reservationDocuments.common.flight'), width: 110 },
        { header: t('reservationDocuments.overview.route'), width: 140 },
        { header: t('reservationDocuments.common.departureLocal'), width: width - 250 },
      ],
      rows: reservation.flights.map(
        (flight, index): TableRow => ({
          cells: [
            flight.number,
            `${flight.origin}–${flight.destination}`,
            airportDateTime(
              flight.departure.toISOString(),
              flight.originTimezone ?? OFFICE_TIME_ZONE,
              locale,
            ),
          ],
          ...(index > 0 ? { rule: 'thin' as const } : {}),
        }),
      ),
      fontSize: 8.5,
    });
    doc.y += 8;
  }

  if (reservation.passengers.length > 0) {
    drawSectionTitle(doc, t('reservationDocuments.overview.passengers'));
    doc.font(FONT.regular).fontSize(9).text(reservation.passengers.join('\n'), left, doc.y, { width });
    doc.y += 14;
  }

  drawSectionTitle(doc, t('ledgerDocuments.creditNote.settlement'), 90);
  drawTable(doc, {
    columns: [
      { header: t('reservationDocuments.invoice.columns.description'), width: width - 130 },
      { header: t('reservationDocuments.invoice.columns.amount'), width: 130, align: 'right' },
    ],
    rows: [
      { cells: [t('ledgerDocuments.creditNote.paid'), chf(creditNote.paid)], keepWithNext: true },
      // Printed as a deduction: the negative amount formats differ too much between the languages.
      { cells: [text('fee'), `− ${chf(creditNote.fee)}`], keepWithNext: true },
      {
        cells: [t('ledgerDocuments.creditNote.refund'), chf(creditNote.refund)],
        bold: true,
        fontSize: 10,
        rule: 'thick',
      },
    ],
    fontSize: 9,
  });
  doc.y += 8;

  drawSectionTitle(doc, t('ledgerDocuments.creditNote.refundTo'), 80);
  if (creditNote.parts.length === 0 || creditNote.refund === 0) {
    doc.font(FONT.regular).fontSize(9).text(t('ledgerDocuments.creditNote.noRefund'), left, doc.y, { width });
  } else {
    drawTable(doc, {
      columns: [
        { header: t('ledgerDocuments.creditNote.method'), width: width - 130 },
        { header: t('reservationDocuments.invoice.columns.amount'), width: 130, align: 'right' },
      ],
      rows: creditNote.parts.map(
        (part, index): TableRow => ({
          cells: [methods[part.method], chf(part.amount)],
          ...(index > 0 ? { rule: 'thin' as const } : {}),
        }),
      ),
      fontSize: 9,
    });
    if (creditNote.parts.some((part) => part.method === 'datatrans')) {
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(MUTED_COLOR)
        .text(t('ledgerDocuments.creditNote.cardNote'), left, doc.y, { width });
    }
  }
  doc.y += 12;
  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR).text(text('closing'), left, doc.y, { width });
  resetText(doc);

  drawDocumentFooters(doc, t, reservation);
  return pdfBuffer(doc);
}
