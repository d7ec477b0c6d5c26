import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The list of common passwords the password rule refuses: the "passwords-common" dictionary of
 * `@zxcvbn-ts/language-common` (MIT, maintained with the zxcvbn-ts strength estimator; about 49,000
 * passwords ranked by how often they appear in published breaches, all in lower case). Kept out
 * of the package's index so the public site's bundles do not carry it; the API imports it as
 * `@flybook/domain/common-passwords` and passes {@link isCommonPassword} to `passwordProblem`.
 */
const COMMON = new Set(dictionary['passwords-common']);

/** How many passwords the list holds. */
export const COMMON_PASSWORD_COUNT = COMMON.size;

/** Whether a password is on the list, ignoring letter case and surrounding whitespace. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
