import { airportLocalTime } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatDateTime, SPREADSHEET_FORMATS } from '@flybook/locales/format';
import { translator } from '../../platform/i18n.ts';

/** One flight of the passenger report with everyone booked on it. */
export interface PassengerReportFlight {
  number: string;
  departure: Date;
  originCode: string;
  destinationCode: string;
  /** IANA time zone of the origin airport; dates in names and titles are local there. */
  originTimezone: string;
  passengers: {
    lastName: string;
    firstName: string;
    ageType: 'adult' | 'child' | 'infant';
    /** yyyy-mm-dd */
    birthday: string | null;
    seatLabel: string | null;
    tariffName: string;
    reservationId: number;
    /** The booking reference the travellers and the DCS know the booking by. */
    recordLocator: string;
    /** The reservation's invoice state (null: no invoice, an empty cell). */
    paymentStatus: 'notPaid' | 'partly' | 'paid' | 'overpaid' | null;
    contactEmail: string;
    contactPhone: string;
    /** Marked at boarding; null while not marked. */
    isAppeared: boolean | null;
  }[];
}

const MAX_SHEET_NAME = 31;
const TITLE_ROW = 1;
const HEADER_ROW = 2;
const HEADER_FILL = 'FFE8E8E8';

/**
 * A worksheet name Excel accepts: none of \ / ? * [ ] : or control characters, no apostrophe at
 * either end, at most 31 characters, and unique ignoring case (a " (2)" suffix when taken).
 */
export function worksheetName(wanted: string, taken: Set<string>): string {
  const trimQuotes = (name: string) => name.replace(/^'+|'+$/g, '').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let base = trimQuotes(wanted.replace(/[\\/?*[\]:\u0000-\u001f]/g, '-')).slice(0, MAX_SHEET_NAME);
  base = trimQuotes(base) || 'Flight';
  if (base.toLowerCase() === 'history') base = 'History (flight)';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${trimQuotes(base.slice(0, MAX_SHEET_NAME - suffix.length))}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** yyyy-mm-dd as a date at UTC midnight, which Excel stores as a whole day number. */
function calendarDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The passenger report (PassengerReport.xlsx): one worksheet per flight, named after the flight
 * number and local departure date, with a title row, a frozen and filterable header row, the
 * passengers sorted by last and first name, and a count row.
 */
export async function renderPassengerReport(input: {
  flights: PassengerReportFlight[];
  locale: Locale;
}): Promise<Buffer> {
  const { flights, locale } = input;
  const t = translator(locale);
  const collator = new Intl.Collator(locale);
  const ageTypeText = {
    adult: t('documents.passengerReport.ageType.adult'),
    child: t('documents.passengerReport.ageType.child'),
    infant: t('documents.passengerReport.ageType.infant'),
  };
  const paymentText = {
    notPaid: t('documents.passengerReport.payment.notPaid'),
    partly: t('documents.passengerReport.payment.partly'),
    paid: t('documents.passengerReport.payment.paid'),
    overpaid: t('documents.passengerReport.payment.overpaid'),
  };
  const yes = t('documents.common.yes');
  const no = t('documents.common.no');
  const headers = [
    t('documents.passengerReport.columns.lastName'),
    t('documents.passengerReport.columns.firstName'),
    t('documents.passengerReport.columns.ageType'),
    t('documents.passengerReport.columns.birthday'),
    t('documents.passengerReport.columns.seat'),
    t('documents.passengerReport.columns.tariff'),
    t('documents.passengerReport.columns.reservation'),
    t('documents.passengerReport.columns.bookingReference'),
    t('documents.passengerReport.columns.payment'),
    t('documents.passengerReport.columns.email'),
    t('documents.passengerReport.columns.phone'),
    t('documents.passengerReport.columns.appeared'),
  ];
  const BIRTHDAY_COLUMN = 4;

  // Loaded on the first report: its 400 modules would be a tenth of every server's start.
  const { Workbook } = await import('@cj-tech-master/excelts');
  const workbook = new Workbook();
  workbook.creator = 'Flybook';
  workbook.title = t('documents.passengerReport.title');
  const taken = new Set<string>();

  for (const flight of flights) {
    const local = airportLocalTime(flight.departure, flight.originTimezone);
    const sheet = workbook.addWorksheet(worksheetName(`${flight.number} ${local.date}`, taken), {
      views: [{ state: 'frozen', ySplit: HEADER_ROW }],
    });

    const title = sheet.getRow(TITLE_ROW);
    title.getCell(1).value =
      `${flight.number} · ${flight.originCode}–${flight.destinationCode} · ${formatDateTime(
        flight.departure,
        locale,
        { style: 'numeric', timeZone: flight.originTimezone },
      )}`;
    title.font = { bold: true, size: 13 };
    title.height = 20;
    sheet.mergeCells(TITLE_ROW, 1, TITLE_ROW, headers.length);

    const header = sheet.getRow(HEADER_ROW);
    header.values = headers;
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
      cell.border = { bottom: { style: 'thin' } };
    });

    const passengers = [...flight.passengers].sort(
      (a, b) =>
        collator.compare(a.lastName, b.lastName) ||
        collator.compare(a.firstName, b.firstName) ||
        a.reservationId - b.reservationId,
    );
    for (const passenger of passengers) {
      const birthday =
        passenger.birthday === null ? null : (calendarDate(passenger.birthday) ?? passenger.birthday);
      sheet.addRow([
        passenger.lastName,
        passenger.firstName,
        ageTypeText[passenger.ageType],
        birthday,
        passenger.seatLabel,
        passenger.tariffName,
        passenger.reservationId,
        passenger.recordLocator,
        passenger.paymentStatus === null ? null : paymentText[passenger.paymentStatus],
        passenger.contactEmail,
        passenger.contactPhone,
        passenger.isAppeared === null ? null : passenger.isAppeared ? yes : no,
      ]);
    }
    if (passengers.length === 0) {
      sheet.addRow([t('documents.passengerReport.noPassengers')]).font = { italic: true };
    }
    const lastDataRow = HEADER_ROW + passengers.length;
    sheet.autoFilter = {
      from: { row: HEADER_ROW, col: 1 },
      to: { row: lastDataRow, col: headers.length },
    };

    // An empty row keeps the count out of the block Excel sorts and filters.
    sheet.addRow([]);
    const countLabel = t('documents.passengerReport.count');
    const count = sheet.addRow([countLabel, passengers.length]);
    count.font = { bold: true };
    count.getCell(2).alignment = { horizontal: 'left' };

    // Birthdays stay date cells (sortable), shown like every date on our documents.
    sheet.getColumn(BIRTHDAY_COLUMN).numFmt = SPREADSHEET_FORMATS.date;
    headers.forEach((text, index) => {
      const column = sheet.getColumn(index + 1);
      let widest = index === 0 ? Math.max(text.length, countLabel.length) : text.length;
      for (let row = HEADER_ROW + 1; row <= lastDataRow; row++) {
        const value = sheet.getRow(row).getCell(index + 1).value;
        const shown =
          value instanceof Date ? 10 : value === null || value === undefined ? 0 : String(value).length;
        widest = Math.max(widest, shown);
      }
      column.width = Math.min(Math.max(widest + 2, 8), 40);
    });
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
