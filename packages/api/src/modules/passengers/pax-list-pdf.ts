import type { FlightStatus } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import {
  ALERT_COLOR,
  airportDateTime,
  commonTexts,
  drawLetterhead,
  drawPairs,
  drawTitle,
  OK_COLOR,
  officeDate,
  textWidth,
} from '../../platform/documents/document-layout.ts';
import { translator } from '../../platform/i18n.ts';
import { createPdf, drawPageFooters, drawTable, pdfBuffer, type TableRow } from '../../platform/pdf.ts';

/** The flight a PAX list is for; instants as ISO strings, printed in each airport's local time. */
export interface PaxListFlight {
  number: string;
  airlineName: string;
  originCode: string;
  originName: string;
  originTimezone: string;
  destinationCode: string;
  destinationName: string;
  destinationTimezone: string;
  departure: string;
  arrival: string;
  aircraft: string;
  status: FlightStatus;
}

/** One passenger line of the manifest. */
export interface PaxListPassenger {
  lastName: string;
  firstName: string;
  ageType: 'adult' | 'child' | 'infant';
  /** Full years on the day of departure, when the date of birth is known. */
  age: number | null;
  seatLabel: string | null;
  /** The record locator, e.g. "K7QX2M". */
  bookingReference: string;
  tariffName: string;
  isPaid: boolean;
  /** Check-in: true appeared, false no-show, null not marked. */
  isAppeared: boolean | null;
  appearingComment: string | null;
}

/**
 * The PAX list (PAXList.pdf): the airline's passenger manifest of one flight, in the order given.
 * Each line has the seat, the name as on the passport (LAST, First), the age type, the booking
 * reference, the tariff, whether the booking is paid and the check-in mark (appeared, no-show with
 * its comment, or empty while not marked). Headed by the flight and a count by age type and mark.
 */
export function renderPaxList(input: {
  flight: PaxListFlight;
  passengers: readonly PaxListPassenger[];
  locale: Locale;
  generatedAt?: Date;
}): Promise<Buffer> {
  const { flight, passengers, locale, generatedAt = new Date() } = input;
  const t = translator(locale);
  const texts = commonTexts(t);
  const title = t('passengers.paxList.title');
  const doc = createPdf({ title: `${title} ${flight.number}`, lang: locale, createdAt: generatedAt });
  const left = doc.page.margins.left;
  const width = textWidth(doc);

  drawLetterhead(doc, t);
  drawTitle(
    doc,
    title,
    `${flight.number} · ${flight.originName} (${flight.originCode}) – ${flight.destinationName} (${flight.destinationCode})`,
  );

  const count = (test: (passenger: PaxListPassenger) => boolean) => passengers.filter(test).length;
  const summary = [
    t('passengers.paxList.summary.passengers', { count: passengers.length }),
    `${texts.ageType.adult} ${count((p) => p.ageType === 'adult')}`,
    `${texts.ageType.child} ${count((p) => p.ageType === 'child')}`,
    `${texts.ageType.infant} ${count((p) => p.ageType === 'infant')}`,
  ].join(' · ');
  const marks = [
    `${t('passengers.paxList.appeared')} ${count((p) => p.isAppeared === true)}`,
    `${t('passengers.paxList.noShow')} ${count((p) => p.isAppeared === false)}`,
    `${t('passengers.paxList.pending')} ${count((p) => p.isAppeared === null)}`,
  ].join(' · ');
  doc.y = drawPairs(
    doc,
    [
      { label: t('passengers.paxList.airline'), value: flight.airlineName },
      { label: t('passengers.paxList.flight'), value: flight.number, bold: true },
      {
        label: t('passengers.paxList.departure'),
        value: `${airportDateTime(flight.departure, flight.originTimezone, locale)} ${flight.originCode}`,
      },
      {
        label: t('passengers.paxList.arrival'),
        value: `${airportDateTime(flight.arrival, flight.destinationTimezone, locale)} ${flight.destinationCode}`,
      },
      { label: t('passengers.paxList.aircraft'), value: flight.aircraft },
      { label: t('passengers.paxList.status'), value: t(`documents.common.status.${flight.status}`) },
      { label: t('passengers.paxList.passengers'), value: summary },
      { label: t('passengers.paxList.checkIn'), value: marks },
      { label: t('passengers.paxList.printedOn'), value: officeDate(generatedAt) },
    ],
    { x: left, y: doc.y, width, labelWidth: 110 },
  );
  doc.y += 10;

  const yes = t('documents.common.yes');
  const no = t('documents.common.no');
  const checkIn = (passenger: PaxListPassenger) => {
    if (passenger.isAppeared === true)
      return { text: `✓ ${t('passengers.paxList.appeared')}`, color: OK_COLOR };
    if (passenger.isAppeared === false) {
      const comment = passenger.appearingComment ? `\n${passenger.appearingComment}` : '';
      return { text: `✕ ${t('passengers.paxList.noShow')}${comment}`, color: ALERT_COLOR };
    }
    return '';
  };
  const rows: TableRow[] = passengers.map((passenger, index) => ({
    cells: [
      String(index + 1),
      passenger.seatLabel ?? '–',
      `${passenger.lastName.toUpperCase()}, ${passenger.firstName}`,
      // Children's and infants' ages matter at the gate (fares, seats, documents); adults' do not.
      passenger.age === null || passenger.ageType === 'adult'
        ? texts.ageType[passenger.ageType]
        : `${texts.ageType[passenger.ageType]} (${passenger.age})`,
      passenger.bookingReference,
      passenger.tariffName,
      passenger.isPaid ? yes : no,
      checkIn(passenger),
    ],
    ...(index > 0 ? { rule: 'thin' as const } : {}),
  }));
  if (rows.length === 0) rows.push({ cells: [{ text: t('passengers.paxList.empty'), span: 8 }] });
  drawTable(doc, {
    columns: [
      { header: '#', width: 24, align: 'right' },
      // Wide enough for "Siège" and "Vendi" whole (a narrower column broke them mid-word).
      { header: t('passengers.paxList.columns.seat'), width: 32 },
      { header: t('passengers.paxList.columns.name'), width: 118 },
      { header: t('passengers.paxList.columns.ageType'), width: 78 },
      { header: t('passengers.paxList.columns.booking'), width: 62 },
      { header: t('passengers.paxList.columns.tariff'), width: 78 },
      { header: t('passengers.paxList.columns.paid'), width: 42 },
      { header: t('passengers.paxList.columns.checkIn'), width: width - 434 },
    ],
    rows,
    fontSize: 8,
  });

  drawPageFooters(doc, (page, pages) =>
    [
      COMPANY.name,
      `${title} ${flight.number} ${airportDateTime(flight.departure, flight.originTimezone, locale)}`,
      t('reservationDocuments.common.page', { page, pages }),
    ].join('  ·  '),
  );
  return pdfBuffer(doc);
}
