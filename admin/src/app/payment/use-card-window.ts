import { paymentCalls } from '@flybook/schemas';
import { keys } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.tsx';
import { toHttpError } from '../errors.ts';
import { openPaymentWindow, type PaymentWindowEnd, type PaymentWindowOutcome } from '../payment-window.ts';

/**
 * The card payment window as seen from the page that opened it (spec 02 §4 card flow): when the
 * window's return page reports, or the window is closed, this page asks the API where the
 * transaction stands (never trusting the message alone), says so — `successMessage` when the money
 * is booked, the provider's failure, or "The payment was not completed" — and reloads the balances,
 * logs and reservations the payment may have changed before `onSettled`. The watch outlives the
 * component that opened the window (a dialog closed once the payment started): the outcome is
 * still told.
 */
export function useCardWindow({
  successMessage,
  onSettled,
}: {
  successMessage: string;
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const stopWatching = useRef<() => void>(() => undefined);
  const latest = useRef({ successMessage, onSettled });
  latest.current = { successMessage, onSettled };

  const settle = useCallback(
    async (transactionId: string, how: PaymentWindowEnd) => {
      try {
        const transaction = await client.call(paymentCalls.cardUpdate, { body: { transactionId } });
        if (transaction.isBooked) {
          notifications.notify({ kind: 'success', message: latest.current.successMessage });
        } else if (transaction.status === 'failed') {
          notifications.notify({
            kind: 'error',
            message: transaction.details.fail?.message || t('errors.ERROR_CARD_PROVIDER'),
          });
        } else if (transaction.status === 'expired') {
          notifications.notify({ kind: 'error', message: t('errors.ERROR_RESERVATION_EXPIRED') });
        } else if (how === 'closed' || transaction.status === 'canceled') {
          notifications.notify({ kind: 'warning', message: t('payments.card.notCompleted') });
        } else {
          // The window reported back, yet nothing is booked: not a success to show.
          notifications.notify({ kind: 'error', message: t('payments.card.issue') });
        }
      } catch (error) {
        notifications.notify({ kind: 'error', message: toHttpError(error, translateError).message });
      }
      // A read still under way may have been answered before the payment was booked.
      await queryClient.cancelQueries({ queryKey: ['account'] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reservation'] }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
        queryClient.invalidateQueries({ queryKey: ['balanceLog'] }),
        // The lists on screen (balance log, reservations): only those shown are read again.
        queryClient.invalidateQueries({ queryKey: keys().data().get() }),
      ]);
      setOpen(false);
      latest.current.onSettled?.();
    },
    [client, notifications, queryClient, t, translateError],
  );

  /** Opens the provider's page for a started transaction; a blocked popup leaves this page for it. */
  const open = useCallback(
    (transactionId: string, paymentPageUrl: string): PaymentWindowOutcome => {
      stopWatching.current();
      const opened = openPaymentWindow(paymentPageUrl, {
        transactionId,
        onEnd: (how) => void settle(transactionId, how),
      });
      stopWatching.current = opened.stop;
      if (opened.outcome === 'popup') setOpen(true);
      return opened.outcome;
    },
    [settle],
  );

  return { open, isOpen };
}
