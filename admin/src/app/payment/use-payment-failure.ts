import { useTranslation } from 'react-i18next';
import { useServices } from '../context.tsx';
import { toHttpError } from '../errors.ts';
import { actionFailureMessage } from '../notices.ts';
import { type PaymentProblem, paymentProblemOf } from './payment-form.ts';

/**
 * What a payment page does with a refused payment (spec 02 §8): a problem the form shows at its
 * field (returned), or a notice — the server's message for a known refusal, "Unknown Error" with
 * details for anything else (null returned: the page reloads what it shows).
 */
export function usePaymentFailure(): (error: unknown) => PaymentProblem | null {
  const { t, i18n } = useTranslation();
  const { notifications, translateError } = useServices();
  return (error) => {
    const failure = toHttpError(error, translateError);
    const fieldName = Object.keys(failure.errors ?? {})[0];
    const found = paymentProblemOf(failure.code, fieldName);
    if (found) return found;
    const message = actionFailureMessage(t, (key) => i18n.exists(key), failure);
    if (message) notifications.notify({ kind: 'error', message });
    return null;
  };
}
