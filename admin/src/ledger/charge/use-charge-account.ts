import { idempotencyHeaders } from '@flybook/client';
import { type CardAgentInitBody, paymentCalls } from '@flybook/schemas';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { useIntent } from '../../app/idempotency.ts';
import { failureNotice } from '../../app/notices.ts';
import { useCardWindow } from '../../app/payment/use-card-window.ts';
import { useCurrentUser } from '../../app/use-current-user.ts';

type CardAgentInit = z.input<typeof CardAgentInitBody>;

export interface ChargeRequest {
  /** CHF to charge the agent's account with. */
  amount: number;
  /** The back-office path `/agent/payment` returns to once the card payment is done. */
  routeName: string;
}

/**
 * An agent charges their own account by card (spec 03 §7 Charge account): the API starts the card
 * transaction (source agentAccount, the agent being the caller) once per intent, the provider's
 * payment page opens in a popup (or in this page when popups are blocked, returning to
 * `/agent/payment`). When the popup reports or is closed, the outcome is told and the balance and
 * the logs are read again.
 */
export function useChargeAccount(options: { onStarted?: () => void } = {}) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const { user } = useCurrentUser();
  const intent = useIntent();
  const cardWindow = useCardWindow({ successMessage: t('ledger.agentPayment.charged') });

  const mutation = useMutation({
    mutationFn: async ({ body, key }: { body: CardAgentInit; key: string }) => {
      const { transactionId } = await client.call(
        paymentCalls.cardAgentInit,
        { body },
        { headers: idempotencyHeaders(key) },
      );
      const { paymentPageUrl } = await client.call(paymentCalls.cardStart, { body: { transactionId } });
      return cardWindow.open(transactionId, paymentPageUrl);
    },
    onSuccess: (outcome) => {
      options.onStarted?.();
      if (outcome === 'popup') {
        notifications.notify({ kind: 'info', message: t('ledger.charge.continueInWindow') });
      }
    },
    onError: (error) => {
      const notice = failureNotice(t, toHttpError(error, translateError));
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });
  return {
    charge: ({ amount, routeName }: ChargeRequest) => {
      if (!user) return;
      const body: CardAgentInit = { source: 'agentAccount', amount, agentId: user.id, routeName };
      intent.run(body, (key) => mutation.mutateAsync({ body, key }));
    },
    isPending: mutation.isPending || cardWindow.isOpen,
  };
}
