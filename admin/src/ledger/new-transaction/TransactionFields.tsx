import type { Account } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormLoading } from '../../app/form/FormLayout.tsx';
import { LoadFailure } from '../../app/LoadFailure.tsx';
import { type AccountChoice, AccountPicker } from '../AccountPicker.tsx';
import type { TransactionLookups } from './use-free-transaction.ts';

/** An account picker (transaction picker accounts) bound to a react-hook-form field. */
export function AccountField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  description,
  accept,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  accept?: (account: Account) => boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <AccountPicker
          label={label}
          source="free"
          value={(field.value as AccountChoice | null) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          description={description}
          isRequired
          {...(accept ? { accept } : {})}
        />
      )}
    />
  );
}

/** Only agents' and customers' accounts: cashbacks and deposits are made to a user's account. */
export const isCustomerOrAgentAccount = (account: Account) =>
  account.user?.type === 'agent' || account.user?.type === 'customer';

/** The submit button of a transaction form. */
export function TransactionSubmit({ isPending, label }: { isPending: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="submit" isDisabled={isPending}>
        {isPending ? t('ledger.newTransaction.sending') : (label ?? t('ledger.newTransaction.submit'))}
      </Button>
    </div>
  );
}

/** What a form shows while its categories and accounts load, or when they could not be loaded. */
export function LookupsState({
  lookups,
}: {
  lookups: Pick<TransactionLookups, 'isLoading' | 'isError' | 'error' | 'retry'>;
}) {
  const { t } = useTranslation();
  return lookups.isError && !lookups.isLoading ? (
    <LoadFailure
      error={lookups.error}
      title={t('ledger.newTransaction.lookupsFailed')}
      onRetry={lookups.retry}
    />
  ) : (
    <FormLoading />
  );
}
