import '../../app/list/list.css';
import { cancellationFeeProblem, isMoneyAmount, toChf, toRappen } from '@flybook/domain';
import { formatChf } from '@flybook/locales/format';
import type { ReservationListItem } from '@flybook/schemas';
import { Button, TextField } from '@flybook/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyDialog } from '../../app/BusyDialog.tsx';
import { useLocale } from '../../app/layout-parts.tsx';

/** The largest cancellation fee the API takes (CancelBody). */
const MAX_FEE_CHF = 1_000_000;
const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;

/** The fee as typed, in CHF: empty is no fee; otherwise a number ≥ 0 with at most two decimals. */
export function readFee(text: string): number | null {
  const typed = text.trim();
  if (typed === '') return 0;
  if (!DECIMAL.test(typed)) return null;
  const chf = Number(typed.replace(',', '.'));
  if (!isMoneyAmount(chf) || chf > MAX_FEE_CHF) return null;
  return toChf(toRappen(chf));
}

/**
 * Cancelling a reservation (spec 02 §2 cancel popup): the seats go back and the invoice becomes the
 * fee charged; what was paid above it is refunded (docs/payments.md).
 */
export function CancelDialog({
  reservation,
  isPending,
  onConfirm,
  onCancel,
}: {
  reservation: ReservationListItem;
  isPending: boolean;
  onConfirm: (fee: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [fee, setFee] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = readFee(fee);
    if (value === null) {
      setError(t('reservations.cancel.feeInvalid'));
      return;
    }
    // The server's rule (a fee up to the reservation's total), said before asking it.
    const total = reservation.invoice.total;
    if (total !== undefined && cancellationFeeProblem(toRappen(value), toRappen(total)) === 'aboveTotal') {
      setError(t('errors.ERROR_CANCELLATION_FEE_TOO_HIGH', { max: formatChf(total, locale) }));
      return;
    }
    onConfirm(value);
  };

  return (
    <BusyDialog
      title={t('reservations.cancel.title', { id: reservation.id })}
      isPending={isPending}
      onCancel={onCancel}
    >
      <form className="list-dialog__form" onSubmit={submit} noValidate>
        <p className="list-dialog__message">{t('reservations.cancel.message')}</p>
        <TextField
          label={t('reservations.cancel.fee')}
          description={t('reservations.cancel.feeHint')}
          inputMode="decimal"
          value={fee}
          onChange={(value) => {
            setFee(value);
            setError(null);
          }}
          errorMessage={error}
        />
        <div className="list-dialog__buttons">
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
            {t('reservations.cancel.keep')}
          </Button>
          <Button variant="primary" type="submit" isPending={isPending}>
            {t('reservations.cancel.confirm')}
          </Button>
        </div>
      </form>
    </BusyDialog>
  );
}
