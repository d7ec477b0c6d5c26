import '../../app/list/list.css';
import { DEADLINE_NEXT_YEARS, type DeadlineProblem, deadlineProblem } from '@flybook/domain';
import { Button, Dialog, TextField } from '@flybook/ui';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

function problemText(t: TFunction, problem: DeadlineProblem): string {
  switch (problem) {
    case 'required':
      return t('errors.ERROR_REQUIRED');
    case 'notBeforeTomorrow':
      return t('reservations.wizard.deadline.notBeforeTomorrow');
    case 'pastYear':
      return t('reservations.wizard.deadline.pastYear');
    case 'tooFarAhead':
      return t('reservations.wizard.deadline.tooFarAhead', { years: DEADLINE_NEXT_YEARS });
  }
}

/**
 * The deadline popup of payment by bill (spec 02 §4, §5): a date, required, from tomorrow on, not in
 * a past year and at most two years ahead; it starts at the default deadline.
 */
export function DeadlineDialog({
  initial,
  today,
  onConfirm,
  onCancel,
}: {
  initial: string;
  today: string;
  onConfirm: (deadline: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState(initial);
  const [problem, setProblem] = useState<DeadlineProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = deadlineProblem(deadline, today);
    setProblem(found);
    if (!found) onConfirm(deadline);
  };
  return (
    <Dialog
      title={t('reservations.wizard.deadline.title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      closeLabel={t('common.close')}
    >
      <form className="list-dialog__form" onSubmit={submit} noValidate>
        <p className="list-dialog__message">{t('reservations.wizard.deadline.message')}</p>
        <TextField
          label={t('reservations.wizard.deadline.date')}
          type="date"
          value={deadline}
          onChange={(value) => {
            setDeadline(value);
            setProblem(null);
          }}
          errorMessage={problem ? problemText(t, problem) : null}
          isRequired
        />
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('reservations.wizard.deadline.confirm')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
