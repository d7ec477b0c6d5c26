import { type Rappen, toChf, toChfString } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { formatChf } from '@flybook/locales/format';
import type { Account } from '@flybook/schemas';
import { Button, Money, TextField } from '@flybook/ui';
import { useId, useState } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { accountNameOf } from '../account-names.ts';
import { useServices } from '../context.tsx';
import {
  type AccountMethod,
  checkPayment,
  isAccountMethod,
  isAccountOptionDisabled,
  type PaymentAccess,
  type PaymentAccounts,
  type PaymentOption,
  type PaymentProblem,
  readAmount,
  visiblePaymentOptions,
} from './payment-form.ts';
import { usePaymentMethodLabels } from './payment-labels.ts';
import type { OwnerAccountState } from './use-payment-accounts.ts';

/** What the form asks the page to do once the user confirms and every check has passed. */
export type PaymentRequest =
  | { option: Exclude<PaymentOption, 'datatrans'>; amount: Rappen; account: Account | null }
  | { option: 'datatrans'; amount: Rappen };

/** The first account of each kind where the spec preselects one (cash and transfer, not bank). */
function preselected(accounts: PaymentAccounts): Record<AccountMethod, string> {
  return {
    cash: accounts.cash[0] ? String(accounts.cash[0].id) : '',
    bank: '',
    transfer: accounts.transfer[0] ? String(accounts.transfer[0].id) : '',
  };
}

/**
 * The payment form (spec 02 §4–§6): the amount (editable only with the partial-payment role,
 * starting at what is still to pay and not above it), the methods the user may use, the account
 * that takes the money for cash, bank and transfer, and Confirm, which stays disabled until a
 * method is chosen and while anything is wrong.
 */
export function PaymentForm({
  outstanding,
  access,
  accounts,
  owner,
  locale,
  isSubmitting,
  problem,
  onConfirm,
}: {
  outstanding: Rappen;
  access: PaymentAccess;
  accounts: PaymentAccounts;
  owner: OwnerAccountState;
  locale: Locale;
  isSubmitting: boolean;
  /** A problem the server reported for the last attempt. */
  problem: PaymentProblem | null;
  onConfirm: (request: PaymentRequest) => void;
}) {
  const { t } = useTranslation();
  const { translateError } = useServices();
  const labels = usePaymentMethodLabels();
  const formId = useId();
  const [amountText, setAmountText] = useState(() => toChfString(outstanding));
  const [option, setOption] = useState<PaymentOption | null>(null);
  const [chosenAccounts, setChosenAccounts] = useState(() => preselected(accounts));
  const [confirmProblem, setConfirmProblem] = useState<PaymentProblem | null>(null);
  // The server's problem with the last attempt shows until the user changes something.
  const [seenProblem, setSeenProblem] = useState<PaymentProblem | null>(null);
  const edited = () => {
    setConfirmProblem(null);
    setSeenProblem(problem);
  };

  const read = access.partial ? readAmount(amountText, outstanding) : { amount: outstanding };
  const amountProblem = 'code' in read ? read : null;
  const amount = 'amount' in read ? read.amount : null;
  const available = owner.kind === 'ready' ? owner.available : null;
  const accountDisabled = isAccountOptionDisabled(available, amount, access.partial);
  const options = visiblePaymentOptions(access, accounts);
  // A method that has become unusable (the amount grew beyond the account's means) is no choice.
  const chosen = option === 'account' && accountDisabled ? null : option;
  const chosenAccountOf = (method: AccountMethod) =>
    accounts[method].find((account) => String(account.id) === chosenAccounts[method]) ?? null;

  const shownProblem = confirmProblem ?? (problem !== seenProblem ? problem : null);
  const message = (found: PaymentProblem | null) =>
    found ? translateError(found.code, found.params, found.code) : null;
  const amountError = message(amountProblem ?? (shownProblem?.field === 'amount' ? shownProblem : null));
  const accountError = shownProblem?.field === 'account' ? message(shownProblem) : null;
  const formError = shownProblem && shownProblem.field === null ? message(shownProblem) : null;
  const canConfirm = chosen !== null && amountProblem === null && !isSubmitting;

  const onSubmit = () => {
    if (chosen === null || amount === null) return;
    const account = isAccountMethod(chosen) ? chosenAccountOf(chosen) : null;
    const found = checkPayment({ option: chosen, account, amount, available, outstanding });
    setConfirmProblem(found);
    if (found) return;
    onConfirm(chosen === 'datatrans' ? { option: chosen, amount } : { option: chosen, amount, account });
  };

  const accountHint = () => {
    switch (owner.kind) {
      case 'loading':
        return t('common.loading');
      case 'unavailable':
        return t('payments.account.unavailable');
      case 'none':
        return t('payments.account.noOwner');
      default:
        return accountDisabled
          ? t('payments.account.notEnough', { available: formatChf(toChf(owner.available), locale) })
          : t('payments.account.available', { available: formatChf(toChf(owner.available), locale) });
    }
  };

  return (
    <form
      id={formId}
      noValidate
      className="payment-form"
      aria-label={t('payments.form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {access.partial ? (
        <TextField
          label={t('payments.form.amount')}
          description={t('payments.form.amountHint', { outstanding: formatChf(toChf(outstanding), locale) })}
          value={amountText}
          onChange={(text) => {
            setAmountText(text);
            edited();
          }}
          inputMode="decimal"
          autoComplete="off"
          isRequired
          errorMessage={amountError}
          className="payment-form__amount"
        />
      ) : (
        <p className="payment-form__fixed-amount">
          {t('payments.form.amountFixed')} <Money rappen={outstanding} locale={locale} />
        </p>
      )}
      {options.length === 0 ? (
        <p className="form-error" role="alert">
          {t('payments.form.noMethods')}
        </p>
      ) : (
        <RadioGroup
          className="choice-group payment-form__methods"
          value={chosen}
          onChange={(value) => {
            const next = options.find((candidate) => candidate === value) ?? null;
            setOption(next);
            edited();
          }}
          isRequired
        >
          <Label className="fb-field__label">{t('payments.form.method')}</Label>
          <div className="choice-group__options choice-group__options--stacked">
            {options.map((candidate) => (
              <Radio
                key={candidate}
                value={candidate}
                className="choice"
                isDisabled={candidate === 'account' && accountDisabled}
                aria-describedby={candidate === 'account' ? `${formId}-account-hint` : undefined}
              >
                {labels[candidate]}
              </Radio>
            ))}
          </div>
          {options.includes('account') ? (
            <Text slot="description" className="fb-field__description" id={`${formId}-account-hint`}>
              {labels.account}: {accountHint()}
            </Text>
          ) : null}
        </RadioGroup>
      )}
      {chosen !== null && isAccountMethod(chosen) ? (
        <AccountSelect
          key={chosen}
          label={
            chosen === 'cash'
              ? t('payments.form.cashAccount')
              : chosen === 'bank'
                ? t('payments.form.bankAccount')
                : t('payments.form.transferAccount')
          }
          accounts={accounts[chosen]}
          value={chosenAccounts[chosen]}
          accountName={(account) => accountNameOf(t, account)}
          error={accountError}
          onChange={(value) => {
            setChosenAccounts((current) => ({ ...current, [chosen]: value }));
            edited();
          }}
        />
      ) : null}
      {chosen === 'datatrans' ? <p className="form-hint">{t('payments.card.hint')}</p> : null}
      {formError ? (
        <p className="fb-field__error payment-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" isDisabled={!canConfirm}>
          {isSubmitting ? t('payments.form.paying') : t('payments.form.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** The account that takes the money (cash desk, bank (EC) or transfer account): the browser's select. */
function AccountSelect({
  label,
  accounts,
  value,
  accountName,
  error,
  onChange,
}: {
  label: string;
  accounts: readonly Account[];
  value: string;
  accountName: (account: Account) => string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="fb-field payment-form__account">
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="fb-field__input select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('form.choose')}</option>
        {accounts.map((account) => (
          <option key={account.id} value={String(account.id)}>
            {accountName(account)}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className="fb-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
