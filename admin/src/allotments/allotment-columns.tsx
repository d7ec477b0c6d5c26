import '../app/list/list.css';
import { airportLocalTime } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDate } from '@flybook/locales/format';
import type { AllotmentFlightSchema, AllotmentInvoice, AllotmentListItem } from '@flybook/schemas';

import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '../app/layout-parts.tsx';

type AllotmentFlight = z.infer<typeof AllotmentFlightSchema>;

/** "Jun 2, 2031 07:30": the departure at the origin's local time, as the flight list shows it. */
export function localDeparture(flight: AllotmentFlight, locale: Locale): string {
  const local = airportLocalTime(flight.departure, flight.origin.timezone);
  return `${formatDate(local.date, locale)} ${local.time}`;
}

/** "FB100 ZRH → PRN, Mon, Jun 2, 2031": how labels and summaries name an allotment's flight. */
export const flightLabel = (flight: AllotmentFlight, locale: Locale) =>
  `${flight.number} ${flight.origin.code} → ${flight.destination.code}, ${formatDate(
    airportLocalTime(flight.departure, flight.origin.timezone).date,
    locale,
  )}`;

const money = (locale: Locale) => (value: unknown) =>
  typeof value === 'number' ? formatChf(value, locale) : '–';

const numberColumn = { cellClass: 'list-cell--number', headerClass: 'list-header--number' };

/** "FB100 ZRH → PRN". */
const flightRoute = (flight: AllotmentFlight) => `${flight.origin.code} → ${flight.destination.code}`;

/** The flight and route, with the local departure under them. */
function FlightCell({ data }: CustomCellRendererProps<AllotmentListItem>) {
  const locale = useLocale();
  if (!data) return null;
  return (
    <span className="list-cell-stack">
      <span className="list-cell-stack__main">
        {data.flight.number} {flightRoute(data.flight)}
      </span>
      <span className="list-cell-stack__detail">{localDeparture(data.flight, locale)}</span>
    </span>
  );
}

function InvoiceCell({ data }: CustomCellRendererProps<AllotmentListItem>) {
  if (!data) return null;
  return data.invoice ? (
    <span className="allotment-invoice-ref" title={`#${data.invoice.id} ${data.invoice.title}`}>
      <span className="allotment-invoice-ref__number">#{data.invoice.id}</span>{' '}
      <span>{data.invoice.title}</span>
    </span>
  ) : (
    <OpenBadge />
  );
}

function OpenBadge() {
  const { t } = useTranslation();
  return <span className="status-badge allotment-status--open">{t('allotments.list.open')}</span>;
}

/**
 * The allotment list's columns (spec 03 §2, §3): the flight's number, route and local departure
 * (sortable: the list's flightDate), the agent (full list only), tariff group, booked and allotted
 * seats, what they cost when the cost is shown, and the invoice.
 */
export function allotmentColumns({
  t,
  locale,
  showAgent,
  showCost,
}: {
  t: TFunction;
  locale: Locale;
  showAgent: boolean;
  showCost: boolean;
}): ColDef<AllotmentListItem>[] {
  // The flight and its departure share a cell on two lines, and fixed widths go where the content
  // has a known length, so a row fits 1280 px without scrolling sideways.
  const columns: ColDef<AllotmentListItem>[] = [
    {
      colId: 'flightDate',
      headerName: t('allotments.list.columns.flight'),
      valueGetter: ({ data }) =>
        data
          ? `${data.flight.number} ${flightRoute(data.flight)} ${localDeparture(data.flight, locale)}`
          : '',
      cellRenderer: FlightCell,
      sortable: true,
      flex: 0,
      width: 185,
    },
  ];
  if (showAgent) {
    columns.push({
      colId: 'agent',
      headerName: t('allotments.list.columns.agent'),
      valueGetter: ({ data }) => data?.agent.displayName ?? '',
      flex: 1.2,
      minWidth: 150,
    });
  }
  columns.push(
    {
      colId: 'tariffGroup',
      headerName: t('allotments.list.columns.tariffGroup'),
      valueGetter: ({ data }) => (data ? data.tariffGroup.name[locale] || data.tariffGroup.code : ''),
      flex: 0,
      width: 115,
    },
    {
      colId: 'seatsNumber',
      headerName: t('allotments.list.columns.seats'),
      valueGetter: ({ data }) => (data ? `${data.booked} / ${data.seatsNumber}` : ''),
      flex: 0,
      width: 100,
      ...numberColumn,
    },
  );
  if (showCost) {
    // seats × cost per seat; the cost per seat itself is on the flight's Allotment tab and the invoice
    columns.push({
      colId: 'total',
      headerName: t('allotments.list.columns.total'),
      valueGetter: ({ data }) => data?.total ?? null,
      valueFormatter: ({ value }) => money(locale)(value),
      flex: 0,
      width: 135,
      ...numberColumn,
    });
  }
  columns.push({
    colId: 'invoice',
    headerName: t('allotments.list.columns.invoice'),
    cellRenderer: InvoiceCell,
    flex: 1,
    minWidth: 140,
  });
  return columns;
}

/** The status of an invoice as a coloured badge. */
export function InvoiceStatusBadge({ status }: { status: AllotmentInvoice['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge allotment-status--${status}`}>{t(`allotments.status.${status}`)}</span>
  );
}
