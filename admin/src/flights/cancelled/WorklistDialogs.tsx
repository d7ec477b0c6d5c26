import '../../app/page.css';
import '../../app/list/list.css';
import { idempotencyHeaders } from '@flybook/client';
import { isMoneyAmount, officeToday, satisfies, toChf, toRappen } from '@flybook/domain';
import { formatChf, formatDate } from '@flybook/locales/format';
import {
  type FlightListItem,
  flightCalls,
  type ReservationListItem,
  reservationCalls,
} from '@flybook/schemas';
import { Button, TextField } from '@flybook/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../../app/BusyDialog.tsx';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { useIntent } from '../../app/idempotency.ts';
import { useLocale } from '../../app/layout-parts.tsx';
import { actionFailureMessage } from '../../app/notices.ts';
import { useRouteAccess } from '../../app/route-access.ts';
import { flightLocalTimes, flightRoute } from '../flight-format.ts';
import { WORKLIST_KEY } from './worklist.ts';

const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;

/** An agreed total as typed (CHF), or null when it is no amount. */
function readTotal(text: string): number | null {
  const typed = text.trim();
  if (!DECIMAL.test(typed)) return null;
  const chf = Number(typed.replace(',', '.'));
  return isMoneyAmount(chf) && chf <= 1_000_000 ? toChf(toRappen(chf)) : null;
}

/** Free seats of a flight for sale, all tariff groups together. */
const freeSeats = (flight: FlightListItem) =>
  flight.seatsByTariff.reduce((sum, group) => sum + Math.max(0, group.free), 0);

/**
 * Sends one worklist action once per intent (Idempotency-Key), tells the outcome and refreshes the
 * worklist and any reservation on screen; a refusal keeps the dialog open with the server's message.
 */
function useWorklistAction(send: (key: string) => Promise<unknown>, done: string, onClose: () => void) {
  const { t, i18n } = useTranslation();
  const { notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const intent = useIntent();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      notifications.notify({ kind: 'success', message: done });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKLIST_KEY }),
        queryClient.invalidateQueries({ queryKey: ['reservation'] }),
      ]);
    },
    onError: (error) => {
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      setFailure(message ?? t('errors.unknown', { details: '' }).trim());
    },
  });
  return {
    run: (payload: unknown) => {
      setFailure(null);
      intent.run(payload, (key) => mutation.mutateAsync(key));
    },
    isPending: mutation.isPending,
    failure,
  };
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className="cancelled-flights__failure" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Rebooking a reservation off the cancelled flight: another flight of the route open for booking,
 * the same price unless staff with the specific-price role set another; seats are re-assigned and
 * the contact is told (POST reservation/{id}/rebook).
 */
export function RebookDialog({
  flight,
  reservation,
  onClose,
}: {
  flight: FlightListItem;
  reservation: ReservationListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const { user } = useRouteAccess();
  const mayPrice = satisfies(user.roles, 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE');
  const currentTotal = reservation.invoice.total;
  const [targetId, setTargetId] = useState<string>('');
  const [total, setTotal] = useState(currentTotal === undefined ? '' : currentTotal.toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useQuery({
    queryKey: [...WORKLIST_KEY, 'targets', flight.origin.code, flight.destination.code],
    queryFn: ({ signal }) =>
      client.call(
        flightCalls.list,
        {
          query: {
            origin: flight.origin.code,
            destination: flight.destination.code,
            status: ['created'],
            isActive: true,
            departureFrom: officeToday(),
            pageSize: 100,
            sortBy: 'departure',
            sortOrder: 'ASC',
          },
        },
        { signal },
      ),
  });
  const action = useWorklistAction(
    (key) => {
      const typed = mayPrice ? readTotal(total) : null;
      const changed = typed !== null && typed !== currentTotal;
      return client.call(
        reservationCalls.rebook,
        {
          params: { id: reservation.id },
          body: {
            fromFlightId: flight.id,
            toFlightId: Number(targetId),
            ...(changed ? { total: typed } : {}),
          },
        },
        { headers: idempotencyHeaders(key) },
      );
    },
    t('flights.cancelled.rebooked', { locator: reservation.recordLocator }),
    onClose,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (targetId === '') {
      setProblem(t('flights.cancelled.chooseFlight'));
      return;
    }
    if (mayPrice && readTotal(total) === null) {
      setProblem(t('flights.cancelled.totalInvalid'));
      return;
    }
    setProblem(null);
    action.run({ targetId, total });
  };

  const targets = candidates.data?.items.filter((candidate) => candidate.id !== flight.id) ?? [];
  let choice: ReactNode;
  if (candidates.isError) {
    choice = (
      <div role="alert" className="cancelled-flights__failure">
        <p>{toHttpError(candidates.error).message}</p>
        <Button variant="secondary" onPress={() => void candidates.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (candidates.isPending) {
    choice = (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  } else if (targets.length === 0) {
    choice = <p className="cancelled-flights__state">{t('flights.cancelled.noTargets')}</p>;
  } else {
    choice = (
      <RadioGroup
        value={targetId}
        onChange={(value) => {
          setTargetId(value);
          setProblem(null);
        }}
        className="cancelled-flights__targets"
      >
        <Label className="cancelled-flights__label">{t('flights.cancelled.target')}</Label>
        {targets.map((target) => {
          const { departure } = flightLocalTimes(target);
          return (
            <Radio key={target.id} value={String(target.id)} className="cancelled-flights__target">
              <span className="cancelled-flights__target-number">{target.number}</span>
              <span className="cancelled-flights__target-when">
                {formatDate(departure.date, locale)} {departure.time}
              </span>
              <span className="cancelled-flights__target-free">
                {t('flights.cancelled.freeSeats', { count: freeSeats(target) })}
              </span>
            </Radio>
          );
        })}
      </RadioGroup>
    );
  }

  return (
    <BusyDialog
      title={t('flights.cancelled.rebookTitle', { locator: reservation.recordLocator })}
      isPending={action.isPending}
      onCancel={onClose}
    >
      <form className="list-dialog__form" onSubmit={submit} noValidate>
        <p className="list-dialog__message">
          {t('flights.cancelled.rebookMessage', {
            count: reservation.passengerCount,
            number: flight.number,
            route: flightRoute(flight),
          })}
        </p>
        {choice}
        {mayPrice && currentTotal !== undefined ? (
          <TextField
            label={t('flights.cancelled.total')}
            description={t('flights.cancelled.totalHint', { total: formatChf(currentTotal, locale) })}
            inputMode="decimal"
            value={total}
            onChange={(value) => {
              setTotal(value);
              setProblem(null);
            }}
          />
        ) : null}
        <Failure message={problem ?? action.failure} />
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onClose} isDisabled={action.isPending}>
            {t('flights.cancelled.keep')}
          </Button>
          <Button
            variant="primary"
            type="submit"
            isPending={action.isPending}
            isDisabled={targets.length === 0}
          >
            {t('flights.cancelled.rebookConfirm')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}

/**
 * Cancelling a reservation of the cancelled flight with a full refund: no fee, everything paid goes
 * back (card to the card, the rest as the cancellation refunds it) and a credit note is made.
 */
export function RefundDialog({
  reservation,
  onClose,
}: {
  reservation: ReservationListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const action = useWorklistAction(
    (key) =>
      client.call(
        reservationCalls.cancel,
        { params: { id: reservation.id }, body: { fee: 0 } },
        { headers: idempotencyHeaders(key) },
      ),
    t('flights.cancelled.refunded', { locator: reservation.recordLocator }),
    onClose,
  );
  const paid = reservation.invoice.totalPaid;
  return (
    <BusyDialog
      title={t('flights.cancelled.refundTitle', { locator: reservation.recordLocator })}
      isPending={action.isPending}
      onCancel={onClose}
    >
      <form
        className="list-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          action.run({ fee: 0 });
        }}
        noValidate
      >
        <p className="list-dialog__message">
          {paid !== undefined && paid > 0
            ? t('flights.cancelled.refundMessage', { amount: formatChf(paid, locale) })
            : t('flights.cancelled.refundNothingPaid')}
        </p>
        <Failure message={action.failure} />
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onClose} isDisabled={action.isPending}>
            {t('flights.cancelled.keep')}
          </Button>
          <Button variant="primary" type="submit" isPending={action.isPending}>
            {t('flights.cancelled.refundConfirm')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
