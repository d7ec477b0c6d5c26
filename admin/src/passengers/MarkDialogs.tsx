import { NO_SHOW_COMMENT_MAX } from '@flybook/schemas';
import { Button, TextField } from '@flybook/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../app/BusyDialog.tsx';
import { CheckBox } from '../app/form/CheckBox.tsx';
import type { NotifyChoice } from './use-passenger-jobs.ts';

/**
 * The no-show popup (spec 03 §2, §4): "Please, add comment". A no-show needs a comment; cancelling
 * aborts the mark. For one passenger or for the passengers chosen in bulk (`subject` names them).
 */
export function NoShowDialog({
  subject,
  isPending,
  onSubmit,
  onCancel,
}: {
  /** "Arben Berisha" or "3 passengers". */
  subject: string;
  isPending: boolean;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (!text) {
      setError(t('passengers.noShow.required'));
      return;
    }
    onSubmit(text);
  };

  return (
    <BusyDialog title={t('passengers.noShow.title', { subject })} isPending={isPending} onCancel={onCancel}>
      <form className="passenger-dialog__form" onSubmit={submit} noValidate>
        <TextField
          label={t('passengers.noShow.prompt')}
          value={comment}
          maxLength={NO_SHOW_COMMENT_MAX}
          autoFocus
          isRequired
          onChange={(value) => {
            setComment(value);
            setError(null);
          }}
          errorMessage={error}
        />
        <div className="passenger-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" isPending={isPending}>
            {t('passengers.noShow.confirm')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}

/**
 * The notifying popup (spec 03 §2): "Would you like to inform your passengers about this change?"
 * after a seat change, or from the passenger's notified mark. Informing sends the passenger's flight
 * and seat to the booking's contact by the chosen channels (e-mail on, SMS off by default) and marks
 * the passenger notified; with no channel it only marks. A notified passenger's mark can be taken back.
 */
export function NotifyDialog({
  name,
  isNotified,
  isPending,
  onSubmit,
  onUnmark,
  onCancel,
}: {
  name: string;
  isNotified: boolean;
  isPending: boolean;
  onSubmit: (choice: NotifyChoice) => void;
  onUnmark: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ isEmailNotifyEnabled: email, isSmsNotifyEnabled: sms });
  };
  return (
    <BusyDialog title={t('passengers.notify.title', { name })} isPending={isPending} onCancel={onCancel}>
      <form className="passenger-dialog__form" onSubmit={submit} noValidate>
        <p className="passenger-dialog__message">{t('passengers.notify.question')}</p>
        {isNotified ? <p className="passenger-dialog__note">{t('passengers.notify.already')}</p> : null}
        <fieldset className="passenger-dialog__fieldset">
          <legend className="fb-field__label">{t('passengers.notify.channels')}</legend>
          <CheckBox isSelected={email} onChange={setEmail}>
            {t('passengers.notify.email')}
          </CheckBox>
          <CheckBox isSelected={sms} onChange={setSms}>
            {t('passengers.notify.sms')}
          </CheckBox>
        </fieldset>
        <div className="passenger-dialog__buttons">
          {isNotified ? (
            <Button variant="link" onPress={onUnmark} isDisabled={isPending}>
              {t('passengers.notify.unmark')}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('passengers.notify.decline')}
          </Button>
          <Button variant="primary" type="submit" isPending={isPending}>
            {email || sms ? t('passengers.notify.inform') : t('passengers.notify.markOnly')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
