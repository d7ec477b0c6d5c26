import { invoiceBalanceOf, type Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import {
  airportDateTime,
  billingAddressLines,
  commonTexts,
  drawDocumentFooters,
  drawLetterhead,
  drawPairs,
  drawSectionTitle,
  drawTitle,
  formatDate,
  money,
  officeDate,
  paidStateOf,
  passengerName,
  textWidth,
} from '../../../platform/documents/document-layout.ts';
import type { DocumentReservation } from '../../../platform/documents/reservation-document.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, drawTable, pdfBuffer, type TableRow } from '../../../platform/pdf.ts';

export interface ReservationOverviewInput {
  reservation: DocumentReservation;
  /** Language of the document. */
  locale: Locale;
  /** When the overview is printed. Defaults to now. */
  generatedAt?: Date;
}

/**
 * The reservation overview: status, flights, passengers with seats and options, contact, and the
 * price summary. When the reservation's price needs to be hidden, no amount and nothing about
 * payment (terms, deadline, paid state) is printed.
 */
export function renderReservationOverview(input: ReservationOverviewInput): Promise<Buffer> {
  const { reservation, locale, generatedAt = new Date() } = input;
  const { invoice } = reservation;
  const t = translator(locale);
  const texts = commonTexts(t);
  const reference = reservation.recordLocator;
  const title = t('reservationDocuments.overview.title');
  const showPrices = !reservation.priceNeedsToBeHidden;

  const doc = createPdf({ title: `${title} ${reference}`, lang: locale, createdAt: generatedAt });
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  drawLetterhead(doc, t);
  drawTitle(doc, title, `${t('reservationDocuments.common.bookingReference')} ${reference}`);

  const paymentFacts = showPrices
    ? [
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
          value: texts.paidState[paidStateOf(invoice.status)],
        },
      ]
    : [];
  doc.y = drawPairs(
    doc,
    [
      {
        label: t('reservationDocuments.overview.status'),
        value: texts.reservationStatus[reservation.status],
        bold: true,
      },
      { label: t('reservationDocuments.overview.bookedOn'), value: officeDate(reservation.createdAt) },
      ...paymentFacts,
      { label: t('reservationDocuments.overview.printedOn'), value: officeDate(generatedAt) },
    ],
    { x: left, y: doc.y, width, labelWidth: 130 },
  );
  doc.y += 14;

  // Flights
  drawSectionTitle(doc, t('reservationDocuments.overview.flights'));
  drawTable(doc, {
    columns: [
      { header: t('reservationDocuments.common.flight'), width: 95 },
      { header: t('reservationDocuments.overview.route'), width: 131 },
      { header: t('reservationDocuments.common.departureLocal'), width: 104 },
      { header: t('reservationDocuments.common.arrivalLocal'), width: 104 },
      { header: t('reservationDocuments.common.tariff'), width: width - 434 },
    ],
    rows: reservation.flights.map(
      (flight, index): TableRow => ({
        cells: [
          `${texts.direction[flight.direction]}\n${flight.number} · ${flight.airlineName}`,
          `${flight.origin.code} ${flight.origin.name}\n${flight.destination.code} ${flight.destination.name}`,
          airportDateTime(flight.departure, flight.origin.timezone, locale),
          airportDateTime(flight.arrival, flight.destination.timezone, locale),
          flight.tariffName,
        ],
        ...(index > 0 ? { rule: 'thin' as const } : {}),
      }),
    ),
    fontSize: 8.5,
  });
  doc.y += 8;

  // Passengers
  const flightsById = new Map(reservation.flights.map((flight) => [flight.id, flight]));
  const noSeat = t('reservationDocuments.common.noSeat');
  drawSectionTitle(doc, t('reservationDocuments.overview.passengers'));
  drawTable(doc, {
    columns: [
      { header: t('reservationDocuments.common.passenger'), width: 150 },
      { header: t('reservationDocuments.common.birthday'), width: 80 },
      { header: t('reservationDocuments.overview.seats'), width: 110 },
      { header: t('reservationDocuments.common.options'), width: width - 340 },
    ],
    rows: reservation.passengers.map((passenger, index): TableRow => {
      const seats = passenger.flights
        .filter((ticket) => flightsById.has(ticket.flightId))
        .map((ticket) => `${flightsById.get(ticket.flightId)!.number}: ${ticket.seatLabel ?? noSeat}`);
      const options = passenger.options.map((option) => {
        const flight = option.flightId == null ? undefined : flightsById.get(option.flightId);
        return flight ? `${option.title} (${flight.number})` : option.title;
      });
      return {
        cells: [
          `${passengerName(passenger, texts)}\n${texts.ageType[passenger.ageType]}`,
          passenger.birthday ? formatDate(passenger.birthday) : '',
          seats.join('\n'),
          options.length > 0 ? options.join('\n') : t('reservationDocuments.common.none'),
        ],
        ...(index > 0 ? { rule: 'thin' as const } : {}),
      };
    }),
    fontSize: 8.5,
  });
  doc.y += 8;

  // Contact
  const { billing } = reservation;
  drawSectionTitle(doc, t('reservationDocuments.overview.contact'), 90);
  doc.y = drawPairs(
    doc,
    [
      {
        label: t('reservationDocuments.overview.address'),
        value: billingAddressLines(billing, texts).join('\n'),
      },
      { label: t('reservationDocuments.overview.email'), value: billing.email },
      { label: t('reservationDocuments.overview.phoneMobile'), value: billing.phoneMobile },
    ],
    { x: left, y: doc.y, width, labelWidth: 130 },
  );
  doc.y += 14;

  // Price summary
  if (showPrices) {
    const chf = (amount: Rappen) => money(amount, locale);
    const rows: TableRow[] = [];
    if (!invoice.isSpecificPrice) {
      for (const passenger of reservation.passengers) {
        rows.push({
          cells: [
            `${passengerName(passenger, texts)} · ${texts.ageType[passenger.ageType]}`,
            chf(passenger.total),
          ],
        });
      }
      if (invoice.updateFee)
        rows.push({ cells: [t('reservationDocuments.invoice.updateFee'), chf(invoice.updateFee)] });
    }
    const outstanding = invoiceBalanceOf(invoice);
    rows.push(
      {
        cells: [
          invoice.isSpecificPrice
            ? t('reservationDocuments.invoice.agreedTotal')
            : t('reservationDocuments.invoice.total'),
          chf(invoice.total),
        ],
        bold: true,
        rule: 'thick',
        keepWithNext: true,
      },
      { cells: [t('reservationDocuments.invoice.totalPaid'), chf(invoice.totalPaid)], keepWithNext: true },
      outstanding < 0
        ? { cells: [t('reservationDocuments.invoice.overpaid'), chf(-outstanding)], bold: true }
        : { cells: [t('reservationDocuments.invoice.outstanding'), chf(outstanding)], bold: true },
    );
    drawSectionTitle(doc, t('reservationDocuments.overview.priceSummary'), 90);
    drawTable(doc, {
      columns: [
        { header: t('reservationDocuments.invoice.columns.description'), width: width - 130 },
        { header: t('reservationDocuments.invoice.columns.amount'), width: 130, align: 'right' },
      ],
      rows,
      fontSize: 8.5,
    });
  }

  drawDocumentFooters(doc, t, reservation);
  return pdfBuffer(doc);
}
