import type { Account } from '@flybook/schemas';
import { useTranslation } from 'react-i18next';
import { accountNameOf } from '../account-names.ts';
import type { PaymentOption } from './payment-form.ts';

export type PaymentMethodLabels = Record<PaymentOption, string>;

/** The payment methods by name: Account, Cash, Bank (EC), Transfer, Card. */
export function usePaymentMethodLabels(): PaymentMethodLabels {
  const { t } = useTranslation();
  return {
    account: t('payments.methods.account'),
    cash: t('payments.methods.cash'),
    bank: t('payments.methods.bank'),
    transfer: t('payments.methods.transfer'),
    datatrans: t('payments.methods.datatrans'),
  };
}

/** A cash desk's, bank's or transfer account's name as the payment form lists it, in the interface's language. */
export function useMoneyAccountName(): (account: Account) => string {
  const { t } = useTranslation();
  return (account) => accountNameOf(t, account);
}
