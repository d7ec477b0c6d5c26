import { paymentCalls } from '@flybook/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { failureNotice } from '../../app/notices.ts';
import { openPaymentWindow } from '../../app/payment-window.ts';
import { useCurrentUser } from '../../app/use-current-user.ts';

export interface ChargeRequest {
  /** CHF to charge the agent's account with. */
  amount: number;
  /** The back-office path `/agent/payment` returns to once the card payment is done. */
  routeName: string;
}

/**
 * An agent charges their own account by card (spec 03 §7 Charge account): the API starts the card
 * transaction (source agentAccount, the agent being the caller), the provider's payment page opens
 * in a popup (or in this page when popups are blocked) and the provider returns to `/agent/payment`.
 * When the popup is closed the balance and the logs are read again.
 */
export function useChargeAccount(options: { onStarted?: () => void } = {}) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async ({ amount, routeName }: ChargeRequest) => {
      if (!user) throw new Error('Charging an account needs a logged-in agent');
      const { transactionId } = await client.call(paymentCalls.cardAgentInit, {
        body: { source: 'agentAccount', amount, agentId: user.id, routeName },
      });
      const { paymentPageUrl } = await client.call(paymentCalls.cardStart, { body: { transactionId } });
      return openPaymentWindow(paymentPageUrl, () => {
        void queryClient.invalidateQueries({ queryKey: ['account'] });
        void queryClient.invalidateQueries({ queryKey: ['balanceLog'] });
      });
    },
    onSuccess: (outcome) => {
      options.onStarted?.();
      if (outcome === 'popup') {
        notifications.notify({ kind: 'info', message: t('accounting.charge.continueInWindow') });
      }
    },
    onError: (error) => {
      const notice = failureNotice(t, toHttpError(error, translateError));
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });
}
