/**
 * The password rule (docs/security.md, "Sessions and passwords"): one rule for every place that
 * sets a password — registration, a booking that opens an account, recovery, a profile change, staff
 * creating or changing a user — checked by the API and shown early by the site's and the back
 * office's forms.
 *
 * The list of common passwords is large (about 49,000 entries), so it is not part of this module:
 * the API passes `isCommon` from `@flybook/domain/common-passwords`; the forms leave that part to
 * the server's answer.
 */

/** Fewest characters a password has (the same number as the contract's PASSWORD_MIN_LENGTH). */
export const PASSWORD_MIN_LENGTH = 8;

/** Why a password is refused, as a code of the API's error catalogue. */
export interface PasswordProblem {
  code: 'ERROR_NOT_BLANK' | 'ERROR_MIN_LENGTH' | 'ERROR_PASSWORD_IS_EMAIL' | 'ERROR_PASSWORD_TOO_COMMON';
  message: string;
  params?: Record<string, number>;
}

export interface PasswordRuleContext {
  /** The e-mail of the account the password is for (the new one when it changes too). */
  email?: string | null | undefined;
  /** Whether a password is on a list of common passwords; absent: not checked here. */
  isCommon?: ((password: string) => boolean) | undefined;
}

/**
 * The first problem of a new password, or null when it may be set:
 * - blank or only whitespace (`ERROR_NOT_BLANK`);
 * - shorter than {@link PASSWORD_MIN_LENGTH} characters (`ERROR_MIN_LENGTH`, `params.limit`);
 * - the account's own e-mail or the part of it before the `@`, ignoring letter case and
 *   surrounding whitespace (`ERROR_PASSWORD_IS_EMAIL`);
 * - on the list of common passwords, ignoring letter case (`ERROR_PASSWORD_TOO_COMMON`).
 */
export function passwordProblem(password: string, context: PasswordRuleContext = {}): PasswordProblem | null {
  // Invisible format characters (zero-width spaces, joiners, direction marks) count as nothing:
  // eight zero-width spaces are a blank password, and the e-mail with one is still the e-mail.
  password = withoutInvisible(password);
  if (password.trim() === '') {
    return { code: 'ERROR_NOT_BLANK', message: 'Value should not be empty string.' };
  }
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return {
      code: 'ERROR_MIN_LENGTH',
      message: `Should be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      params: { limit: PASSWORD_MIN_LENGTH },
    };
  }
  const typed = password.trim().toLowerCase();
  const email = withoutInvisible(context.email ?? '')
    .trim()
    .toLowerCase();
  if (email !== '') {
    const at = email.lastIndexOf('@');
    const localPart = at > 0 ? email.slice(0, at) : email;
    if (typed === email || typed === localPart) {
      return { code: 'ERROR_PASSWORD_IS_EMAIL', message: 'The password must not be your e-mail address.' };
    }
  }
  if (context.isCommon?.(password)) {
    return {
      code: 'ERROR_PASSWORD_TOO_COMMON',
      message: 'This password is too common. Please choose another one.',
    };
  }
  return null;
}

/** A text in compatibility form without format characters (Unicode category Cf). */
const withoutInvisible = (text: string) => text.normalize('NFKC').replace(/\p{Cf}/gu, '');
