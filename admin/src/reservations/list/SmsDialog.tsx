import '../../app/list/list.css';
import { Button } from '@flybook/ui';
import { type FormEvent, useState } from 'react';
import { TextField as AriaTextField, FieldError, Label, Text, TextArea } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../../app/BusyDialog.tsx';

/** ReservationNotificationBody: an SMS of at most three 160-character parts. */
export const SMS_MAX_LENGTH = 480;

/**
 * The SMS popup of the list's bulk actions (spec 02 §2, §5): one text to the contact of each chosen
 * reservation; the content is required.
 */
export function SmsDialog({
  count,
  isPending,
  onSend,
  onCancel,
}: {
  /** How many reservations are chosen. */
  count: number;
  isPending: boolean;
  onSend: (content: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      setError(t('reservations.sms.required'));
      return;
    }
    onSend(content.trim());
  };

  return (
    <BusyDialog title={t('reservations.sms.title', { count })} isPending={isPending} onCancel={onCancel}>
      <form className="list-dialog__form" onSubmit={submit} noValidate>
        <AriaTextField
          className="fb-field"
          validationBehavior="aria"
          value={content}
          onChange={(value) => {
            setContent(value);
            setError(null);
          }}
          isRequired
          isInvalid={error !== null}
          maxLength={SMS_MAX_LENGTH}
        >
          <Label className="fb-field__label">{t('reservations.sms.content')}</Label>
          <TextArea className="fb-field__input" rows={4} />
          <Text slot="description" className="fb-field__description">
            {t('reservations.sms.contentHint', { length: content.length, max: SMS_MAX_LENGTH })}
          </Text>
          <FieldError className="fb-field__error">{error}</FieldError>
        </AriaTextField>
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" type="submit" isPending={isPending}>
            {t('reservations.sms.send')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
