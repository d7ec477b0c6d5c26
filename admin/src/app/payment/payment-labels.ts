import { useTranslation } from 'react-i18next';
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
