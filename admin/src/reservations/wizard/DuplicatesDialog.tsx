import '../../app/list/list.css';
import { formatDate } from '@flybook/locales/format';
import type { DuplicatePassengerSchema } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BusyDialog } from '../../app/BusyDialog.tsx';
import { useLocale } from '../../app/layout-parts.tsx';

type Duplicate = z.infer<typeof DuplicatePassengerSchema>;

/**
 * The duplicate-passenger warning before a booking is made (spec 02 §4, §8): the passengers already
 * booked with the same data on these flights; the user books anyway or goes back.
 */
export function DuplicatesDialog({
  duplicates,
  flightNumber,
  isPending,
  onConfirm,
  onCancel,
}: {
  duplicates: readonly Duplicate[];
  flightNumber: (flightId: number) => string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <BusyDialog title={t('reservations.wizard.duplicates.title')} isPending={isPending} onCancel={onCancel}>
      <div className="list-dialog__form">
        <p className="list-dialog__message wizard-warning" role="alert">
          {t('reservations.wizard.duplicates.message')}
        </p>
        <ul className="wizard-duplicates">
          {duplicates.map((duplicate) => (
            <li key={`${duplicate.reservationId}-${duplicate.flightId}-${duplicate.passenger}`}>
              {t('reservations.wizard.duplicates.item', {
                name: `${duplicate.firstName} ${duplicate.lastName}`,
                birthday: duplicate.birthday ? formatDate(duplicate.birthday, locale) : '–',
                flight: flightNumber(duplicate.flightId),
                id: duplicate.reservationId,
              })}
            </li>
          ))}
        </ul>
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('common.cancel')}
          </Button>
          <Button onPress={onConfirm} isDisabled={isPending}>
            {t('reservations.wizard.duplicates.confirm')}
          </Button>
        </div>
      </div>
    </BusyDialog>
  );
}
