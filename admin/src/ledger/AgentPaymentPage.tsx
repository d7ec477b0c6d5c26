import { ADMIN_ROUTES, type AdminRouteName, adminPath, matchAdminRoute } from '@flybook/domain';
import { paymentCalls } from '@flybook/schemas';
import { LoadingScreen } from '@flybook/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { usePageTitle } from '../app/page-title.ts';
import { readCardReturn } from '../app/payment/card-return.ts';

export type CardReturnStatus = 'success' | 'cancel' | 'error';

const PARAMETER_FREE_ROUTES = new Map<string, string>(
  ADMIN_ROUTES.filter((route) => !route.path.includes(':')).map((route) => [route.name, route.path]),
);

/**
 * Where a card payment goes back to: a route key ('balanceLog', docs/decisions.md) or a back-office
 * path ('/invoice/balance-log?accountId=3'). Anything else, another site included, is not followed.
 */
export function returnTarget(route: string | null): string | null {
  if (!route) return null;
  const byName = PARAMETER_FREE_ROUTES.get(route);
  if (byName) return byName;
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return null;
  const path = route.split(/[?#]/, 1)[0] ?? '';
  const match = matchAdminRoute(path);
  return match && match.route.name !== 'agentPayment' ? route : null;
}

const RESERVATION_LIST: AdminRouteName = 'reservationList';

/**
 * The return point of an agent's charge-account card payment (spec 02 §2 /agent/payment): reads
 * the transaction id (`datatransTrxId` or `transactionId`), the status and the route to go back to.
 * Success confirms the transaction and reloads the balance in the header; cancel warns that the
 * payment was not completed; an error (or any other status) shows the provider's failure message.
 * Then it goes on to the route, or to the reservation list with a payment-issue notice when the
 * parameters are missing.
 */
export function AgentPaymentPage() {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  usePageTitle(t('ledger.agentPayment.title'));

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const outcome = readCardReturn(params);
    if (!outcome) {
      notifications.notify({ kind: 'error', message: t('payments.card.issue') });
      navigate(adminPath(RESERVATION_LIST), { replace: true });
      return;
    }
    const target = returnTarget(outcome.route) ?? adminPath(RESERVATION_LIST);
    const body = { transactionId: outcome.transactionId };
    const run = async () => {
      if (outcome.status === 'success') {
        try {
          await client.call(paymentCalls.cardConfirm, { body });
          notifications.notify({ kind: 'success', message: t('ledger.agentPayment.charged') });
        } catch (error) {
          notifications.notify({ kind: 'error', message: toHttpError(error, translateError).message });
        }
        // A balance read still under way may have been answered before the charge was booked.
        await queryClient.cancelQueries({ queryKey: ['account'] });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['account'] }),
          queryClient.invalidateQueries({ queryKey: ['balanceLog'] }),
        ]);
      } else if (outcome.status === 'cancel') {
        notifications.notify({ kind: 'warning', message: t('payments.card.notCompleted') });
      } else {
        let message = t('errors.ERROR_CARD_PROVIDER');
        try {
          const transaction = await client.call(paymentCalls.cardUpdate, { body });
          message = transaction.details.fail?.message || message;
        } catch {
          // the generic message stands
        }
        notifications.notify({ kind: 'error', message });
      }
      navigate(target, { replace: true });
    };
    void run();
  }, [params, client, notifications, translateError, navigate, queryClient, t]);

  return <LoadingScreen label={t('ledger.agentPayment.checking')} />;
}
