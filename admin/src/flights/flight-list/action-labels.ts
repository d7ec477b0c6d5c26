import { DEPARTURE_WINDOW_MINUTES } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import type { TFunction } from 'i18next';
import type { BulkActionKind, RowActionKind } from './flight-actions.ts';

/** The label of an action, with literal keys so the catalogue check sees every one. */
export function actionLabel(t: TFunction, kind: RowActionKind | BulkActionKind): string {
  switch (kind) {
    case 'activate':
      return t('flights.actions.activate');
    case 'deactivate':
      return t('flights.actions.deactivate');
    case 'bookOut':
      return t('flights.actions.bookOut');
    case 'unbookOut':
      return t('flights.actions.unbookOut');
    case 'delay':
      return t('flights.actions.delayMenu');
    case 'undelay':
      return t('flights.actions.undelayMenu');
    case 'departed':
      return t('flights.actions.departed');
    case 'cancel':
      return t('flights.actions.cancel');
    case 'unassignSequence':
      return t('flights.actions.unassignSequence');
    case 'removeSequence':
      return t('flights.actions.removeSequence');
    case 'remove':
      return t('flights.actions.remove');
    case 'turnoverPdf':
      return t('flights.actions.turnoverPdf');
    case 'passengerReport':
      return t('flights.actions.passengerReport');
  }
}

export type ConfirmedKind = 'cancel' | 'departed' | 'remove' | 'removeSequence' | 'unassignSequence';
export type ConfirmedBulkKind = 'remove' | 'removeSequence' | 'unassignSequence';

const CONFIRMED: ReadonlySet<string> = new Set<ConfirmedKind>([
  'cancel',
  'departed',
  'remove',
  'removeSequence',
  'unassignSequence',
]);

/** Actions that ask first: they cannot be undone, or they change a sequence or the passengers' flight. */
export const needsConfirmation = (kind: RowActionKind | BulkActionKind): kind is ConfirmedKind =>
  CONFIRMED.has(kind);

interface Question {
  title: string;
  message: string;
}

/**
 * The question a confirmation asks about one flight. Cancelling names what is booked on it, so
 * nobody cancels a flight without knowing whom it strands; marking departed while the departure is
 * more than the boarding hour away (a delayed flight may be) says when it is due, in local time.
 */
export function confirmOne(
  t: TFunction,
  kind: ConfirmedKind,
  flight: {
    number: string;
    passengers: number;
    reservations: number;
    departure: string;
    origin: { code: string; timezone: string };
  },
  clock: { locale: Locale; now?: Date },
): Question {
  const { number } = flight;
  switch (kind) {
    case 'cancel':
      return {
        title: t('flights.actions.confirm.cancelTitle'),
        message:
          flight.passengers > 0
            ? t('flights.actions.confirm.cancelBooked', {
                number,
                reservations: flight.reservations,
                passengers: flight.passengers,
              })
            : t('flights.actions.confirm.cancelOne', { number }),
      };
    case 'departed': {
      const ahead = new Date(flight.departure).getTime() - (clock.now ?? new Date()).getTime();
      return {
        title: t('flights.actions.confirm.departedTitle'),
        message:
          ahead > DEPARTURE_WINDOW_MINUTES * 60_000
            ? t('flights.actions.confirm.departedEarly', {
                number,
                departure: formatDateTime(flight.departure, clock.locale, {
                  style: 'numeric',
                  timeZone: flight.origin.timezone,
                }),
                origin: flight.origin.code,
              })
            : t('flights.actions.confirm.departedOne', { number }),
      };
    }
    case 'remove':
      return {
        title: t('flights.actions.confirm.removeTitle'),
        message: t('flights.actions.confirm.removeOne', { number }),
      };
    case 'removeSequence':
      return {
        title: t('flights.actions.confirm.removeSequenceTitle'),
        message: t('flights.actions.confirm.removeSequenceOne', { number }),
      };
    case 'unassignSequence':
      return {
        title: t('flights.actions.confirm.unassignSequenceTitle'),
        message: t('flights.actions.confirm.unassignSequenceOne', { number }),
      };
  }
}

/** The question a confirmation asks about the chosen flights. */
export function confirmMany(t: TFunction, kind: ConfirmedBulkKind, count: number): Question {
  switch (kind) {
    case 'remove':
      return {
        title: t('flights.actions.confirm.removeTitle'),
        message: t('flights.actions.confirm.removeMany', { count }),
      };
    case 'removeSequence':
      return {
        title: t('flights.actions.confirm.removeSequenceTitle'),
        message: t('flights.actions.confirm.removeSequenceMany', { count }),
      };
    case 'unassignSequence':
      return {
        title: t('flights.actions.confirm.unassignSequenceTitle'),
        message: t('flights.actions.confirm.unassignSequenceMany', { count }),
      };
  }
}
