import type { Locale } from '@flybook/locales';
import type { Reservation } from '@flybook/schemas';
import { Money } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/date-format.ts';
import { type PaymentMethodLabels, usePaymentMethodLabels } from '../../app/payment/payment-labels.ts';

const paymentTypeLabel = (labels: PaymentMethodLabels, code: string) =>
  code in labels ? labels[code as keyof PaymentMethodLabels] : code;

/**
 * The sticky summary beside the payment form (spec 02 §2): flights, passengers, the price, what is
 * paid and still to pay, and the payments made so far.
 */
export function PaymentSummary({
  reservation,
  outstanding,
  locale,
}: {
  reservation: Reservation;
  /** Rappen; null when the prices are hidden from this reader. */
  outstanding: number | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const labels = usePaymentMethodLabels();
  const { invoice } = reservation;
  const passengerAge = {
    adult: t('payments.summary.adult'),
    child: t('payments.summary.child'),
    infant: t('payments.summary.infant'),
  };
  return (
    <aside className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__title">
        {t('payments.summary.title', { id: reservation.id })}
      </h2>
      <h3 className="payment-summary__heading">{t('payments.summary.flights')}</h3>
      <ul className="payment-summary__list">
        {reservation.flights.map((flight) => (
          <li key={`${flight.direction}-${flight.id}`}>
            <span className="payment-summary__strong">{flight.number}</span> {flight.origin.code} →{' '}
            {flight.destination.code}
            <span className="payment-summary__muted"> · {formatDateTime(flight.departure, locale)}</span>
          </li>
        ))}
      </ul>
      <h3 className="payment-summary__heading">{t('payments.summary.passengers')}</h3>
      <ul className="payment-summary__list">
        {reservation.passengers.map((passenger) => (
          <li key={passenger.id}>
            {passenger.firstName} {passenger.lastName}
            <span className="payment-summary__muted"> · {passengerAge[passenger.ageType]}</span>
          </li>
        ))}
      </ul>
      {invoice.total !== undefined && invoice.totalPaid !== undefined ? (
        <dl className="payment-summary__amounts">
          <div>
            <dt>{t('payments.summary.total')}</dt>
            <dd>
              <Money chf={invoice.total} locale={locale} />
            </dd>
          </div>
          <div>
            <dt>{t('payments.summary.paid')}</dt>
            <dd>
              <Money chf={invoice.totalPaid} locale={locale} />
            </dd>
          </div>
          <div className="payment-summary__outstanding">
            <dt>{t('payments.summary.outstanding')}</dt>
            <dd>{outstanding === null ? '–' : <Money rappen={outstanding} locale={locale} />}</dd>
          </div>
        </dl>
      ) : (
        <p className="payment-summary__muted">{t('payments.pricesHidden')}</p>
      )}
      <h3 className="payment-summary__heading">{t('payments.summary.payments')}</h3>
      {invoice.payments.length === 0 ? (
        <p className="payment-summary__muted">{t('payments.summary.noPayments')}</p>
      ) : (
        <ul className="payment-summary__list payment-summary__payments">
          {invoice.payments.map((payment) => (
            <li key={payment.id}>
              <span>
                {paymentTypeLabel(labels, payment.type.code)}
                <span className="payment-summary__muted"> · {formatDateTime(payment.createdAt, locale)}</span>
              </span>
              <Money chf={payment.amount} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
