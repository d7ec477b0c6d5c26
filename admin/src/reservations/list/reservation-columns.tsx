import type { Locale } from '@flybook/locales';
import { formatChf, formatDate, formatTime } from '@flybook/locales/format';
import type { ReservationListItem } from '@flybook/schemas';

import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/layout-parts.tsx';
import { cellControlKeys } from '../../app/list/ServerList.tsx';
import {
  flightParts,
  invoiceStatusLabel,
  paymentTermsLabel,
  reservationStatusLabel,
} from '../reservation-format.ts';
import { ReservationRowActions } from './ReservationRowActions.tsx';

export type Cell = CustomCellRendererProps<ReservationListItem>;

function ReservationCell({ data }: Cell) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <div className="reservation-cell">
      <span className="reservation-cell__id">{data.id}</span>
      <span className={`reservation-cell__detail reservation-status--${data.status}`}>
        {reservationStatusLabel(t, data.status)}
      </span>
    </div>
  );
}

/** The record locator: the reference the customer quotes on the phone. */
function LocatorCell({ data }: Cell) {
  if (!data) return null;
  return (
    <div className="reservation-cell">
      <span className="reservation-cell__locator">{data.recordLocator}</span>
    </div>
  );
}

function BookedCell({ data }: Cell) {
  const locale = useLocale();
  if (!data) return null;
  // Booked on a Swiss office day, at Swiss time.
  return (
    <div className="reservation-cell">
      <span>{formatDate(data.createdAt, locale)}</span>
      <span className="reservation-cell__detail">{formatTime(data.createdAt)}</span>
    </div>
  );
}

function FlightsCell({ data }: Cell) {
  const locale = useLocale();
  if (!data) return null;
  return (
    <ul className="reservation-flights">
      {data.flights.map((flight) => {
        const { route, departure } = flightParts(flight, locale);
        return (
          <li key={`${flight.direction}-${flight.id}`} className="reservation-cell">
            <span>{route}</span>
            <span className="reservation-cell__detail">{departure}</span>
          </li>
        );
      })}
    </ul>
  );
}

function BillingCell({ data }: Cell) {
  if (!data) return null;
  const { firstName, lastName, email } = data.billingInformation;
  return (
    <div className="reservation-billing">
      <span>
        {firstName} {lastName}
      </span>
      <span className="reservation-billing__email">{email}</span>
    </div>
  );
}

function PeopleCell({ data }: Cell) {
  const { t } = useTranslation();
  if (!data) return null;
  const owner = data.owner?.displayName ?? '–';
  const reservator = data.reservator?.displayName;
  return (
    <div className="reservation-cell">
      <span>{owner}</span>
      {reservator && reservator !== data.owner?.displayName ? (
        <span className="reservation-cell__detail">
          {t('reservations.list.bookedBy', { name: reservator })}
        </span>
      ) : null}
    </div>
  );
}

function PaymentCell({ data }: Cell) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!data) return null;
  const { invoice } = data;
  return (
    <div className="reservation-cell reservation-cell--money">
      <span>{money(invoice.total, locale)}</span>
      <span className={`reservation-cell__detail invoice-status invoice-status--${invoice.status}`}>
        {invoiceStatusLabel(t, invoice.status)}
        {invoice.totalPaid !== undefined && invoice.status === 'partly'
          ? ` · ${money(invoice.totalPaid, locale)}`
          : ''}
      </span>
    </div>
  );
}

function TermsCell({ data }: Cell) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!data) return null;
  const { invoice } = data;
  return (
    <div className="reservation-cell">
      <span>{paymentTermsLabel(t, invoice.paymentTerms)}</span>
      {invoice.paymentDeadline ? (
        <span className="reservation-cell__detail">
          {t('reservations.list.until', { date: formatDate(invoice.paymentDeadline, locale) })}
        </span>
      ) : null}
    </div>
  );
}

/** The row actions of the reservation list. */
export function ReservationActionsCell({ data }: Cell) {
  return data ? <ReservationRowActions reservation={data} /> : null;
}

const money = (value: number | undefined, locale: Locale) =>
  value === undefined ? '–' : formatChf(value, locale);

/**
 * The reservation list's columns (spec 02 §2, §6). Customers see no id, status, owner or reservator
 * (`fullView` false), but everyone sees the record locator, the reference of the booking. Sortable columns carry the API's `sortBy` names as their ids.
 */
export function reservationColumns({
  t,
  fullView,
  actions,
  actionsWidth,
}: {
  t: TFunction;
  fullView: boolean;
  /** The cell of the actions column (the list's or the invoice overview's). */
  actions: ComponentType<Cell>;
  actionsWidth: number;
}): ColDef<ReservationListItem>[] {
  const columns: (ColDef<ReservationListItem> | false)[] = [
    fullView && {
      colId: 'id',
      headerName: t('reservations.columns.reservation'),
      cellRenderer: ReservationCell,
      autoHeight: true,
      sortable: true,
      flex: 0,
      width: 100,
    },
    {
      colId: 'recordLocator',
      headerName: t('reservations.columns.recordLocator'),
      cellRenderer: LocatorCell,
      autoHeight: true,
      flex: 0,
      // Wide enough for "Référence" / "Referenca" and the sort arrow at 1280 px.
      width: 125,
    },
    {
      colId: 'createdAt',
      headerName: t('reservations.columns.createdAt'),
      cellRenderer: BookedCell,
      autoHeight: true,
      sortable: true,
      flex: 0,
      width: 115,
    },
    {
      colId: 'flights',
      headerName: t('reservations.columns.flights'),
      cellRenderer: FlightsCell,
      autoHeight: true,
      wrapText: true,
      minWidth: 140,
      flex: 1.5,
    },
    {
      colId: 'passengers',
      headerName: t('reservations.columns.passengers'),
      field: 'passengerCount',
      headerClass: 'list-header--number',
      cellClass: 'list-cell--number',
      flex: 0,
      width: 64,
      minWidth: 64,
    },
    {
      colId: 'billing',
      headerName: t('reservations.columns.billing'),
      cellRenderer: BillingCell,
      autoHeight: true,
      minWidth: 145,
      flex: 1.5,
    },
    fullView && {
      colId: 'owner',
      headerName: t('reservations.columns.owner'),
      cellRenderer: PeopleCell,
      autoHeight: true,
      minWidth: 110,
    },
    {
      colId: 'total',
      headerName: t('reservations.columns.payment'),
      cellRenderer: PaymentCell,
      autoHeight: true,
      sortable: true,
      minWidth: 120,
    },
    {
      colId: 'paymentDeadline',
      headerName: t('reservations.columns.terms'),
      cellRenderer: TermsCell,
      autoHeight: true,
      sortable: true,
      minWidth: 105,
    },
    {
      colId: 'actions',
      headerName: t('list.actions'),
      cellRenderer: actions,
      sortable: false,
      flex: 0,
      width: actionsWidth,
      cellClass: 'list-cell--actions',
      suppressKeyboardEvent: cellControlKeys,
    },
  ];
  return columns.filter((column): column is ColDef<ReservationListItem> => column !== false);
}
