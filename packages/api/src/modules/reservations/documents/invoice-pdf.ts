import { invoiceBalanceOf, type Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import {
  ALERT_COLOR,
  airportDate,
  billingAddressLines,
  commonTexts,
  drawBankDetails,
  drawDocumentFooters,
  drawLetterhead,
  drawPairs,
  formatDate,
  MUTED_COLOR,
  money,
  OK_COLOR,
  officeDate,
  paidStateOf,
  passengerName,
  resetText,
  TEXT_COLOR,
  textWidth,
  WARNING_COLOR,
} from '../../../platform/documents/document-layout.ts';
import type { DocumentReservation, PaidState } from '../../../platform/documents/reservation-document.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, drawTable, FONT, pdfBuffer, type TableRow } from '../../../platform/pdf.ts';

export interface InvoiceInput {
  reservation: DocumentReservation;
  /** Language of the document. */
  locale: Locale;
}

const STATUS_COLOR: Record<PaidState, string> = {
  paid: OK_COLOR,
  partlyPaid: WARNING_COLOR,
  notPaid: ALERT_COLOR,
};

const DETAIL_COLOR = '#333333';

/**
 * The invoice (Invoice.pdf): issuer and billing address, invoice number, date, booking reference,
 * payment terms, deadline and status; per passenger each flight's base fare, airport fee, fuel
 * surcharge, seat and options and the passenger's total; then the total, what is paid and what is
 * still to pay (or overpaid). With an agreed (specific) price the items carry no amounts and only
 * the agreed total is priced.
 */
export function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  const { reservation, locale } = input;
  const { invoice } = reservation;
  const t = translator(locale);
  const texts = commonTexts(t);
  const reference = reservation.recordLocator;
  const title = t('reservationDocuments.invoice.title', { number: invoice.id });
  const paidState = paidStateOf(invoice.status);
  const priced = !invoice.isSpecificPrice;
  const amount = (value: Rappen) => (priced ? money(value, locale) : '');

  const doc = createPdf({ title, lang: locale, createdAt: new Date(invoice.createdAt) });
  drawLetterhead(doc, t);

  // Billing address on the left (where a window envelope shows it), invoice facts on the right.
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const top = doc.y + 6;
  const addressLines = billingAddressLines(reservation.billing, texts);
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(MUTED_COLOR)
    .text(t('reservationDocuments.invoice.billTo'), left, top, { width: 240 });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(addressLines.join('\n'), left, doc.y + 2, { width: 240 });
  const addressBottom = doc.y;
  const factsBottom = drawPairs(
    doc,
    [
      { label: t('reservationDocuments.invoice.number'), value: String(invoice.id), bold: true },
      { label: t('reservationDocuments.invoice.date'), value: officeDate(invoice.createdAt) },
      { label: t('reservationDocuments.common.bookingReference'), value: reference, bold: true },
      {
        label: t('reservationDocuments.common.paymentTerms.label'),
        value: texts.paymentTerms[invoice.paymentTerms],
      },
      {
        label: t('reservationDocuments.common.paymentDeadline'),
        value: formatDate(invoice.paymentDeadline),
      },
      {
        label: t('reservationDocuments.common.paidState.label'),
        value: texts.paidState[paidState],
        bold: true,
        color: STATUS_COLOR[paidState],
      },
    ],
    { x: left + width - 260, y: top, width: 260, labelWidth: 140 },
  );
  doc.x = left;
  doc.y = Math.max(addressBottom, factsBottom) + 22;

  // Title with the paid state in a frame beside it.
  const titleTop = doc.y;
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(TEXT_COLOR)
    .text(title, left, titleTop, { width: width - 150 });
  const stamp = texts.paidState[paidState].toUpperCase();
  doc.font(FONT.bold).fontSize(11);
  const stampWidth = doc.widthOfString(stamp) + 16;
  doc
    .rect(left + width - stampWidth, titleTop - 1, stampWidth, 21)
    .lineWidth(1.5)
    .strokeColor(STATUS_COLOR[paidState])
    .stroke();
  doc
    .fillColor(STATUS_COLOR[paidState])
    .text(stamp, left + width - stampWidth, titleTop + 4, { width: stampWidth, align: 'center' });
  resetText(doc);
  doc.x = left;
  doc.y = titleTop + 30;

  const flightsById = new Map(reservation.flights.map((flight) => [flight.id, flight]));
  const rows: TableRow[] = [];
  reservation.passengers.forEach((passenger, passengerIndex) => {
    rows.push({
      cells: [{ text: `${passengerName(passenger, texts)} · ${texts.ageType[passenger.ageType]}`, span: 2 }],
      bold: true,
      fontSize: 9,
      ...(passengerIndex > 0 ? { rule: 'thin' as const } : {}),
      keepWithNext: true,
    });
    for (const ticket of passenger.flights) {
      const flight = flightsById.get(ticket.flightId);
      if (!flight) continue;
      const departureDate = airportDate(flight.departure, flight.origin.timezone);
      rows.push({
        cells: [
          {
            text: `${texts.direction[flight.direction]} ${flight.number} · ${flight.origin.code}–${flight.destination.code} · ${departureDate} · ${flight.tariffName}`,
            span: 2,
            indent: 8,
          },
        ],
        color: DETAIL_COLOR,
        keepWithNext: true,
      });
      const line = (text: string, value: Rappen): TableRow => ({
        cells: [{ text, indent: 18 }, amount(value)],
        keepWithNext: true,
      });
      rows.push(line(t('reservationDocuments.invoice.baseFare'), ticket.basePrice));
      rows.push(line(t('reservationDocuments.invoice.airportFee'), ticket.airportFee));
      rows.push(line(t('reservationDocuments.invoice.fuelFee'), ticket.fuelFee));
      if (ticket.seatLabel || ticket.seatPrice !== 0) {
        rows.push(
          line(
            ticket.seatLabel
              ? t('reservationDocuments.invoice.seat', { seat: ticket.seatLabel })
              : t('reservationDocuments.common.seat'),
            ticket.seatPrice,
          ),
        );
      }
      for (const option of passenger.options.filter((option) => option.flightId === flight.id)) {
        rows.push(line(option.title, option.price));
      }
    }
    for (const option of passenger.options.filter(
      (option) => option.flightId == null || !flightsById.has(option.flightId),
    )) {
      rows.push({ cells: [{ text: option.title, indent: 8 }, amount(option.price)], keepWithNext: true });
    }
    const last = rows.at(-1);
    if (priced) {
      rows.push({
        cells: [
          {
            text: t('reservationDocuments.invoice.passengerTotal', { name: passengerName(passenger, texts) }),
            indent: 8,
          },
          money(passenger.total, locale),
        ],
        bold: true,
      });
    } else if (last) {
      last.keepWithNext = false;
    }
  });
  if (invoice.updateFee) {
    rows.push({
      cells: [t('reservationDocuments.invoice.updateFee'), amount(invoice.updateFee)],
      rule: 'thin',
    });
  }

  const outstanding = invoiceBalanceOf(invoice);
  const { cancellation } = invoice;
  if (cancellation) {
    // A cancelled reservation reconciles: what it charged, taken back by the cancellation, the fee.
    const cancelledOn = officeDate(cancellation.cancelledAt);
    rows.push(
      {
        cells: [
          t('reservationDocuments.invoice.reservationTotal'),
          money(cancellation.originalTotal, locale),
        ],
        bold: true,
        rule: 'thick',
        keepWithNext: true,
      },
      {
        cells: [
          t('reservationDocuments.invoice.cancellation', { date: cancelledOn }),
          money(-cancellation.originalTotal, locale),
        ],
        keepWithNext: true,
      },
      {
        cells: [t('reservationDocuments.invoice.cancellationFee'), money(invoice.total, locale)],
        keepWithNext: true,
      },
    );
  }
  rows.push({
    cells: [
      priced || cancellation
        ? t('reservationDocuments.invoice.total')
        : t('reservationDocuments.invoice.agreedTotal'),
      money(invoice.total, locale),
    ],
    bold: true,
    fontSize: 10,
    rule: 'thick',
    keepWithNext: true,
  });
  // Each payment, refund and split share, so the paid total below adds up from them.
  for (const payment of invoice.payments ?? []) {
    const on = {
      date: officeDate(payment.createdAt),
      method: t(`ledgerDocuments.creditNote.methods.${payment.method}`),
    };
    const label = payment.isTransfer
      ? payment.amount < 0
        ? 'splitOut'
        : 'splitIn'
      : payment.amount < 0
        ? 'refund'
        : 'payment';
    rows.push({
      cells: [
        { text: t(`reservationDocuments.invoice.${label}`, on), indent: 8 },
        money(payment.amount, locale),
      ],
      color: DETAIL_COLOR,
      keepWithNext: true,
    });
  }
  rows.push({
    cells: [t('reservationDocuments.invoice.totalPaid'), money(invoice.totalPaid, locale)],
    keepWithNext: true,
  });
  rows.push(
    outstanding < 0
      ? { cells: [t('reservationDocuments.invoice.overpaid'), money(-outstanding, locale)], bold: true }
      : { cells: [t('reservationDocuments.invoice.outstanding'), money(outstanding, locale)], bold: true },
  );

  drawTable(doc, {
    columns: [
      { header: t('reservationDocuments.invoice.columns.description'), width: width - 130 },
      { header: t('reservationDocuments.invoice.columns.amount'), width: 130, align: 'right' },
    ],
    rows,
    fontSize: 8.5,
  });

  const notes: string[] = [];
  if (!priced) notes.push(t('reservationDocuments.invoice.agreedPriceNote'));
  if (outstanding > 0) {
    notes.push(
      t('reservationDocuments.invoice.payInstruction', {
        amount: money(outstanding, locale),
        deadline: formatDate(invoice.paymentDeadline),
        reference,
      }),
    );
  } else {
    notes.push(t('reservationDocuments.invoice.paidInFull'));
  }
  if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.y += 6;
  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR).text(notes.join('\n\n'), left, doc.y, { width });
  if (outstanding > 0) {
    drawBankDetails(doc, t, { label: t('reservationDocuments.invoice.paymentReference'), value: reference });
  }
  doc.y += 12;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(TEXT_COLOR)
    .text(t('reservationDocuments.invoice.thanks'), left, doc.y, { width });
  resetText(doc);

  drawDocumentFooters(doc, t, reservation);
  return pdfBuffer(doc);
}
