import { adminPath, seatChangeBlock } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import type { FlightPassenger } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../app/layout-parts.tsx';
import { cellControlKeys, FIT_CONTENT } from '../app/list/ServerList.tsx';
import { type PassengerRowContextValue, usePassengerRow } from './passenger-row-context.ts';

type Cell = CustomCellRendererProps<FlightPassenger>;

/** "Arben Berisha": how labels and notices name a passenger. */
export const passengerName = (passenger: Pick<FlightPassenger, 'firstName' | 'lastName'>) =>
  `${passenger.firstName} ${passenger.lastName}`;

export function ageTypeLabel(t: TFunction, ageType: FlightPassenger['ageType']): string {
  switch (ageType) {
    case 'adult':
      return t('passengers.ageType.adult');
    case 'child':
      return t('passengers.ageType.child');
    case 'infant':
      return t('passengers.ageType.infant');
  }
}

/** "007": a check-in sequence number as the boarding pass prints it. */
export const sequenceText = (sequenceNumber: number) => String(sequenceNumber).padStart(3, '0');

type AppearingValue = 'appeared' | 'notAppeared' | 'pending';
const appearingOf = (passenger: FlightPassenger): AppearingValue =>
  passenger.isAppeared === null ? 'pending' : passenger.isAppeared ? 'appeared' : 'notAppeared';

/** Why the seat of a passenger cannot change here, or null (spec 03 §4: the seat control is disabled). */
export function seatBlock(row: PassengerRowContextValue, passenger: FlightPassenger) {
  if (!row.permissions.seat) return 'role' as const;
  return seatChangeBlock(passenger, row.flight, row.departureDay);
}

function NameCell({ data }: Cell) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <span className="passenger-cell">
      <span className="passenger-name" title={`${data.lastName}, ${data.firstName}`}>
        <strong>{data.lastName}</strong>, {data.firstName}
      </span>
      <span className="passenger-cell__detail">{ageTypeLabel(t, data.ageType)}</span>
    </span>
  );
}

/**
 * The seat: a button showing it (or "–") that opens the seat popup, disabled where the rules say
 * (spec 03 §4); plain text without the seat role, "On lap" for an infant.
 */
function SeatCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = usePassengerRow();
  if (!data) return null;
  if (data.ageType === 'infant' && !data.seatLabel) {
    return (
      <span className="passenger-seat__label passenger-seat__label--none">{t('passengers.seat.lap')}</span>
    );
  }
  const shown = data.seatLabel ?? '–';
  if (!row.permissions.seat) return <span className="passenger-seat__label">{shown}</span>;
  return (
    <Button
      variant="secondary"
      className="row-action passenger-seat__button"
      isDisabled={seatBlock(row, data) !== null || row.busyId === data.id}
      aria-label={t('passengers.seat.changeNamed', {
        name: passengerName(data),
        seat: data.seatLabel ?? t('passengers.seat.none'),
      })}
      onPress={() => row.onSeat(data)}
    >
      {shown}
    </Button>
  );
}

function BookingCell({ data }: Cell) {
  if (!data) return null;
  const agent = data.reservation.agent?.company;
  return (
    <span className="passenger-cell">
      <span>{data.reservation.bookingReference}</span>
      {agent ? (
        <span className="passenger-cell__detail" title={agent}>
          {agent}
        </span>
      ) : null}
    </span>
  );
}

/** The tariff's name, cut with an ellipsis in a narrow column (the whole of it in the tooltip). */
function TariffCell({ data }: Cell) {
  const locale = useLocale();
  if (!data) return null;
  const name = data.tariff.name[locale] || data.tariff.name.en;
  return (
    <span className="passenger-cell">
      <span title={name}>{name}</span>
    </span>
  );
}

function PaidCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = usePassengerRow();
  if (!data) return null;
  if (data.reservation.isPaid) {
    return (
      <span className="status-badge passenger-paid passenger-paid--yes">{t('passengers.payment.paid')}</span>
    );
  }
  const payment = `${adminPath('reservationPayment', { reservationId: data.reservation.id })}?source=passengerList&flightId=${row.flight.id}`;
  return (
    <span className="passenger-paid-cell">
      <span className="status-badge passenger-paid passenger-paid--no">{t('passengers.payment.unpaid')}</span>
      {row.mayPay ? (
        <Link
          className="passenger-pay"
          to={payment}
          aria-label={t('passengers.payment.payNamed', { booking: data.reservation.bookingReference })}
        >
          {t('passengers.payment.pay')}
        </Link>
      ) : null}
    </span>
  );
}

/**
 * Checked in online (docs/check-in.md): the boarding pass's sequence number over the time of the
 * check-in, at the departure airport's local time like the flight's times; empty before.
 */
function CheckInCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = usePassengerRow();
  const locale = useLocale();
  if (!data?.checkIn) return null;
  const sequence = sequenceText(data.checkIn.sequenceNumber);
  const time = formatDateTime(data.checkIn.at, locale, {
    year: false,
    timeZone: row.flight.origin.timezone,
  });
  return (
    <span className="passenger-cell" title={t('passengers.checkIn.named', { time, sequence })}>
      <span className="passenger-check-in">{t('passengers.checkIn.sequence', { sequence })}</span>
      <span className="passenger-cell__detail">{time}</span>
    </span>
  );
}

/**
 * Appeared, no-show or pending (spec 03 §4) as three buttons of a radio group. Choosing no-show
 * asks for a comment first (cancelling keeps the mark as it was); pending takes the mark back.
 */
function AppearingCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = usePassengerRow();
  if (!data) return null;
  const canMark = row.permissions.marking && row.flight.status !== 'cancelled';
  return (
    <span className="passenger-cell">
      <RadioGroup
        className="passenger-appearing"
        orientation="horizontal"
        value={appearingOf(data)}
        isDisabled={!canMark || row.busyId === data.id}
        onChange={(value) => {
          if (value === 'appeared') row.onAppearing(data, { isAppeared: true });
          else if (value === 'notAppeared') row.onAppearing(data, 'noShow');
          else row.onAppearing(data, null);
        }}
      >
        <Label className="fb-visually-hidden">
          {t('passengers.appearing.labelNamed', { name: passengerName(data) })}
        </Label>
        <Radio value="appeared" className="passenger-appearing__choice passenger-appearing__choice--appeared">
          {t('passengers.appearing.appeared')}
        </Radio>
        <Radio
          value="notAppeared"
          className="passenger-appearing__choice passenger-appearing__choice--noshow"
        >
          {t('passengers.appearing.notAppeared')}
        </Radio>
        <Radio value="pending" className="passenger-appearing__choice">
          {t('passengers.appearing.pending')}
        </Radio>
      </RadioGroup>
      {data.appearingComment ? (
        <span className="passenger-cell__detail passenger-appearing__comment" title={data.appearingComment}>
          {data.appearingComment}
        </span>
      ) : null}
    </span>
  );
}

function NotifiedCell({ data }: Cell) {
  const { t } = useTranslation();
  const row = usePassengerRow();
  if (!data) return null;
  const state = data.isNotified ? t('passengers.notify.stateYes') : t('passengers.notify.stateNo');
  if (!row.permissions.marking) return <span>{state}</span>;
  return (
    <Button
      variant="secondary"
      className={
        data.isNotified
          ? 'row-action passenger-notified passenger-notified--yes'
          : 'row-action passenger-notified'
      }
      isDisabled={row.busyId === data.id}
      aria-label={
        data.isNotified
          ? t('passengers.notify.notifiedNamed', { name: passengerName(data) })
          : t('passengers.notify.informNamed', { name: passengerName(data) })
      }
      onPress={() => row.onNotify(data)}
    >
      {data.isNotified ? state : t('passengers.notify.open')}
    </Button>
  );
}

/** Two lines a row: the name over the age type, the booking over its agent, the mark over its comment. */
export const PASSENGER_ROW_HEIGHT = 58;

/**
 * The passenger list's columns (spec 03 §3 Passenger list item): name with the age type, age, seat
 * with its control, booking (and the agent who made it), tariff, payment, online check-in, the
 * appearing mark with its comment, and the notified mark. Sortable columns carry the API's `sortBy` names as ids.
 */
export function passengerColumns(options: { t: TFunction; locale: Locale }): ColDef<FlightPassenger>[] {
  const { t, locale } = options;
  return [
    {
      colId: 'lastName',
      headerName: t('passengers.columns.name'),
      sortable: true,
      valueGetter: ({ data }) => (data ? `${data.lastName}, ${data.firstName}` : ''),
      cellRenderer: NameCell,
      cellClass: 'passenger-grid-cell',
      minWidth: 120,
      flex: 1.5,
    },
    {
      colId: 'age',
      headerName: t('passengers.columns.age'),
      sortable: true,
      valueGetter: ({ data }) => data?.age ?? '',
      cellClass: ['list-cell--number', 'passenger-grid-cell'],
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
    },
    {
      colId: 'seatLabel',
      headerName: t('passengers.columns.seat'),
      sortable: true,
      valueGetter: ({ data }) => data?.seatLabel ?? '',
      cellRenderer: SeatCell,
      cellClass: 'passenger-grid-cell',
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
    {
      colId: 'reservationId',
      headerName: t('passengers.columns.booking'),
      sortable: true,
      valueGetter: ({ data }) => data?.reservation.bookingReference ?? '',
      cellRenderer: BookingCell,
      cellClass: 'passenger-grid-cell',
      // "Réservation" and its sort arrow
      minWidth: 120,
      flex: 1,
    },
    {
      colId: 'tariff',
      headerName: t('passengers.columns.tariff'),
      valueGetter: ({ data }) => (data ? data.tariff.name[locale] || data.tariff.name.en : ''),
      cellRenderer: TariffCell,
      cellClass: 'passenger-grid-cell',
      minWidth: 80,
      flex: 1,
    },
    {
      colId: 'payment',
      headerName: t('passengers.columns.payment'),
      cellRenderer: PaidCell,
      cellClass: 'passenger-grid-cell',
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
    {
      colId: 'checkIn',
      headerName: t('passengers.columns.checkIn'),
      valueGetter: ({ data }) => (data?.checkIn ? sequenceText(data.checkIn.sequenceNumber) : ''),
      cellRenderer: CheckInCell,
      cellClass: 'passenger-grid-cell',
      ...FIT_CONTENT,
    },
    {
      colId: 'appearing',
      headerName: t('passengers.columns.appearing'),
      cellRenderer: AppearingCell,
      cellClass: 'passenger-grid-cell',
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
    {
      colId: 'notified',
      headerName: t('passengers.columns.notified'),
      cellRenderer: NotifiedCell,
      cellClass: 'passenger-grid-cell',
      suppressKeyboardEvent: cellControlKeys,
      ...FIT_CONTENT,
    },
  ];
}
