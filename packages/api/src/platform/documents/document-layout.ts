import { isInvoiceSettled, OFFICE_TIME_ZONE, type Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import { formatDateTime, formatMoney, numericDate } from '@flybook/locales/format';
import type { TFunction } from 'i18next';
import { drawPageFooters, FONT, type PdfDocument } from '../pdf.ts';
import type {
  AgeType,
  DocumentBilling,
  DocumentPassenger,
  FlightDirection,
  InvoiceStatus,
  PaidState,
  PaymentTerms,
  ReservationStatus,
  Salutation,
} from './reservation-document.ts';

/** What the three reservation documents share: labels, date formats, letterhead, boxes, footers. */

export const TEXT_COLOR = '#000000';
export const MUTED_COLOR = '#555555';
export const RULE_COLOR = '#999999';
export const ALERT_COLOR = '#b00020';
export const WARNING_COLOR = '#9a5b00';
export const OK_COLOR = '#1b6e20';

/** Labels used by more than one document, read once per rendering. */
export function commonTexts(t: TFunction) {
  const salutation: Record<Salutation, string> = {
    mr: t('reservationDocuments.common.salutation.mr'),
    mrs: t('reservationDocuments.common.salutation.mrs'),
  };
  const ageType: Record<AgeType, string> = {
    adult: t('reservationDocuments.common.ageType.adult'),
    child: t('reservationDocuments.common.ageType.child'),
    infant: t('reservationDocuments.common.ageType.infant'),
  };
  const direction: Record<FlightDirection, string> = {
    outbound: t('reservationDocuments.common.direction.outbound'),
    return: t('reservationDocuments.common.direction.return'),
  };
  const reservationStatus: Record<ReservationStatus, string> = {
    created: t('reservationDocuments.common.reservationStatus.created'),
    reserved: t('reservationDocuments.common.reservationStatus.reserved'),
    confirmed: t('reservationDocuments.common.reservationStatus.confirmed'),
    cancelled: t('reservationDocuments.common.reservationStatus.cancelled'),
  };
  const paidState: Record<PaidState, string> = {
    paid: t('reservationDocuments.common.paidState.paid'),
    partlyPaid: t('reservationDocuments.common.paidState.partlyPaid'),
    notPaid: t('reservationDocuments.common.paidState.notPaid'),
  };
  const paymentTerms: Record<PaymentTerms, string> = {
    now: t('reservationDocuments.common.paymentTerms.now'),
    later: t('reservationDocuments.common.paymentTerms.later'),
    airport: t('reservationDocuments.common.paymentTerms.airport'),
    bill: t('reservationDocuments.common.paymentTerms.bill'),
    update: t('reservationDocuments.common.paymentTerms.update'),
  };
  return { salutation, ageType, direction, reservationStatus, paidState, paymentTerms };
}

export type CommonTexts = ReturnType<typeof commonTexts>;

/** The paid state an invoice status stands for. */
export function paidStateOf(status: InvoiceStatus): PaidState {
  if (isInvoiceSettled({ status })) return 'paid';
  return status === 'partly' ? 'partlyPaid' : 'notPaid';
}

// Documents print numeric dates and 24-hour times in every language (docs/i18n.md), through
// @flybook/locales/format like every screen and e-mail.

/** yyyy-mm-dd as dd.mm.yyyy, the date format customers in all four languages read on our documents. */
export function formatDate(isoDate: string): string {
  return numericDate(isoDate.slice(0, 10));
}

/** The calendar date of an instant in the office's time zone (issue and booking dates). */
export function officeDate(instant: string | Date): string {
  return numericDate(instant, OFFICE_TIME_ZONE);
}

/** The local calendar date of an instant at an airport, e.g. "13.07.2026". */
export function airportDate(instant: string, timezone: string): string {
  return numericDate(instant, timezone);
}

/** Weekday, date and time of an instant at an airport, e.g. "Mon 13.07.2026 07:05", "Mo. 13.07.2026 07:05". */
export function airportDateTime(instant: string, timezone: string, locale: Locale): string {
  return formatDateTime(instant, locale, { style: 'numeric', weekday: 'short', timeZone: timezone });
}

/** "Mr Arbën Krasniqi". */
export function passengerName(passenger: DocumentPassenger, texts: CommonTexts): string {
  return `${texts.salutation[passenger.salutation]} ${passenger.firstName} ${passenger.lastName}`;
}

/** The billing address as printed lines: company, name, street, zip and city, country. */
export function billingAddressLines(billing: DocumentBilling, texts: CommonTexts): string[] {
  const name = [
    billing.salutation ? texts.salutation[billing.salutation] : '',
    billing.firstName,
    billing.lastName,
  ]
    .filter(Boolean)
    .join(' ');
  const place = [billing.zip, billing.city].filter(Boolean).join(' ');
  return [
    billing.company ?? '',
    name,
    billing.street ?? '',
    place,
    billing.countryName || billing.country,
  ].filter((line) => line.trim() !== '');
}

export const money = (amount: Rappen, locale: Locale) => formatMoney(amount, locale);

export const textWidth = (doc: PdfDocument) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;

/**
 * The letterhead: the company name on the left, its address and contact on the right. Leaves the
 * cursor at the left margin below it.
 */
export function drawLetterhead(doc: PdfDocument, t: TFunction) {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = textWidth(doc);
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(TEXT_COLOR)
    .text(COMPANY.name, left, top, {
      width: width / 2,
    });
  const nameBottom = doc.y;
  const lines = [
    `${COMPANY.street}, ${COMPANY.countryCode}-${COMPANY.zip} ${COMPANY.city}`,
    t('reservationDocuments.common.company.phone', { phone: COMPANY.phone }),
    `${COMPANY.email} · ${COMPANY.website}`,
    t('reservationDocuments.common.company.uid', { uid: COMPANY.uid }),
  ];
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(MUTED_COLOR)
    .text(lines.join('\n'), left + width / 2, top + 1, { width: width / 2, align: 'right' });
  const y = Math.max(nameBottom, doc.y) + 6;
  rule(doc, y, 0.8, TEXT_COLOR);
  resetText(doc);
  doc.x = left;
  doc.y = y + 12;
}

/** A horizontal rule across the text width. */
export function rule(doc: PdfDocument, y: number, weight = 0.5, color = RULE_COLOR) {
  const left = doc.page.margins.left;
  doc
    .moveTo(left, y)
    .lineTo(left + textWidth(doc), y)
    .lineWidth(weight)
    .strokeColor(color)
    .stroke();
}

export function resetText(doc: PdfDocument) {
  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR);
}

/** The document title and a line under it (e.g. the booking reference). */
export function drawTitle(doc: PdfDocument, title: string, subtitle?: string) {
  const left = doc.page.margins.left;
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(TEXT_COLOR)
    .text(title, left, doc.y, { width: textWidth(doc) });
  if (subtitle)
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(subtitle, { width: textWidth(doc) });
  resetText(doc);
  doc.x = left;
  doc.y += 8;
}

/** A bold section heading with a thin rule under it; starts a new page when little room is left. */
export function drawSectionTitle(doc: PdfDocument, title: string, roomNeeded = 60) {
  const left = doc.page.margins.left;
  if (doc.y + roomNeeded > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(TEXT_COLOR)
    .text(title, left, doc.y, { width: textWidth(doc) });
  const y = doc.y + 2;
  rule(doc, y, 0.5);
  resetText(doc);
  doc.x = left;
  doc.y = y + 6;
}

/**
 * Label–value pairs in two columns (muted label, value beside it, wrapping in its column), from
 * (x, y) down; returns the y below the last pair.
 */
export function drawPairs(
  doc: PdfDocument,
  pairs: { label: string; value: string; bold?: boolean; color?: string }[],
  box: { x: number; y: number; width: number; labelWidth: number; fontSize?: number },
): number {
  const fontSize = box.fontSize ?? 9;
  const valueWidth = box.width - box.labelWidth;
  let y = box.y;
  for (const pair of pairs) {
    doc.font(FONT.regular).fontSize(fontSize);
    const labelHeight = doc.heightOfString(pair.label, { width: box.labelWidth - 6 });
    doc.fillColor(MUTED_COLOR).text(pair.label, box.x, y, { width: box.labelWidth - 6 });
    doc.font(pair.bold ? FONT.bold : FONT.regular).fontSize(fontSize);
    const valueHeight = doc.heightOfString(pair.value, { width: valueWidth });
    doc
      .fillColor(pair.color ?? TEXT_COLOR)
      .text(pair.value, box.x + box.labelWidth, y, { width: valueWidth });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  resetText(doc);
  return y;
}

/**
 * Where to pay an invoice: the airline's account holder, bank and IBAN, and the reference the
 * payment must name, under the text at doc.y.
 */
export function drawBankDetails(doc: PdfDocument, t: TFunction, reference: { label: string; value: string }) {
  const left = doc.page.margins.left;
  doc.y = drawPairs(
    doc,
    [
      {
        label: t('reservationDocuments.invoice.accountHolder'),
        value: `${COMPANY.name}, ${COMPANY.zip} ${COMPANY.city}`,
      },
      { label: t('reservationDocuments.invoice.bank'), value: COMPANY.bank.name },
      { label: t('reservationDocuments.invoice.iban'), value: COMPANY.bank.iban, bold: true },
      { label: reference.label, value: reference.value, bold: true },
    ],
    { x: left, y: doc.y + 8, width: textWidth(doc), labelWidth: 130 },
  );
}

/** A framed notice in a colour (e.g. "not valid for travel until paid"), full text width. */
export function drawNotice(doc: PdfDocument, text: string, color: string) {
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const pad = 7;
  doc.font(FONT.bold).fontSize(10);
  const height = doc.heightOfString(text, { width: width - 2 * pad }) + 2 * pad;
  const top = doc.y;
  doc.rect(left, top, width, height).lineWidth(1.5).strokeColor(color).stroke();
  doc.fillColor(color).text(text, left + pad, top + pad, { width: width - 2 * pad });
  resetText(doc);
  doc.x = left;
  doc.y = top + height + 10;
}

/**
 * The footer on every page: company, booking reference (the record locator the customer quotes),
 * the internal reservation number staff look bookings up by, page number.
 */
export function drawDocumentFooters(
  doc: PdfDocument,
  t: TFunction,
  reservation: { id: number; recordLocator: string },
) {
  drawPageFooters(doc, (page, pages) =>
    [
      COMPANY.name,
      `${t('reservationDocuments.common.bookingReference')} ${reservation.recordLocator}`,
      t('reservationDocuments.common.reservationNumber', { number: reservation.id }),
      t('reservationDocuments.common.page', { page, pages }),
    ].join('  ·  '),
  );
}
