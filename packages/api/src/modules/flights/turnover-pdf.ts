import { type FlightStatus, type Rappen, sumMoney } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { calendarDate, formatAmount, formatDateTime, numericDate } from '@flybook/locales/format';
import { translator } from '../../platform/i18n.ts';
import {
  createPdf,
  drawHeader,
  drawPageFooters,
  drawTable,
  pdfBuffer,
  type TableCell,
  type TableColumn,
  type TableRow,
} from '../../platform/pdf.ts';

/** One flight of the turnover list; money in Rappen. */
export interface TurnoverFlight {
  /** Flight number, e.g. "FB1234". */
  number: string;
  /** Scheduled departure instant. */
  departure: Date;
  originCode: string;
  destinationCode: string;
  /** IANA time zone of the origin airport; the departure is printed in it. */
  originTimezone: string;
  status: FlightStatus;
  byTariffGroup: {
    tariffGroupName: string;
    seatsSold: number;
    allottedSeats: number;
    revenue: Rappen;
    cost: Rappen;
  }[];
  seatsSold: number;
  revenue: Rappen;
  cost: Rappen;
  margin: Rappen;
}

const NEGATIVE_COLOR = '#b00020';
const DETAIL_COLOR = '#444444';

/** A margin, in red when it is a loss. */
const marginCell = (margin: Rappen, locale: Locale): TableCell => ({
  text: formatAmount(margin, locale),
  ...(margin < 0 ? { color: NEGATIVE_COLOR } : {}),
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The turnover list (TurnoverList.pdf): one row per flight in the given order with its departure in
 * the origin's local time, a smaller line per tariff group under it, and a totals row. Amounts in
 * the language's money format without the code, which the column headers carry ("1'234.50"); dates
 * numeric (docs/i18n.md).
 */
export function renderTurnoverList(input: {
  flights: TurnoverFlight[];
  locale: Locale;
  generatedAt: Date;
}): Promise<Buffer> {
  const { flights, locale, generatedAt } = input;
  const t = translator(locale);
  const title = t('documents.turnover.title');
  const statusText: Record<FlightStatus, string> = {
    created: t('documents.common.status.created'),
    closed: t('documents.common.status.closed'),
    cancelled: t('documents.common.status.cancelled'),
    departed: t('documents.common.status.departed'),
  };

  const doc = createPdf({ title, lang: locale, layout: 'landscape', createdAt: generatedAt });

  const dates = flights.map((flight) => calendarDate(flight.departure, flight.originTimezone)).sort();
  const first = dates[0];
  const last = dates.at(-1);
  drawHeader(doc, {
    title,
    ...(first && last
      ? { subtitle: t('documents.turnover.period', { from: numericDate(first), to: numericDate(last) }) }
      : {}),
    generated: t('documents.common.generatedAt', {
      date: formatDateTime(generatedAt, locale, { style: 'numeric' }),
    }),
  });

  // Landscape A4 has 762 points of text width between the 40-point margins.
  const columns: TableColumn[] = [
    { header: t('documents.turnover.columns.flight'), width: 62 },
    { header: t('documents.turnover.columns.departure'), width: 100 },
    { header: t('documents.turnover.columns.route'), width: 66 },
    { header: t('documents.turnover.columns.status'), width: 80 },
    { header: t('documents.turnover.columns.allotted'), width: 74, align: 'right' },
    { header: t('documents.turnover.columns.seatsSold'), width: 74, align: 'right' },
    { header: t('documents.turnover.columns.revenue'), width: 102, align: 'right' },
    { header: t('documents.turnover.columns.cost'), width: 102, align: 'right' },
    { header: t('documents.turnover.columns.margin'), width: 102, align: 'right' },
  ];

  const rows: TableRow[] = [];
  flights.forEach((flight, index) => {
    const groups = flight.byTariffGroup;
    rows.push({
      cells: [
        flight.number,
        formatDateTime(flight.departure, locale, { style: 'numeric', timeZone: flight.originTimezone }),
        `${flight.originCode}–${flight.destinationCode}`,
        statusText[flight.status],
        String(sum(groups.map((group) => group.allottedSeats))),
        String(flight.seatsSold),
        formatAmount(flight.revenue, locale),
        formatAmount(flight.cost, locale),
        marginCell(flight.margin, locale),
      ],
      bold: true,
      rule: index === 0 ? undefined : 'thin',
      keepWithNext: groups.length > 0,
    });
    groups.forEach((group, groupIndex) => {
      rows.push({
        cells: [
          '',
          { text: group.tariffGroupName, span: 3, indent: 8 },
          String(group.allottedSeats),
          String(group.seatsSold),
          formatAmount(group.revenue, locale),
          formatAmount(group.cost, locale),
          '',
        ],
        fontSize: 7.5,
        color: DETAIL_COLOR,
        keepWithNext: groupIndex < groups.length - 1,
      });
    });
  });
  if (flights.length === 0) {
    rows.push({ cells: [{ text: t('documents.turnover.noFlights'), span: columns.length }] });
  }

  const totalMargin = sumMoney(flights.map((flight) => flight.margin));
  rows.push({
    cells: [
      { text: t('documents.turnover.total'), span: 4 },
      String(sum(flights.flatMap((flight) => flight.byTariffGroup.map((group) => group.allottedSeats)))),
      String(sum(flights.map((flight) => flight.seatsSold))),
      formatAmount(sumMoney(flights.map((flight) => flight.revenue)), locale),
      formatAmount(sumMoney(flights.map((flight) => flight.cost)), locale),
      marginCell(totalMargin, locale),
    ],
    bold: true,
    rule: 'thick',
  });

  drawTable(doc, { columns, rows, fontSize: 8.5 });
  drawPageFooters(doc, (page, pages) => t('documents.common.page', { page, pages }));
  return pdfBuffer(doc);
}
