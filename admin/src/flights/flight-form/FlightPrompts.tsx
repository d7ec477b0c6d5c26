import { Button, Dialog } from '@flybook/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckBox } from '../../app/form/CheckBox.tsx';

/** How passengers hear of a new departure time (the update call's query). */
export interface NotifyChoice {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/** A question the form asks before saving (spec 03 §4); `answer` null means cancel. */
export type FlightPrompt =
  | { kind: 'templateChange'; answer: (confirmed: boolean) => void }
  | { kind: 'notify'; answer: (choice: NotifyChoice | null) => void };

/** "Would you like to inform your passengers about this change?" with e-mail (on) and SMS (off). */
function NotifyDialog({ answer }: { answer: (choice: NotifyChoice | null) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  return (
    <Dialog
      title={t('flights.form.prompts.notifyTitle')}
      isOpen
      onOpenChange={(open) => {
        if (!open) answer(null);
      }}
      closeLabel={t('common.close')}
    >
      <p className="flight-form__prompt-text">{t('flights.form.prompts.notifyText')}</p>
      <div className="flight-form__prompt-choices">
        <CheckBox isSelected={email} onChange={setEmail}>
          {t('flights.form.prompts.email')}
        </CheckBox>
        <CheckBox isSelected={sms} onChange={setSms}>
          {t('flights.form.prompts.sms')}
        </CheckBox>
      </div>
      <div className="flight-form__prompt-buttons">
        <Button variant="secondary" onPress={() => answer(null)}>
          {t('common.cancel')}
        </Button>
        <Button onPress={() => answer({ isEmailNotifyEnabled: email, isSmsNotifyEnabled: sms })}>
          {t('form.save')}
        </Button>
      </div>
    </Dialog>
  );
}

/** "All assigned seats will be removed": confirms a new template on a flight with seated passengers. */
function TemplateChangeDialog({ answer }: { answer: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('flights.form.prompts.templateTitle')}
      isOpen
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      closeLabel={t('common.close')}
    >
      <p className="flight-form__prompt-text">{t('flights.form.prompts.templateText')}</p>
      <div className="flight-form__prompt-buttons">
        <Button variant="secondary" onPress={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button onPress={() => answer(true)}>{t('flights.form.prompts.templateConfirm')}</Button>
      </div>
    </Dialog>
  );
}

/** The open question of the flight form, if any. */
export function FlightPrompts({ prompt }: { prompt: FlightPrompt | null }) {
  if (!prompt) return null;
  return prompt.kind === 'notify' ? (
    <NotifyDialog answer={prompt.answer} />
  ) : (
    <TemplateChangeDialog answer={prompt.answer} />
  );
}
