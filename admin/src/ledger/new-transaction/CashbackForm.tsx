import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { schemaResolver } from '../../app/forms.ts';
import { AmountField, DescriptionField } from './AmountFields.tsx';
import {
  AccountField,
  isCustomerOrAgentAccount,
  LookupsState,
  TransactionSubmit,
} from './TransactionFields.tsx';
import { type CashbackFormValues, cashbackFormSchema } from './transaction-forms.ts';
import { type TransactionLookups, useFreeTransaction } from './use-free-transaction.ts';

const fieldOf = (apiField: string) => {
  switch (apiField) {
    case 'creditAccountId':
      return 'account' as const;
    case 'amount':
      return 'amount' as const;
    case 'description':
      return 'description' as const;
    default:
      return null;
  }
};

/**
 * Cashback (spec 03 §2): money paid back to a customer's or agent's account, booked from the
 * cashback expense account (category cashback).
 */
export function CashbackForm({ lookups }: { lookups: TransactionLookups }) {
  const { t } = useTranslation();
  const { translateError, notifications } = useServices();
  const form = useForm<CashbackFormValues, unknown, z.output<typeof cashbackFormSchema>>({
    resolver: schemaResolver(cashbackFormSchema, translateError),
    defaultValues: { account: null, amount: '', description: '' } satisfies CashbackFormValues,
  });
  const send = useFreeTransaction('basic', form.setError, fieldOf, () => form.reset());
  if (lookups.isLoading || lookups.isError) return <LookupsState lookups={lookups} />;
  const type = lookups.typeOf('cashback');
  const expense = lookups.expenseAccount;

  const onSubmit = form.handleSubmit((values) => {
    if (!type || !expense) {
      notifications.notify({ kind: 'error', message: t('ledger.newTransaction.noExpenseAccount') });
      return;
    }
    send.mutate({
      body: {
        debitAccountId: expense.id,
        creditAccountId: values.account,
        amount: values.amount,
        typeId: type.id,
        description: values.description,
      },
      accountId: values.account,
    });
  });

  return (
    <form
      noValidate
      className="transaction-form"
      onSubmit={onSubmit}
      aria-label={t('ledger.newTransaction.tabs.cashback')}
    >
      <p className="form-hint">{t('ledger.newTransaction.cashback.hint')}</p>
      <AccountField
        control={form.control}
        name="account"
        label={t('ledger.newTransaction.fields.customerAccount')}
        accept={isCustomerOrAgentAccount}
      />
      <AmountField control={form.control} name="amount" />
      <DescriptionField control={form.control} name="description" />
      <TransactionSubmit isPending={send.isPending} />
    </form>
  );
}
