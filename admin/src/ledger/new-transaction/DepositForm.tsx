import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { SelectField } from '../../app/form/SelectField.tsx';
import { schemaResolver } from '../../app/forms.ts';
import { AmountField, DescriptionField } from './AmountFields.tsx';
import { useMoneyAccountLabel } from './money-account-label.ts';
import {
  AccountField,
  isCustomerOrAgentAccount,
  LookupsState,
  TransactionSubmit,
} from './TransactionFields.tsx';
import {
  type DepositFormValues,
  type DepositKind,
  depositFormSchema,
  depositSides,
  type TransactionAccess,
} from './transaction-forms.ts';
import { type TransactionLookups, useFreeTransaction } from './use-free-transaction.ts';

/**
 * Deposits (spec 03 §2): a prepaid deposit takes money in through a cash desk, bank or transfer
 * account onto a user's account; a settlement pays a user's credit out the same way. Each kind
 * needs its own role.
 */
export function DepositForm({
  lookups,
  access,
}: {
  lookups: TransactionLookups;
  access: Pick<TransactionAccess, 'prepaidDeposit' | 'settlement'>;
}) {
  const { t } = useTranslation();
  const { translateError, notifications } = useServices();
  const moneyAccountLabel = useMoneyAccountLabel();
  const kinds: DepositKind[] = [
    ...(access.prepaidDeposit ? (['prepaid_deposit'] as const) : []),
    ...(access.settlement ? (['settlement'] as const) : []),
  ];
  const form = useForm<DepositFormValues, unknown, z.output<typeof depositFormSchema>>({
    resolver: schemaResolver(depositFormSchema, translateError),
    defaultValues: {
      kind: kinds[0] ?? 'prepaid_deposit',
      account: null,
      moneyAccountId: '',
      amount: '',
      description: '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const fieldOf = (apiField: string) => {
    const userSide = kind === 'prepaid_deposit' ? 'creditAccountId' : 'debitAccountId';
    if (apiField === userSide) return 'account' as const;
    if (apiField === 'debitAccountId' || apiField === 'creditAccountId') return 'moneyAccountId' as const;
    if (apiField === 'amount' || apiField === 'description') return apiField;
    return null;
  };
  const send = useFreeTransaction('basic', form.setError, fieldOf, () => form.reset());
  if (lookups.isLoading || lookups.isError) return <LookupsState lookups={lookups} />;

  const onSubmit = form.handleSubmit((values) => {
    const type = lookups.typeOf(values.kind);
    if (!type) {
      notifications.notify({ kind: 'error', message: t('ledger.newTransaction.noCategory') });
      return;
    }
    send.mutate({
      body: {
        ...depositSides(values.kind, values.account, values.moneyAccountId),
        amount: values.amount,
        typeId: type.id,
        description: values.description,
      },
      accountId: values.account,
    });
  });

  const kindLabels: Record<DepositKind, string> = {
    prepaid_deposit: t('ledger.newTransaction.deposits.prepaidDeposit'),
    settlement: t('ledger.newTransaction.deposits.settlement'),
  };
  const kindHints: Record<DepositKind, string> = {
    prepaid_deposit: t('ledger.newTransaction.deposits.prepaidDepositHint'),
    settlement: t('ledger.newTransaction.deposits.settlementHint'),
  };

  return (
    <form
      noValidate
      className="transaction-form"
      onSubmit={onSubmit}
      aria-label={t('ledger.newTransaction.tabs.deposits')}
    >
      {kinds.length > 1 ? (
        <Controller
          name="kind"
          control={form.control}
          render={({ field }) => (
            <RadioGroup
              className="choice-group"
              value={field.value}
              onChange={(value) => field.onChange(value)}
              orientation="horizontal"
            >
              <Label className="fb-field__label">{t('ledger.newTransaction.deposits.kind')}</Label>
              <div className="choice-group__options">
                {kinds.map((option) => (
                  <Radio key={option} value={option} className="choice">
                    {kindLabels[option]}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
          )}
        />
      ) : (
        <p className="transaction-form__kind">{kindLabels[kind]}</p>
      )}
      <p className="form-hint">{kindHints[kind]}</p>
      <AccountField
        control={form.control}
        name="account"
        label={t('ledger.newTransaction.fields.customerAccount')}
        accept={isCustomerOrAgentAccount}
      />
      <SelectField
        control={form.control}
        name="moneyAccountId"
        label={
          kind === 'prepaid_deposit'
            ? t('ledger.newTransaction.deposits.receivedIn')
            : t('ledger.newTransaction.deposits.paidFrom')
        }
        placeholder={t('form.choose')}
        options={lookups.moneyAccounts.map((account) => ({
          value: String(account.id),
          label: moneyAccountLabel(account),
        }))}
        isRequired
      />
      <AmountField control={form.control} name="amount" />
      <DescriptionField control={form.control} name="description" />
      <TransactionSubmit isPending={send.isPending} />
    </form>
  );
}
