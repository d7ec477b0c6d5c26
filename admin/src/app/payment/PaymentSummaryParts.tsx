import type { Locale } from '@flybook/locales';
import { formatDateTime } from '@flybook/locales/format';
import { Money } from '@flybook/ui';
import { useTranslation } from 'react-i18next';
import { type PaymentMethodLabels, usePaymentMethodLabels } from './payment-labels.ts';

/** An amount of a payment page's summary: CHF as the API sends it, or Rappen. */
export interface SummaryAmount {
  label: string;
  amount: { chf: number } | { rappen: number } | null;
  /** The line that matters most (what is still to pay). */
  strong?: boolean;
}

/** The amounts beside a payment form: total, paid, still to pay… ('–' for an unknown one). */
export function SummaryAmounts({ rows, locale }: { rows: readonly SummaryAmount[]; locale: Locale }) {
  return (
    <dl className="payment-summary__amounts">
      {rows.map((row) => (
        <div key={row.label} className={row.strong ? 'payment-summary__outstanding' : undefined}>
          <dt>{row.label}</dt>
          <dd>
            {row.amount === null ? (
              '–'
            ) : 'chf' in row.amount ? (
              <Money chf={row.amount.chf} locale={locale} />
            ) : (
              <Money rappen={row.amount.rappen} locale={locale} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const methodLabel = (labels: PaymentMethodLabels, code: string) =>
  code in labels ? labels[code as keyof PaymentMethodLabels] : code;

/** The payments made so far, by method and time, or that there are none. */
export function SummaryPayments({
  payments,
  locale,
}: {
  payments: readonly { id: number; method: string; amount: number; createdAt: string }[];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const labels = usePaymentMethodLabels();
  return (
    <>
      <h3 className="payment-summary__heading">{t('payments.summary.payments')}</h3>
      {payments.length === 0 ? (
        <p className="payment-summary__muted">{t('payments.summary.noPayments')}</p>
      ) : (
        <ul className="payment-summary__list payment-summary__payments">
          {payments.map((payment) => (
            <li key={payment.id}>
              <span>
                {methodLabel(labels, payment.method)}
                <span className="payment-summary__muted"> · {formatDateTime(payment.createdAt, locale)}</span>
              </span>
              <Money chf={payment.amount} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
