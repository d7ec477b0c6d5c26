import { canDelayFlight, canMarkFlightDeparted } from '@flybook/domain';
import { type Flight, flightCalls } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../app/ConfirmDialog.tsx';
import { useServices } from '../app/context.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { actionLabel, confirmOne } from '../flights/flight-list/action-labels.ts';
import { DelayDialog } from '../flights/flight-list/DelayDialog.tsx';
import { useFlightJobs } from '../flights/flight-list/use-flight-jobs.ts';
import { FLIGHTS } from '../flights/flight-resources.ts';
import type { PassengerListPermissions } from './passenger-permissions.ts';
import { passengerInfoKey } from './use-passenger-jobs.ts';

/**
 * The header of the passenger list (spec 03 §2): on the left the flight's Delayed or Departed action
 * by its state and the user's roles (the flight list's own dialogs and calls); on the right the
 * booking info (passengers by age type) and departure control's counts.
 */
export function FlightBar({
  flight,
  permissions,
  onChanged,
}: {
  flight: Flight;
  permissions: PassengerListPermissions;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const [dialog, setDialog] = useState<'delay' | 'departed' | null>(null);
  const jobs = useFlightJobs({
    resource: FLIGHTS,
    onDone: (_job, succeeded) => {
      setDialog(null);
      if (succeeded) onChanged();
    },
  });
  const booking = useQuery({
    queryKey: [...passengerInfoKey(flight.id), 'booking'],
    queryFn: ({ signal }) => client.call(flightCalls.bookingInfo, { params: { id: flight.id } }, { signal }),
    enabled: permissions.bookingInfo,
  });
  const counts = useQuery({
    queryKey: [...passengerInfoKey(flight.id), 'counts'],
    queryFn: ({ signal }) =>
      client.call(flightCalls.passengersInfo, { params: { id: flight.id } }, { signal }),
    enabled: permissions.passengersInfo,
  });

  // A non-delayed flight can be delayed; a delayed one (or one boarding) departs; nothing once departed.
  const offerDelay = permissions.delay && canDelayFlight(flight) && !flight.isDelayed;
  const offerDeparted = permissions.status && canMarkFlightDeparted(flight, new Date());
  const statusText =
    flight.status === 'departed'
      ? t('passengers.flightBar.departed')
      : flight.status === 'cancelled'
        ? t('passengers.flightBar.cancelled')
        : flight.isDelayed
          ? flight.delayMinutes === null
            ? t('passengers.flightBar.delayed')
            : t('passengers.flightBar.delayedMinutes', { minutes: flight.delayMinutes })
          : flight.status === 'closed'
            ? t('passengers.flightBar.closed')
            : t('passengers.flightBar.open');

  const facts: [string, number][] = [
    ...(booking.data
      ? ([
          [t('passengers.flightBar.adults'), booking.data.adultPassengers],
          [t('passengers.flightBar.children'), booking.data.childPassengers],
          [t('passengers.flightBar.infants'), booking.data.babyPassengers],
        ] as [string, number][])
      : []),
    ...(counts.data
      ? ([
          [t('passengers.flightBar.appeared'), counts.data.appeared],
          [t('passengers.flightBar.noShow'), counts.data.noShow],
          [t('passengers.flightBar.pending'), counts.data.pending],
        ] as [string, number][])
      : []),
  ];

  return (
    <section className="passenger-bar" aria-label={t('passengers.flightBar.label')}>
      <div className="passenger-bar__actions">
        <span className={`status-badge flight-status flight-status--${flight.status}`}>{statusText}</span>
        {offerDelay ? (
          <Button
            variant="secondary"
            onPress={() => setDialog('delay')}
            isDisabled={jobs.running !== undefined}
          >
            {t('passengers.flightBar.delay')}
          </Button>
        ) : null}
        {offerDeparted ? (
          <Button
            variant="primary"
            onPress={() => setDialog('departed')}
            isDisabled={jobs.running !== undefined}
          >
            {t('passengers.flightBar.depart')}
          </Button>
        ) : null}
      </div>
      <dl className="passenger-bar__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {dialog === 'delay' ? (
        <DelayDialog
          flight={flight}
          mode="delay"
          isPending={jobs.running === 'delay'}
          onCancel={() => setDialog(null)}
          onSubmit={(notify) => jobs.run({ kind: 'delay', flight, notify })}
        />
      ) : null}
      {dialog === 'departed' ? (
        <ConfirmDialog
          isOpen
          {...confirmOne(t, 'departed', flight, { locale })}
          confirmLabel={actionLabel(t, 'departed')}
          isPending={jobs.running === 'departed'}
          onCancel={() => setDialog(null)}
          onConfirm={() => jobs.run({ kind: 'departed', flight })}
        />
      ) : null}
    </section>
  );
}
