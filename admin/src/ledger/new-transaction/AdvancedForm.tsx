import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { SelectField } from '../../app/form/SelectField.tsx';
import { schemaResolver } from '../../app/forms.ts';
import { useLocale } from '../../app/layout-parts.tsx';
import { AmountField, DescriptionField } from './AmountFields.tsx';
import { AccountField, LookupsState, TransactionSubmit } from './TransactionFields.tsx';
import { type AdvancedFormValues, advancedFormSchema } from './transaction-forms.ts';
import { type TransactionLookups, useFreeTransaction } from './use-free-transaction.ts';

const fieldOf = (apiField: string) => {
  switch (apiField) {
    case 'debitAccountId':
      return 'debitAccount' as const;
    case 'creditAccountId':
      return 'creditAccount' as const;
    case 'amount':
    case 'typeId':
    case 'description':
      return apiField;
    default:
      return null;
  }
};

/**
 * Advanced (spec 03 §2, §5): any category between any two accounts the picker offers; debit account,
 * credit account, amount, category and description are all required.
 */
export function AdvancedForm({ lookups }: { lookups: TransactionLookups }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { translateError } = useServices();
  const form = useForm<AdvancedFormValues, unknown, z.output<typeof advancedFormSchema>>({
    resolver: schemaResolver(advancedFormSchema, translateError),
    defaultValues: { debitAccount: null, creditAccount: null, amount: '', typeId: '', description: '' },
  });
  const send = useFreeTransaction('advanced', form.setError, fieldOf, () => form.reset());
  if (lookups.isLoading || lookups.isError) return <LookupsState lookups={lookups} />;

  const onSubmit = form.handleSubmit((values) => {
    send.mutate({
      body: {
        debitAccountId: values.debitAccount,
        creditAccountId: values.creditAccount,
        amount: values.amount,
        typeId: values.typeId,
        description: values.description,
      },
      accountId: values.debitAccount,
    });
  });

  return (
    <form
      noValidate
      className="transaction-form"
      onSubmit={onSubmit}
      aria-label={t('ledger.newTransaction.tabs.advanced')}
    >
      <p className="form-hint">{t('ledger.newTransaction.advanced.hint')}</p>
      <AccountField
        control={form.control}
        name="debitAccount"
        label={t('ledger.newTransaction.fields.debitAccount')}
      />
      <AccountField
        control={form.control}
        name="creditAccount"
        label={t('ledger.newTransaction.fields.creditAccount')}
      />
      <AmountField control={form.control} name="amount" />
      <SelectField
        control={form.control}
        name="typeId"
        label={t('ledger.newTransaction.fields.category')}
        placeholder={t('form.choose')}
        options={lookups.types.map((type) => ({
          value: String(type.id),
          label: type.name[locale] || type.code,
        }))}
        isRequired
      />
      <DescriptionField control={form.control} name="description" isRequired />
      <TransactionSubmit isPending={send.isPending} />
    </form>
  );
}
