import { Button, Dialog } from '@flybook/ui';
import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/** How passengers hear of a new departure time (the update call's query). */
export interface NotifyChoice {
  isEmailNotifyEnabled: boolean;
  isSmsNotifyEnabled: boolean;
}

/** A question the form asks before saving (spec 03 §4); `answer` null means cancel. */
export type FlightPrompt =
  | { kind: 'templateChange'; answer: (confirmed: boolean) => void }
  | { kind: 'notify'; answer: (choice: NotifyChoice | null) => void };

function ChoiceBox({
  label,
  isSelected,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
}) {
  return (
    <Checkbox className="checkbox" isSelected={isSelected} onChange={onChange}>
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" focusable="false" aria-hidden="true">
          <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
      </span>
      {label}
    </Checkbox>
  );
}

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
        <ChoiceBox label={t('flights.form.prompts.email')} isSelected={email} onChange={setEmail} />
        <ChoiceBox label={t('flights.form.prompts.sms')} isSelected={sms} onChange={setSms} />
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
