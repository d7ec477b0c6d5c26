import { passwordProblem } from '@flybook/domain';
import { isCommonPassword } from '@flybook/domain/common-passwords';
import { type ApiErrorItem, ERROR_MESSAGES } from '@flybook/schemas';

/**
 * The password rule of @flybook/domain (blank, length, the account's own e-mail, the list of common
 * passwords) for a new password of the account with `email`: its problem as a field error on
 * `field`, none when the password may be set or none is being set.
 */
export function newPasswordErrors(
  password: string | undefined,
  email: string,
  field = 'password',
): ApiErrorItem[] {
  if (password === undefined) return [];
  const problem = passwordProblem(password, { email, isCommon: isCommonPassword });
  if (!problem) return [];
  return [
    {
      code: problem.code,
      message: ERROR_MESSAGES[problem.code] ?? problem.message,
      field,
      ...(problem.params ? { params: problem.params } : {}),
    },
  ];
}
