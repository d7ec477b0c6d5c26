import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { schemaResolver } from '../../app/forms.ts';
import { AmountField } from '../new-transaction/AmountFields.tsx';
import { TransactionSubmit } from '../new-transaction/TransactionFields.tsx';
import { amountText } from '../new-transaction/transaction-forms.ts';
import { useChargeAccount } from './use-charge-account.ts';

export const chargeFormSchema = z.object({ amount: amountText() });

/**
 * The amount an agent charges their account with by card; the card payment then runs in the
 * provider's window and returns to `/agent/payment`, which goes on to `routeName`.
 */
export function ChargeAccountForm({
  routeName,
  onStarted,
  label,
}: {
  routeName: string;
  onStarted?: () => void;
  /** The form's accessible name. */
  label: string;
}) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  const form = useForm<z.input<typeof chargeFormSchema>, unknown, z.output<typeof chargeFormSchema>>({
    resolver: schemaResolver(chargeFormSchema, translateError),
    defaultValues: { amount: '' },
  });
  const charge = useChargeAccount(onStarted ? { onStarted } : {});
  const onSubmit = form.handleSubmit(({ amount }) => charge.charge({ amount, routeName }));
  return (
    <form noValidate className="transaction-form" onSubmit={onSubmit} aria-label={label}>
      <p className="form-hint">{t('ledger.charge.hint')}</p>
      <AmountField control={form.control} name="amount" />
      <TransactionSubmit isPending={charge.isPending} label={t('ledger.charge.payByCard')} />
    </form>
  );
}
