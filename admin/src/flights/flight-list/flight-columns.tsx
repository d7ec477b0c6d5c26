import type { Locale } from '@flybook/locales';
import { formatDate, weekdayName } from '@flybook/locales/format';
import type { FlightListItem, SeatsByTariff } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cellControlKeys, FIT_CONTENT } from '../../app/list/ServerList.tsx';
import { StatusBadge } from '../../app/list/StatusBadge.tsx';
import { flightLocalTimes, flightRoute } from '../flight-format.ts';
import { FlightRowActions } from './FlightRowActions.tsx';
import { useFlightRow } from './flight-row-context.ts';

type Cell = CustomCellRendererProps<FlightListItem>;

/** A tariff group that names a seat column. */
export interface SeatColumnGroup {
  id: number;
  name: string;
}

const DAY_MS = 86_400_000;

/** A flight as labels name it: the number and the local departure date ("AP101, Jun 2, 2031"). */
export const flightName = (flight: FlightListItem, locale: Locale) =>
  `${flight.number}, ${formatDate(flightLocalTimes(flight).departure.date, locale)}`;

function statusLabel(t: TFunction, status: FlightListItem['status']): string {
  switch (status) {
    case 'created':
      return t('flights.status.created');
    case 'closed':
      return t('flights.status.closed');
    case 'cancelled':
      return t('flights.status.cancelled');
    case 'departed':
      return t('flights.status.departed');
  }
}

function NumberCell({ data }: Cell) {
  const row = useFlightRow();
  if (!data) return null;
  return row.mayEdit ? (
    <Link className="flight-number" to={row.editPath(data)}>
      {data.number}
    </Link>
  ) : (
    <span className="flight-number">{data.number}</span>
  );
}

function SequenceCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = useFlightRow();
  if (!data?.sequence) return null;
  const { id } = data.sequence;
  return (
    <button
      type="button"
      className="flight-sequence"
      aria-label={t('flights.list.showSequence', { id })}
      onClick={() => row.onSequence(id)}
    >
      #{id}
    </button>
  );
}

function ActionsCell({ data }: Cell) {
  return data ? <FlightRowActions flight={data} /> : null;
}

function SeatsCell({ seats, t }: { seats: SeatsByTariff | undefined; t: TFunction }) {
  if (!seats) return null;
  return (
    <span className="flight-seats">
      <span>
        <span className="fb-visually-hidden">{t('flights.list.seats.forSale')}: </span>
        {seats.numberOfSeatsToSale}
      </span>
      <span aria-hidden="true"> / </span>
      <span>
        <span className="fb-visually-hidden">, {t('flights.list.seats.booked')}: </span>
        {seats.booked}
      </span>
      <span aria-hidden="true"> / </span>
      <span className={seats.free < 0 ? 'flight-seats__free--negative' : undefined}>
        <span className="fb-visually-hidden">, {t('flights.list.seats.free')}: </span>
        {seats.free}
      </span>
    </span>
  );
}

/** The tariff groups the rows have seats in, by id, named from the lookup when it has loaded. */
export function seatColumnGroups(
  rows: readonly FlightListItem[],
  names: ReadonlyMap<number, string>,
  t: TFunction,
): SeatColumnGroup[] {
  const ids = new Set(rows.flatMap((row) => row.seatsByTariff.map((seats) => seats.tariffGroup.id)));
  return [...ids]
    .sort((a, b) => a - b)
    .map((id) => ({ id, name: names.get(id) ?? t('flights.list.seats.group', { id }) }));
}

/** Total seats are sent only to readers with ROLE_FLIGHT_READ_SEAT_NUMBER, never to agents. */
export const hasTotalSeats = (rows: readonly FlightListItem[]) =>
  rows.some((row) => row.seatsByTariff.some((seats) => seats.totalSeats !== undefined));

/**
 * The flight list's columns (spec 03 §2): times are local at each airport, seats per tariff group
 * as for sale / booked / free (free below zero when staff overbooked, shown to managers only).
 */
export function flightColumns(options: {
  t: TFunction;
  locale: Locale;
  seatGroups: readonly SeatColumnGroup[];
  showTotalSeats: boolean;
}): ColDef<FlightListItem>[] {
  const { t, locale, seatGroups, showTotalSeats } = options;
  const columns: ColDef<FlightListItem>[] = [
    {
      colId: 'number',
      headerName: t('flights.list.columns.number'),
      sortable: true,
      valueGetter: ({ data }) => data?.number,
      cellRenderer: NumberCell,
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
    {
      colId: 'airline',
      headerName: t('flights.list.columns.airline'),
      valueGetter: ({ data }) => data?.flightCompany.name,
      minWidth: 180,
    },
    {
      colId: 'route',
      headerName: t('flights.list.columns.route'),
      valueGetter: ({ data }) => (data ? flightRoute(data) : ''),
      ...FIT_CONTENT,
    },
    {
      colId: 'departure',
      headerName: t('flights.list.columns.departure'),
      sortable: true,
      valueGetter: ({ data }) => {
        if (!data) return '';
        const { departure } = flightLocalTimes(data);
        return `${formatDate(departure.date, locale)} ${departure.time}`;
      },
      ...FIT_CONTENT,
    },
    {
      colId: 'arrival',
      headerName: t('flights.list.columns.arrival'),
      valueGetter: ({ data }) => {
        if (!data) return '';
        const { departure, arrival } = flightLocalTimes(data);
        const days = Math.round((Date.parse(arrival.date) - Date.parse(departure.date)) / DAY_MS);
        return days === 0 ? arrival.time : `${arrival.time} (${days > 0 ? '+' : ''}${days})`;
      },
      ...FIT_CONTENT,
    },
    {
      colId: 'weekday',
      headerName: t('flights.list.columns.weekday'),
      valueGetter: ({ data }) => (data ? weekdayName(flightLocalTimes(data).departure.weekday, locale) : ''),
      ...FIT_CONTENT,
    },
    {
      colId: 'status',
      headerName: t('list.columns.status'),
      cellRenderer: ({ data }: Cell) =>
        data ? (
          <span className={`status-badge flight-status flight-status--${data.status}`}>
            {statusLabel(t, data.status)}
          </span>
        ) : null,
      ...FIT_CONTENT,
    },
    {
      colId: 'isActive',
      field: 'isActive',
      headerName: t('flights.list.columns.active'),
      cellRenderer: StatusBadge,
      ...FIT_CONTENT,
    },
    {
      colId: 'isBookedOut',
      headerName: t('flights.list.columns.bookedOut'),
      valueGetter: ({ data }) => (data?.isBookedOut ? t('flights.list.yes') : t('flights.list.no')),
      ...FIT_CONTENT,
    },
    {
      colId: 'isDelayed',
      headerName: t('flights.list.columns.delayed'),
      valueGetter: ({ data }) => {
        if (!data?.isDelayed) return t('flights.list.no');
        return data.delayMinutes === null
          ? t('flights.list.yes')
          : t('flights.list.delayedMinutes', { minutes: data.delayMinutes });
      },
      ...FIT_CONTENT,
    },
    ...seatGroups.map(
      (group): ColDef<FlightListItem> => ({
        colId: `seats-${group.id}`,
        headerName: group.name,
        cellRenderer: ({ data }: Cell) => (
          <SeatsCell seats={data?.seatsByTariff.find((seats) => seats.tariffGroup.id === group.id)} t={t} />
        ),
        cellClass: 'list-cell--number',
        headerClass: 'list-header--number',
        ...FIT_CONTENT,
      }),
    ),
  ];
  if (showTotalSeats) {
    columns.push({
      colId: 'totalSeats',
      headerName: t('flights.list.columns.totalSeats'),
      valueGetter: ({ data }) => data?.seatsByTariff.reduce((sum, seats) => sum + (seats.totalSeats ?? 0), 0),
      cellClass: 'list-cell--number',
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
    });
  }
  columns.push(
    {
      colId: 'passengers',
      field: 'passengers',
      headerName: t('flights.list.columns.passengers'),
      cellClass: 'list-cell--number',
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
    },
    {
      colId: 'sequence',
      headerName: t('flights.list.columns.sequence'),
      cellRenderer: SequenceCell,
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
    {
      colId: 'actions',
      headerName: t('list.actions'),
      cellRenderer: ActionsCell,
      cellClass: 'list-cell--actions',
      suppressKeyboardEvent: cellControlKeys,
      // The row's actions stay in view while the seat columns scroll.
      pinned: 'right',
      ...FIT_CONTENT,
    },
  );
  return columns;
}
