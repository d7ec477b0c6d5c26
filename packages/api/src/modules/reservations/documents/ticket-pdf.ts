import type { Locale } from '@flybook/locales';
import {
  ALERT_COLOR,
  airportDateTime,
  type CommonTexts,
  commonTexts,
  drawDocumentFooters,
  drawLetterhead,
  drawNotice,
  drawPairs,
  drawTitle,
  formatDate,
  MUTED_COLOR,
  officeDate,
  passengerName,
  RULE_COLOR,
  resetText,
  TEXT_COLOR,
  textWidth,
  WARNING_COLOR,
} from '../../../platform/documents/document-layout.ts';
import type {
  DocumentFlight,
  DocumentPassengerFlight,
  DocumentReservation,
  PaidState,
} from '../../../platform/documents/reservation-document.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, FONT, type PdfDocument, pdfBuffer } from '../../../platform/pdf.ts';

export interface TicketInput {
  reservation: DocumentReservation;
  /** The variant: a ticket that is not fully paid says it is not valid for travel. */
  paidState: PaidState;
  /** Language of the document. */
  locale: Locale;
  /** When the ticket is printed; the issue date. Defaults to now. */
  issuedAt?: Date;
}

/** One text of a card cell: its font, size and colour. */
interface CardText {
  text: string;
  bold?: boolean;
  size?: number;
  color?: string;
}

const CARD_PAD = 10;
const CARD_HEADER_HEIGHT = 20;
const ROW_GAP = 2;
/** Extra space above a card row: the departure and arrival times stand apart from the airport names. */
const ROW_SPACE_BEFORE = [0, 0, 0, 5, 0];

/** Height of one card row: the tallest of its cells. */
function rowHeight(doc: PdfDocument, cells: (CardText | null)[], widths: number[]): number {
  return Math.max(
    0,
    ...cells.map((cell, index) => {
      if (!cell || cell.text === '') return 0;
      doc.font(cell.bold ? FONT.bold : FONT.regular).fontSize(cell.size ?? 9);
      return doc.heightOfString(cell.text, { width: widths[index]! });
    }),
  );
}

/**
 * One flight of a passenger as a framed card: direction and flight number in a header band; origin,
 * destination and details in three aligned columns; the options under them.
 */
function drawFlightCard(
  doc: PdfDocument,
  flight: DocumentFlight,
  ticket: DocumentPassengerFlight,
  options: string[],
  texts: CommonTexts,
  locale: Locale,
  labels: Record<'from' | 'to' | 'departure' | 'arrival' | 'tariff' | 'seat' | 'noSeat', string> & {
    flightOptions: (options: string) => string;
  },
) {
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const inner = width - 2 * CARD_PAD;
  const gutter = 12;
  const widths = [(inner - 2 * gutter) * 0.37, (inner - 2 * gutter) * 0.37, (inner - 2 * gutter) * 0.26];
  const xs = [left + CARD_PAD, left + CARD_PAD + widths[0]! + gutter];
  xs.push(xs[1]! + widths[1]! + gutter);

  const label = (text: string): CardText => ({ text, size: 7.5, color: MUTED_COLOR });
  const seat = ticket.seatLabel;
  const rows: (CardText | null)[][] = [
    [label(labels.from), label(labels.to), label(labels.tariff)],
    [
      { text: flight.origin.code, bold: true, size: 15 },
      { text: flight.destination.code, bold: true, size: 15 },
      { text: flight.tariffName, bold: true, size: 9.5 },
    ],
    [{ text: flight.origin.name, size: 8.5 }, { text: flight.destination.name, size: 8.5 }, null],
    [label(labels.departure), label(labels.arrival), label(labels.seat)],
    [
      { text: airportDateTime(flight.departure, flight.origin.timezone, locale), bold: true, size: 10 },
      { text: airportDateTime(flight.arrival, flight.destination.timezone, locale), bold: true, size: 10 },
      seat ? { text: seat, bold: true, size: 12 } : { text: labels.noSeat, size: 9.5 },
    ],
  ];
  const heights = rows.map((cells) => rowHeight(doc, cells, widths));
  const optionsText = labels.flightOptions(options.join(', '));
  doc.font(FONT.regular).fontSize(8.5);
  const optionsHeight = doc.heightOfString(optionsText, { width: inner });
  const bodyHeight =
    heights.reduce((sum, height, index) => sum + (ROW_SPACE_BEFORE[index] ?? 0) + height + ROW_GAP, 0) +
    6 +
    optionsHeight;
  const cardHeight = CARD_HEADER_HEIGHT + CARD_PAD + bodyHeight + CARD_PAD;

  if (doc.y + cardHeight > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  const top = doc.y;

  // Header band: direction on the left, airline and flight number on the right.
  doc.rect(left, top, width, CARD_HEADER_HEIGHT).fill('#e8e8e8');
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(texts.direction[flight.direction], left + CARD_PAD, top + 5, { width: inner / 2 });
  doc.text(`${flight.airlineName} · ${flight.number}`, left + CARD_PAD + inner / 2, top + 5, {
    width: inner / 2,
    align: 'right',
  });

  let y = top + CARD_HEADER_HEIGHT + CARD_PAD;
  rows.forEach((cells, rowIndex) => {
    y += ROW_SPACE_BEFORE[rowIndex] ?? 0;
    cells.forEach((cell, index) => {
      if (!cell || cell.text === '') return;
      doc
        .font(cell.bold ? FONT.bold : FONT.regular)
        .fontSize(cell.size ?? 9)
        .fillColor(cell.color ?? TEXT_COLOR)
        .text(cell.text, xs[index]!, y, { width: widths[index]! });
    });
    y += heights[rowIndex]! + ROW_GAP;
  });
  y += 6;
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(TEXT_COLOR)
    .text(optionsText, left + CARD_PAD, y, { width: inner });

  doc.rect(left, top, width, cardHeight).lineWidth(0.8).strokeColor(RULE_COLOR).stroke();
  resetText(doc);
  doc.x = left;
  doc.y = top + cardHeight + 12;
}

/**
 * The e-ticket (Ticket.pdf): one page per passenger with every flight booked for them, times local
 * at each airport, tariff, seat and options. A ticket that is not fully paid carries a line that it
 * is not valid for travel until paid, so staff may print it before payment.
 */
export function renderTicket(input: TicketInput): Promise<Buffer> {
  const { reservation, paidState, locale, issuedAt = new Date() } = input;
  const t = translator(locale);
  const texts = commonTexts(t);
  const reference = reservation.recordLocator;
  const title = t('reservationDocuments.ticket.title');
  const labels = {
    from: t('reservationDocuments.common.from'),
    to: t('reservationDocuments.common.to'),
    departure: t('reservationDocuments.common.departureLocal'),
    arrival: t('reservationDocuments.common.arrivalLocal'),
    tariff: t('reservationDocuments.common.tariff'),
    seat: t('reservationDocuments.common.seat'),
    noSeat: t('reservationDocuments.common.noSeat'),
    flightOptions: (options: string) => t('reservationDocuments.ticket.flightOptions', { options }),
  };
  const none = t('reservationDocuments.common.none');

  const doc = createPdf({ title: `${title} ${reference}`, lang: locale, createdAt: issuedAt });
  const flightsById = new Map(reservation.flights.map((flight) => [flight.id, flight]));

  reservation.passengers.forEach((passenger, index) => {
    if (index > 0) doc.addPage();
    drawLetterhead(doc, t);
    drawTitle(
      doc,
      title,
      `${t('reservationDocuments.common.bookingReference')} ${reference}  ·  ${t('reservationDocuments.ticket.issuedOn', { date: officeDate(issuedAt) })}`,
    );

    if (paidState !== 'paid') {
      drawNotice(
        doc,
        t('reservationDocuments.ticket.notValidUntilPaid', { state: texts.paidState[paidState] }),
        paidState === 'notPaid' ? ALERT_COLOR : WARNING_COLOR,
      );
    }

    const ageType =
      passenger.birthday && passenger.ageType !== 'adult'
        ? `${texts.ageType[passenger.ageType]}, ${t('reservationDocuments.common.born', { date: formatDate(passenger.birthday) })}`
        : texts.ageType[passenger.ageType];
    const journeyOptions = passenger.options.filter(
      (option) => option.flightId == null || !flightsById.has(option.flightId),
    );
    const pairs = [
      {
        label: t('reservationDocuments.common.passenger'),
        value: passengerName(passenger, texts),
        bold: true,
      },
      { label: t('reservationDocuments.common.ageType.label'), value: ageType },
      { label: t('reservationDocuments.common.bookingReference'), value: reference, bold: true },
      ...(journeyOptions.length > 0
        ? [
            {
              label: t('reservationDocuments.ticket.journeyOptions'),
              value: journeyOptions.map((option) => option.title).join(', '),
            },
          ]
        : []),
    ];
    doc.y = drawPairs(doc, pairs, {
      x: doc.page.margins.left,
      y: doc.y,
      width: textWidth(doc),
      labelWidth: 155,
      fontSize: 10,
    });
    doc.y += 10;

    for (const ticket of passenger.flights) {
      const flight = flightsById.get(ticket.flightId);
      if (!flight) continue;
      const options = passenger.options
        .filter((option) => option.flightId === flight.id)
        .map((option) => option.title);
      drawFlightCard(doc, flight, ticket, options.length > 0 ? options : [none], texts, locale, labels);
    }

    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(MUTED_COLOR)
      .text(t('reservationDocuments.ticket.travelNote'), doc.page.margins.left, doc.y, {
        width: textWidth(doc),
      });
    resetText(doc);
  });

  drawDocumentFooters(doc, t, reservation);
  return pdfBuffer(doc);
}
