import type { Locale } from '@flybook/locales';
import { Money } from '@flybook/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../app/LoadFailure.tsx';
import { balanceChange } from './balance-log-filters.ts';

export type SummaryState =
  | { kind: 'noAccount' }
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown; retry: () => void }
  | { kind: 'ready'; initialBalance: number; finalBalance: number };

/**
 * The balance of the selected account before and after the filtered period, and the change
 * between them (spec 03 §2, §3).
 */
export function BalanceLogSummary({ state, locale }: { state: SummaryState; locale: Locale }) {
  const { t } = useTranslation();
  let content: ReactNode;
  switch (state.kind) {
    case 'noAccount':
      content = <p className="balance-summary__note">{t('ledger.balanceLog.summary.noAccount')}</p>;
      break;
    case 'loading':
      content = (
        <p className="balance-summary__note" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      );
      break;
    case 'error':
      content = (
        <LoadFailure
          error={state.error}
          title={t('ledger.balanceLog.summary.failed')}
          onRetry={state.retry}
        />
      );
      break;
    default: {
      const change = balanceChange(state);
      content = (
        <dl className="balance-summary__figures">
          <div className="balance-summary__figure">
            <dt>{t('ledger.balanceLog.summary.initial')}</dt>
            <dd>
              <Money chf={state.initialBalance} locale={locale} />
            </dd>
          </div>
          <div className="balance-summary__figure">
            <dt>{t('ledger.balanceLog.summary.final')}</dt>
            <dd>
              <Money chf={state.finalBalance} locale={locale} />
            </dd>
          </div>
          <div className="balance-summary__figure balance-summary__figure--change">
            <dt>{t('ledger.balanceLog.summary.change')}</dt>
            <dd>
              <Money rappen={change} locale={locale} signed />
            </dd>
          </div>
        </dl>
      );
    }
  }
  return (
    <section className="balance-summary" aria-labelledby="balance-summary-title">
      <h2 id="balance-summary-title" className="balance-summary__title">
        {t('ledger.balanceLog.summary.title')}
      </h2>
      {content}
    </section>
  );
}
