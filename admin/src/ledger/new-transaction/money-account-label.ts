import { useTranslation } from 'react-i18next';
import type { MoneyAccount } from './use-free-transaction.ts';

/** "Cash desk Zurich (Cash desk)": a virtual account's name and what kind of account it is. */
export function useMoneyAccountLabel() {
  const { t } = useTranslation();
  return (account: Pick<MoneyAccount, 'name' | 'kind'>): string => {
    const kind =
      account.kind === 'cash'
        ? t('ledger.accountKind.cash')
        : account.kind === 'bank'
          ? t('ledger.accountKind.bank')
          : t('ledger.accountKind.transfer');
    return `${account.name} (${kind})`;
  };
}
