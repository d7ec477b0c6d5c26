import {
  checkPhone,
  defaultPaymentDeadline,
  isDepartingSoon,
  officeDayOf,
  officeToday,
  type PermissionRule,
  satisfies,
} from '@flybook/domain';
import type { ReservationBody } from '@flybook/schemas';
import type { z } from 'zod';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { channelOf } from '../booking/booking.service.ts';
import type { BookingPlan } from '../booking/booking-plan.ts';

type Body = z.output<typeof ReservationBody>;

/** Which role each staff-only field of the create payload needs (spec 02 §6). */
const FIELD_ROLES: { field: keyof Body; role: PermissionRule; sent: (body: Body) => boolean }[] = [
  {
    field: 'isSpecificPrice',
    role: 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE',
    sent: (b) => b.isSpecificPrice,
  },
  { field: 'total', role: 'ROLE_RESERVATION_INVOICE_SET_SPECIFIC_PRICE', sent: (b) => b.total !== undefined },
  { field: 'updateFee', role: 'ROLE_RESERVATION_UPDATE_FEE', sent: (b) => b.updateFee !== undefined },
  { field: 'priceNeedsToBeHidden', role: 'ROLE_RESERVATION_HIDE_PRICE', sent: (b) => b.priceNeedsToBeHidden },
  { field: 'comment', role: 'ROLE_RESERVATION_CREATE_COMMENT', sent: (b) => Boolean(b.comment) },
  {
    field: 'owner',
    role: { anyOf: ['ROLE_AGENT_LIST', 'ROLE_CUSTOMER_LIST', 'ROLE_USER_READ_ACCOUNT'] },
    sent: (b) => b.owner !== undefined,
  },
  {
    field: 'paymentDeadline',
    role: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
    sent: (b) => b.paymentDeadline !== undefined,
  },
];

/** Who may choose which payment terms (spec 02 §4, §6); card payment ("now") is open to all. */
const TERMS_ROLES: Partial<Record<Body['paymentTerms'], string>> = {
  later: 'ROLE_RESERVATION_PAYMENT_TERMS_LATER',
  bill: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_BILL',
  airport: 'ROLE_RESERVATION_INVOICE_SET_PAYMENT_TERMS_AIRPORT',
};

export const forbidden = (field: string) =>
  new ApiError('ERROR_FORBIDDEN', 403, { message: `No permission for ${field}`, field });

/** The caller's rights on the payload: fields and terms need their roles; guests only pay by card. */
export function checkRights(user: AuthUser | null, body: Body) {
  if (!user) {
    if (body.paymentTerms !== 'now')
      throw new ApiError('ERROR_USER_IS_NO_LOGGED_IN', 401, { field: 'paymentTerms' });
    for (const rule of FIELD_ROLES) if (rule.sent(body)) throw forbidden(rule.field);
    return;
  }
  const channel = channelOf(user);
  if (channel !== 'public' && !satisfies(user.roles, 'ROLE_RESERVATION_CREATE')) throw ApiError.forbidden();
  for (const rule of FIELD_ROLES) {
    if (rule.sent(body) && !satisfies(user.roles, rule.role)) throw forbidden(rule.field);
  }
  if (body.paymentTerms === 'update') throw forbidden('paymentTerms');
  const termsRole = TERMS_ROLES[body.paymentTerms];
  if (termsRole && !satisfies(user.roles, termsRole)) throw forbidden('paymentTerms');
  if (
    body.billingInformation.isCreateAccount &&
    channel !== 'public' &&
    !satisfies(user.roles, 'ROLE_RESERVATION_CREATE_ACCOUNT')
  ) {
    throw forbidden('billingInformation.isCreateAccount');
  }
  if (body.isSpecificPrice !== (body.total !== undefined)) {
    throw new ValidationError([
      { code: 'ERROR_REQUIRED', message: 'An agreed total goes with isSpecificPrice', field: 'total' },
    ]);
  }
}

const BILLING_PHONES = ['phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'] as const;

/**
 * The billing contact's phone numbers by the digit range of their dial code (spec 02 §5, the same
 * `checkPhone` the forms use); a number without dial code counts as one of the billing country.
 */
export function checkBillingPhones(billing: Body['billingInformation']) {
  const problems = BILLING_PHONES.flatMap((field) => {
    const phone = billing[field];
    const problem = phone ? checkPhone(phone, { code: billing.country }) : null;
    return problem
      ? [
          {
            code: problem.code,
            message: problem.message,
            field: `billingInformation.${field}`,
            params: problem.params,
          },
        ]
      : [];
  });
  if (problems.length > 0) throw new ValidationError(problems);
}

/** The deadline and terms rules at the moment of booking (spec 02 §5). */
export function paymentDeadlineOf(
  user: AuthUser | null,
  body: Body,
  plan: BookingPlan,
  now: Date,
): string | null {
  if (body.paymentTerms === 'now') return null;
  const first = plan.flights[0]!;
  if (
    body.paymentTerms === 'later' &&
    isDepartingSoon(first.departure, now) &&
    !(user && satisfies(user.roles, 'ROLE_RESERVATION_PAYMENT_TERMS_LATER_NEAR_DEPARTURE'))
  ) {
    throw new ApiError('ERROR_PAYMENT_TERMS_LATER_IS_NOT_ALLOWED', 422, { field: 'paymentTerms' });
  }
  const day = officeToday(now);
  if (body.paymentDeadline !== undefined) {
    if (body.paymentDeadline < day) {
      throw new ApiError('ERROR_PAYMENT_DEADLINE_DATE_IN_THE_PAST', 422, { field: 'paymentDeadline' });
    }
    return body.paymentDeadline;
  }
  // The departure's day at the office, not at the airport (as it always was).
  return defaultPaymentDeadline(day, officeDayOf(first.departure));
}
