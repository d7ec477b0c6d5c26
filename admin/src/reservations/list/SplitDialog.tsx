import '../../app/list/list.css';
import '../../app/form/choice.css';
import { type Reservation, reservationCalls } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../../app/BusyDialog.tsx';
import { useServices } from '../../app/context.tsx';
import { FormLoading } from '../../app/form/FormLayout.tsx';
import { type SplitProblem, splitProblem } from './split-rules.ts';

function problemText(t: TFunction, problem: SplitProblem): string {
  switch (problem) {
    case 'noPassenger':
      return t('reservations.split.noPassenger');
    case 'onePassenger':
      return t('reservations.split.onePassenger');
    case 'infants':
      return t('reservations.split.infants');
  }
}

function ageLabel(t: TFunction, ageType: Reservation['passengers'][number]['ageType']): string {
  switch (ageType) {
    case 'adult':
      return t('reservations.ageType.adult');
    case 'child':
      return t('reservations.ageType.child');
    case 'infant':
      return t('reservations.ageType.infant');
  }
}

/**
 * Splitting a reservation (spec 02 §4, §5): the popup lists its passengers; the one chosen moves
 * into a reservation of their own with their tickets and seats.
 */
export function SplitDialog({
  reservationId,
  isPending,
  onConfirm,
  onCancel,
}: {
  reservationId: number;
  isPending: boolean;
  onConfirm: (passengerId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const reservation = useQuery({
    queryKey: ['reservation', reservationId],
    queryFn: ({ signal }) => client.call(reservationCalls.get, { params: { id: reservationId } }, { signal }),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<SplitProblem | null>(null);
  const passengers = reservation.data?.passengers ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = splitProblem(passengers, chosen);
    setProblem(found);
    if (!found && chosen !== null) onConfirm(chosen);
  };

  return (
    <BusyDialog
      title={t('reservations.split.title', { id: reservationId })}
      isPending={isPending}
      onCancel={onCancel}
    >
      {reservation.isLoading ? (
        <FormLoading />
      ) : (
        <form className="list-dialog__form" onSubmit={submit} noValidate>
          <RadioGroup
            className="list-dialog__fieldset"
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => {
              setChosen(Number(value));
              setProblem(null);
            }}
            isInvalid={problem !== null}
          >
            <Label className="fb-field__label">{t('reservations.split.passenger')}</Label>
            {passengers.map((passenger) => (
              <Radio key={passenger.id} value={String(passenger.id)} className="choice">
                {passenger.firstName} {passenger.lastName} ({ageLabel(t, passenger.ageType)})
              </Radio>
            ))}
          </RadioGroup>
          {problem ? (
            <p className="fb-field__error" role="alert">
              {problemText(t, problem)}
            </p>
          ) : null}
          <div className="list-dialog__buttons">
            <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" type="submit" isPending={isPending}>
              {t('reservations.split.confirm')}
            </Button>
          </div>
        </form>
      )}
    </BusyDialog>
  );
}
