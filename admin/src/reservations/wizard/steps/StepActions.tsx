import { Button } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { useWizard } from '../wizard-context.ts';
import { previousStepOf } from '../wizard-model.ts';

/**
 * Back and Continue at the end of a step: Continue submits the step's form (which checks it and
 * puts its data into the draft); Back leaves without saving what the step holds.
 */
export function StepActions({
  continueLabel,
  isDisabled = false,
  isPending = false,
}: {
  continueLabel?: string;
  isDisabled?: boolean;
  isPending?: boolean;
}) {
  const { t } = useTranslation();
  const { draft, step, goBack } = useWizard();
  const hasBack = previousStepOf(draft, step) !== null;
  return (
    <div className="wizard-actions">
      {hasBack ? (
        <Button variant="secondary" onPress={goBack} isDisabled={isPending}>
          {t('reservations.wizard.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" isDisabled={isDisabled || isPending}>
        {isPending ? t('form.saving') : (continueLabel ?? t('reservations.wizard.continue'))}
      </Button>
    </div>
  );
}
