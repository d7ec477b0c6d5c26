import '../../app/page.css';
import { formatChf } from '@flybook/locales/format';
import { type FlightListItem, flightCalls } from '@flybook/schemas';
import { Dialog } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { LoadFailure } from '../../app/LoadFailure.tsx';
import { useLocale } from '../../app/layout-parts.tsx';
import { flightRoute } from '../flight-format.ts';
import type { FlightListPermissions } from './flight-actions.ts';

interface InfoQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** One block of the popup with its own loading and error state. */
function InfoSection<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: InfoQuery<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (query.isError) {
    body = (
      <LoadFailure
        error={query.error}
        title={t('flights.list.info.loadError')}
        onRetry={query.refetch}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.isPending || query.data === undefined) {
    body = (
      <p className="flight-info__loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  } else {
    body = children(query.data);
  }
  return (
    <section className="flight-info__section" aria-label={title} aria-busy={query.isPending}>
      <h3 className="flight-info__title">{title}</h3>
      {body}
    </section>
  );
}

function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="flight-info__facts">
      {items.map(([label, value]) => (
        <div key={label} className="flight-info__fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The flight info popup (spec 03 §2): passengers by age type, departure-control counts and, with
 * ROLE_FLIGHT_READ_TURNOVER_INFO, seats sold, revenue, cost and margin. Each part loads on its own.
 */
export function FlightInfoDialog({
  flight,
  permissions,
  onClose,
}: {
  flight: FlightListItem;
  permissions: FlightListPermissions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const params = { id: flight.id };
  const booking = useQuery({
    queryKey: ['flight', flight.id, 'booking-info'],
    queryFn: ({ signal }) => client.call(flightCalls.bookingInfo, { params }, { signal }),
    enabled: permissions.bookingInfo,
  });
  const passengers = useQuery({
    queryKey: ['flight', flight.id, 'passengers-info'],
    queryFn: ({ signal }) => client.call(flightCalls.passengersInfo, { params }, { signal }),
    enabled: permissions.passengersInfo,
  });
  const turnover = useQuery({
    queryKey: ['flight', flight.id, 'turnover-info'],
    queryFn: ({ signal }) => client.call(flightCalls.turnoverInfo, { params }, { signal }),
    enabled: permissions.turnoverInfo,
  });
  const chf = (amount: number) => formatChf(amount, locale);

  return (
    <Dialog
      title={t('flights.list.info.title', { number: flight.number, route: flightRoute(flight) })}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      closeLabel={t('common.close')}
    >
      <div className="flight-info">
        {permissions.bookingInfo ? (
          <InfoSection title={t('flights.list.info.booking')} query={booking}>
            {(info) => (
              <Facts
                items={[
                  [t('flights.list.info.adults'), info.adultPassengers],
                  [t('flights.list.info.children'), info.childPassengers],
                  [t('flights.list.info.babies'), info.babyPassengers],
                ]}
              />
            )}
          </InfoSection>
        ) : null}
        {permissions.passengersInfo ? (
          <InfoSection title={t('flights.list.info.passengers')} query={passengers}>
            {(info) => (
              <Facts
                items={[
                  [t('flights.list.info.passengerCount'), info.passengers],
                  [t('flights.list.info.seated'), info.seated],
                  [t('flights.list.info.appeared'), info.appeared],
                  [t('flights.list.info.noShow'), info.noShow],
                  [t('flights.list.info.pending'), info.pending],
                  [t('flights.list.info.notified'), info.notified],
                ]}
              />
            )}
          </InfoSection>
        ) : null}
        {permissions.turnoverInfo ? (
          <InfoSection title={t('flights.list.info.turnover')} query={turnover}>
            {(info) => (
              <Facts
                items={[
                  [t('flights.list.info.seatsSold'), info.seatsSold],
                  [t('flights.list.info.revenue'), chf(info.revenue)],
                  [t('flights.list.info.cost'), chf(info.cost)],
                  [t('flights.list.info.margin'), chf(info.margin)],
                ]}
              />
            )}
          </InfoSection>
        ) : null}
      </div>
    </Dialog>
  );
}
