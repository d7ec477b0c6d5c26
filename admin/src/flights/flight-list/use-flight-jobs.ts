import { saveFile } from '@flybook/client';
import {
  type FlightListItem,
  type FlightSelection,
  FlightSelectionQuery,
  flightCalls,
} from '@flybook/schemas';
import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { currentLocale } from '../../app/i18n.ts';
import { actionFailureMessage } from '../../app/notices.ts';
import { MAX_DOCUMENT_FLIGHTS } from './flight-actions.ts';

export interface NotifyChoice {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/** One thing the flight list asks the API to do. */
export type FlightJob =
  | {
      kind: 'activate' | 'deactivate' | 'remove' | 'unassignSequence' | 'removeSequence';
      selection: FlightSelection;
    }
  | { kind: 'cancel' | 'departed' | 'bookOut' | 'unbookOut'; flight: FlightListItem }
  | { kind: 'delay'; flight: FlightListItem; notify: NotifyChoice & { minutes?: number } }
  | { kind: 'undelay'; flight: FlightListItem; notify: NotifyChoice }
  | { kind: 'turnoverPdf' | 'passengerReport'; selection: FlightSelection };

export type FlightJobKind = FlightJob['kind'];

const isDocument = (job: FlightJob) => job.kind === 'turnoverPdf' || job.kind === 'passengerReport';

/** Thrown when "all matching" means more flights than one document takes. */
class TooManyFlights extends Error {}

/** What to tell the user after a job: success notices, and the flights kept on delete. */
interface Outcome {
  success?: string;
  kept?: boolean;
}

/**
 * Runs the list's jobs one at a time: bulk changes on the chosen flights, state changes of one
 * flight, and the two documents. Afterwards it shows the outcome as notices (errors by their code
 * from the catalogue) and reloads the list; documents are downloaded instead.
 */
export function useFlightJobs(options: {
  resource: string;
  onDone?: (job: FlightJob, succeeded: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const invalidate = useInvalidate();

  /** The ids of a document's flights: the chosen ones, or those matching when "all" is chosen. */
  const documentIds = async (selection: FlightSelection): Promise<number[]> => {
    const { ids, excluded, ...filters } = FlightSelectionQuery.parse(selection);
    if (!excluded) {
      if (ids.length > MAX_DOCUMENT_FLIGHTS) throw new TooManyFlights();
      return [...ids];
    }
    const page = await client.call(flightCalls.list, {
      query: { ...filters, page: 0, pageSize: MAX_DOCUMENT_FLIGHTS },
    });
    if (page.total > MAX_DOCUMENT_FLIGHTS) throw new TooManyFlights();
    const skipped = new Set(ids);
    return page.items.map((item) => item.id).filter((id) => !skipped.has(id));
  };

  const run = async (job: FlightJob): Promise<Outcome> => {
    switch (job.kind) {
      case 'activate':
      case 'deactivate': {
        const call = job.kind === 'activate' ? flightCalls.activate : flightCalls.deactivate;
        const { count } = await client.call(call, { query: job.selection });
        return {
          success:
            job.kind === 'activate'
              ? t('flights.actions.activated', { count })
              : t('flights.actions.deactivated', { count }),
        };
      }
      case 'unassignSequence': {
        const { count } = await client.call(flightCalls.unassignSequence, { query: job.selection });
        return { success: t('flights.actions.unassigned', { count }) };
      }
      case 'remove':
      case 'removeSequence': {
        const call = job.kind === 'remove' ? flightCalls.removeList : flightCalls.removeSequences;
        const { deleted, notDeletedIds } = await client.call(call, { query: job.selection });
        return {
          ...(deleted > 0 ? { success: t('flights.actions.deleted', { count: deleted }) } : {}),
          kept: notDeletedIds.length > 0,
        };
      }
      case 'cancel':
        await client.call(flightCalls.setStatus, { params: { id: job.flight.id, status: 'cancelled' } });
        return { success: t('flights.actions.cancelledOne', { number: job.flight.number }) };
      case 'departed':
        await client.call(flightCalls.setStatus, { params: { id: job.flight.id, status: 'departed' } });
        return { success: t('flights.actions.departedOne', { number: job.flight.number }) };
      case 'bookOut':
        await client.call(flightCalls.bookOut, { params: { id: job.flight.id } });
        return { success: t('flights.actions.bookedOutOne', { number: job.flight.number }) };
      case 'unbookOut':
        await client.call(flightCalls.unbookOut, { params: { id: job.flight.id } });
        return { success: t('flights.actions.unbookedOutOne', { number: job.flight.number }) };
      case 'delay':
        await client.call(flightCalls.delay, { params: { id: job.flight.id }, query: job.notify });
        return { success: t('flights.actions.delayedOne', { number: job.flight.number }) };
      case 'undelay':
        await client.call(flightCalls.undelay, { params: { id: job.flight.id }, query: job.notify });
        return { success: t('flights.actions.undelayedOne', { number: job.flight.number }) };
      case 'turnoverPdf':
      case 'passengerReport': {
        const ids = await documentIds(job.selection);
        const file =
          job.kind === 'turnoverPdf'
            ? await client.call(flightCalls.turnoverPdf, {
                query: { locale: currentLocale(i18n) },
                body: { ids },
              })
            : await client.call(flightCalls.passengerReport, {
                params: { locale: currentLocale(i18n) },
                body: { ids },
              });
        saveFile(file);
        return {};
      }
    }
  };

  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async (outcome, job) => {
      if (outcome.kept) {
        notifications.notify({ kind: 'error', message: t('flights.actions.notDeleted') });
      }
      if (outcome.success) notifications.notify({ kind: 'success', message: outcome.success });
      options.onDone?.(job, true);
      if (!isDocument(job)) await invalidate({ resource: options.resource, invalidates: ['list'] });
    },
    onError: (error, job) => {
      options.onDone?.(job, false);
      if (error instanceof TooManyFlights) {
        notifications.notify({
          kind: 'warning',
          message: t('flights.actions.tooManyForDocument', { max: MAX_DOCUMENT_FLIGHTS }),
        });
        return;
      }
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError), {
        isDownload: isDocument(job),
      });
      if (message) notifications.notify({ kind: 'error', message });
    },
  });

  return {
    /** Starts a job (stable across renders). */
    run: mutation.mutate,
    /** The job under way, for busy buttons. */
    running: mutation.isPending ? mutation.variables?.kind : undefined,
  };
}
