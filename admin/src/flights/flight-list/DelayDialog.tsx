import '../../app/list/list.css';
import type { FlightListItem } from '@flybook/schemas';
import { Button, TextField } from '@flybook/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../../app/BusyDialog.tsx';
import { CheckBox } from '../../app/form/CheckBox.tsx';
import type { NotifyChoice } from './use-flight-jobs.ts';

/** DelayQuery: an announced delay of 1 minute to 2 days. */
const MAX_DELAY_MINUTES = 2880;

export interface DelayDialogProps {
  flight: FlightListItem;
  /** 'delay' marks the flight delayed (with optional minutes); 'undelay' takes the delay back. */
  mode: 'delay' | 'undelay';
  isPending: boolean;
  onSubmit: (notify: NotifyChoice & { minutes?: number }) => void;
  onCancel: () => void;
}

/**
 * Spec 03 §4: setting a flight delayed first asks how to tell its passengers (e-mail on, SMS off
 * by default) and for the announced delay in minutes, if known. Taking a delay back asks only how
 * to tell them (both off by default).
 */
export function DelayDialog({ flight, mode, isPending, onSubmit, onCancel }: DelayDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(mode === 'delay');
  const [sms, setSms] = useState(false);
  const [minutes, setMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choice = { isEmailNotifyEnabled: email, isSmsNotifyEnabled: sms };
    const typed = minutes.trim();
    if (mode === 'undelay' || typed === '') {
      onSubmit(choice);
      return;
    }
    const value = Number(typed);
    if (!/^\d+$/.test(typed) || value < 1 || value > MAX_DELAY_MINUTES) {
      setError(t('flights.list.delay.minutesInvalid', { max: MAX_DELAY_MINUTES }));
      return;
    }
    onSubmit({ ...choice, minutes: value });
  };

  return (
    <BusyDialog
      title={
        mode === 'delay'
          ? t('flights.list.delay.title', { number: flight.number })
          : t('flights.list.delay.undelayTitle', { number: flight.number })
      }
      isPending={isPending}
      onCancel={onCancel}
    >
      <form className="list-dialog__form" onSubmit={submit} noValidate>
        <fieldset className="list-dialog__fieldset">
          <legend className="fb-field__label">{t('flights.list.delay.notify')}</legend>
          <CheckBox isSelected={email} onChange={setEmail}>
            {t('flights.list.delay.email')}
          </CheckBox>
          <CheckBox isSelected={sms} onChange={setSms}>
            {t('flights.list.delay.sms')}
          </CheckBox>
        </fieldset>
        {mode === 'delay' ? (
          <TextField
            label={t('flights.list.delay.minutes')}
            description={t('flights.list.delay.minutesHint')}
            inputMode="numeric"
            value={minutes}
            onChange={(value) => {
              setMinutes(value);
              setError(null);
            }}
            errorMessage={error}
          />
        ) : null}
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" isPending={isPending}>
            {mode === 'delay' ? t('flights.actions.delay') : t('flights.actions.undelay')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
