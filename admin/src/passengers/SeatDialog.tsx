import '../app/page.css';
import {
  bookingCalls,
  type Flight,
  type FlightPassenger,
  passengerCalls,
  SEAT_LABEL_PATTERN,
} from '@flybook/schemas';
import { Button, SeatMap, type SeatMapLabels, seatAt, seatMapFromStates, TextField } from '@flybook/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../app/BusyDialog.tsx';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { LoadFailure } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { failureNotice } from '../app/notices.ts';
import { useSeatMapTexts } from '../app/seat-map-labels.ts';
import { passengerName } from './passenger-columns.tsx';

/** The seat map's texts (the flight form's seat-map words); "own" is the passenger's current seat. */
function useSeatMapLabels(tariffGroupName: (id: number) => string): SeatMapLabels {
  const { t } = useTranslation();
  const texts = useSeatMapTexts({ own: t('passengers.seat.current') });
  return useMemo(() => ({ ...texts, tariffGroup: tariffGroupName }), [texts, tariffGroupName]);
}

/**
 * The seat popup (spec 03 §2, §4): the flight's seat map with the seats others hold and the
 * passenger's own, or a seat label typed by hand (checked against the seat pattern; an empty label
 * removes the seat). Only seats of the passenger's cabin can be taken; the server decides between two
 * people wanting one seat (ERROR_SEAT_LABEL_NOT_UNIQUE shows in the popup).
 */
export function SeatDialog({
  flight,
  passenger,
  tariffGroupName,
  onSaved,
  onCancel,
}: {
  flight: Flight;
  passenger: FlightPassenger;
  tariffGroupName: (id: number) => string;
  onSaved: (passenger: FlightPassenger) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client, translateError } = useServices();
  const [typed, setTyped] = useState(passenger.seatLabel ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const labels = useSeatMapLabels(tariffGroupName);

  const seats = useQuery({
    queryKey: ['passengerList', flight.id, 'seats', passenger.id],
    queryFn: ({ signal }) =>
      client.call(
        bookingCalls.passengerSeats,
        {
          params: { id: flight.id },
          query: {
            tariffId: passenger.tariff.id,
            reservationId: passenger.reservation.id,
            reservationPassengerId: passenger.id,
          },
        },
        { signal },
      ),
  });
  const map = useMemo(() => (seats.data ? seatMapFromStates(seats.data.sections) : null), [seats.data]);
  const chosen = typed.trim().toUpperCase();

  const save = useMutation({
    mutationFn: (seatLabel: string) =>
      seatLabel === ''
        ? client.call(passengerCalls.clearSeat, { params: { flightId: flight.id, id: passenger.id } })
        : client.call(passengerCalls.setSeat, {
            params: { flightId: flight.id, id: passenger.id },
            body: { seatLabel },
          }),
    onSuccess: onSaved,
    onError: (error) => {
      const failure = toHttpError(error, translateError);
      // Spec 03 §8: a sold seat has its own message; any other seat error is an unknown error.
      if (failure.code === 'ERROR_SEAT_LABEL_NOT_UNIQUE') {
        setProblem(failure.message);
        return;
      }
      const notice = failureNotice(t, failure);
      setProblem(notice ? String(notice.message) : t('errors.unknown', { details: '' }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== '' && !SEAT_LABEL_PATTERN.test(chosen)) {
      setProblem(t('passengers.seat.pattern'));
      return;
    }
    if (chosen === (passenger.seatLabel ?? '')) {
      onCancel();
      return;
    }
    setProblem(null);
    save.mutate(chosen);
  };

  const name = passengerName(passenger);
  return (
    <BusyDialog
      title={t('passengers.seat.title', { name })}
      isPending={save.isPending}
      onCancel={onCancel}
      size="wide"
    >
      <form className="passenger-dialog__form passenger-seat-dialog" onSubmit={submit} noValidate>
        <p className="passenger-dialog__message">
          {passenger.seatLabel
            ? t('passengers.seat.currentIs', { seat: passenger.seatLabel })
            : t('passengers.seat.noneYet')}{' '}
          {t('passengers.seat.hint')}
        </p>
        <div className="passenger-seat-dialog__typed">
          <TextField
            label={t('passengers.seat.label')}
            description={t('passengers.seat.labelHint')}
            placeholder="12C"
            value={typed}
            onChange={(value) => {
              setTyped(value.toUpperCase());
              setProblem(null);
            }}
            errorMessage={problem}
          />
        </div>
        <div className="passenger-seat-dialog__map">
          {seats.isError ? (
            <LoadFailure
              error={seats.error}
              title={t('passengers.seat.mapError')}
              onRetry={() => seats.refetch()}
              isRetrying={seats.isFetching}
            />
          ) : map === null ? (
            <p className="passenger-dialog__loading" role="status">
              <span className="spinner" aria-hidden="true" /> {t('common.loading')}
            </p>
          ) : (
            <SeatMap
              sections={map.sections}
              labels={labels}
              locale={locale}
              seatState={(label) => map.overlay.get(label)}
              selectedLabels={new Set(chosen && SEAT_LABEL_PATTERN.test(chosen) ? [chosen] : [])}
              onSeatPress={(label) => {
                setTyped(label);
                setProblem(null);
              }}
              // Free and reserved seats of the passenger's cabin (staff may give reserved ones), and their own.
              isSeatPressable={(label, state) =>
                (state === 'free' || state === 'reserved' || state === 'own') &&
                seatAt(map.sections, label)?.tariffGroupId === passenger.tariff.group.id
              }
              headingLevel={3}
            />
          )}
        </div>
        <div className="passenger-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" isPending={save.isPending}>
            {chosen === '' && passenger.seatLabel ? t('passengers.seat.remove') : t('passengers.seat.save')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
