import type { ActionVerdict, ReservationActionReason } from '@flybook/domain';
import { ApiError } from '../../http/api-error.ts';

/** The API's answer to one reason an action is refused for (its error code and status). */
export type RefusalAnswers = Partial<Record<ReservationActionReason, () => ApiError>>;

/**
 * Refuses a call the way the API answers the first of the verdict's reasons it names
 * (`reservationActions`, @flybook/domain). A reason left out is answered elsewhere: the role of
 * the call is the route's (the API contract declares `RESERVATION_ACTION_ROLES`).
 */
export function refuseUnless(verdict: ActionVerdict, answers: RefusalAnswers): void {
  for (const reason of verdict.reasons) {
    const answer = answers[reason];
    if (answer) throw answer();
  }
}

/** A change, cancellation or split of a cancelled reservation; a payment when nothing is open. */
export const reservationCancelled = () => new ApiError('ERROR_RESERVATION_CANCELLED', 422);

/** The invoice and the credit note to a reader the prices are hidden from. */
export const pricesHidden = () =>
  new ApiError('ERROR_FORBIDDEN', 403, { message: 'The price of this reservation is hidden' });
