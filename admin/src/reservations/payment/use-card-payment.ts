import { idempotencyHeaders } from '@flybook/client';
import { type CardReservationInitBody, paymentCalls, TransactionIdSchema } from '@flybook/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { currentLocale } from '../../app/i18n.ts';
import { useIntent } from '../../app/idempotency.ts';
import { failureNotice } from '../../app/notices.ts';
import { useCardWindow } from '../../app/payment/use-card-window.ts';
import { withoutCardReturn } from '../back-path.ts';

type CardReservationInit = z.input<typeof CardReservationInitBody>;

/**
 * Handles the card provider's return to the payment page (spec 02 §4 card flow):
 * `status=success&datatransTrxId=…` confirms the transaction ("Payment successfully"),
 * `status=error` reads the failure and shows the provider's message, `status=cancel` warns that the
 * payment was not completed. The return parameters are then taken out of the address, and
 * `onSettled` reloads what the payment changed.
 */
export function useCardReturn(onSettled: () => void) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const status = params.get('status');
  const transactionId = params.get('datatransTrxId') ?? params.get('transactionId');
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!status) return;
    const key = `${status}:${transactionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;
    const valid = transactionId !== null && TransactionIdSchema.safeParse(transactionId).success;
    const run = async () => {
      if (status === 'cancel') {
        notifications.notify({ kind: 'warning', message: t('payments.card.notCompleted') });
      } else if (!valid || !transactionId) {
        notifications.notify({ kind: 'error', message: t('payments.card.issue') });
      } else if (status === 'success') {
        try {
          await client.call(paymentCalls.cardConfirm, { body: { transactionId } });
          notifications.notify({ kind: 'success', message: t('payments.success') });
          await queryClient.invalidateQueries({ queryKey: ['balanceLog'] });
        } catch (error) {
          notifications.notify({ kind: 'error', message: toHttpError(error, translateError).message });
        }
      } else {
        let message = t('errors.ERROR_CARD_PROVIDER');
        try {
          const transaction = await client.call(paymentCalls.cardUpdate, { body: { transactionId } });
          message = transaction.details.fail?.message || message;
        } catch {
          // the generic message stands
        }
        notifications.notify({ kind: 'error', message });
      }
      setParams(withoutCardReturn(params), { replace: true });
      settled.current();
    };
    void run();
  }, [status, transactionId, params, setParams, client, notifications, translateError, t, queryClient]);
}

/**
 * Starts a card payment of the reservation (source reservationPayment), once per intent, and opens
 * the provider's payment page in a window; when that window reports or is closed, the payment's
 * outcome is told and `onSettled` reloads the reservation. `isPending` holds while the start is
 * under way or the window is open, so the form cannot start a second payment meanwhile.
 */
export function useCardPayment(reservationId: number, onSettled: () => void) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const intent = useIntent();
  const cardWindow = useCardWindow({ successMessage: t('payments.success'), onSettled });
  const mutation = useMutation({
    mutationFn: async ({ body, key }: { body: CardReservationInit; key: string }) => {
      const { transactionId } = await client.call(
        paymentCalls.cardReservationInit,
        { body },
        { headers: idempotencyHeaders(key) },
      );
      const { paymentPageUrl } = await client.call(paymentCalls.cardStart, { body: { transactionId } });
      return cardWindow.open(transactionId, paymentPageUrl);
    },
    onSuccess: (outcome) => {
      if (outcome === 'popup') {
        notifications.notify({ kind: 'info', message: t('payments.card.continueInWindow') });
      }
    },
    onError: (error) => {
      const failure = toHttpError(error, translateError);
      const notice = failureNotice(t, failure);
      if (notice)
        notifications.notify({ kind: 'error', message: failure.code ? failure.message : notice.message });
    },
  });
  return {
    start: (amount: number) => {
      const body: CardReservationInit = {
        source: 'reservationPayment',
        reservationId,
        amount,
        locale: currentLocale(i18n),
      };
      intent.run(body, (key) => mutation.mutateAsync({ body, key }));
    },
    isPending: mutation.isPending || cardWindow.isOpen,
  };
}
