import '../page.css';
import './card-return.css';
import { paymentCalls } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../context.tsx';
import { toHttpError } from '../errors.ts';
import { CARD_RESULT_MESSAGE, type CardResultMessage } from '../payment-window.ts';
import { readCardReturn } from './card-return.ts';

type Outcome = { kind: 'checking' } | { kind: 'paid' | 'failed' | 'notCompleted'; message: string };

/**
 * What the card payment window shows once the provider sends the payer back (spec 02 §4 card flow):
 * only the outcome, never a second back office with a payment form. A success is confirmed here
 * (the payment is booked once, whoever asks first); a failure shows the provider's message; a
 * cancel says the payment was not completed. The window that opened it is told by a message to its
 * own origin and checks the transaction itself, then refreshes; this window offers to close.
 */
export function CardReturnWindow({ isAgentCharge }: { isAgentCharge: boolean }) {
  const { t } = useTranslation();
  const { client, translateError } = useServices();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    document.title = `${t('payments.card.window.title')} | Flybook`;
  }, [t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const address = readCardReturn(new URLSearchParams(window.location.search));
    const report = (status: string) => {
      if (!address) return;
      const message: CardResultMessage = {
        type: CARD_RESULT_MESSAGE,
        transactionId: address.transactionId,
        status,
      };
      try {
        window.opener?.postMessage(message, window.location.origin);
      } catch {
        // The opener is gone or elsewhere: it learns the outcome when this window closes.
      }
    };
    const run = async (): Promise<Outcome> => {
      if (!address) return { kind: 'failed', message: t('payments.card.issue') };
      const body = { transactionId: address.transactionId };
      if (address.status === 'success') {
        try {
          await client.call(paymentCalls.cardConfirm, { body });
          return {
            kind: 'paid',
            message: isAgentCharge ? t('ledger.agentPayment.charged') : t('payments.success'),
          };
        } catch (error) {
          return { kind: 'failed', message: toHttpError(error, translateError).message };
        }
      }
      let failure: string | null = null;
      try {
        const transaction = await client.call(paymentCalls.cardUpdate, { body });
        failure = transaction.details.fail?.message ?? null;
      } catch {
        // the generic message stands
      }
      if (address.status === 'cancel')
        return { kind: 'notCompleted', message: t('payments.card.notCompleted') };
      return { kind: 'failed', message: failure || t('errors.ERROR_CARD_PROVIDER') };
    };
    void run().then((done) => {
      setOutcome(done);
      report(address?.status ?? 'error');
    });
  }, [client, translateError, t, isAgentCharge]);

  return (
    <main className="card-return" aria-busy={outcome.kind === 'checking'}>
      <section className="card-return__panel">
        <h1 className="card-return__title">{t('payments.card.window.title')}</h1>
        {outcome.kind === 'checking' ? (
          <p className="card-return__message" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('payments.card.window.checking')}
          </p>
        ) : (
          <>
            <p
              className={`card-return__message card-return__message--${outcome.kind}`}
              role={outcome.kind === 'paid' ? 'status' : 'alert'}
            >
              {outcome.message}
            </p>
            <p className="card-return__hint">{t('payments.card.window.hint')}</p>
            <Button variant="primary" onPress={() => window.close()}>
              {t('payments.card.window.close')}
            </Button>
          </>
        )}
      </section>
    </main>
  );
}
