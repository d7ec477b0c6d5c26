import { formatChf, formatDate } from '@flybook/locales/format';
import { FormLoading } from '../../app/form/FormLayout.tsx';
import '../../app/list/list.css';
import './cancelled-flights.css';
import { adminPath, satisfies } from '@flybook/domain';
import {
  type ApiCall,
  type FlightListItem,
  flightCalls,
  type ReservationListItem,
  reservationCalls,
  reservationListCalls,
} from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { useLocale } from '../../app/layout-parts.tsx';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { SectionTabs } from '../../app/SectionTabs.tsx';
import { invoiceStatusLabel } from '../../reservations/reservation-format.ts';
import { flightLocalTimes, flightRoute } from '../flight-format.ts';
import { RebookDialog, RefundDialog } from './WorklistDialogs.tsx';
import { WORKLIST_KEY } from './worklist.ts';

/** Cancelled flights that still hold passengers (spec 03 §7 `status=cancelled`, `hasPassengers=true`). */
const CANCELLED_WITH_PASSENGERS = {
  status: ['cancelled' as const],
  hasPassengers: true,
  pageSize: 100,
  sortBy: 'departure' as const,
  sortOrder: 'ASC' as const,
};

/** Bookings still to look after: not cancelled ones, whatever the flight's state. */
const OPEN_STATUSES = ['created', 'reserved', 'confirmed'] as const;

/** A load that failed: the server's message and Retry, never an empty list. */
function LoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  return (
    <div className="cancelled-flights__state" role="alert">
      <p>{toHttpError(error, translateError).message}</p>
      <Button variant="secondary" onPress={() => void retry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

type Action = { kind: 'rebook' | 'refund'; reservation: ReservationListItem };

/** One cancelled flight and the bookings still on it, each to rebook or cancel with a refund. */
function CancelledFlight({
  flight,
  mayRebook,
  mayRefund,
}: {
  flight: FlightListItem;
  mayRebook: boolean;
  mayRefund: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const [action, setAction] = useState<Action | null>(null);
  const bookings = useQuery({
    queryKey: [...WORKLIST_KEY, flight.id, 'reservations'],
    queryFn: ({ signal }) =>
      client.call(
        reservationListCalls.list,
        {
          query: {
            flightId: flight.id,
            reservationStatus: [...OPEN_STATUSES],
            pageSize: 500,
            sortBy: 'id',
            sortOrder: 'ASC',
          },
        },
        { signal },
      ),
  });
  const { departure } = flightLocalTimes(flight);
  const headingId = `cancelled-flight-${flight.id}`;

  let body: ReactNode;
  if (bookings.isError) body = <LoadFailed error={bookings.error} retry={bookings.refetch} />;
  else if (bookings.isPending) body = <FormLoading />;
  else if (bookings.data.items.length === 0) {
    body = <p className="cancelled-flights__state">{t('flights.cancelled.noBookings')}</p>;
  } else {
    body = (
      <table className="cancelled-flights__table">
        <thead>
          <tr>
            <th scope="col">{t('flights.cancelled.columns.reservation')}</th>
            <th scope="col">{t('flights.cancelled.columns.contact')}</th>
            <th scope="col" className="cancelled-flights__number">
              {t('flights.cancelled.columns.passengers')}
            </th>
            <th scope="col" className="cancelled-flights__number">
              {t('flights.cancelled.columns.total')}
            </th>
            <th scope="col">{t('flights.cancelled.columns.payment')}</th>
            <th scope="col">
              <span className="fb-visually-hidden">{t('flights.cancelled.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bookings.data.items.map((reservation) => (
            <tr key={reservation.id}>
              <td>
                <Link to={adminPath('reservationEdit', { reservationId: reservation.id })}>
                  {reservation.recordLocator}
                </Link>
                <span className="cancelled-flights__id">#{reservation.id}</span>
              </td>
              <td className="cancelled-flights__contact">
                {reservation.billingInformation.firstName} {reservation.billingInformation.lastName}
                <span className="cancelled-flights__email">{reservation.billingInformation.email}</span>
              </td>
              <td className="cancelled-flights__number">{reservation.passengerCount}</td>
              <td className="cancelled-flights__number">
                {reservation.invoice.total === undefined ? '–' : formatChf(reservation.invoice.total, locale)}
              </td>
              <td>{invoiceStatusLabel(t, reservation.invoice.status)}</td>
              <td className="cancelled-flights__actions">
                {mayRebook ? (
                  <Button variant="secondary" onPress={() => setAction({ kind: 'rebook', reservation })}>
                    {t('flights.cancelled.rebook')}
                  </Button>
                ) : null}
                {mayRefund ? (
                  <Button variant="secondary" onPress={() => setAction({ kind: 'refund', reservation })}>
                    {t('flights.cancelled.refund')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section className="cancelled-flights__flight" aria-labelledby={headingId}>
      <header className="cancelled-flights__head">
        <h2 id={headingId}>
          {flight.number} · {flightRoute(flight)}
        </h2>
        <p>
          <span>
            {t('flights.cancelled.departure', {
              date: formatDate(departure.date, locale),
              time: departure.time,
            })}
          </span>
          <span aria-hidden="true"> · </span>
          <span>
            {t('flights.cancelled.booked', {
              reservations: flight.reservations,
              passengers: flight.passengers,
            })}
          </span>
        </p>
      </header>
      {body}
      {action?.kind === 'rebook' ? (
        <RebookDialog flight={flight} reservation={action.reservation} onClose={() => setAction(null)} />
      ) : null}
      {action?.kind === 'refund' ? (
        <RefundDialog reservation={action.reservation} onClose={() => setAction(null)} />
      ) : null}
    </section>
  );
}

/**
 * "Cancelled flights with passengers" (issue 26, docs/flights.md): each cancelled flight that still
 * holds bookings, and for each booking the two ways off it, rebook onto another flight of the route
 * or cancel with a full refund. A booking leaves when nothing of it is on the flight any more; the
 * flight leaves with its last booking.
 */
export function CancelledFlightsPage() {
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const { client } = useServices();
  const flights = useQuery({
    queryKey: [...WORKLIST_KEY, 'flights'],
    queryFn: ({ signal }) => client.call(flightCalls.list, { query: CANCELLED_WITH_PASSENGERS }, { signal }),
  });
  const roles = user.roles;
  // Only what the server would accept: the roles each call requires (schemas/src/reservations.ts).
  const may = (call: ApiCall) => call.roles === undefined || satisfies(roles, call.roles);
  const mayRebook = may(reservationCalls.rebook);
  const mayRefund = may(reservationCalls.cancel);

  let body: ReactNode;
  if (flights.isError) body = <LoadFailed error={flights.error} retry={flights.refetch} />;
  else if (flights.isPending) body = <FormLoading />;
  else if (flights.data.items.length === 0) {
    body = (
      <div className="cancelled-flights__empty">
        <p className="cancelled-flights__empty-title">{t('flights.cancelled.empty')}</p>
        <p>{t('flights.cancelled.emptyHint')}</p>
      </div>
    );
  } else {
    body = flights.data.items.map((flight) => (
      <CancelledFlight key={flight.id} flight={flight} mayRebook={mayRebook} mayRefund={mayRefund} />
    ));
  }

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader title={t('flights.cancelled.title')} />
      <p className="cancelled-flights__intro">{t('flights.cancelled.intro')}</p>
      <div className="cancelled-flights" aria-busy={flights.isPending}>
        {body}
      </div>
    </>
  );
}
