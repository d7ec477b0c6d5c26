import { airportLocalTime, officeToday } from '@flybook/domain';
import { formatChf, formatDate } from '@flybook/locales/format';
import { Button, TextField } from '@flybook/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CheckBox } from '../../../app/form/CheckBox.tsx';
import { paymentTermsLabel } from '../../reservation-format.ts';
import { DeadlineDialog } from '../DeadlineDialog.tsx';
import type { SaveProblem } from '../use-wizard-save.ts';
import { useWizard } from '../wizard-context.ts';
import { chosenFlights, type StepId, type Terms } from '../wizard-model.ts';
import { defaultDeadline, readChf, termsChoices } from '../wizard-rules.ts';
import { StepActions } from './StepActions.tsx';

function termsHint(t: TFunction, terms: Terms): string {
  switch (terms) {
    case 'now':
      return t('reservations.wizard.payment.nowHint');
    case 'later':
      return t('reservations.wizard.payment.laterHint');
    case 'airport':
      return t('reservations.wizard.payment.airportHint');
    case 'bill':
      return t('reservations.wizard.payment.billHint');
    case 'update':
      return t('reservations.wizard.payment.updateHint');
  }
}

/**
 * Step 7: how the reservation is paid (spec 02 §4, §6): the terms the user may set (bill asks for
 * the deadline first), the specific price, hidden price and update fee by role; then create or save.
 */
export function PaymentStep({
  onSave,
  isSaving,
  problem,
  onMend,
}: {
  onSave: () => void;
  isSaving: boolean;
  problem: SaveProblem | null;
  onMend: (step: StepId) => void;
}) {
  const { t } = useTranslation();
  const { draft, update, access, mode, locale, cost, reservation } = useWizard();
  const { payment } = draft;
  const first = chosenFlights(draft)[0]?.flight ?? null;
  const choices = termsChoices(access, mode, first?.departure ?? null);
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  const [priceProblem, setPriceProblem] = useState<string | null>(null);
  // Deadlines are the airline's office days.
  const today = officeToday();
  const setPayment = (patch: Partial<typeof payment>) =>
    update((current) => ({ ...current, payment: { ...current.payment, ...patch } }));

  const chooseTerms = (terms: Terms) => {
    if (terms === 'bill' && access.termsBill) {
      setDeadlineOpen(true);
      return;
    }
    setPayment({ terms });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payment.specificPrice.trim() !== '' && readChf(payment.specificPrice) === null) {
      setPriceProblem(t('reservations.wizard.payment.specificPriceInvalid'));
      return;
    }
    if (payment.updateFee.trim() !== '' && readChf(payment.updateFee) === null) {
      setPriceProblem(t('reservations.wizard.payment.updateFeeInvalid'));
      return;
    }
    if (payment.terms === 'bill' && !payment.deadline) {
      setDeadlineOpen(true);
      return;
    }
    onSave();
  };

  const computed = cost?.total;
  const booked = reservation?.invoice.total;
  return (
    <form className="wizard-step form-card" noValidate onSubmit={submit} aria-labelledby="wizard-step-title">
      <RadioGroup
        className="choice-group"
        value={payment.terms}
        onChange={(value) => chooseTerms(value as Terms)}
      >
        <Label className="fb-field__label">{t('reservations.columns.paymentTerms')}</Label>
        <div className="choice-group__options choice-group__options--stacked">
          {choices.map((choice) => (
            <Radio key={choice.terms} value={choice.terms} className="choice" isDisabled={choice.disabled}>
              <span>
                {paymentTermsLabel(t, choice.terms)}
                <span className="wizard-note">
                  {' · '}
                  {choice.disabled
                    ? t('reservations.wizard.payment.laterNearDeparture')
                    : termsHint(t, choice.terms)}
                </span>
              </span>
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {payment.terms === 'bill' && payment.deadline ? (
        <p className="wizard-deadline">
          {t('reservations.wizard.payment.deadline', { date: formatDate(payment.deadline, locale) })}{' '}
          <Button variant="link" onPress={() => setDeadlineOpen(true)}>
            {t('reservations.wizard.payment.changeDeadline')}
          </Button>
        </p>
      ) : null}
      <div className="wizard-grid">
        {access.specificPrice ? (
          <TextField
            label={t('reservations.wizard.payment.specificPrice')}
            description={
              computed !== undefined
                ? t('reservations.wizard.payment.specificPriceHint', {
                    computed: formatChf(computed, locale),
                  })
                : undefined
            }
            inputMode="decimal"
            value={payment.specificPrice}
            onChange={(value) => {
              setPriceProblem(null);
              setPayment({ specificPrice: value, specificPriceTouched: true });
            }}
            errorMessage={priceProblem}
          />
        ) : null}
        {access.updateFee && mode === 'edit' ? (
          <TextField
            label={t('reservations.wizard.payment.updateFee')}
            inputMode="decimal"
            value={payment.updateFee}
            onChange={(value) => {
              setPriceProblem(null);
              setPayment({ updateFee: value });
            }}
          />
        ) : null}
      </div>
      {mode === 'edit' &&
      access.specificPrice &&
      booked !== undefined &&
      computed !== undefined &&
      booked !== computed ? (
        <p className="wizard-note" role="status">
          {t('reservations.wizard.payment.priceKept', {
            booked: formatChf(booked, locale),
            computed: formatChf(computed, locale),
          })}
        </p>
      ) : null}
      {access.hidePrice ? (
        <CheckBox isSelected={payment.hidePrice} onChange={(hidePrice) => setPayment({ hidePrice })}>
          {t('reservations.wizard.payment.hidePrice')}
        </CheckBox>
      ) : null}
      {problem ? (
        <div className="wizard-problem" role="alert">
          <p>{problem.message}</p>
          {problem.step ? (
            <Button variant="link" onPress={() => problem.step && onMend(problem.step)}>
              {t('reservations.wizard.payment.mend')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <StepActions
        continueLabel={mode === 'edit' ? t('reservations.wizard.save') : t('reservations.wizard.create')}
        isPending={isSaving}
      />
      {deadlineOpen ? (
        <DeadlineDialog
          initial={
            payment.deadline ||
            (first
              ? defaultDeadline(today, airportLocalTime(first.departure, first.origin.timezone).date)
              : '')
          }
          today={today}
          onCancel={() => setDeadlineOpen(false)}
          onConfirm={(deadline) => {
            setDeadlineOpen(false);
            setPayment({ terms: 'bill', deadline });
          }}
        />
      ) : null}
    </form>
  );
}
