import { paymentCalls, TransactionIdSchema } from '@flybook/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { currentLocale } from '../../app/i18n.ts';
import { failureNotice } from '../../app/notices.ts';
import { openPaymentWindow } from '../../app/payment-window.ts';
import { withoutCardReturn } from '../back-path.ts';

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
 * Starts a card payment of the reservation (source reservationPayment) and opens the provider's
 * payment page; when its window is closed, `onClosed` reloads the reservation.
 */
export function useCardPayment(reservationId: number, onClosed: () => void) {
  const { t, i18n } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) => {
      const { transactionId } = await client.call(paymentCalls.cardReservationInit, {
        body: { source: 'reservationPayment', reservationId, amount, locale: currentLocale(i18n) },
      });
      const { paymentPageUrl } = await client.call(paymentCalls.cardStart, { body: { transactionId } });
      return openPaymentWindow(paymentPageUrl, () => {
        void queryClient.invalidateQueries({ queryKey: ['account'] });
        onClosed();
      });
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
}
