import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import type { Reservation } from '@flybook/schemas';
import { useTranslation } from 'react-i18next';
import { SummaryAmounts, SummaryPayments } from '../../app/payment/PaymentSummaryParts.tsx';

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
        <SummaryAmounts
          locale={locale}
          rows={[
            { label: t('payments.summary.total'), amount: { chf: invoice.total } },
            { label: t('payments.summary.paid'), amount: { chf: invoice.totalPaid } },
            {
              label: t('payments.summary.outstanding'),
              amount: outstanding === null ? null : { rappen: outstanding },
              strong: true,
            },
          ]}
        />
      ) : (
        <p className="payment-summary__muted">{t('payments.pricesHidden')}</p>
      )}
      <SummaryPayments
        locale={locale}
        payments={invoice.payments.map((payment) => ({ ...payment, method: payment.type.code }))}
      />
    </aside>
  );
}
