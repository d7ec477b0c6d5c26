import { idempotencyHeaders, saveFile } from '@flybook/client';
import { reservationCalls, reservationDocumentCalls } from '@flybook/schemas';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { currentLocale } from '../../app/i18n.ts';
import { useIntent } from '../../app/idempotency.ts';
import { actionFailureMessage } from '../../app/notices.ts';

/** One thing the reservation list asks the API to do. */
export type ReservationJob =
  | { kind: 'ticket' | 'invoice' | 'creditNote'; id: number }
  | { kind: 'cancel'; id: number; fee: number }
  | { kind: 'split'; id: number; passengerId: number }
  | { kind: 'sms'; ids: number[]; content: string };

const isDocument = (job: ReservationJob) =>
  job.kind === 'ticket' || job.kind === 'invoice' || job.kind === 'creditNote';

const DOCUMENT_CALLS = {
  ticket: reservationDocumentCalls.ticketPdf,
  invoice: reservationDocumentCalls.invoicePdf,
  creditNote: reservationDocumentCalls.creditNotePdf,
};

/**
 * Runs the list's jobs: the ticket and invoice PDFs (downloaded in the interface language), cancel
 * with a fee and split (once per intent),  and the SMS bulk action. Afterwards it tells the outcome in the spec's words
 * (spec 02 §8 notices) and reloads the list; a failure shows the code's text or an unknown error.
 */
export function useReservationJobs(options: {
  resource: string;
  onDone?: (job: ReservationJob, succeeded: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();

  const intent = useIntent();

  const run = async ({ job, key }: { job: ReservationJob; key?: string }): Promise<string | null> => {
    const options = key ? { headers: idempotencyHeaders(key) } : {};
    switch (job.kind) {
      case 'ticket':
      case 'invoice':
      case 'creditNote': {
        const call = DOCUMENT_CALLS[job.kind];
        saveFile(await client.call(call, { params: { id: job.id, locale: currentLocale(i18n) } }));
        return null;
      }
      case 'cancel':
        await client.call(
          reservationCalls.cancel,
          { params: { id: job.id }, body: { fee: job.fee } },
          options,
        );
        return t('reservations.notices.cancelled');
      case 'split':
        await client.call(
          reservationCalls.split,
          { params: { id: job.id }, body: { passengerId: job.passengerId } },
          options,
        );
        return t('reservations.notices.separated');
      case 'sms': {
        const { sent } = await client.call(reservationCalls.notify, {
          body: { ids: job.ids, content: job.content },
        });
        return sent > 0 ? t('reservations.notices.smsSent') : null;
      }
    }
  };

  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async (success, { job }) => {
      if (success) notifications.notify({ kind: 'success', message: success });
      else if (job.kind === 'sms')
        notifications.notify({ kind: 'warning', message: t('reservations.notices.smsNotSent') });
      options.onDone?.(job, true);
      if (!isDocument(job)) {
        await Promise.all([
          invalidate({ resource: options.resource, invalidates: ['list'] }),
          queryClient.invalidateQueries({ queryKey: ['reservation'] }),
        ]);
      }
    },
    onError: (error, { job }) => {
      options.onDone?.(job, false);
      if (job.kind === 'sms') {
        notifications.notify({ kind: 'error', message: t('reservations.notices.smsNotSent') });
        return;
      }
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError), {
        isDownload: isDocument(job),
      });
      if (message) notifications.notify({ kind: 'error', message });
    },
  });

  return {
    /** Cancelling and splitting move money: each is sent once per intent with an Idempotency-Key. */
    run: (job: ReservationJob) => {
      if (job.kind === 'cancel' || job.kind === 'split') {
        intent.run(job, (key) => mutation.mutateAsync({ job, key }));
      } else {
        mutation.mutate({ job });
      }
    },
    /** The job under way, for busy buttons. */
    running: mutation.isPending ? (mutation.variables?.job ?? null) : null,
  };
}
