import type { Locale } from '@flybook/locales';
import { formatChf, formatDate, formatTime } from '@flybook/locales/format';
import type { ReservationListItem } from '@flybook/schemas';

import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/layout-parts.tsx';
import { cellControlKeys, FIT_CONTENT } from '../../app/list/ServerList.tsx';
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

/**
 * The record locator, the reference the customer quotes on the phone, and when the booking was
 * made: on a Swiss office day, at Swiss time.
 */
function ReferenceCell({ data }: Cell) {
  const locale = useLocale();
  if (!data) return null;
  return (
    <div className="reservation-cell">
      <span className="reservation-cell__locator">{data.recordLocator}</span>
      <span className="reservation-cell__detail">
        {formatDate(data.createdAt, locale)} {formatTime(data.createdAt)}
      </span>
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
          <li
            key={`${flight.direction}-${flight.id}`}
            className="reservation-cell__line"
            title={`${route} ${departure}`}
          >
            {route} <span className="reservation-cell__detail">{departure}</span>
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
    <div className="reservation-cell">
      <span className="reservation-cell__line" title={`${firstName} ${lastName}`}>
        {firstName} {lastName}
      </span>
      <span className="reservation-cell__line reservation-cell__detail" title={email}>
        {email}
      </span>
    </div>
  );
}

function PeopleCell({ data }: Cell) {
  const { t } = useTranslation();
  if (!data) return null;
  const owner = data.owner?.displayName ?? '–';
  const reservator = data.reservator?.displayName;
  const bookedBy = reservator ? t('reservations.list.bookedBy', { name: reservator }) : '';
  return (
    <div className="reservation-cell">
      <span className="reservation-cell__line" title={owner}>
        {owner}
      </span>
      {reservator && reservator !== data.owner?.displayName ? (
        <span className="reservation-cell__line reservation-cell__detail" title={bookedBy}>
          {bookedBy}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The total over the invoice's payment status; a partly paid one has what was paid on a line of its
 * own under the status ("Paguar pjesërisht" over "CHF 373.00"): on one line the two made the
 * column 250 px wide and the list wider than 1280 px (docs/i18n.md "List layout").
 */
function PaymentCell({ data }: Cell) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!data) return null;
  const { invoice } = data;
  const status = invoiceStatusLabel(t, invoice.status);
  const paid =
    invoice.totalPaid !== undefined && invoice.status === 'partly' ? money(invoice.totalPaid, locale) : null;
  const statusClass = `reservation-cell__detail invoice-status invoice-status--${invoice.status}`;
  return (
    <div className="reservation-cell reservation-cell--money">
      <span>{money(invoice.total, locale)}</span>
      <span className={statusClass}>{status}</span>
      {paid ? <span className={statusClass}>{paid}</span> : null}
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
}: {
  t: TFunction;
  fullView: boolean;
  /** The cell of the actions column (the list's or the invoice overview's). */
  actions: ComponentType<Cell>;
}): ColDef<ReservationListItem>[] {
  const columns: (ColDef<ReservationListItem> | false)[] = [
    fullView && {
      colId: 'id',
      headerName: t('reservations.columns.reservation'),
      cellRenderer: ReservationCell,
      ...FIT_CONTENT,
      autoHeight: true,
      sortable: true,
    },
    {
      // the booking's reference and time side by side in one column, so ten columns fit 1280 px
      colId: 'createdAt',
      headerName: t('reservations.columns.referenceBooked'),
      cellRenderer: ReferenceCell,
      ...FIT_CONTENT,
      autoHeight: true,
      sortable: true,
    },
    {
      colId: 'flights',
      headerName: t('reservations.columns.flights'),
      cellRenderer: FlightsCell,
      autoHeight: true,
      minWidth: 140,
      flex: 2,
    },
    {
      colId: 'passengers',
      headerName: t('reservations.columns.passengers'),
      field: 'passengerCount',
      ...FIT_CONTENT,
      headerClass: 'list-header--number',
      cellClass: 'list-cell--number',
    },
    {
      colId: 'billing',
      headerName: t('reservations.columns.billing'),
      cellRenderer: BillingCell,
      autoHeight: true,
      minWidth: 110,
      flex: 1.2,
    },
    fullView && {
      colId: 'owner',
      headerName: t('reservations.columns.owner'),
      cellRenderer: PeopleCell,
      autoHeight: true,
      minWidth: 90,
      flex: 0.8,
    },
    {
      colId: 'total',
      headerName: t('reservations.columns.payment'),
      cellRenderer: PaymentCell,
      // over its right-aligned amounts, as every money column
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
      autoHeight: true,
      sortable: true,
    },
    {
      colId: 'paymentDeadline',
      headerName: t('reservations.columns.terms'),
      cellRenderer: TermsCell,
      ...FIT_CONTENT,
      autoHeight: true,
      sortable: true,
    },
    {
      colId: 'actions',
      headerName: t('list.actions'),
      cellRenderer: actions,
      ...FIT_CONTENT,
      sortable: false,
      cellClass: 'list-cell--actions',
      suppressKeyboardEvent: cellControlKeys,
    },
  ];
  return columns.filter((column): column is ColDef<ReservationListItem> => column !== false);
}
