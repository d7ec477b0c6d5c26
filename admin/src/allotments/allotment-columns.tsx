import { airportLocalTime } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { AllotmentFlightSchema, AllotmentInvoice, AllotmentListItem } from '@flybook/schemas';
import { formatChf } from '@flybook/ui';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, weekdayName } from '../flights/flight-list/flight-columns.tsx';

type AllotmentFlight = z.infer<typeof AllotmentFlightSchema>;

/** "Mon, Jun 2, 2031 07:30": the departure at the origin's local time. */
export function localDeparture(flight: AllotmentFlight, locale: Locale): string {
  const local = airportLocalTime(flight.departure, flight.origin.timezone);
  return `${weekdayName(local.weekday, locale)}, ${formatDate(local.date, locale)} ${local.time}`;
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

function InvoiceCell({ data }: CustomCellRendererProps<AllotmentListItem>) {
  if (!data) return null;
  return data.invoice ? (
    <span className="allotment-invoice-ref" title={data.invoice.title}>
      #{data.invoice.id} {data.invoice.title}
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
 * The allotment list's columns (spec 03 §2, §3): the flight's local departure (sortable: the
 * list's flightDate), number and route, the agent (full list only), tariff group, seats, booked,
 * the cost when it is shown, and the invoice.
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
  const columns: ColDef<AllotmentListItem>[] = [
    {
      colId: 'flightDate',
      headerName: t('allotments.list.columns.departure'),
      valueGetter: ({ data }) => (data ? localDeparture(data.flight, locale) : ''),
      sortable: true,
      minWidth: 200,
    },
    {
      colId: 'flight',
      headerName: t('allotments.list.columns.flight'),
      valueGetter: ({ data }) =>
        data ? `${data.flight.number} · ${data.flight.origin.code} → ${data.flight.destination.code}` : '',
      minWidth: 170,
    },
  ];
  if (showAgent) {
    columns.push({
      colId: 'agent',
      headerName: t('allotments.list.columns.agent'),
      valueGetter: ({ data }) => data?.agent.displayName ?? '',
      minWidth: 170,
    });
  }
  columns.push(
    {
      colId: 'tariffGroup',
      headerName: t('allotments.list.columns.tariffGroup'),
      valueGetter: ({ data }) => (data ? data.tariffGroup.name[locale] || data.tariffGroup.code : ''),
      minWidth: 120,
    },
    {
      colId: 'seatsNumber',
      headerName: t('allotments.list.columns.seats'),
      valueGetter: ({ data }) => (data ? `${data.booked} / ${data.seatsNumber}` : ''),
      minWidth: 110,
      ...numberColumn,
    },
  );
  if (showCost) {
    columns.push(
      {
        colId: 'costPerSeat',
        headerName: t('allotments.list.columns.costPerSeat'),
        valueGetter: ({ data }) => data?.costPerSeat ?? null,
        valueFormatter: ({ value }) => money(locale)(value),
        minWidth: 120,
        ...numberColumn,
      },
      {
        colId: 'total',
        headerName: t('allotments.list.columns.total'),
        valueGetter: ({ data }) => data?.total ?? null,
        valueFormatter: ({ value }) => money(locale)(value),
        minWidth: 130,
        ...numberColumn,
      },
    );
  }
  columns.push({
    colId: 'invoice',
    headerName: t('allotments.list.columns.invoice'),
    cellRenderer: InvoiceCell,
    flex: 1.5,
    minWidth: 160,
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
