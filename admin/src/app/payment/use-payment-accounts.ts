import type { Rappen } from '@flybook/domain';
import { type Account, accountCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.tsx';
import type { AccountMethod, PaymentAccess, PaymentAccounts } from './payment-form.ts';

const NO_ACCOUNTS: readonly Account[] = [];

/**
 * The cash desks, bank (EC) and transfer accounts the user may take money into, each kind only
 * with its payment role. When they cannot be loaded the user is told ("not loaded payment
 * accounts") and the methods needing them stay hidden.
 */
export function usePaymentAccounts(access: PaymentAccess): { accounts: PaymentAccounts; isLoading: boolean } {
  const { t } = useTranslation();
  const { client, notifications } = useServices();
  const options = (paymentType: AccountMethod) => ({
    queryKey: ['paymentAccounts', paymentType],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      client.call(accountCalls.paymentList, { query: { paymentType } }, { signal }),
    enabled: access[paymentType],
    staleTime: 60_000,
    retry: false,
  });
  const cash = useQuery(options('cash'));
  const bank = useQuery(options('bank'));
  const transfer = useQuery(options('transfer'));
  const failed = cash.isError || bank.isError || transfer.isError;
  useEffect(() => {
    if (failed) {
      notifications.notify({
        kind: 'error',
        message: t('payments.accountsNotLoaded'),
        key: 'payment-accounts',
      });
    }
  }, [failed, notifications, t]);
  return {
    accounts: {
      cash: cash.data?.items ?? NO_ACCOUNTS,
      bank: bank.data?.items ?? NO_ACCOUNTS,
      transfer: transfer.data?.items ?? NO_ACCOUNTS,
    },
    isLoading:
      (access.cash && cash.isPending) ||
      (access.bank && bank.isPending) ||
      (access.transfer && transfer.isPending),
  };
}

/** What the payment form knows about the account option: nothing to offer, loading, unreadable, or ready. */
export type OwnerAccountState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'ready'; account: Account; withheld: Rappen; available: Rappen };
