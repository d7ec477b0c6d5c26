import { saveFile } from '@flybook/client';
import {
  type FlightPassenger,
  type FlightPassengerSelection,
  flightCalls,
  passengerCalls,
} from '@flybook/schemas';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { currentLocale } from '../app/i18n.ts';
import { actionFailureMessage } from '../app/notices.ts';
import { FLIGHT_PASSENGERS } from './passenger-resources.ts';

/** An appearing mark: appeared, a no-show with its comment, or none (pending). */
export type AppearingMark = { isAppeared: true } | { isAppeared: false; comment: string } | null;

export interface NotifyChoice {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/** One thing the passenger list asks the API to do. */
export type PassengerJob =
  | { kind: 'appearing'; passenger: FlightPassenger; mark: AppearingMark }
  | { kind: 'bulkAppearing'; selection: FlightPassengerSelection; mark: AppearingMark }
  | { kind: 'notify'; passenger: FlightPassenger; isNotified: boolean; notify: NotifyChoice }
  | { kind: 'paxList' | 'passengerReport' };

export type PassengerJobKind = PassengerJob['kind'];

/** The query keys of the page's side panels, reloaded with the list after every change. */
export const passengerInfoKey = (flightId: number) => ['passengerList', flightId] as const;

/**
 * Runs the passenger list's jobs: appearing marks one by one or in bulk, the notified mark and the
 * two documents. Afterwards it tells the outcome (errors by their code from the catalogue) and
 * reloads the list and the flight's counts (spec 03 §4: the list reloads after any successful
 * passenger update); documents are downloaded instead.
 */
export function usePassengerJobs(options: {
  flightId: number;
  onDone?: (job: PassengerJob, succeeded: boolean) => void;
}) {
  const { flightId } = options;
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();

  const run = async (job: PassengerJob): Promise<string | undefined> => {
    switch (job.kind) {
      case 'appearing': {
        const params = { flightId, id: job.passenger.id };
        if (job.mark === null) await client.call(passengerCalls.clearAppearing, { params });
        else await client.call(passengerCalls.setAppearing, { params, body: job.mark });
        const name = `${job.passenger.firstName} ${job.passenger.lastName}`;
        if (job.mark === null) return t('passengers.marks.pendingDone', { name });
        return job.mark.isAppeared
          ? t('passengers.marks.appearedDone', { name })
          : t('passengers.marks.noShowDone', { name });
      }
      case 'bulkAppearing': {
        const params = { flightId };
        const { count } =
          job.mark === null
            ? await client.call(passengerCalls.clearAppearingList, { params, query: job.selection })
            : await client.call(passengerCalls.setAppearingList, {
                params,
                query: job.selection,
                body: job.mark,
              });
        if (job.mark === null) return t('passengers.bulk.pendingDone', { count });
        return job.mark.isAppeared
          ? t('passengers.bulk.appearedDone', { count })
          : t('passengers.bulk.noShowDone', { count });
      }
      case 'notify': {
        await client.call(passengerCalls.setNotifying, {
          params: { flightId, id: job.passenger.id },
          body: { isNotified: job.isNotified, ...job.notify },
        });
        const name = `${job.passenger.firstName} ${job.passenger.lastName}`;
        if (!job.isNotified) return t('passengers.notify.unmarked', { name });
        return job.notify.isEmailNotifyEnabled || job.notify.isSmsNotifyEnabled
          ? t('passengers.notify.sent', { name })
          : t('passengers.notify.marked', { name });
      }
      case 'paxList': {
        saveFile(
          await client.call(passengerCalls.paxList, {
            params: { flightId },
            query: { language: currentLocale(i18n) },
          }),
        );
        return undefined;
      }
      case 'passengerReport': {
        saveFile(
          await client.call(flightCalls.passengerReport, {
            params: { locale: currentLocale(i18n) },
            body: { ids: [flightId] },
          }),
        );
        return undefined;
      }
    }
  };

  const isDocument = (job: PassengerJob) => job.kind === 'paxList' || job.kind === 'passengerReport';

  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async (success, job) => {
      if (success) notifications.notify({ kind: 'success', message: success });
      options.onDone?.(job, true);
      if (!isDocument(job)) await refresh();
    },
    onError: (error, job) => {
      options.onDone?.(job, false);
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError), {
        isDownload: isDocument(job),
      });
      if (message) notifications.notify({ kind: 'error', message });
    },
  });

  /** Reloads the list and the flight's counts after a change made here or in a popup. */
  async function refresh() {
    await Promise.all([
      invalidate({ resource: FLIGHT_PASSENGERS, invalidates: ['list'] }),
      queryClient.invalidateQueries({ queryKey: passengerInfoKey(flightId) }),
    ]);
  }

  return {
    run: mutation.mutate,
    /** The job under way, for busy buttons. */
    running: mutation.isPending ? mutation.variables : undefined,
    refresh,
  };
}
