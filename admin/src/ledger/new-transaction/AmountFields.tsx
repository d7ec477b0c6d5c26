import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../app/FormField.tsx';
import { TextAreaField } from '../../app/form/TextAreaField.tsx';

/** The amount of a transaction form (a decimal text the schema turns into a sum). */
export function AmountField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={name}
      label={t('ledger.newTransaction.fields.amount')}
      inputMode="decimal"
      autoComplete="off"
      isRequired
    />
  );
}

/** The description of a transaction form (up to 500 characters). */
export function DescriptionField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  isRequired = false,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      control={control}
      name={name}
      label={t('ledger.newTransaction.fields.description')}
      maxLength={500}
      isRequired={isRequired}
    />
  );
}
