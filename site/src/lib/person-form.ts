import { passwordProblem } from '@flybook/domain/passwords';
import { checkPhone, type PhoneCountry } from '@flybook/domain/phone';
import { fill, type Message } from './message.ts';

/**
 * The checks the public person forms share (account details now, the booking's billing form
 * next): required fields, e-mail, the phone rule and the password rule of @flybook/domain (the
 * server's own; the list of common passwords only the server checks), and the password pair. They run before a call so the visitor sees every problem at once; the server
 * checks the same again.
 */

/** A problem with one field, as the API names it: a code of the error catalogue and its params. */
export interface FieldProblem {
  code: string;
  params?: Record<string, number>;
}
export type FieldProblems = Record<string, FieldProblem>;

export const PHONE_FIELDS = ['phoneMobile', 'phoneNumberFirst', 'phoneNumberSecond'] as const;

/** Loose on purpose: the server has the last word, this only catches typing slips. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PersonCheck {
  values: Record<string, string>;
  required: readonly string[];
  /** The holder's country, for phone numbers written without dial code. */
  country: PhoneCountry;
}

export function checkPersonFields({ values, required, country }: PersonCheck): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of required) {
    if (!values[field]?.trim()) problems[field] = { code: 'ERROR_REQUIRED' };
  }
  const email = values.email?.trim();
  if (email && !EMAIL.test(email)) problems.email = { code: 'ERROR_FORMAT' };
  for (const field of PHONE_FIELDS) {
    const phone = values[field]?.trim();
    if (!phone || problems[field]) continue;
    const problem = checkPhone(phone, country);
    if (!problem) continue;
    const limit = problem.params.limit;
    problems[field] = { code: problem.code, ...(limit === undefined ? {} : { params: { limit } }) };
  }
  const password = values.password ?? '';
  const refused = password ? passwordProblem(password, { email: values.email }) : null;
  if (refused && !problems.password) {
    problems.password = { code: refused.code, ...(refused.params ? { params: refused.params } : {}) };
  }
  if ((password || values.passwordConfirm) && password !== (values.passwordConfirm ?? '')) {
    problems.passwordConfirm = { code: 'ERROR_NOT_EQUAL_PASSWORD' };
  }
  return problems;
}

/** The server's 422 items as field problems (the first per field); items without field are left out. */
export function problemsOfResponse(
  errors: readonly { code: string; field?: string | undefined; params?: Record<string, unknown> }[],
): FieldProblems {
  const problems: FieldProblems = {};
  for (const error of errors) {
    if (!error.field || problems[error.field]) continue;
    const limit = error.params?.limit;
    problems[error.field] = { code: error.code, ...(typeof limit === 'number' ? { params: { limit } } : {}) };
  }
  return problems;
}

/** The form errors' texts by code (`errors.<CODE>`), a limit filled in the browser. */
export type FieldErrorTexts = Record<string, Message>;

/** The translated text of a problem: the catalogue's `errors.<CODE>` with its limit filled in. */
export function problemText(problem: FieldProblem, errorTexts: FieldErrorTexts): string {
  const text = errorTexts[problem.code] ?? errorTexts.ERROR_VALIDATION ?? problem.code;
  return fill(text, { limit: problem.params?.limit ?? '' });
}

/** After a failed check the first field in trouble gets the focus, so keyboard users land on it. */
export function focusFirstInvalid(form: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`${form} [aria-invalid="true"]`)?.focus());
}
